#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The input's bytes, read a chunk at a time into a sliding window, so that memory stays bounded
/// by the largest single token rather than by the file.
///
/// The parser reads ``window`` directly; when it runs out it calls
/// ``refill(discardingBefore:)`` with the first byte it still needs (the start of a token that
/// spans the chunk boundary). Line numbers are not tracked per byte: ``position(at:)`` counts
/// newlines lazily, with `memchr`, only up to where a position is asked for.
final class ByteSource {
    /// How much is read from the descriptor at a time.
    static let defaultChunkSize = 64 * 1024

    /// The name used in error messages: the path, or "standard input".
    let name: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    /// In-memory input (tests, ``init(bytes:)``), handed out a chunk at a time like a file.
    private let memory: [UInt8]
    private var memoryOffset = 0
    private let chunkSize: Int

    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes of `storage` hold input.
    private(set) var count = 0
    /// The input offset of `storage[0]`.
    private(set) var baseOffset = 0
    /// Whether the descriptor (or memory) has nothing more to give.
    private(set) var isFinished = false
    /// Where the next `pread` reads, for a source that reads from a given offset.
    private var readOffset: Int?

    // Line bookkeeping at the window's start, and at the last position asked for.
    private var baseLine = 1
    private var baseLineStart = 0
    private var markOffset = 0
    private var markLine = 1
    private var markLineStart = 0

    /// Opens a file, or standard input for `"-"`.
    init(path: String, chunkSize: Int = ByteSource.defaultChunkSize) throws(ReadError) {
        self.chunkSize = max(1, chunkSize)
        memory = []
        if path == "-" {
            name = "standard input"
            descriptor = STDIN_FILENO
            ownsDescriptor = false
        } else {
            name = path
            let opened = open(path, O_RDONLY | O_CLOEXEC)
            guard opened >= 0 else { throw ReadError.io(path: path, reason: ByteSource.lastErrorText()) }
            descriptor = opened
            ownsDescriptor = true
        }
        capacity = 2 * self.chunkSize
        storage = .allocate(capacity: capacity)
    }

    /// Reads an open descriptor from its current offset; the caller keeps it open and closes it.
    init(descriptor: Int32, name: String, chunkSize: Int = ByteSource.defaultChunkSize) {
        self.chunkSize = max(1, chunkSize)
        memory = []
        self.name = name
        self.descriptor = descriptor
        ownsDescriptor = false
        capacity = 2 * self.chunkSize
        storage = .allocate(capacity: capacity)
    }

    /// Reads the regular file open as `descriptor` from byte `offset` on, with `pread`, so that
    /// several sources can read one descriptor at once (``ParallelIndexReading``). Offsets are
    /// the file's; line numbers count from the start offset, and are not asked for.
    convenience init(descriptor: Int32, name: String, from offset: Int, chunkSize: Int = ByteSource.defaultChunkSize) {
        self.init(descriptor: descriptor, name: name, chunkSize: chunkSize)
        (baseOffset, readOffset) = (offset, offset)
        (baseLineStart, markOffset, markLineStart) = (offset, offset, offset)
    }

    /// Reads from memory; `chunkSize` exists so that tests can put chunk boundaries everywhere.
    init(bytes: [UInt8], chunkSize: Int = ByteSource.defaultChunkSize) {
        self.chunkSize = max(1, chunkSize)
        memory = bytes
        name = "input"
        descriptor = -1
        ownsDescriptor = false
        capacity = 2 * self.chunkSize
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deallocate()
        if ownsDescriptor { close(descriptor) }
    }

    /// The bytes read and not yet discarded.
    var window: UnsafePointer<UInt8> { UnsafePointer(storage) }

    /// Drops the bytes before `keep`, moves the rest to the window's start, and reads one more
    /// chunk after them. Returns `false` when the input had no more bytes.
    func refill(discardingBefore keep: Int) throws(ReadError) -> Bool {
        precondition(keep >= 0 && keep <= count)
        if keep > 0 {
            advanceBase(to: keep)
            let kept = count - keep
            if kept > 0 { (storage).update(from: storage + keep, count: kept) }
            count = kept
            baseOffset += keep
        }
        guard !isFinished else { return false }
        if capacity - count < chunkSize {
            // A token longer than the window: grow, so that it can be handed out whole.
            let newCapacity = max(capacity * 2, count + chunkSize)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            grown.update(from: storage, count: count)
            storage.deallocate()
            storage = grown
            capacity = newCapacity
        }
        let received = try readChunk(into: storage + count, maximum: chunkSize)
        if received == 0 {
            isFinished = true
            return false
        }
        count += received
        return true
    }

    private func readChunk(into destination: UnsafeMutablePointer<UInt8>, maximum: Int) throws(ReadError) -> Int {
        if descriptor < 0 {
            let received = min(maximum, memory.count - memoryOffset)
            if received > 0 {
                memory.withUnsafeBufferPointer { all in
                    destination.update(from: all.baseAddress! + memoryOffset, count: received)
                }
                memoryOffset += received
            }
            return received
        }
        while true {
            let received: Int
            if let offset = readOffset {
                received = pread(descriptor, destination, maximum, off_t(offset))
                if received > 0 { readOffset = offset + received }
            } else {
                received = read(descriptor, destination, maximum)
            }
            if received >= 0 { return received }
            if errno == EINTR { continue }
            throw ReadError.io(path: name, reason: ByteSource.lastErrorText())
        }
    }

    /// The descriptor and size of the regular file read from its current offset: what other
    /// readers of the same bytes need. `nil` for memory, pipes and `pread` sources.
    var regularFile: (descriptor: Int32, size: Int)? {
        guard readOffset == nil, let size = regularFileSize() else { return nil }
        return (descriptor, size)
    }

    /// The size of the descriptor's file, when it is a regular one (not memory, a pipe or a device).
    private func regularFileSize() -> Int? {
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// Discards the window and goes on reading at input offset `offset`, past bytes that
    /// other readers have parsed; their lines are counted only if a position is asked for.
    /// Only for a ``regularFile`` source, forwards.
    func jump(to offset: Int) throws(ReadError) {
        precondition(descriptor >= 0 && readOffset == nil && offset >= baseOffset + count, "jump(to:) forwards in a file")
        countSkippedLines()
        guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else {
            throw ReadError.io(path: name, reason: ByteSource.lastErrorText())
        }
        skipped = (baseOffset, offset, baseLine, baseLineStart)
        (count, baseOffset, isFinished) = (0, offset, false)
        // Counted from the jump on: lines relative to it, and -1 for "no line feed since".
        (baseLine, baseLineStart, markOffset, markLine, markLineStart) = (1, -1, offset, 1, -1)
    }

    /// Bytes passed by ``jump(to:)``, or discarded from the window without counting
    /// (``countsLinesOnDemand``), whose line feeds are not counted yet: from `offset`, where the
    /// count was `line` (starting at `lineStart`), to `end`.
    private var skipped: (offset: Int, end: Int, line: Int, lineStart: Int)?

    /// Counts the line feeds of the ``skipped`` bytes, and turns the counts made since into whole ones.
    private func countSkippedLines() {
        guard let skipped else { return }
        self.skipped = nil
        var (line, lineStart) = (skipped.line, skipped.lineStart)
        let chunk = 1 << 20
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: chunk)
        defer { buffer.deallocate() }
        var offset = skipped.offset
        while offset < skipped.end {
            let received = pread(descriptor, buffer, min(chunk, skipped.end - offset), off_t(offset))
            guard received > 0 else { break }
            var index = 0
            while index < received, let found = memchr(buffer + index, 0x0A, received - index) {
                index = buffer.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                line += 1
                lineStart = offset + index
            }
            offset += received
        }
        func whole(_ relative: (Int, Int)) -> (Int, Int) { (line + relative.0 - 1, relative.1 < 0 ? lineStart : relative.1) }
        (baseLine, baseLineStart) = whole((baseLine, baseLineStart))
        (markLine, markLineStart) = whole((markLine, markLineStart))
    }

    /// The line and column of the byte at `index` in the window (`index == count` is the end).
    func position(at index: Int) -> SourcePosition {
        countSkippedLines()
        let offset = baseOffset + index
        if offset >= markOffset {
            let (line, lineStart) = countLines(
                from: markOffset - baseOffset, to: index,
                line: markLine, lineStart: markLineStart)
            markOffset = offset
            markLine = line
            markLineStart = lineStart
            return SourcePosition(line: line, column: offset - lineStart + 1)
        }
        // Asked for a place before the last one: count again from the window's start.
        let (line, lineStart) = countLines(from: 0, to: index, line: baseLine, lineStart: baseLineStart)
        return SourcePosition(line: line, column: offset - lineStart + 1)
    }

    /// Whether the lines of discarded bytes are counted only when a position is asked for,
    /// by reading them again (``countSkippedLines()``): a regular file can be, and nearly every
    /// reading asks for none. Counting each window as it went (a `memchr` call a line) was about
    /// 4% of reading a pretty-printed input, whose every line is short.
    private lazy var countsLinesOnDemand = regularFileSize() != nil

    private func advanceBase(to keep: Int) {
        // Unless the last position asked for lies in the bytes kept (its count is a whole one),
        // or lines were counted since a jump (they would be lost).
        if countsLinesOnDemand && markOffset <= baseOffset + keep && (skipped == nil || (baseLine, baseLineStart) == (1, -1)) {
            let end = baseOffset + keep
            // Counted from the new start on, as after a jump.
            skipped = (skipped?.offset ?? baseOffset, end, skipped?.line ?? baseLine, skipped?.lineStart ?? baseLineStart)
            (baseLine, baseLineStart, markOffset, markLine, markLineStart) = (1, -1, end, 1, -1)
            return
        }
        (baseLine, baseLineStart) = countLines(from: 0, to: keep, line: baseLine, lineStart: baseLineStart)
        if markOffset < baseOffset + keep {
            markOffset = baseOffset + keep
            markLine = baseLine
            markLineStart = baseLineStart
        }
    }

    /// Counts the newlines in `window[from..<to]`, starting from a known line.
    private func countLines(from start: Int, to end: Int, line: Int, lineStart: Int) -> (line: Int, lineStart: Int) {
        var line = line
        var lineStart = lineStart
        var index = start
        while index < end {
            guard let found = memchr(storage + index, 0x0A, end - index) else { break }
            let newline = storage.distance(to: found.assumingMemoryBound(to: UInt8.self))
            line += 1
            lineStart = baseOffset + newline + 1
            index = newline + 1
        }
        return (line, lineStart)
    }

    private static func lastErrorText() -> String {
        String(cString: strerror(errno))
    }
}
