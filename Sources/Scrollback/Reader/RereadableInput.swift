import Foundation

/// The input of a two-pass rendering: a regular file read from the start each time, or, for
/// standard input and pipes, a scratch copy of everything they gave.
final class RereadableInput {
    private let descriptor: Int32
    private let name: String
    private let ownsDescriptor: Bool
    /// Keeps the scratch copy (and so `descriptor`) alive.
    private let copy: TemporaryFile?
    /// An entity file's directory, collected by the first reading and replayed by the next.
    private let handoff = EntityHandoff()
    private let temporaryDirectory: String
    /// An event log is replayed up to this moment (``TranscriptReader/asOf``).
    var asOf: Date?
    /// Whether an event log's earlier versions are kept (``TranscriptReader/history``).
    var history = false

    /// The input's size in bytes (of the file, or of the copy of what a pipe gave), so that a
    /// progress report can say how much of it each pass has read.
    var size: Int64 {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? Int64(status.st_size) : 0
    }

    init(path: String, temporaryDirectory: String, standardInput: Int32) throws(ReadError) {
        self.temporaryDirectory = temporaryDirectory
        if path == "-" {
            let copy = try TemporaryFile(directory: temporaryDirectory)
            try copy.appendAll(from: standardInput, name: "standard input")
            (descriptor, name, ownsDescriptor, self.copy) = (copy.descriptor, "standard input", false, copy)
            return
        }
        let opened = open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else { throw ReadError.io(path: path, reason: String(cString: strerror(errno))) }
        var status = stat()
        if fstat(opened, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
            (descriptor, name, ownsDescriptor, copy) = (opened, path, true, nil)
            return
        }
        // A pipe or a device gives its bytes once.
        defer { close(opened) }
        let copy = try TemporaryFile(directory: temporaryDirectory)
        try copy.appendAll(from: opened, name: path)
        (descriptor, name, ownsDescriptor, self.copy) = (copy.descriptor, path, false, copy)
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// A reader from the first byte.
    func reader(strict: Bool, onWarning: @escaping (ReadWarning) -> Void) -> TranscriptReader {
        lseek(descriptor, 0, SEEK_SET)
        var reader = TranscriptReader(
            source: ByteSource(descriptor: descriptor, name: name), strict: strict, handoff: handoff,
            temporaryDirectory: temporaryDirectory, onWarning: onWarning)
        reader.asOf = asOf
        reader.history = history
        return reader
    }

    /// A silent reader from the first byte for the index pass. With `strict`, the index must stop
    /// at the first problem as the render pass will, and only a full reading sees them all.
    func indexingReader(strict: Bool) -> TranscriptReader {
        guard !strict else { return reader(strict: true, onWarning: { _ in }) }
        lseek(descriptor, 0, SEEK_SET)
        var reader = TranscriptReader(
            indexing: ByteSource(descriptor: descriptor, name: name), handoff: handoff, temporaryDirectory: temporaryDirectory)
        reader.asOf = asOf
        reader.history = history
        return reader
    }
}
