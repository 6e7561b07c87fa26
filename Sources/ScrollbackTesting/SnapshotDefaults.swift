import Scrollback
import Testing

/// The snapshot settings of the running test: the record mode, and the render options and app
/// components every strategy uses unless given its own. A Swift Testing suite or test sets
/// them once with the ``SnapshotTrait/snapshots(record:options:factory:resolver:attachmentViews:)``
/// trait; XCTest sets them with `SnapshotDefaults.$current.withValue(_:operation:)` around the test.
public struct SnapshotDefaults: Sendable {
    /// When references are written; `nil` leaves it to `SCROLLBACK_RECORD`.
    public var record: SnapshotRecordMode?
    /// The options of strategies given none: `RenderOptions.default` (UTC, a fixed English
    /// locale, 80 columns without colour, the default theme) unless a trait says otherwise.
    public var options: RenderOptions
    /// The app's view factory; `ViewFactory()`, the defaults, unless a trait says otherwise.
    public var factory: ViewFactory
    /// The app's resolver; `DefaultMessageTypeResolver` unless a trait says otherwise.
    public var resolver: any MessageTypeResolving
    /// The app's attachment views; none unless a trait says otherwise.
    public var attachmentViews: AttachmentViewRegistry

    /// Settings with the given record mode, options and components.
    public init(
        record: SnapshotRecordMode? = nil, options: RenderOptions = .default, factory: ViewFactory = ViewFactory(),
        resolver: any MessageTypeResolving = DefaultMessageTypeResolver(),
        attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry()
    ) {
        self.record = record
        self.options = options
        self.factory = factory
        self.resolver = resolver
        self.attachmentViews = attachmentViews
    }

    /// The generator every transcript strategy writes in the footer and the HTML `generator`
    /// meta: "Scrollback", where `scrollback render` writes "Scrollback" and its version. A
    /// reference pins what an app's components drew; with the version in it, every upgrade of
    /// Scrollback would change every reference of every app, in a line nobody needs to review.
    /// The name alone still reads as the footer a user sees, only without the number.
    public static let generator = "Scrollback"

    /// A renderer with these settings, each replaced by the one given, naming ``generator``.
    func renderer(
        options: RenderOptions?, factory: (ViewFactory)?, resolver: (any MessageTypeResolving)?,
        attachmentViews: AttachmentViewRegistry?, filter: MessageFilter
    ) -> TranscriptRenderer {
        var options = options ?? self.options
        options.generator = Self.generator
        return TranscriptRenderer(
            options: options, factory: factory ?? self.factory, resolver: resolver ?? self.resolver,
            attachmentViews: attachmentViews ?? self.attachmentViews, filter: filter)
    }

    /// The settings in effect for the running task.
    @TaskLocal public static var current = SnapshotDefaults()
}

/// Sets ``SnapshotDefaults`` for a test, or for every test of a suite: made by
/// ``SnapshotTrait/snapshots(record:options:factory:resolver:attachmentViews:)``.
public struct SnapshotTrait: TestTrait, SuiteTrait, TestScoping {
    let record: SnapshotRecordMode?
    let options: RenderOptions?
    let factory: (ViewFactory)?
    let resolver: (any MessageTypeResolving)?
    let attachmentViews: AttachmentViewRegistry?

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
        if let factory { defaults.factory = factory }
        if let resolver { defaults.resolver = resolver }
        if let attachmentViews { defaults.attachmentViews = attachmentViews }
        try await SnapshotDefaults.$current.withValue(defaults) { try await function() }
    }
}

extension Trait where Self == SnapshotTrait {
    /// Snapshot settings for a test or a whole suite; what is left `nil` keeps the enclosing
    /// scope's setting:
    ///
    /// ```swift
    /// @Suite(.snapshots(options: RenderOptions(timeZone: paris, theme: brand), factory: AppFactory()))
    /// struct ContactCardSnapshots { ... }
    /// ```
    public static func snapshots(
        record: SnapshotRecordMode? = nil, options: RenderOptions? = nil, factory: (ViewFactory)? = nil,
        resolver: (any MessageTypeResolving)? = nil, attachmentViews: AttachmentViewRegistry? = nil
    ) -> Self {
        SnapshotTrait(record: record, options: options, factory: factory, resolver: resolver, attachmentViews: attachmentViews)
    }
}
