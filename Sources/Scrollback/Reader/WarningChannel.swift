/// Where the problems of a rendering go, in the order they are met, under one `strict` rule:
/// the reader reports its own here, and the renderer those met while drawing what was read
/// (``RenderContext/report(_:keyPath:in:)``) or found by the index pass (a filter's names that
/// no message has). One channel per reading, made with its reader.
final class WarningChannel {
    private let strict: Bool
    private let onWarning: (ReadWarning) -> Void
    /// How many messages the problems reported here left out, for a document's summary.
    private(set) var skippedMessageCount = 0

    init(strict: Bool, onWarning: @escaping (ReadWarning) -> Void) {
        self.strict = strict
        self.onWarning = onWarning
    }

    /// Passes `warning` on; with `strict`, stops the reading or the rendering with it instead.
    func report(_ warning: ReadWarning) throws(ReadError) {
        if strict { throw ReadError.invalidMessage(warning) }
        if warning.skippedMessage { skippedMessageCount += 1 }
        onWarning(warning)
    }

    /// Passes `warnings` on in order, as ``report(_:)`` does each.
    func report(_ warnings: [ReadWarning]) throws(ReadError) {
        for warning in warnings { try report(warning) }
    }

    /// Passes on what a reader on another thread already reported through its own channel
    /// (which applied the `strict` rule and counted what they left out).
    func forward(_ warnings: [ReadWarning]) {
        warnings.forEach(onWarning)
    }
}
