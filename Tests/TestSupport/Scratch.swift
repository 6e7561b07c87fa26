import Foundation

/// Where tests write files: one folder per test process, removed when the process exits, so a
/// test run leaves nothing behind in the temporary directory whichever of its tests fail.
public enum Scratch {
    /// The process's folder, made on first use.
    public static let folder: String = {
        let path = NSTemporaryDirectory() + "scrollback-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        // Registered once, when the folder is made; by the time it runs the folder is known.
        atexit { try? FileManager.default.removeItem(atPath: Scratch.folder) }
        return path
    }()

    /// A path in ``folder`` that no other test uses: `name`, a unique id, then `.extension`.
    public static func path(_ name: String, extension pathExtension: String? = nil) -> String {
        let file = "\(folder)/\(name)-\(UUID().uuidString)"
        return pathExtension.map { "\(file).\($0)" } ?? file
    }

    /// A new file holding `contents` at a fresh ``path(_:extension:)``.
    public static func file(_ name: String, extension pathExtension: String? = nil, holding contents: some DataProtocol) -> String {
        let path = path(name, extension: pathExtension)
        precondition(FileManager.default.createFile(atPath: path, contents: Data(contents)), "cannot write \(path)")
        return path
    }
}
