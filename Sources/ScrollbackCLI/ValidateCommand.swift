import Foundation
import Scrollback

/// `scrollback validate`: reads a whole input and reports every problem, rendering nothing.
struct ValidateCommand {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check that an input can be read, and report every problem in it.",
        discussion: "Exits 0 when every message is usable and every field readable, 65 otherwise.",
        positionals: [PositionalSpec(name: "input", help: "A JSON or NDJSON file, or - for standard input.", defaultDescription: "-")],
        options: [.flag("help", short: "h", help: "Show help information.")],
        examples: [
            ("Check an export before rendering it:", "scrollback validate chat.json && scrollback render chat.json -o chat.html")
        ]
    )

    let tool: ScrollbackTool
    let arguments: ParsedArguments

    func run() -> Int32 {
        let input = arguments.positionals.first ?? "-"
        var skipped = 0
        var fieldWarnings = 0
        var channels = 0
        do {
            var reader = try TranscriptReader(path: input) { warning in
                if warning.skippedMessage { skipped += 1 } else { fieldWarnings += 1 }
                tool.warning("\(input): \(warning)")
            }
            while let event = try reader.next() {
                if case .channel = event { channels += 1 }
            }
            let shape = reader.shape?.rawValue ?? "empty"
            var summary = "\(input): \(shape) input, \(Self.count(channels, "channel")), \(Self.count(reader.messageCount, "message"))"
            summary += skipped > 0 ? ", \(skipped) skipped" : ""
            summary += fieldWarnings > 0 ? ", \(Self.count(fieldWarnings, "field warning"))" : ""
            tool.standardOutput.write(summary + "\n")
        } catch {
            return tool.failure("\(input): \(error)", status: RenderCommand.status(for: error))
        }
        return skipped + fieldWarnings == 0 ? ScrollbackTool.ExitCode.success : ScrollbackTool.ExitCode.dataError
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
