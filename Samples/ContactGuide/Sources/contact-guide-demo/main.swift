import ContactGuide
import Foundation
import Scrollback

// contact-guide-demo [html|ansi|markdown] [TRANSCRIPT]
// Prints the transcript (default: the sample's Fixtures/front-desk.json) with every step of
// the guide on; problems go to standard error.

let fixture = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent() // contact-guide-demo
    .deletingLastPathComponent() // Sources
    .deletingLastPathComponent() // ContactGuide
    .appendingPathComponent("Fixtures/front-desk.json").path

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count <= 2, let format = try? OutputFormat.named(arguments.first ?? "markdown") else {
    FileHandle.standardError.write(Data("Usage: contact-guide-demo [html|ansi|markdown] [TRANSCRIPT]\n".utf8))
    exit(64)
}
do {
    let output = try ContactGuide.render(path: arguments.count == 2 ? arguments[1] : fixture, as: format) { warning in
        FileHandle.standardError.write(Data("warning: \(warning)\n".utf8))
    }
    FileHandle.standardOutput.write(Data(output.utf8))
} catch {
    FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
    exit(65)
}
