import Scrollback

/// Collects what a reading or rendering reports, for a test to compare afterwards. Filled on the
/// caller's thread only (the reader hands every warning over there); `Sendable` for closures
/// that must be.
final class WarningLog: @unchecked Sendable {
    var warnings: [ReadWarning] = []
}
