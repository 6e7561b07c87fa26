import Foundation
import Testing

@testable import ScrollbackTesting

/// PNGs written by the encoder read back unchanged, PNGs written by another tool read correctly,
/// and anything else fails with an error that names the problem.
@Suite struct PNGCodecTests {
    @Test(arguments: [(1, 1), (2, 1), (1, 7), (3, 3), (5, 2), (17, 9), (64, 33), (101, 3)])
    func encodedImagesDecodeUnchanged(width: Int, height: Int) throws {
        var generator = SeededGenerator(seed: UInt64(width * 1000 + height))
        let random = RGBAImage(width: width, height: height, pixels: (0..<width * height * 4).map { _ in generator.nextByte() })
        #expect(try PNGCodec.decode(PNGCodec.encode(random)) == random)

        var smooth = RGBAImage(width: width, height: height, filledWith: .white)
        for y in 0..<height {
            for x in 0..<width {
                smooth[x: x, y: y] = .init(
                    red: UInt8(x * 7 % 256), green: UInt8(y * 5 % 256), blue: UInt8((x + y) % 256), alpha: UInt8(255 - x % 3))
            }
        }
        #expect(try PNGCodec.decode(PNGCodec.encode(smooth)) == smooth)
    }

    @Test func theEncoderIsDeterministicAndLeavesRowsUnfiltered() throws {
        var generator = SeededGenerator(seed: 7)
        let image = RGBAImage(width: 40, height: 4, pixels: (0..<40 * 4 * 4).map { _ in generator.nextByte() })
        let file = PNGCodec.encode(image)
        #expect(file == PNGCodec.encode(image))
        #expect(try filterTypes(of: file, width: 40, height: 4) == [0, 0, 0, 0])
        #expect(try PNGCodec.decode(file) == image)
    }

    @Test(arguments: PNGFixtures.all.map(\.name))
    func filesWrittenByAnotherToolDecode(name: String) throws {
        let fixture = try #require(PNGFixtures.all.first { $0.name == name })
        let file = try #require(Data(base64Encoded: fixture.png))
        let pixels = try #require(Data(base64Encoded: fixture.rgba))
        let image = try PNGCodec.decode(Array(file))
        #expect(image.width == PNGFixtures.width && image.height == PNGFixtures.height)
        #expect(image.pixels == Array(pixels))
    }

    @Test func theFixturesCoverEveryFilterInEveryColourType() throws {
        for colorType in ["grey", "greyAlpha", "rgb", "rgba"] {
            for filter in ["none", "sub", "up", "average", "paeth"] {
                #expect(PNGFixtures.all.contains { $0.name == "\(colorType)_\(filter)" })
            }
        }
    }

    // MARK: Errors

    @Test func aFileThatIsNotAPNGIsRefused() {
        #expect(throws: PNGError.notPNG) { try PNGCodec.decode([]) }
        #expect(throws: PNGError.notPNG) { try PNGCodec.decode(Array("GIF89a, not a PNG".utf8)) }
        #expect(PNGError.notPNG.description.contains("signature"))
    }

    @Test func everyCutShortFileIsRefusedAsTruncated() {
        let file = PNGCodec.encode(RGBAImage(width: 3, height: 2, filledWith: .magenta))
        for length in 1..<file.count {
            do {
                _ = try PNGCodec.decode(Array(file.prefix(length)))
                Issue.record("\(length) of \(file.count) bytes decoded")
            } catch {
                guard case .truncated = error else {
                    Issue.record("\(length) of \(file.count) bytes: \(error)")
                    continue
                }
            }
        }
    }

    @Test func aDamagedChunkFailsItsCRC() throws {
        var file = PNGCodec.encode(RGBAImage(width: 3, height: 2, filledWith: .magenta))
        let idat = try #require(chunkOffset("IDAT", in: file))
        file[idat + 8] ^= 0x01
        #expect(throws: PNGError.crcMismatch(chunk: "IDAT")) { try PNGCodec.decode(file) }
        #expect(PNGError.crcMismatch(chunk: "IDAT").description == "The PNG file is damaged: the IDAT chunk does not match its CRC.")
    }

    @Test func unsupportedFormatsAreNamed() {
        #expect(throws: PNGError.interlaced) { try PNGCodec.decode(png(header: header(interlace: 1))) }
        #expect(throws: PNGError.palette) { try PNGCodec.decode(png(header: header(colorType: 3))) }
        #expect(throws: PNGError.unsupportedBitDepth(16, colorType: 6)) { try PNGCodec.decode(png(header: header(bitDepth: 16))) }
        #expect(throws: PNGError.unsupportedBitDepth(4, colorType: 0)) {
            try PNGCodec.decode(png(header: header(bitDepth: 4, colorType: 0)))
        }
        #expect(throws: PNGError.tooLarge(width: 100_000, height: 100_000)) {
            try PNGCodec.decode(png(header: header(width: 100_000, height: 100_000)))
        }
        #expect(PNGError.palette.description.contains("palette"))
        #expect(PNGError.unsupportedBitDepth(16, colorType: 6).description.contains("16-bit"))
        #expect(PNGError.interlaced.description.contains("interlaced"))
    }

    @Test func malformedFilesAreRefused() throws {
        let rows: [UInt8] = [0, 1, 2, 3, 4, 0, 5, 6, 7, 8] // two 1-pixel RGBA rows
        #expect(throws: PNGError.invalidChunk("IHDR", "colour type 5 does not exist")) {
            try PNGCodec.decode(png(header: header(colorType: 5)))
        }
        #expect(throws: PNGError.invalidChunk("IHDR", "the size 0 × 2 is not allowed")) {
            try PNGCodec.decode(png(header: header(width: 0)))
        }
        #expect(throws: PNGError.missingHeader(firstChunk: "IDAT")) {
            try PNGCodec.decode(PNGCodec.signature + chunk("IDAT", Zlib.compress(rows)) + chunk("IEND", []))
        }
        #expect(throws: PNGError.missingImageData) { try PNGCodec.decode(png(header: header(), idat: nil)) }
        #expect(throws: PNGError.unknownCriticalChunk("ZZZZ")) {
            try PNGCodec.decode(png(header: header(), idat: Zlib.compress(rows), extra: chunk("ZZZZ", [1])))
        }
        // An ancillary chunk of an unknown kind is skipped.
        #expect(
            try PNGCodec.decode(png(header: header(), idat: Zlib.compress(rows), extra: chunk("zzZz", [1]))).pixels == [
                1, 2, 3, 4, 5, 6, 7, 8,
            ])
        #expect(throws: PNGError.invalidFilter(row: 1, type: 5)) {
            try PNGCodec.decode(png(header: header(), idat: Zlib.compress([0, 1, 2, 3, 4, 5, 5, 6, 7, 8])))
        }
        #expect(throws: PNGError.truncated("the image data ends after 5 of 10 bytes")) {
            try PNGCodec.decode(png(header: header(), idat: Zlib.compress(Array(rows.prefix(5)))))
        }
        #expect(throws: PNGError.corruptImageData("it holds more than the 10 bytes the header calls for")) {
            try PNGCodec.decode(png(header: header(), idat: Zlib.compress(rows + [0])))
        }
        do {
            _ = try PNGCodec.decode(png(header: header(), idat: [0x78, 0x9C, 0xFF, 0xFF, 0xFF]))
            Issue.record("A broken deflate stream decoded")
        } catch {
            guard case .corruptImageData = error else {
                Issue.record("\(error)")
                return
            }
        }
    }

    // MARK: Helpers

    /// An IHDR chunk's data; one RGBA pixel wide and two rows tall unless told otherwise.
    private func header(width: Int = 1, height: Int = 2, bitDepth: UInt8 = 8, colorType: UInt8 = 6, interlace: UInt8 = 0) -> [UInt8] {
        bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [bitDepth, colorType, 0, 0, interlace]
    }

    /// A PNG of these chunks, with correct CRCs; `idat` defaults to data for a 1 × 2 RGBA image.
    private func png(header: [UInt8], idat: [UInt8]? = Zlib.compress([0, 1, 2, 3, 4, 0, 5, 6, 7, 8]), extra: [UInt8] = []) -> [UInt8] {
        PNGCodec.signature + chunk("IHDR", header) + extra + (idat.map { chunk("IDAT", $0) } ?? []) + chunk("IEND", [])
    }

    private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(Zlib.crc32(data, continuing: Zlib.crc32(typeBytes)))
    }

    private func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// Where the chunk of this type starts (its length field).
    private func chunkOffset(_ type: String, in file: [UInt8]) -> Int? {
        var offset = 8
        while offset + 8 <= file.count {
            let length = Int(file[offset]) << 24 | Int(file[offset + 1]) << 16 | Int(file[offset + 2]) << 8 | Int(file[offset + 3])
            if Array(file[offset + 4..<offset + 8]) == Array(type.utf8) { return offset }
            offset += 12 + length
        }
        return nil
    }

    /// The filter type byte of each row of an RGBA file with one IDAT chunk.
    private func filterTypes(of file: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        let offset = try #require(chunkOffset("IDAT", in: file))
        let length = Int(file[offset]) << 24 | Int(file[offset + 1]) << 16 | Int(file[offset + 2]) << 8 | Int(file[offset + 3])
        guard
            case .complete(let rows) = Zlib.inflate(Array(file[offset + 8..<offset + 8 + length]), expectedCount: (width * 4 + 1) * height)
        else {
            Issue.record("The IDAT chunk does not inflate")
            return []
        }
        return (0..<height).map { rows[$0 * (width * 4 + 1)] }
    }
}

/// SplitMix64: the same pseudo-random bytes on every run and platform.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func nextByte() -> UInt8 {
        UInt8(truncatingIfNeeded: next())
    }
}
