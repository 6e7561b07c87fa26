/// How to turn a value into a snapshot (`Format`) and compare two snapshots: the model of
/// Point-Free's `Snapshotting`, for Scrollback's outputs.
public struct Snapshotting<Value, Format>: Sendable {
    /// The reference file's extension (`html`, `txt`, `md`, `dump`, `png`).
    public var pathExtension: String
    /// How snapshots of this format are stored and compared.
    public var diffing: Diffing<Format>
    /// Makes the snapshot of a value: what a reference file holds. It throws when the snapshot
    /// cannot be made here (``SnapshotUnavailable``: the assertion is skipped) or fails.
    public var snapshot: @Sendable (Value) throws -> Format

    /// A strategy writing `pathExtension` files, comparing with `diffing` what `snapshot` makes.
    public init(pathExtension: String, diffing: Diffing<Format>, snapshot: @escaping @Sendable (Value) throws -> Format) {
        self.pathExtension = pathExtension
        self.diffing = diffing
        self.snapshot = snapshot
    }

    /// A strategy for another kind of value, made by converting it to this one's.
    public func pullback<NewValue>(_ transform: @escaping @Sendable (NewValue) throws -> Value) -> Snapshotting<NewValue, Format> {
        let snapshot = self.snapshot
        return Snapshotting<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) { try snapshot(transform($0)) }
    }
}

/// How snapshots are stored and compared.
public struct Diffing<Format>: Sendable {
    /// A snapshot as the bytes of its reference file.
    public var toData: @Sendable (Format) -> [UInt8]
    /// A snapshot read back from a reference file's bytes; throws when they are not one.
    public var fromData: @Sendable ([UInt8]) throws -> Format
    /// `nil` when the two match, else what differs.
    public var diff: @Sendable (_ reference: Format, _ actual: Format) -> SnapshotDifference?

    /// A diffing from its conversions to and from bytes and its comparison.
    public init(
        toData: @escaping @Sendable (Format) -> [UInt8], fromData: @escaping @Sendable ([UInt8]) throws -> Format,
        diff: @escaping @Sendable (Format, Format) -> SnapshotDifference?
    ) {
        self.toData = toData
        self.fromData = fromData
        self.diff = diff
    }
}

/// What differs between a reference and a new snapshot.
public struct SnapshotDifference: Sendable {
    /// For the failure message: a unified diff, or a count of differing pixels.
    public var message: String
    /// A file showing the difference (an image with the changed pixels marked), in the format's
    /// own encoding; written beside the new snapshot when the assertion fails.
    public var artifact: [UInt8]?

    /// A difference described by `message`, with an optional file showing it.
    public init(message: String, artifact: [UInt8]? = nil) {
        self.message = message
        self.artifact = artifact
    }
}

/// Thrown by a strategy that cannot make its snapshot on this machine (no browser for an image
/// snapshot): the assertion is skipped with this reason, never passed.
public struct SnapshotUnavailable: Error, CustomStringConvertible {
    /// Why, and what would make it available.
    public var reason: String

    /// A strategy's reason for skipping.
    public init(reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}

extension Diffing where Format == String {
    /// Text compared line by line, with a unified diff on mismatch.
    public static let lines = Diffing(
        toData: { Array($0.utf8) },
        fromData: { String(decoding: $0, as: UTF8.self) },
        diff: { reference, actual in
            reference == actual ? nil : SnapshotDifference(message: LineDiff.unified(reference: reference, actual: actual))
        }
    )
}
