/// An image as image snapshots hold it: 8-bit red, green, blue and alpha per pixel, rows from
/// the top, no colour profile. One plain layout, so that comparing two images is comparing bytes
/// and every decoder and encoder agrees on what a pixel is.
public struct RGBAImage: Equatable, Sendable {
    /// Pixels per row.
    public let width: Int
    /// Rows.
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A of each pixel, row after row from the top.
    package private(set) var pixels: [UInt8]

    /// An image of these pixels; `pixels` must hold exactly `width * height * 4` bytes.
    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0, "An image cannot have a negative size (\(width) × \(height)).")
        precondition(
            pixels.count == width * height * 4, "\(width) × \(height) RGBA pixels take \(width * height * 4) bytes, not \(pixels.count).")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of one colour, to draw on or to compare with.
    package init(width: Int, height: Int, filledWith color: Pixel) {
        precondition(width >= 0 && height >= 0, "An image cannot have a negative size (\(width) × \(height)).")
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for offset in stride(from: 0, to: pixels.count, by: 4) {
            pixels[offset] = color.red
            pixels[offset + 1] = color.green
            pixels[offset + 2] = color.blue
            pixels[offset + 3] = color.alpha
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The pixel in column `x` of row `y`, both counted from 0 at the top left.
    package subscript(x x: Int, y y: Int) -> Pixel {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "(\(x), \(y)) is outside a \(width) × \(height) image.")
            let offset = (y * width + x) * 4
            return Pixel(red: pixels[offset], green: pixels[offset + 1], blue: pixels[offset + 2], alpha: pixels[offset + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "(\(x), \(y)) is outside a \(width) × \(height) image.")
            let offset = (y * width + x) * 4
            pixels[offset] = newValue.red
            pixels[offset + 1] = newValue.green
            pixels[offset + 2] = newValue.blue
            pixels[offset + 3] = newValue.alpha
        }
    }

    /// The first `rows` rows: for cutting a screenshot down to its content.
    package func cropped(toHeight rows: Int) -> RGBAImage {
        precondition(rows >= 0 && rows <= height, "Cannot keep \(rows) rows of a \(height)-row image.")
        return RGBAImage(width: width, height: rows, pixels: Array(pixels[0..<rows * width * 4]))
    }

    /// One pixel's four channels, for reading and drawing single pixels (tests, diff images).
    package struct Pixel: Equatable, Hashable, Sendable, CustomStringConvertible {
        /// Red, 0...255.
        package var red: UInt8
        /// Green, 0...255.
        package var green: UInt8
        /// Blue, 0...255.
        package var blue: UInt8
        /// Opacity: 0 is transparent, 255 opaque.
        package var alpha: UInt8

        /// A pixel of these channels; opaque unless `alpha` says otherwise.
        package init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// Opaque white, the page colour diff images fade towards.
        package static let white = Pixel(red: 255, green: 255, blue: 255)
        /// Opaque black.
        package static let black = Pixel(red: 0, green: 0, blue: 0)
        /// Opaque magenta: marks differing pixels in diff images, as no transcript theme uses it.
        package static let magenta = Pixel(red: 255, green: 0, blue: 255)

        /// `rgba(r, g, b, a)`, as test failures print it.
        package var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
    }
}
