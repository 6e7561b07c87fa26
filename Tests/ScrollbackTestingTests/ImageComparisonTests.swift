import Testing

@testable import ScrollbackTesting

/// Images within the tolerance match; the others fail with a line that counts the damage and a
/// picture that shows it.
@Suite struct ImageComparisonTests {
    private let comparison = ImageComparison(perChannelTolerance: 2, maxDifferingFraction: 0.001)

    @Test func equalImagesMatch() {
        let image = RGBAImage(width: 4, height: 3, filledWith: .init(red: 10, green: 20, blue: 30))
        #expect(comparison.difference(reference: image, actual: image) == .pixels(differing: 0, total: 12))
        #expect(comparison.compare(reference: image, actual: image) == nil)
        let empty = RGBAImage(width: 0, height: 0, pixels: [])
        #expect(comparison.difference(reference: empty, actual: empty).fraction == 0)
    }

    @Test func channelsWithinTheToleranceMatch() {
        let reference = RGBAImage(width: 2, height: 1, filledWith: .init(red: 100, green: 100, blue: 100))
        var actual = reference
        actual[x: 0, y: 0] = .init(red: 102, green: 98, blue: 100)
        actual[x: 1, y: 0] = .init(red: 100, green: 100, blue: 100, alpha: 253)
        #expect(comparison.difference(reference: reference, actual: actual) == .pixels(differing: 0, total: 2))
        actual[x: 0, y: 0].blue = 103
        actual[x: 1, y: 0].alpha = 251
        #expect(comparison.difference(reference: reference, actual: actual) == .pixels(differing: 2, total: 2))
        #expect(ImageComparison(perChannelTolerance: 3).difference(reference: reference, actual: actual) == .pixels(differing: 1, total: 2))
    }

    @Test func aShareOverTheLimitFailsWithCountsAndPercentages() throws {
        let reference = RGBAImage(width: 640, height: 720, filledWith: .white)
        var actual = reference
        for index in 0..<1234 { actual[x: index % 640, y: index / 640 * 7] = .black }
        let failure = try #require(comparison.compare(reference: reference, actual: actual))
        #expect(failure.difference == .pixels(differing: 1234, total: 460_800))
        #expect(failure.message == "1,234 of 460,800 pixels (0.27 %) differ by more than 2 in some channel; allowed 0.10 %")
        #expect(failure.description == failure.message)

        // At the limit is within it.
        #expect(ImageComparison(maxDifferingFraction: 1234.0 / 460_800).compare(reference: reference, actual: actual) == nil)
        // No share at all is allowed with a limit of 0.
        var one = reference
        one[x: 5, y: 5] = .black
        let strict = try #require(ImageComparison(maxDifferingFraction: 0).compare(reference: reference, actual: one))
        #expect(strict.message == "1 of 460,800 pixels (< 0.01 %) differ by more than 2 in some channel; allowed 0.00 %")
    }

    @Test func percentagesNeverReadTheSameWhenTheyDiffer() {
        #expect(ImageComparison.percentages(0.00104, 0.001) == ("0.1040 %", "0.1000 %"))
        #expect(ImageComparison.percentages(0.0027, 0.001) == ("0.27 %", "0.10 %"))
        #expect(ImageComparison.percent(1, decimals: 2) == "100.00 %")
        #expect(ImageComparison.percent(0.000_01, decimals: 2) == "< 0.01 %")
        #expect(
            ImageComparison.grouped(0) == "0" && ImageComparison.grouped(999) == "999" && ImageComparison.grouped(1_000_000) == "1,000,000")
    }

    @Test func theDiffImageFadesTheActualImageAndMarksDifferencesInMagenta() throws {
        let reference = RGBAImage(width: 3, height: 2, filledWith: .black)
        var actual = reference
        actual[x: 1, y: 0] = .white
        actual[x: 2, y: 1] = .init(red: 0, green: 0, blue: 0, alpha: 0)
        let failure = try #require(comparison.compare(reference: reference, actual: actual))
        let diff = failure.diffImage
        #expect(diff.size == .init(width: 3, height: 2))
        // Black at 30 % over white is 0.7 × 255 = 178.5, rounded up.
        let fadedBlack = RGBAImage.Pixel(red: 179, green: 179, blue: 179)
        #expect(diff[x: 0, y: 0] == fadedBlack && diff[x: 2, y: 0] == fadedBlack && diff[x: 0, y: 1] == fadedBlack)
        #expect(diff[x: 1, y: 0] == .magenta && diff[x: 2, y: 1] == .magenta)

        // A transparent pixel that matches fades to white: it is drawn over white first.
        let clear = RGBAImage(width: 1, height: 1, filledWith: .init(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(comparison.diffImage(reference: clear, actual: clear)[x: 0, y: 0] == .white)
    }

    @Test func imagesOfDifferentSizesFailNamingBothSizes() throws {
        let reference = RGBAImage(width: 4, height: 2, filledWith: .black)
        let actual = RGBAImage(width: 2, height: 3, filledWith: .black)
        let failure = try #require(comparison.compare(reference: reference, actual: actual))
        #expect(failure.difference == .sizes(reference: .init(width: 4, height: 2), actual: .init(width: 2, height: 3)))
        #expect(failure.difference.fraction == 1)
        #expect(failure.message == "The image is 2 × 3 pixels, the reference 4 × 2: sizes differ, so no pixel was compared.")
        // Overlaid at the top left: shared pixels compared, the rest tinted, the corner neither has white.
        let diff = failure.diffImage
        #expect(diff.size == .init(width: 4, height: 3))
        #expect(diff[x: 1, y: 1] == .init(red: 179, green: 179, blue: 179))
        #expect(diff[x: 3, y: 0] == .init(red: 179, green: 140, blue: 179))
        #expect(diff[x: 0, y: 2] == .init(red: 179, green: 140, blue: 179))
        #expect(diff[x: 3, y: 2] == .white)
        // Even a maximal limit does not let different sizes pass.
        #expect(ImageComparison(maxDifferingFraction: 1).compare(reference: reference, actual: actual) != nil)
    }

    @Test func theDiffImageEncodesAsAPNG() throws {
        let reference = RGBAImage(width: 5, height: 5, filledWith: .white)
        var actual = reference
        actual[x: 2, y: 2] = .black
        let diff = try #require(comparison.compare(reference: reference, actual: actual)).diffImage
        #expect(try PNGCodec.decode(PNGCodec.encode(diff)) == diff)
    }
}
