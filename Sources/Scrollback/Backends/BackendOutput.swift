/// The text a backend writes during one of its calls, gathered as UTF-8 bytes and handed to the
/// backend's output at the end of the call (``flush(to:)``), or sooner, 64 KB at a time, when
/// the output takes bytes (``UTF8Output``, as ``OutputSink`` does).
///
/// A backend is generic over its output, and the library's generic code runs unspecialized: each
/// of the hundreds of thousands of small writes of a transcript went through the output's
/// protocol. Writes to this concrete type are direct calls that copy bytes, and the output gets
/// a few large writes instead.
struct BackendOutput: TextOutputStream {
    /// Gathered bytes in one allocation, grown by doubling: an array append paid for
    /// uniqueness checks and a generic copy on every write. Emptied at the end of every call,
    /// so that copies of a backend share only an empty buffer.
    private final class Buffer {
        var start: UnsafeMutablePointer<UInt8>
        var capacity: Int
        var count = 0

        init(capacity: Int) {
            start = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        deinit { start.deallocate() }

        var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

        /// Drops what it holds and takes `newCapacity` bytes of memory.
        func shrink(to newCapacity: Int) {
            start.deallocate()
            (start, capacity, count) = (.allocate(capacity: newCapacity), newCapacity, 0)
        }

        func grow(toHold needed: Int) {
            var newCapacity = capacity * 2
            while newCapacity < needed { newCapacity *= 2 }
            let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            newStart.initialize(from: start, count: count)
            start.deallocate()
            (start, capacity) = (newStart, newCapacity)
        }
    }

    private let buffer: Buffer
    /// The backend's output when it takes bytes: it gets them as they are, not as a `String`
    /// that is checked again, and without waiting for the end of a large item.
    private let bytesOutput: (any UTF8Output)?
    private static let flushSize = 1 << 16

    /// The buffer for a backend writing to `output`; `capacity` is the room it starts with.
    init(for output: some TextOutputStream, capacity: Int = BackendOutput.flushSize) {
        buffer = Buffer(capacity: max(capacity, 16))
        bytesOutput = output as? any UTF8Output
    }

    mutating func write(_ string: String) {
        string.withUTF8Bytes { write(utf8: $0) }
    }

    /// Writes markup fixed when the program was built. A literal of up to 15 bytes is a small
    /// `String`, whose bytes are copied out before they can be written; a `StaticString`'s are
    /// read where they lie. Most of a page's writes are such literals.
    mutating func write(literal: StaticString) {
        write(utf8: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Writes `utf8`, which must be valid UTF-8.
    mutating func write(utf8: UnsafeBufferPointer<UInt8>) {
        guard let source = utf8.baseAddress else { return }
        let count = buffer.count
        if count + utf8.count > buffer.capacity {
            if let bytesOutput {
                bytesOutput.write(utf8: buffer.bytes)
                buffer.count = 0
                if utf8.count >= buffer.capacity { return bytesOutput.write(utf8: utf8) }
                return write(utf8: utf8)
            }
            buffer.grow(toHold: count + utf8.count)
        }
        (buffer.start + count).initialize(from: source, count: utf8.count)
        buffer.count = count + utf8.count
    }

    /// Hands everything written so far to `output`, the output this buffer was made for.
    mutating func flush<Output: TextOutputStream>(to output: inout Output) {
        guard buffer.count > 0 else { return }
        if let bytesOutput {
            bytesOutput.write(utf8: buffer.bytes)
        } else {
            output.write(String(decoding: buffer.bytes, as: UTF8.self))
        }
        buffer.count = 0
        // A huge item grew the buffer: the next ones need no more than the usual.
        if buffer.capacity > 4 * Self.flushSize { buffer.shrink(to: Self.flushSize) }
    }
}
