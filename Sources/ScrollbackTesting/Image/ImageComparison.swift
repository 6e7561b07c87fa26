import Foundation

/// Compares a reference image with a new one, the way image snapshots do: two renderings of the
/// same page are the same when no channel of any pixel moved by more than a small tolerance
/// (anti-aliasing, colour rounding), save for a small share of pixels.
///
/// ```swift
/// let comparison = ImageComparison(perChannelTolerance: 2, maxDifferingFraction: 0.001)
/// if let failure = comparison.compare(reference: stored, actual: screenshot) {
///     // failure.message for the test, PNGCodec.encode(failure.diffImage) beside the reference
/// }
/// ```
package struct ImageComparison: Sendable {
    /// How far a channel may move (0...255) before its pixel counts as differing.
    package var perChannelTolerance: UInt8
    /// The share of pixels (0...1) that may differ before the comparison fails.
    package var maxDifferingFraction: Double

    /// A comparison with these limits; the defaults forgive anti-aliasing noise and nothing a
    /// reader would see (a changed word is well over 0.1 % of a phone-width screenshot's pixels).
    package init(perChannelTolerance: UInt8 = 2, maxDifferingFraction: Double = 0.001) {
        self.perChannelTolerance = perChannelTolerance
        self.maxDifferingFraction = maxDifferingFraction
    }

    /// How two images differ, before any limit is applied.
    package enum Difference: Equatable, Sendable {
        /// The images do not have the same size, so no pixel is compared.
        case sizes(reference: RGBAImage.Size, actual: RGBAImage.Size)
        /// Same size; `differing` of the `total` pixels are over the tolerance in some channel.
        case pixels(differing: Int, total: Int)

        /// The share of differing pixels: 1 when the sizes differ, 0 for two empty images.
        package var fraction: Double {
            switch self {
            case .sizes: 1
            case .pixels(let differing, let total): total == 0 ? 0 : Double(differing) / Double(total)
            }
        }
    }

    /// A comparison that failed: what differs, in a line and in a picture.
    package struct Failure: Equatable, Sendable, CustomStringConvertible {
        /// What differs.
        package var difference: Difference
        /// One line for the test failure, e.g. "1,234 of 460,800 pixels (0.27 %) differ by more
        /// than 2 in some channel; allowed 0.10 %".
        package var message: String
        /// The actual image faded to 30 % over white, with the differing pixels in solid magenta;
        /// see ``ImageComparison/diffImage(reference:actual:)`` for images of different sizes.
        package var diffImage: RGBAImage

        /// The message.
        package var description: String { message }
    }

    /// How `actual` differs from `reference`, counting pixels over ``perChannelTolerance``.
    package func difference(reference: RGBAImage, actual: RGBAImage) -> Difference {
        guard reference.size == actual.size else { return .sizes(reference: reference.size, actual: actual.size) }
        let tolerance = perChannelTolerance
        let stride = reference.width * 4
        guard stride > 0 else { return .pixels(differing: 0, total: 0) }
        var differing = 0
        reference.pixels.withUnsafeBufferPointer { reference in
            actual.pixels.withUnsafeBufferPointer { actual in
                // Most rows of a passing snapshot are identical: memcmp says so at memory speed,
                // and only the other rows are compared pixel by pixel.
                for rowStart in Swift.stride(from: 0, to: reference.count, by: stride)
                where memcmp(reference.baseAddress! + rowStart, actual.baseAddress! + rowStart, stride) != 0 {
                    for offset in Swift.stride(from: rowStart, to: rowStart + stride, by: 4)
                    where Self.differs(reference.baseAddress! + offset, actual.baseAddress! + offset, by: tolerance) {
                        differing += 1
                    }
                }
            }
        }
        return .pixels(differing: differing, total: reference.width * reference.height)
    }

    /// `nil` when `actual` matches `reference` within the limits, else the failure with its
    /// message and diff image.
    package func compare(reference: RGBAImage, actual: RGBAImage) -> Failure? {
        let difference = difference(reference: reference, actual: actual)
        let message: String
        switch difference {
        case .sizes(let referenceSize, let actualSize):
            message = "The image is \(actualSize) pixels, the reference \(referenceSize): sizes differ, so no pixel was compared."
        case .pixels(let differing, let total):
            guard difference.fraction > maxDifferingFraction else { return nil }
            let (share, allowed) = Self.percentages(difference.fraction, maxDifferingFraction)
            message =
                "\(Self.grouped(differing)) of \(Self.grouped(total)) pixels (\(share)) differ by more than \(perChannelTolerance) "
                + "in some channel; allowed \(allowed)"
        }
        return Failure(difference: difference, message: message, diffImage: diffImage(reference: reference, actual: actual))
    }

    /// A picture of the difference, as large as the larger image in each direction, aligned at
    /// the top left (an overlay rather than side by side, so that the first changed row is where
    /// it is on the page):
    ///
    /// - where both images have a pixel: magenta when they differ over the tolerance, else the
    ///   actual pixel faded to 30 % over white, so the page stays legible under the marks;
    /// - where only one image has a pixel (one is taller or wider): that image's pixel faded
    ///   towards pale pink, to show what the other lacks without hiding it;
    /// - where neither has one: white.
    package func diffImage(reference: RGBAImage, actual: RGBAImage) -> RGBAImage {
        let width = max(reference.width, actual.width), height = max(reference.height, actual.height)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let tolerance = perChannelTolerance
        reference.pixels.withUnsafeBufferPointer { referencePixels in
            actual.pixels.withUnsafeBufferPointer { actualPixels in
                pixels.withUnsafeMutableBufferPointer { output in
                    for y in 0..<height {
                        for x in 0..<width {
                            let target = output.baseAddress! + (y * width + x) * 4
                            let inReference = x < reference.width && y < reference.height
                            let inActual = x < actual.width && y < actual.height
                            let referencePixel = inReference ? referencePixels.baseAddress! + (y * reference.width + x) * 4 : nil
                            let actualPixel = inActual ? actualPixels.baseAddress! + (y * actual.width + x) * 4 : nil
                            if let referencePixel, let actualPixel {
                                if Self.differs(referencePixel, actualPixel, by: tolerance) {
                                    target[0] = 255
                                    target[1] = 0
                                    target[2] = 255
                                    target[3] = 255
                                } else {
                                    Self.fade(actualPixel, into: target, towards: (255, 255, 255))
                                }
                            } else if let only = actualPixel ?? referencePixel {
                                Self.fade(only, into: target, towards: (255, 200, 255))
                            }
                        }
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Whether any of the four channels moved by more than `tolerance`.
    @inline(__always)
    private static func differs(_ first: UnsafePointer<UInt8>, _ second: UnsafePointer<UInt8>, by tolerance: UInt8) -> Bool {
        for channel in 0..<4 {
            let a = first[channel], b = second[channel]
            if (a > b ? a - b : b - a) > tolerance { return true }
        }
        return false
    }

    /// `source` drawn over white (for its alpha), then kept at 30 % over `background`: opaque.
    @inline(__always)
    private static func fade(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, towards background: (Int, Int, Int))
    {
        let alpha = Int(source[3])
        func faded(_ channel: Int, _ background: Int) -> UInt8 {
            let onWhite = (Int(source[channel]) * alpha + 255 * (255 - alpha) + 127) / 255
            return UInt8((onWhite * 3 + background * 7 + 5) / 10)
        }
        target[0] = faded(0, background.0)
        target[1] = faded(1, background.1)
        target[2] = faded(2, background.2)
        target[3] = 255
    }

    /// 1234567 as "1,234,567": the message is read by people, and Foundation's formatters
    /// would make it depend on the machine's locale.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }

    /// Both shares as percentages with two decimals, or four when two would print them the same
    /// although they differ, so that a failure never reads "0.10 %, allowed 0.10 %".
    static func percentages(_ share: Double, _ allowed: Double) -> (String, String) {
        let short = (percent(share, decimals: 2), percent(allowed, decimals: 2))
        return short.0 == short.1 && share != allowed ? (percent(share, decimals: 4), percent(allowed, decimals: 4)) : short
    }

    /// `fraction` × 100 with `decimals` decimals and " %"; a share too small to show is "< 0.01 %"
    /// rather than a misleading "0.00 %".
    static func percent(_ fraction: Double, decimals: Int) -> String {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((fraction * 100 * Double(scale)).rounded())
        if scaled == 0 && fraction > 0 { return "< 0.\(String(repeating: "0", count: decimals - 1))1 %" }
        let fractionDigits = String(scaled % scale)
        return "\(scaled / scale).\(String(repeating: "0", count: decimals - fractionDigits.count))\(fractionDigits) %"
    }
}

extension RGBAImage {
    /// A width and a height, as failure messages name them.
    package struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
        /// Pixels per row.
        package var width: Int
        /// Rows.
        package var height: Int

        /// A size of `width` × `height` pixels.
        package init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }

        /// "800 × 600".
        package var description: String { "\(width) × \(height)" }
    }

    /// The image's width and height.
    package var size: Size { Size(width: width, height: height) }
}
