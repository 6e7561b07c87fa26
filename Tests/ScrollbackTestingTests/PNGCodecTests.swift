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

    @Test func theEncoderIsDeterministic() throws {
        var generator = SeededGenerator(seed: 7)
        let image = RGBAImage(width: 40, height: 4, pixels: (0..<40 * 4 * 4).map { _ in generator.nextByte() })
        let file = PNGCodec.encode(image)
        #expect(file == PNGCodec.encode(image))
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

    @Test func theFixturesCoverEveryFilterInEveryColourTypeAndTheRarerForms() throws {
        for colorType in ["grey", "greyAlpha", "rgb", "rgba"] {
            for filter in ["none", "sub", "up", "average", "paeth", "16bit"] {
                #expect(PNGFixtures.all.contains { $0.name == "\(colorType)_\(filter)" })
            }
        }
        // What no screenshot is, but another tool may write: all read as RGBA.
        for name in [
            "grey_1bit", "grey_2bit", "grey_4bit", "palette_8bit", "palette_2bit", "rgba_interlaced", "grey_2bit_interlaced",
            "rgb_transparentKey", "grey_transparentKey", "rgba_unknownAncillaryChunk", "rgba_mixedFiltersThreeIDATs",
        ] {
            #expect(PNGFixtures.all.contains { $0.name == name }, "\(name)")
        }
    }

    // MARK: Errors

    @Test func aFileThatIsNotAPNGIsRefused() {
        #expect(throws: PNGError.self) { try PNGCodec.decode([]) }
        #expect(throws: PNGError.unreadable("Not a PNG file")) { try PNGCodec.decode(Array("GIF89a, not a PNG".utf8)) }
        #expect(PNGError.unreadable("Not a PNG file").description == "The PNG cannot be read: Not a PNG file.")
    }

    /// Cut anywhere before its end chunk, a file is refused; cut inside the end chunk, the image
    /// is whole, and reads (libpng stops at the end of the image data).
    @Test func everyFileCutShortOfItsImageIsRefused() throws {
        let image = RGBAImage(width: 3, height: 2, filledWith: .magenta)
        let file = PNGCodec.encode(image)
        let end = file.count - 12 // IEND: a length, a type and a CRC, no data
        #expect(file[end + 4..<end + 8].elementsEqual("IEND".utf8))
        for length in 1..<end {
            #expect(throws: PNGError.self, "\(length) of \(file.count) bytes") { try PNGCodec.decode(Array(file.prefix(length))) }
        }
        for length in end..<file.count {
            #expect(try PNGCodec.decode(Array(file.prefix(length))) == image)
        }
    }

    @Test func aDamagedImageIsRefused() {
        var file = PNGCodec.encode(RGBAImage(width: 3, height: 2, filledWith: .magenta))
        let idat = file.count - 12 - 4 - 1 // the last byte of the image data, before its CRC and IEND
        file[idat] ^= 0x01
        #expect(throws: PNGError.self) { try PNGCodec.decode(file) }
    }

    @Test func malformedFilesAreRefusedWithLibpngsReason() throws {
        let reasons: [String: PNGError] = [
            "colourType5": .unreadable("Invalid IHDR data"),
            "zeroWidth": .unreadable("Invalid IHDR data"),
            "damagedHeader": .unreadable("IHDR: CRC error"),
            "imageDataBeforeHeader": .unreadable("IDAT: Missing IHDR before IDAT"),
            "noImageData": .unreadable("IEND: out of place"),
            "unknownCriticalChunk": .unreadable("ZZZZ: unhandled critical chunk"),
            "badFilterType": .unreadable("bad adaptive filter value"),
            "tooLittleImageData": .unreadable("Not enough image data"),
            "brokenDeflate": .unreadable("IDAT: invalid block type"),
            "paletteWithoutPLTE": .unreadable("IDAT: Missing PLTE before IDAT"),
            // Refused before anything is allocated for its pixels.
            "tooLarge": .tooLarge(width: 100_000, height: 100_000),
        ]
        #expect(Set(reasons.keys) == Set(PNGFixtures.refused.map(\.name)))
        for fixture in PNGFixtures.refused {
            let file = try #require(Data(base64Encoded: fixture.png))
            let reason = try #require(reasons[fixture.name])
            #expect(throws: reason, "\(fixture.name)") { try PNGCodec.decode(Array(file)) }
        }
        #expect(PNGError.tooLarge(width: 100_000, height: 100_000).description.contains("100000 × 100000"))
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
