#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A buffered writer to a file descriptor, so backends can write small pieces as they go
/// without a system call for each, and without gathering the document in memory.
public final class OutputSink: TextOutputStream, FlushingOutput, UTF8Output {
    private let descriptor: Int32
    private let closesDescriptor: Bool
    /// A fixed buffer rather than an array: backends write hundreds of thousands of short
    /// pieces, and each array append paid for exclusivity and uniqueness checks.
    private let storage: UnsafeMutablePointer<UInt8>
    private var count = 0
    private let capacity = 1 << 16
    /// The first write error, if any; writing stops after it.
    public private(set) var failure: Int32?
    /// Whether the file is handed to the system to be written to disk as it grows, every
    /// ``writeOutStride`` bytes, rather than when the system gets to it. For a file that is to
    /// replace another by a rename: ext4 (among others) writes such a file out in the rename
    /// itself, so that a crash leaves the old file or the new one and never an empty one, and for
    /// an 86 MB transcript that held the command a tenth of a second after the render; started
    /// as the file grows, that writing overlaps the render. Other files are left to the system:
    /// their writing can wait, and on a slow disk it would hold the render back.
    package var writesOutAsItGrows = false
    /// How many bytes have been written.
    private var writtenCount = 0
    /// How many of the bytes written, from the start, were handed to be written out.
    package private(set) var writtenOutCount = 0
    private static let writeOutStride = 8 << 20

    /// A sink writing to the open file `descriptor`, which it closes in ``close()`` only when
    /// `closesDescriptor` is true.
    public init(descriptor: Int32, closesDescriptor: Bool = false) {
        self.descriptor = descriptor
        self.closesDescriptor = closesDescriptor
        storage = .allocate(capacity: capacity)
    }

    /// A sink writing to standard output, which it never closes.
    public static func standardOutput() -> OutputSink { OutputSink(descriptor: 1) }

    /// A sink that keeps everything in memory (for tests): read it with ``capturedText``.
    public static func memory() -> OutputSink { OutputSink(descriptor: -1) }

    private var captured: [UInt8] = []

    /// The bytes a ``memory()`` sink has received so far.
    package var capturedBytes: [UInt8] {
        flush()
        return captured
    }

    /// What a ``memory()`` sink has received so far.
    public var capturedText: String {
        flush()
        return String(decoding: captured, as: UTF8.self)
    }

    /// Opens (creating or truncating) a file for writing.
    public static func file(atPath path: String) throws(OutputError) -> OutputSink {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
        return OutputSink(descriptor: descriptor, closesDescriptor: true)
    }

    /// The character set the text is written in: UTF-8 (the default), or, for terminal text
    /// made for an 8-bit set (``ANSIOptions/charset``), that set's bytes, a character it lacks
    /// as `?`.
    package var charset = ANSIOptions.Charset.utf8

    /// Adds `string`'s bytes (UTF-8, or those of the sink's `charset`) to the buffer, writing
    /// the buffer out first when they do not fit.
    public func write(_ string: String) {
        string.withUTF8Bytes { write(utf8: $0) }
    }

    func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        // ASCII text is the same in every set; only other text is encoded.
        guard charset.isSingleByte, bytes.contains(where: { $0 >= 0x80 }) else { return append(bytes) }
        charset.encode(String(decoding: bytes, as: UTF8.self)).withUnsafeBufferPointer { append($0) }
    }

    @inline(__always)
    private func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let length = bytes.count
        var used = count
        if used + length > capacity {
            flush()
            used = 0
        }
        if length >= capacity {
            writeAll(bytes)
        } else {
            (storage + used).initialize(from: source, count: length)
            count = used + length
        }
    }

    /// Writes out whatever the buffer holds. A write error is kept in ``failure``, not thrown.
    public func flush() {
        guard count > 0 else { return }
        let pending = UnsafeBufferPointer(start: storage, count: count)
        count = 0
        writeAll(pending)
    }

    private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) {
        if descriptor < 0 {
            captured.append(contentsOf: bytes)
            return
        }
        guard failure == nil, var base = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Glibc.write(descriptor, base, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            remaining -= written
            base += written
        }
        writtenCount += bytes.count
        if writesOutAsItGrows, writtenCount - writtenOutCount >= Self.writeOutStride {
            startWritingOut(from: writtenOutCount, count: writtenCount - writtenOutCount)
            writtenOutCount = writtenCount
        }
    }

    /// Asks the system to start writing a range of the file to disk, without waiting for it
    /// (`sync_file_range` with `SYNC_FILE_RANGE_WRITE`); nothing where there is no such call.
    private func startWritingOut(from offset: Int, count: Int) {
        #if os(Linux)
            let startWrite: UInt32 = 2 // SYNC_FILE_RANGE_WRITE
            _ = Self.syncFileRange?(descriptor, Int64(offset), Int64(count), startWrite)
        #endif
    }

    #if os(Linux)
        /// glibc's `sync_file_range`, which its headers declare only for `_GNU_SOURCE` builds and
        /// so Swift does not see: looked up once by name.
        private static let syncFileRange: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32)? = {
            guard let symbol = dlsym(nil, "sync_file_range") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)
        }()
    #endif

    /// Flushes and, for files this sink opened, closes.
    public func close() {
        flush()
        if closesDescriptor { _ = Glibc.close(descriptor) }
    }

    deinit {
        flush()
        storage.deallocate()
    }
}

/// A file that could not be opened for writing (``OutputSink/file(atPath:)``).
public struct OutputError: Error, Sendable, CustomStringConvertible {
    /// The path as given.
    public var path: String
    /// The system's reason, such as `Permission denied`.
    public var reason: String

    /// An error opening `path`, with the system's `reason`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The error in words, naming the file.
    public var description: String { "cannot write \(path): \(reason)" }
}
