import Testing

@testable import Scrollback

/// The one channel a reading's problems and its drawing's go through.
@Suite struct WarningChannelTests {
    final class Heard {
        var warnings: [ReadWarning] = []
    }

    static let skipped = ReadWarning(keyPath: "[0]", reason: "not an object", skippedMessage: true)
    static let field = ReadWarning(keyPath: "[1].text", reason: "not a string", skippedMessage: false)

    @Test func warningsArePassedOnInOrderAndSkippedMessagesCounted() throws {
        let heard = Heard()
        let channel = WarningChannel(strict: false) { heard.warnings.append($0) }
        try channel.report([Self.field, Self.skipped, Self.skipped])
        #expect(heard.warnings == [Self.field, Self.skipped, Self.skipped])
        #expect(channel.skippedMessageCount == 2)
    }

    @Test func strictStopsAtTheFirstAndSaysNothing() {
        let heard = Heard()
        let channel = WarningChannel(strict: true) { heard.warnings.append($0) }
        #expect(throws: ReadError.invalidMessage(Self.field)) { try channel.report([Self.field, Self.skipped]) }
        #expect(heard.warnings.isEmpty)
        #expect(channel.skippedMessageCount == 0)
    }

    /// What a reader on another thread already reported (and counted) is passed on only.
    @Test func forwardedWarningsAreNotCountedAgain() {
        let heard = Heard()
        let channel = WarningChannel(strict: true) { heard.warnings.append($0) }
        channel.forward([Self.skipped])
        #expect(heard.warnings == [Self.skipped])
        #expect(channel.skippedMessageCount == 0)
    }
}
