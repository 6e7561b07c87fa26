/// A value type's fields behind one reference, copied only when written while another value
/// shares them, as the standard library's collections do. Messages and users travel through
/// every stage of a rendering; with their fields here, a copy is one retain, not a memberwise
/// copy of thirty.
struct CopyOnWrite<Fields: Hashable & Sendable>: Hashable, Sendable {
    // An array of one: its buffer is the shared reference, copied by the array itself when
    // written while shared, so the value is Sendable without any claim of our own.
    private var storage: ContiguousArray<Fields>

    init(_ fields: Fields) {
        storage = [fields]
    }

    var fields: Fields {
        get { storage[0] }
        _modify { yield &storage[0] }
    }

    /// Whether the two share one buffer: their fields are then the same, and stay so while
    /// both are held (a write to either copies it first). Tells a value met again from an
    /// equal one without comparing fields.
    func isIdentical(to other: CopyOnWrite) -> Bool {
        address == other.address
    }

    /// Where the shared fields lie: the same for two values exactly when they are identical,
    /// for as long as both are held.
    var address: Int {
        storage.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
    }

    /// Equal when they share a buffer, or when the fields are equal (the array compares so).
    static func == (lhs: CopyOnWrite, rhs: CopyOnWrite) -> Bool {
        lhs.storage == rhs.storage
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(storage[0])
    }
}
