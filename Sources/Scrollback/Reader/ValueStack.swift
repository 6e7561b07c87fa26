/// A stack that containers push their members onto while they are parsed, then move out as
/// one exactly sized array: no regrowth of small arrays, and no reference counting on the move.
final class ValueStack<Element> {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    @inline(__always)
    func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    subscript(index: Int) -> Element {
        storage[index]
    }

    /// Moves the elements from `start` to the top into an array, and drops them from the stack.
    func popArray(from start: Int) -> [Element] {
        let moved = count - start
        guard moved > 0 else { return [] }
        let source = storage + start
        count = start
        // Moved one by one into reserved room: `Array(unsafeUninitializedCapacity:)` allocates
        // through a standard library function made for every element type, which looks the
        // storage's type up at run time (about 400 instructions an array).
        var array: [Element] = []
        array.reserveCapacity(moved)
        for offset in 0..<moved { array.append((source + offset).move()) }
        return array
    }

    private func grow() {
        let newCapacity = capacity * 2
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = grown
        capacity = newCapacity
    }
}

extension ValueStack where Element == (key: String, value: JSONValue) {
    /// Whether a member from `start` to the top has this key.
    func contains(key: String, from start: Int) -> Bool {
        let length = key.utf8.count
        for index in start..<count where self[index].key.utf8.count == length && self[index].key == key {
            return true
        }
        return false
    }

    func keys(from start: Int) -> Set<String> {
        var keys = Set<String>(minimumCapacity: count - start)
        for index in start..<count { keys.insert(self[index].key) }
        return keys
    }
}
