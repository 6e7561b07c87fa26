import Foundation
import Scrollback

/// `scrollback validate`: reads a whole input and reports every problem, rendering nothing.
struct ValidateCommand: Command {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check that an input can be read, and report every problem in it.",
        discussion: """
            Every problem is reported, however many (render and view say the first 20, then count \
            the rest). Exits 0 when every message is usable and every field readable, 65 otherwise.
            """,
        positionals: [.input],
        options: Options(),
        examples: [
            ("Check an export before rendering it:", "scrollback validate chat.json && scrollback render chat.json -o chat.html")
        ]
    )

    struct Options: OptionGroup {
        let progressLine = ProgressLine.Options()
        /// What `render --as-of` would show is what is checked (a day ends in the machine's zone).
        let asOf = TranscriptOptions.asOfOption

        var declarations: [any OptionDeclaration] {
            [progressLine, asOf]
        }
    }

    /// The report goes to standard output, and the line may show on a terminal.
    static func progressLine(_ arguments: ParsedArguments<Options>) -> ProgressLine.Request? {
        ProgressLine.Request(arguments.group(\.progressLine), documentOnStandardOutput: false)
    }

    let tool: ScrollbackTool
    let arguments: ParsedArguments<Options>

    func run() -> Int32 {
        // As render: no file with the keyboard as standard input is a forgotten argument.
        if arguments.positionals.isEmpty, tool.standardInputIsTerminal {
            return tool.usageError("validate needs a file, '-' or a transcript piped in: standard input is the terminal.", spec: Self.spec)
        }
        let input = arguments.positionals.first ?? "-"
        var asOf: Date?
        if let text = arguments[\.asOf] {
            switch TranscriptOptions.asOf(text, timeZone: TimeZone.current) {
            case .success(let date): asOf = date
            case .failure(let error): return tool.usageError(error.message, spec: Self.spec)
            }
        }
        var skipped = 0
        var fieldWarnings = 0
        var channels = 0
        do {
            var reader = try TranscriptReader(path: input) { warning in
                if warning.skippedMessage { skipped += 1 } else { fieldWarnings += 1 }
                tool.warning("\(input): \(warning)")
            }
            reader.asOf = asOf
            // One reading: the progress line counts it as `reading`, of the file's size when known.
            let display = tool.progressLine.map { RenderProgressDisplay(line: $0, label: "reading") }
            let size = input == "-" ? nil : Self.fileSize(input)
            var events = 0
            while let event = try reader.next() {
                if case .channel = event { channels += 1 }
                events &+= 1
                if let display, events & (RenderProgress.interval - 1) == 0 {
                    display.report(
                        RenderProgress(
                            phase: .indexing, messagesDone: reader.messageCount, bytesRead: reader.bytePosition, byteTotal: size))
                }
            }
            let shape = reader.shape?.rawValue ?? "empty"
            var summary = "\(input): \(shape) input, \(Self.count(channels, "channel")), \(Self.count(reader.messageCount, "message"))"
            summary += skipped > 0 ? ", \(skipped) skipped" : ""
            summary += fieldWarnings > 0 ? ", \(Self.count(fieldWarnings, "field warning"))" : ""
            if let log = reader.eventLogSummary {
                // What the replay did with events that show no message of their own.
                summary += "; \(Self.count(log.events, "event")): \(log.transcriptNeutral) without transcript change skipped"
                summary += ", \(log.hardDeleted) hard-deleted, \(log.leftOut) left out"
                if asOf != nil { summary += ", \(log.afterAsOf) after --as-of" }
            } else if asOf != nil {
                tool.warning("\(input): --as-of changes nothing: the input is not an event log")
            }
            // Standard output may be the same terminal: the line goes before the summary comes.
            tool.progressLine?.clear()
            tool.standardOutput.write(summary + "\n")
        } catch {
            return tool.failure("\(input): \(error)", status: RenderCommand.status(for: error))
        }
        return skipped + fieldWarnings == 0 ? ScrollbackTool.ExitCode.success : ScrollbackTool.ExitCode.dataError
    }

    /// The size of a regular file; `nil` for anything else (a pipe gives no size ahead).
    static func fileSize(_ path: String) -> Int64? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(status.st_size)
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
