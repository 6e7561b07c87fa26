/// How to turn a value into a snapshot (`Format`) and compare two snapshots: the model of
/// Point-Free's `Snapshotting`, for Scrollback's outputs.
public struct Snapshotting<Value, Format>: Sendable {
    /// The reference file's extension (`html`, `txt`, `md`).
    public var pathExtension: String
    /// How snapshots of this format are stored and compared.
    public var diffing: Diffing<Format>
    /// Makes the snapshot of a value: the text a reference file holds.
    public var snapshot: @Sendable (Value) -> Format

    /// A strategy writing `pathExtension` files, comparing with `diffing` what `snapshot` makes.
    public init(pathExtension: String, diffing: Diffing<Format>, snapshot: @escaping @Sendable (Value) -> Format) {
        self.pathExtension = pathExtension
        self.diffing = diffing
        self.snapshot = snapshot
    }

    /// A strategy for another kind of value, made by converting it to this one's.
    public func pullback<NewValue>(_ transform: @escaping @Sendable (NewValue) -> Value) -> Snapshotting<NewValue, Format> {
        let snapshot = self.snapshot
        return Snapshotting<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) { snapshot(transform($0)) }
    }
}

/// How snapshots are stored and compared.
public struct Diffing<Format>: Sendable {
    /// A snapshot as the bytes of its reference file.
    public var toData: @Sendable (Format) -> [UInt8]
    /// A snapshot read back from a reference file's bytes.
    public var fromData: @Sendable ([UInt8]) -> Format
    /// `nil` when equal, else a message describing the difference.
    public var diff: @Sendable (_ reference: Format, _ actual: Format) -> String?

    /// A diffing from its conversions to and from bytes and its comparison.
    public init(
        toData: @escaping @Sendable (Format) -> [UInt8], fromData: @escaping @Sendable ([UInt8]) -> Format,
        diff: @escaping @Sendable (Format, Format) -> String?
    ) {
        self.toData = toData
        self.fromData = fromData
        self.diff = diff
    }
}

extension Diffing where Format == String {
    /// Text compared line by line, with a unified diff on mismatch.
    public static let lines = Diffing(
        toData: { Array($0.utf8) },
        fromData: { String(decoding: $0, as: UTF8.self) },
        diff: { reference, actual in
            reference == actual ? nil : LineDiff.unified(reference: reference, actual: actual)
        }
    )
}
