import Scrollback
import Testing

/// The snapshot settings of the running test: the record mode and the render options every
/// strategy uses unless given its own. A Swift Testing suite or test sets them once with the
/// ``Testing/Trait/snapshots(record:options:)`` trait; XCTest sets them with
/// `SnapshotDefaults.$current.withValue(_:operation:)` around the test.
public struct SnapshotDefaults: Sendable {
    /// When references are written; `nil` leaves it to `SCROLLBACK_RECORD`.
    public var record: SnapshotRecordMode?
    /// The options of strategies given none: ``RenderOptions/default`` (UTC, a fixed English
    /// locale, 80 columns without colour, the default theme) unless a trait says otherwise.
    public var options: RenderOptions

    /// Settings with the given record mode and options.
    public init(record: SnapshotRecordMode? = nil, options: RenderOptions = .default) {
        self.record = record
        self.options = options
    }

    /// The settings in effect for the running task.
    @TaskLocal public static var current = SnapshotDefaults()
}

/// Sets ``SnapshotDefaults`` for a test, or for every test of a suite: made by
/// ``Testing/Trait/snapshots(record:options:)``.
public struct SnapshotTrait: TestTrait, SuiteTrait, TestScoping {
    let record: SnapshotRecordMode?
    let options: RenderOptions?

    /// A suite's settings reach every test in it, nested suites included.
    public var isRecursive: Bool { true }

    /// Runs the test with these settings over the enclosing ones: a test's trait overrides its
    /// suite's, and what a trait leaves `nil` stays as the suite set it.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        var defaults = SnapshotDefaults.current
        if let record { defaults.record = record }
        if let options { defaults.options = options }
        try await SnapshotDefaults.$current.withValue(defaults) { try await function() }
    }
}

extension Trait where Self == SnapshotTrait {
    /// Snapshot settings for a test or a whole suite:
    ///
    /// ```swift
    /// @Suite(.snapshots(record: .failed, options: RenderOptions(timeZone: paris, theme: brand)))
    /// struct ContactCardSnapshots { ... }
    /// ```
    public static func snapshots(record: SnapshotRecordMode? = nil, options: RenderOptions? = nil) -> Self {
        SnapshotTrait(record: record, options: options)
    }
}
