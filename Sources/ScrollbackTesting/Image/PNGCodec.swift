import Foundation

/// Reads and writes the PNGs of image snapshots: references written by ``encode(_:)`` and
/// screenshots written by a browser.
///
/// Decoding takes what browsers and image tools write for screenshots: 8-bit samples, no
/// interlacing, grey, grey and alpha, RGB or RGBA, any of the five row filters, image data in any
/// number of IDAT chunks. Everything else fails with a ``PNGError`` naming it, rather than being
/// half-read into an image that would then fail a comparison for the wrong reason. Colour
/// information (gamma, ICC profiles) is ignored: both sides of a comparison come from the same
/// kind of file, so only the samples matter.
package enum PNGCodec {
    /// The eight bytes every PNG starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The most pixels a decoded image may have (a 16,384 × 8,192 screenshot): a corrupt or
    /// hostile header must not make the decoder allocate gigabytes before it reads the data.
    static let maximumPixelCount = 1 << 27

    // MARK: Decoding

    /// The image in `bytes`, a whole PNG file; every chunk's CRC is checked.
    package static func decode(_ bytes: [UInt8]) throws(PNGError) -> RGBAImage {
        guard !bytes.isEmpty, bytes.starts(with: signature.prefix(bytes.count)) else { throw .notPNG }
        guard bytes.count >= signature.count else { throw .truncated("the file ends inside the PNG signature") }

        var header: Header?
        var imageData: [UInt8] = []
        var transparentKey: [UInt8]?
        var offset = signature.count
        var sawEnd = false
        while !sawEnd {
            guard offset < bytes.count else {
                throw .truncated(header == nil ? "the file has no IHDR chunk" : "the file ends before the IEND chunk")
            }
            guard bytes.count - offset >= 8 else { throw .truncated("the file ends inside a chunk header") }
            let length = Int(readUInt32(bytes, at: offset))
            let typeBytes = bytes[offset + 4..<offset + 8]
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= Int(Int32.max) else { throw .invalidChunk(type, "its length \(length) is over 2³¹ − 1") }
            guard bytes.count - offset - 8 >= length + 4 else { throw .truncated("the file ends inside the \(type) chunk") }
            let data = bytes[offset + 8..<offset + 8 + length]
            let storedCRC = readUInt32(bytes, at: offset + 8 + length)
            let computedCRC = Zlib.crc32(data, continuing: Zlib.crc32(typeBytes))
            guard storedCRC == computedCRC else { throw .crcMismatch(chunk: type) }
            offset += 12 + length

            if header == nil && type != "IHDR" { throw .missingHeader(firstChunk: type) }
            switch type {
            case "IHDR":
                guard header == nil else { throw .invalidChunk(type, "it appears twice") }
                header = try Header(data)
            case "IDAT":
                imageData.append(contentsOf: data)
            case "tRNS":
                transparentKey = Array(data)
            case "IEND":
                sawEnd = true
            case "PLTE":
                // Allowed as a suggested palette in true-colour images; palette images are refused in Header.
                break
            default:
                // Bit 5 of the first letter (lower case) marks an ancillary chunk, safe to skip; an
                // unknown critical chunk changes how the image reads.
                guard typeBytes.first! & 0x20 != 0 else { throw .unknownCriticalChunk(type) }
            }
        }
        guard let header else { throw .truncated("the file has no IHDR chunk") }
        guard !imageData.isEmpty else { throw .missingImageData }

        let rowLength = 1 + header.width * header.channels
        let rows: [UInt8]
        switch Zlib.inflate(imageData, expectedCount: rowLength * header.height) {
        case .complete(let inflated): rows = inflated
        case .short(let produced):
            throw .truncated("the image data ends after \(produced) of \(rowLength * header.height) bytes")
        case .long: throw .corruptImageData("it holds more than the \(rowLength * header.height) bytes the header calls for")
        case .corrupt(let message): throw .corruptImageData(message)
        }
        return expand(try unfilter(rows, header: header), header: header, transparentKey: transparentKey)
    }

    /// The IHDR chunk, checked against what the decoder reads.
    struct Header {
        let width: Int
        let height: Int
        let colorType: UInt8
        /// Samples per pixel, one byte each: 1 grey, 2 grey and alpha, 3 RGB, 4 RGBA.
        let channels: Int

        init(_ data: ArraySlice<UInt8>) throws(PNGError) {
            guard data.count == 13 else { throw .invalidChunk("IHDR", "it holds \(data.count) bytes, not 13") }
            let start = data.startIndex
            let width = Int(readUInt32(data, at: start)), height = Int(readUInt32(data, at: start + 4))
            let bitDepth = data[start + 8], colorType = data[start + 9]
            let compression = data[start + 10], filter = data[start + 11], interlace = data[start + 12]
            guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
                throw .invalidChunk("IHDR", "the size \(width) × \(height) is not allowed")
            }
            guard compression == 0, filter == 0 else {
                throw .invalidChunk("IHDR", "compression method \(compression) and filter method \(filter) are not both 0")
            }
            let allowedDepths: [UInt8: [UInt8]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
            guard let depths = allowedDepths[colorType] else { throw .invalidChunk("IHDR", "colour type \(colorType) does not exist") }
            guard depths.contains(bitDepth) else {
                throw .invalidChunk("IHDR", "bit depth \(bitDepth) is not allowed with colour type \(colorType)")
            }
            guard colorType != 3 else { throw .palette }
            guard bitDepth == 8 else { throw .unsupportedBitDepth(Int(bitDepth), colorType: colorType) }
            switch interlace {
            case 0: break
            case 1: throw .interlaced
            default: throw .invalidChunk("IHDR", "interlace method \(interlace) does not exist")
            }
            guard width * height <= maximumPixelCount else { throw .tooLarge(width: width, height: height) }
            self.width = width
            self.height = height
            self.colorType = colorType
            self.channels = [0: 1, 2: 3, 4: 2, 6: 4][colorType]!
        }
    }

    /// Undoes the row filters and returns the samples without the filter-type bytes. Each filter
    /// predicts a byte from its left neighbour `a` (the same channel one pixel back), the byte
    /// above `b` and the one above and to the left `c`; bytes left of the first pixel and above
    /// the first row count as 0. The first pixel of a row has no left neighbour, so each filter's
    /// loop handles it apart, keeping the tests out of the loop over the rest: debug builds,
    /// which tests use, pay for every operation.
    private static func unfilter(_ filtered: [UInt8], header: Header) throws(PNGError) -> [UInt8] {
        let channels = header.channels
        let stride = header.width * channels
        var samples = [UInt8](repeating: 0, count: stride * header.height)
        let zeros = [UInt8](repeating: 0, count: stride)
        var badRow: (row: Int, type: UInt8)?
        filtered.withUnsafeBufferPointer { input in
            samples.withUnsafeMutableBufferPointer { output in
                zeros.withUnsafeBufferPointer { zeros in
                    for row in 0..<header.height {
                        let type = input[row * (stride + 1)]
                        let line = input.baseAddress! + row * (stride + 1) + 1
                        let current = output.baseAddress! + row * stride
                        // The row above, or zeros for the first row.
                        let above = row == 0 ? zeros.baseAddress! : UnsafePointer(current - stride)
                        switch type {
                        case 0:
                            current.update(from: line, count: stride)
                        case 1:
                            current.update(from: line, count: channels)
                            for index in channels..<stride { current[index] = line[index] &+ current[index - channels] }
                        case 2:
                            // Screenshots are mostly rows like the one above (the page below the
                            // content, the space between messages), which browsers write as Up
                            // and nothing: copied at memory speed.
                            if memcmp(line, zeros.baseAddress!, stride) == 0 {
                                current.update(from: above, count: stride)
                            } else {
                                for index in 0..<stride { current[index] = line[index] &+ above[index] }
                            }
                        case 3:
                            for index in 0..<channels { current[index] = line[index] &+ above[index] >> 1 }
                            for index in channels..<stride {
                                current[index] = line[index] &+ UInt8((UInt16(current[index - channels]) + UInt16(above[index])) >> 1)
                            }
                        case 4:
                            // With a and c both 0, Paeth predicts b.
                            for index in 0..<channels { current[index] = line[index] &+ above[index] }
                            for index in channels..<stride {
                                current[index] = line[index] &+ paeth(current[index - channels], above[index], above[index - channels])
                            }
                        default:
                            badRow = (row, type)
                            return
                        }
                    }
                }
            }
        }
        if let badRow { throw .invalidFilter(row: badRow.row, type: badRow.type) }
        return samples
    }

    /// The Paeth predictor: whichever of left, above and above-left is closest to
    /// left + above − above-left, ties going in that order.
    @inline(__always)
    private static func paeth(_ left: UInt8, _ above: UInt8, _ aboveLeft: UInt8) -> UInt8 {
        let estimate = Int(left) + Int(above) - Int(aboveLeft)
        let toLeft = abs(estimate - Int(left)), toAbove = abs(estimate - Int(above)), toAboveLeft = abs(estimate - Int(aboveLeft))
        if toLeft <= toAbove && toLeft <= toAboveLeft { return left }
        return toAbove <= toAboveLeft ? above : aboveLeft
    }

    /// Samples of any of the four colour types as RGBA. A tRNS chunk in a grey or RGB image names
    /// one colour (16 bits per sample, of which 8-bit images use the low byte) that is fully
    /// transparent; every other pixel is opaque.
    private static func expand(_ samples: [UInt8], header: Header, transparentKey: [UInt8]?) -> RGBAImage {
        if header.colorType == 6 { return RGBAImage(width: header.width, height: header.height, pixels: samples) }
        var key: [UInt8]?
        if let transparentKey, header.colorType == 0 || header.colorType == 2, transparentKey.count == header.channels * 2 {
            key = Swift.stride(from: 1, to: transparentKey.count, by: 2).map { transparentKey[$0] }
        }
        let pixelCount = header.width * header.height
        var pixels = [UInt8](repeating: 255, count: pixelCount * 4)
        samples.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                let source = input.baseAddress!, target = output.baseAddress!
                switch header.colorType {
                case 0:
                    for pixel in 0..<pixelCount {
                        let grey = source[pixel]
                        target[pixel * 4] = grey
                        target[pixel * 4 + 1] = grey
                        target[pixel * 4 + 2] = grey
                    }
                case 4:
                    for pixel in 0..<pixelCount {
                        let grey = source[pixel * 2]
                        target[pixel * 4] = grey
                        target[pixel * 4 + 1] = grey
                        target[pixel * 4 + 2] = grey
                        target[pixel * 4 + 3] = source[pixel * 2 + 1]
                    }
                default:
                    for pixel in 0..<pixelCount {
                        target[pixel * 4] = source[pixel * 3]
                        target[pixel * 4 + 1] = source[pixel * 3 + 1]
                        target[pixel * 4 + 2] = source[pixel * 3 + 2]
                    }
                }
                guard let key else { return }
                // Opaque everywhere so far; now the pixels of exactly the key's colour.
                for pixel in 0..<pixelCount {
                    let channels = header.channels
                    if (0..<channels).allSatisfy({ source[pixel * channels + $0] == key[$0] }) { target[pixel * 4 + 3] = 0 }
                }
            }
        }
        return RGBAImage(width: header.width, height: header.height, pixels: pixels)
    }

    private static func readUInt32<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at offset: Bytes.Index) -> UInt32
    where Bytes.Index == Int {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    // MARK: Encoding

    /// `image` as an 8-bit RGBA PNG: one IHDR, one IDAT, one IEND, nothing else, so the same
    /// image always gives the same bytes and a re-recorded reference that did not change shows
    /// no change in version control.
    ///
    /// Every row is left unfiltered (filter type 0). Measured on screenshots of the sample
    /// transcripts (flat colours and text), that compresses smaller than any one filter, and
    /// from 3 % larger to 24 % smaller than choosing per row by libpng's smallest-sum heuristic,
    /// which would cost five passes over every row.
    package static func encode(_ image: RGBAImage) -> [UInt8] {
        precondition(image.width > 0 && image.height > 0, "A PNG needs at least one pixel; this image is \(image.width) × \(image.height).")
        var header: [UInt8] = []
        appendUInt32(UInt32(image.width), to: &header)
        appendUInt32(UInt32(image.height), to: &header)
        header += [8, 6, 0, 0, 0] // bit depth 8, RGBA, deflate, adaptive filtering, no interlacing

        let stride = image.width * 4
        var rows = [UInt8](repeating: 0, count: (stride + 1) * image.height)
        image.pixels.withUnsafeBufferPointer { pixels in
            rows.withUnsafeMutableBufferPointer { rows in
                for row in 0..<image.height {
                    // The byte before each row stays 0: filter type None.
                    (rows.baseAddress! + row * (stride + 1) + 1).update(from: pixels.baseAddress! + row * stride, count: stride)
                }
            }
        }

        var file = signature
        appendChunk("IHDR", header, to: &file)
        appendChunk("IDAT", Zlib.compress(rows), to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        appendUInt32(UInt32(data.count), to: &file)
        file += typeBytes
        file += data
        appendUInt32(Zlib.crc32(data, continuing: Zlib.crc32(typeBytes)), to: &file)
    }

    private static func appendUInt32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

/// Why a PNG could not be read, in words that say what to do about it.
package enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes do not start with the PNG signature.
    case notPNG
    /// The file ends early; says where.
    case truncated(String)
    /// A chunk's data does not match its CRC: the file was damaged after it was written.
    case crcMismatch(chunk: String)
    /// The first chunk is not IHDR.
    case missingHeader(firstChunk: String)
    /// A chunk breaks the PNG specification; says how.
    case invalidChunk(String, String)
    /// A critical chunk this decoder does not know, so it cannot read the image correctly.
    case unknownCriticalChunk(String)
    /// An Adam7-interlaced image, which screenshots never are.
    case interlaced
    /// A palette image (colour type 3).
    case palette
    /// A sample depth other than 8 bits (16-bit, or 1, 2 or 4-bit grey).
    case unsupportedBitDepth(Int, colorType: UInt8)
    /// A size over ``PNGCodec/maximumPixelCount``.
    case tooLarge(width: Int, height: Int)
    /// No IDAT chunk.
    case missingImageData
    /// zlib refused the image data, or it holds too much; says which.
    case corruptImageData(String)
    /// A row starts with a filter type other than 0...4.
    case invalidFilter(row: Int, type: UInt8)

    /// One sentence for a test failure.
    package var description: String {
        switch self {
        case .notPNG: "Not a PNG file: it does not start with the PNG signature."
        case .truncated(let place): "The PNG file is cut short: \(place)."
        case .crcMismatch(let chunk): "The PNG file is damaged: the \(chunk) chunk does not match its CRC."
        case .missingHeader(let first): "Not a valid PNG: the first chunk is \(first), not IHDR."
        case .invalidChunk(let chunk, let problem): "Not a valid PNG: in the \(chunk) chunk, \(problem)."
        case .unknownCriticalChunk(let chunk): "Cannot read a PNG with the critical chunk \(chunk), which this decoder does not know."
        case .interlaced: "Cannot read an interlaced PNG; save it without interlacing."
        case .palette: "Cannot read a palette PNG (colour type 3); save it as RGB or RGBA."
        case .unsupportedBitDepth(let depth, let colorType):
            "Cannot read a PNG with \(depth)-bit samples (colour type \(colorType)); save it with 8 bits per sample."
        case .tooLarge(let width, let height):
            "The PNG is \(width) × \(height) pixels, more than the \(PNGCodec.maximumPixelCount) an image snapshot may have."
        case .missingImageData: "The PNG file has no image data (no IDAT chunk)."
        case .corruptImageData(let problem): "The PNG's image data cannot be read: \(problem)."
        case .invalidFilter(let row, let type): "The PNG's row \(row) uses filter type \(type); only 0 to 4 exist."
        }
    }
}
