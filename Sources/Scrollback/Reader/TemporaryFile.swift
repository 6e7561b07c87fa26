#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A scratch file that exists only as an open descriptor: it is unlinked as soon as it is
/// created, so nothing is left behind however the process ends, and closed on `deinit`.
final class TemporaryFile {
    /// Holds what was appended once ``flush()`` has run (``bytes(at:count:)`` and
    /// ``appendAll(from:name:)`` flush themselves).
    let descriptor: Int32
    /// Bytes appended so far: the offset of the next append.
    private(set) var size: Int64 = 0
    /// Small appends (the index pass spools every thread reply, a kilobyte or two each) gather
    /// here and reach the file a buffer at a time, not a system call each.
    private var pending: [UInt8] = []
    private static let pendingCapacity = 64 * 1024
    /// Bytes a missed read fetches from its offset on (0: none beyond those asked for), for
    /// readers that go through the file about in the order it was written.
    private let readAhead: Int
    /// What the last read ahead fetched, from ``windowStart`` on (appends never change bytes
    /// already written, so it stays true).
    private var window: [UInt8] = []
    private var windowStart: Int64 = 0

    /// `$TMPDIR`, else `/tmp`.
    static var defaultDirectory: String {
        if let value = getenv("TMPDIR"), value.pointee != 0 { return String(cString: value) }
        return "/tmp"
    }

    /// Creates the file in `directory` and unlinks it at once.
    init(directory: String = TemporaryFile.defaultDirectory, readAhead: Int = 0) throws(ReadError) {
        self.readAhead = readAhead
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
        template += Array("scrollback-XXXXXX".utf8CString)
        let opened = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard opened >= 0 else { throw Self.error("cannot create a temporary file in \(directory)") }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        descriptor = opened
    }

    deinit {
        close(descriptor)
    }

    /// Appends `bytes`; returns the offset they start at.
    @discardableResult
    func append(_ bytes: UnsafeRawBufferPointer) throws(ReadError) -> Int64 {
        let start = size
        if pending.count + bytes.count > Self.pendingCapacity { try flush() }
        if bytes.count >= Self.pendingCapacity {
            try write(bytes, at: start)
        } else {
            if pending.capacity == 0 { pending.reserveCapacity(Self.pendingCapacity) }
            pending.append(contentsOf: bytes)
        }
        size += Int64(bytes.count)
        return start
    }

    /// Writes what appends left gathered.
    func flush() throws(ReadError) {
        guard !pending.isEmpty else { return }
        let count = pending.count
        let written = pending.withUnsafeBytes { buffer in
            Result { () throws(ReadError) in try write(buffer, at: size - Int64(count)) }
        }
        try written.get()
        pending.removeAll(keepingCapacity: true)
    }

    private func write(_ bytes: UnsafeRawBufferPointer, at start: Int64) throws(ReadError) {
        var written = 0
        while written < bytes.count {
            let result = pwrite(descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(start) + off_t(written))
            if result < 0 {
                if errno == EINTR { continue }
                throw Self.error("cannot write a temporary file")
            }
            written += result
        }
    }

    /// The `count` bytes at `offset`.
    func bytes(at offset: Int64, count: Int) throws(ReadError) -> [UInt8] {
        try flush()
        guard readAhead > count, offset >= 0, offset + Int64(count) <= size else { return try readFile(at: offset, count: count) }
        if offset < windowStart || offset + Int64(count) > windowStart + Int64(window.count) {
            window = try readFile(at: offset, count: Int(min(Int64(readAhead), size - offset)))
            windowStart = offset
        }
        let start = Int(offset - windowStart)
        return Array(window[start..<start + count])
    }

    private func readFile(at offset: Int64, count: Int) throws(ReadError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset) + off_t(done))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw Self.error("cannot read a temporary file")
            }
            if result == 0 { throw ReadError.io(path: "temporary file", reason: "it ended early") }
            done += result
        }
        return bytes
    }

    /// Copies everything `source` gives until its end, a bounded buffer at a time.
    func appendAll(from source: Int32, name: String) throws(ReadError) {
        let chunk = 256 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let received = read(source, buffer, chunk)
            if received < 0 {
                if errno == EINTR { continue }
                throw ReadError.io(path: name, reason: String(cString: strerror(errno)))
            }
            if received == 0 { return try flush() }
            try append(UnsafeRawBufferPointer(start: buffer, count: received))
        }
    }

    private static func error(_ what: String) -> ReadError {
        ReadError.io(path: "temporary file", reason: what + ": " + String(cString: strerror(errno)))
    }
}
