import Foundation
import TestSupport
import Testing

@testable import Scrollback

/// Compiles a client's source file against the built `Scrollback` module, as an app's build
/// would: for what must, or must not, compile.
enum TypeChecking {
    /// What the compiler said of a file.
    struct Outcome {
        var compiled: Bool
        /// Errors and warnings, as printed.
        var diagnostics: String
    }

    /// Where `swift build` put the modules, or `nil` (recorded as an issue) when it has not.
    static var builtModules: URL? {
        let modules = SampleTranscripts.repositoryRoot.appendingPathComponent(".build/debug/Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("Scrollback.swiftmodule").path) else {
            Issue.record("no built Scrollback module at \(modules.path)")
            return nil
        }
        return modules
    }

    /// Type-checks `source`, which may import `Scrollback` and the modules `emitModule` made
    /// in `moduleDirectory`.
    static func typeCheck(_ source: String, modules: URL, moduleDirectory: URL? = nil) throws -> Outcome {
        let file = URL(fileURLWithPath: Scratch.path("client", extension: "swift"))
        try source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        var arguments = ["-typecheck", "-I", modules.path, "-I", cmarkModuleMap.path]
        if let moduleDirectory { arguments += ["-I", moduleDirectory.path] }
        return try swiftc(arguments + [file.path])
    }

    /// Builds `source` as a module called `name` in a new scratch directory, and returns that
    /// directory: a stand-in for a framework Scrollback must live next to.
    static func emitModule(named name: String, source: String) throws -> URL {
        let directory = URL(fileURLWithPath: Scratch.path("modules-\(name)", extension: "d"))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("\(name).swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let outcome = try swiftc([
            "-emit-module", "-parse-as-library", "-module-name", name,
            "-emit-module-path", directory.appendingPathComponent("\(name).swiftmodule").path, file.path,
        ])
        if !outcome.compiled { Issue.record("the stand-in module \(name) did not build: \(outcome.diagnostics)") }
        return directory
    }

    private static var cmarkModuleMap: URL { SampleTranscripts.repositoryRoot.appendingPathComponent("Sources/CCmark") }

    private static func swiftc(_ arguments: [String]) throws -> Outcome {
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compiler.arguments = ["swiftc"] + arguments
        let diagnostics = Pipe()
        compiler.standardError = diagnostics
        compiler.standardOutput = FileHandle.nullDevice
        try compiler.run()
        let output = String(decoding: diagnostics.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        compiler.waitUntilExit()
        return Outcome(compiled: compiler.terminationStatus == 0, diagnostics: output)
    }
}
