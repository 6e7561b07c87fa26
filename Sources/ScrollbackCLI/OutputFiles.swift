import Foundation
import Scrollback

#if canImport(Glibc)
    import Glibc
#endif

/// The files one command writes, put in place together or not at all.
///
/// Each file is written to a temporary file beside it (`.chat.html.1f2e3d4c.tmp`, created
/// exclusively, with the mode a new file gets: 0644 less the umask, or the mode of the file it
/// replaces), and ``commit()`` renames them all into place, in the order they were opened, so
/// that an index opened last appears last. Until then no destination is touched; ``discard()``
/// (also run when the set is released uncommitted) removes the temporary files and any
/// directory ``makeDirectory(_:)`` created, and so does a SIGINT, SIGQUIT, SIGTERM or SIGHUP
/// (``InterruptCleanup``).
///
/// A destination that exists but is not a regular file (`/dev/null`, a FIFO, a terminal) cannot
/// be replaced: it is written in place, as it is opened. A symbolic link to a regular file is
/// followed, so that the file it names is replaced and the link stays.
final class OutputFiles {
    private struct File {
        /// The path as given, for messages.
        let destination: String
        /// Where the file goes: `destination` with symbolic links followed.
        let target: String
        /// `nil` for a destination written in place.
        let temporary: String?
        let descriptor: Int32
        /// `nil` once the file is closed: each sink holds a 64 KB buffer, and a `--split 1`
        /// of thousands of pages kept them all until the end.
        var sink: OutputSink?
        var cleanupToken: Int?
        var isClosed: Bool { sink == nil }
    }

    private var files: [File] = []
    /// The cleanup tokens of the directories made for the set, outermost first.
    private var madeDirectories: [Int] = []
    private var isFinished = false

    deinit { discard() }

    /// Whether any file has been opened.
    var isEmpty: Bool { files.isEmpty }

    /// The destinations, in the order they were opened.
    var destinations: [String] { files.map(\.destination) }

    /// Whether committing would replace a file that exists now.
    var replacesExistingFiles: Bool {
        files.contains { file in
            var status = stat()
            return file.temporary != nil && lstat(file.target, &status) == 0
        }
    }

    /// Creates `path` and the directories above it that are missing; those are removed again
    /// if the set is discarded and they are still empty.
    func makeDirectory(_ path: String) throws(OutputError) {
        var missing: [String] = []
        var current = path
        var status = stat()
        while !current.isEmpty, current != "/", current != ".", stat(current, &status) != 0 {
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        for directory in missing.reversed() {
            let made: Result<Int, OutputError>? = InterruptCleanup.atomically { paths in
                guard mkdir(directory, 0o777) == 0 else {
                    // Made by someone else meanwhile: theirs, not ours to remove.
                    if errno == EEXIST { return nil }
                    return .failure(OutputError(path: directory, reason: String(cString: strerror(errno))))
                }
                return .success(paths.register(directory, isDirectory: true))
            }
            if let token = try made?.get() { madeDirectories.append(token) }
        }
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw OutputError(path: path, reason: String(cString: strerror(ENOTDIR)))
        }
    }

    /// A sink for the file at `path`: a new temporary file beside it, or the destination itself
    /// when that is a device or a FIFO. Fails, before anything is written, when the destination
    /// is a directory or a file this user may not write.
    func open(_ path: String) throws(OutputError) -> OutputSink {
        var target = path
        var status = stat()
        var existing: stat?
        if lstat(path, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFLNK, stat(path, &status) == 0 {
                if let resolved = realpath(path, nil) {
                    target = String(cString: resolved)
                    free(resolved)
                }
            }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                throw OutputError(path: path, reason: String(cString: strerror(EISDIR)))
            case S_IFREG:
                // Replacing needs only the directory's permission; writing in place needed the file's.
                guard access(target, W_OK) == 0 else { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
                existing = status
            case S_IFLNK:
                break // a link to nothing: it is replaced by the file
            default:
                return try openInPlace(path)
            }
        } else if errno != ENOENT {
            throw OutputError(path: path, reason: String(cString: strerror(errno)))
        }

        // Created and registered in one step, so that no interrupt leaves it behind.
        let (descriptor, temporary, token) = try InterruptCleanup.atomically { paths throws(OutputError) in
            let (descriptor, temporary) = try createTemporary(beside: target, for: path)
            return (descriptor, temporary, paths.register(temporary))
        }
        if let existing {
            // A transcript someone kept private stays private; the owner is kept where allowed.
            _ = fchmod(descriptor, existing.st_mode & 0o777)
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)
        }
        let sink = OutputSink(descriptor: descriptor)
        // Replacing a file is when the system writes the new one out in the rename.
        sink.writesOutAsItGrows = existing != nil
        files.append(
            File(
                destination: path, target: target, temporary: temporary, descriptor: descriptor, sink: sink,
                cleanupToken: token))
        return sink
    }

    /// Writes out what `sink` holds and closes its file; fails with the first write error.
    func close(_ sink: OutputSink) throws(OutputError) {
        // The file closed is nearly always the last one opened.
        guard let index = files.lastIndex(where: { $0.sink === sink }), !files[index].isClosed else { return }
        try close(at: index)
    }

    /// Puts every file in place, in the order they were opened. The renames happen with the
    /// cleanup signals held back, so that an interrupt comes after all of them or before any.
    /// If one fails (a rare thing: the directory changed under us), the files before it are in
    /// place and the rest are removed.
    func commit() throws(OutputError) {
        for index in files.indices where !files[index].isClosed {
            try close(at: index)
        }
        try InterruptCleanup.atomically { paths throws(OutputError) in
            for index in files.indices {
                guard let temporary = files[index].temporary, let token = files[index].cleanupToken else { continue }
                guard rename(temporary, files[index].target) == 0 else {
                    throw OutputError(path: files[index].destination, reason: String(cString: strerror(errno)))
                }
                paths.forget(token)
                files[index].cleanupToken = nil
            }
            for token in madeDirectories { paths.forget(token) }
        }
        madeDirectories = []
        isFinished = true
    }

    /// Removes every temporary file not yet in place, and the directories made for them.
    func discard() {
        guard !isFinished else { return }
        isFinished = true
        for index in files.indices {
            if !files[index].isClosed {
                files[index].sink?.flush()
                files[index].sink = nil
                _ = Glibc.close(files[index].descriptor)
            }
            if let token = files[index].cleanupToken {
                InterruptCleanup.atomically { $0.remove(token) }
                files[index].cleanupToken = nil
            }
        }
        InterruptCleanup.atomically { paths in
            for token in madeDirectories.reversed() { paths.remove(token) }
        }
        madeDirectories = []
    }

    private func close(at index: Int) throws(OutputError) {
        let file = files[index]
        file.sink?.flush()
        files[index].sink = nil
        let failure = file.sink?.failure
        // close() can report a write the kernel deferred (NFS, quotas).
        let closed = Glibc.close(file.descriptor) == 0 || errno == EINTR
        if let failure { throw OutputError(path: file.destination, reason: String(cString: strerror(failure))) }
        if !closed { throw OutputError(path: file.destination, reason: String(cString: strerror(errno))) }
    }

    /// A device or FIFO: written as it is opened, as it always was.
    private func openInPlace(_ path: String) throws(OutputError) -> OutputSink {
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
        let sink = OutputSink(descriptor: descriptor)
        files.append(File(destination: path, target: path, temporary: nil, descriptor: descriptor, sink: sink))
        return sink
    }

    /// `.NAME.XXXXXXXX.tmp` in the target's directory (the same file system, so that a rename
    /// puts it in place), created exclusively with mode 0644 less the umask. Hidden, and not
    /// ending in `.html`, so that nothing serving or globbing the directory takes it for a
    /// transcript.
    private func createTemporary(beside target: String, for destination: String) throws(OutputError) -> (Int32, String) {
        let directory = (target as NSString).deletingLastPathComponent
        var name = (target as NSString).lastPathComponent
        // Room for the decoration within a file name's 255 bytes.
        while name.utf8.count > 200 { name.removeLast() }
        for _ in 0..<100 {
            let suffix = String(UInt32.random(in: .min ... .max), radix: 16)
            let leaf = "." + name + "." + String(repeating: "0", count: 8 - suffix.count) + suffix + ".tmp"
            let path = directory.isEmpty ? leaf : (directory as NSString).appendingPathComponent(leaf)
            let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 { return (descriptor, path) }
            guard errno == EEXIST else {
                // Say why: the destination itself may well be writable.
                let place = directory.isEmpty ? "the current directory" : directory
                throw OutputError(
                    path: destination,
                    reason: "cannot create a temporary file in \(place): \(String(cString: strerror(errno)))")
            }
        }
        throw OutputError(path: destination, reason: "no free temporary name beside it")
    }
}
