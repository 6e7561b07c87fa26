import CPNG

/// Reads and writes the PNGs of image snapshots (references written by ``encode(_:)``,
/// screenshots written by a browser) with libpng's simplified API, so that any PNG other tools
/// write reads as they read it: every colour type and bit depth, palettes, interlacing and
/// transparency keys come out as 8-bit RGBA.
package enum PNGCodec {
    /// The most pixels a decoded image may have (a 16,384 × 8,192 screenshot): a corrupt or
    /// hostile header must not make the decoder allocate gigabytes before it reads the data.
    static let maximumPixelCount = 1 << 27

    /// `PNG_FORMAT_RGBA`, which Swift does not import (a macro of macros): 8-bit sRGB samples,
    /// red, green, blue and alpha, not premultiplied.
    private static let rgba = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// The image in `bytes`, a whole PNG file.
    package static func decode(_ bytes: [UInt8]) throws(PNGError) -> RGBAImage {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let result: Result<[UInt8], PNGError> = bytes.withUnsafeBytes { file in
            // libpng reads the file in place: both calls stay inside this closure.
            guard png_image_begin_read_from_memory(&image, file.baseAddress, file.count) != 0 else {
                return .failure(.unreadable(message(of: image)))
            }
            let (width, height) = (Int(image.width), Int(image.height))
            guard width * height <= maximumPixelCount else { return .failure(.tooLarge(width: width, height: height)) }
            image.format = rgba
            // A 16-bit file that names no gamma is sRGB, as an 8-bit one is and as browsers show
            // it, not linear light: its samples are scaled to 8 bits, not re-encoded.
            image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
            return finished != 0 ? .success(pixels) : .failure(.unreadable(message(of: image)))
        }
        return RGBAImage(width: Int(image.width), height: Int(image.height), pixels: try result.get())
    }

    /// `image` as an 8-bit RGBA PNG. The same image always gives the same bytes (with the same
    /// libpng and zlib), so a re-recorded reference that did not change shows no change in
    /// version control.
    ///
    /// Written with libpng's fast setting: rows unfiltered, deflate level 3. Screenshots are flat
    /// colours and text, which filters do not help: on the 29 PNGs of the repository (image
    /// references and the screenshots in Samples/screenshots) that gives 3.09 MB, against 3.28 MB with
    /// libpng's default filters and level.
    package static func encode(_ image: RGBAImage) -> [UInt8] {
        precondition(image.width > 0 && image.height > 0, "A PNG needs at least one pixel; this image is \(image.width) × \(image.height).")
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = rgba
        png.flags = UInt32(PNG_IMAGE_FLAG_FAST)
        // Above libpng's own bound (PNG_IMAGE_PNG_SIZE_MAX, a macro Swift cannot call): deflate
        // adds at most 1/8 + 1/64 to the rows, the chunks around them a few hundred bytes.
        let rows = image.height * (image.width * 4 + 1)
        var file = [UInt8](repeating: 0, count: rows + rows / 4 + 1024)
        var size = file.count
        let written = image.pixels.withUnsafeBytes { pixels in
            file.withUnsafeMutableBytes { png_image_write_to_memory(&png, $0.baseAddress, &size, 0, pixels.baseAddress, 0, nil) }
        }
        precondition(written != 0, "libpng could not write a \(image.width) × \(image.height) PNG: \(message(of: png))")
        file.removeSubrange(size...)
        return file
    }

    /// libpng's message for what went wrong, kept in the image's fixed 64-byte buffer.
    private static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}

/// Why a PNG could not be read.
package enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libpng refused the file; its message says why (`Not a PNG file`, `IDAT: CRC error`).
    case unreadable(String)
    /// A size over ``PNGCodec/maximumPixelCount``.
    case tooLarge(width: Int, height: Int)

    /// One sentence for a test failure.
    package var description: String {
        switch self {
        case .unreadable(let reason): "The PNG cannot be read: \(reason)."
        case .tooLarge(let width, let height):
            "The PNG is \(width) × \(height) pixels, more than the \(PNGCodec.maximumPixelCount) an image snapshot may have."
        }
    }
}
