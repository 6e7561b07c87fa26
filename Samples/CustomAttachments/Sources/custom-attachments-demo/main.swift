import CustomAttachments
import Foundation
import Scrollback

// custom-attachments-demo [TRANSCRIPT] [OUTPUT-DIRECTORY]
// Renders the transcript with the app's attachment views to HTML, ANSI and Markdown files and
// prints their paths; the weekly distance goes to standard error.

/// The sample transcript, found from this file so the demo runs from any directory.
let defaultTranscript = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent() // custom-attachments-demo
    .deletingLastPathComponent() // Sources
    .deletingLastPathComponent() // CustomAttachments
    .deletingLastPathComponent() // Samples
    .appendingPathComponent("transcripts/custom-attachments.json").path

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
    exit(1)
}

let usage = "Usage: custom-attachments-demo [TRANSCRIPT] [OUTPUT-DIRECTORY]"
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
    print(usage)
    exit(0)
}
if arguments.count > 2 {
    FileHandle.standardError.write(Data("Error: too many arguments\n\(usage)\n".utf8))
    exit(64)
}
let inputPath = arguments.first ?? defaultTranscript
let outputDirectory = arguments.dropFirst().first ?? "out"

let transcript: AppTranscript
do {
    transcript = try AppTranscript(path: inputPath)
} catch {
    fail("\(error)") // names the file already
}

do {
    try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
} catch {
    fail("cannot create \(outputDirectory): \(error.localizedDescription)")
}

let name = URL(fileURLWithPath: inputPath).deletingPathExtension().lastPathComponent
for format in OutputFormat.allCases {
    // The terminal text keeps its colours' escape sequences: `.ansi` rather than the format's
    // `.txt`, so that it is not taken for plain text.
    let fileExtension = format == .ansi ? "ansi" : format.fileExtension
    let path = URL(fileURLWithPath: outputDirectory).appendingPathComponent("\(name).\(fileExtension)").path
    let sink: OutputSink
    do {
        sink = try OutputSink.file(atPath: path)
    } catch {
        fail("\(error)")
    }
    transcript.render(as: format, to: sink)
    sink.close()
    if let failure = sink.failure { fail("cannot write \(path): \(String(cString: strerror(failure)))") }
    print(path)
}

let weekFormat = Date.FormatStyle(
    date: .abbreviated, time: .omitted, locale: AppTranscript.options.locale,
    timeZone: AppTranscript.options.timeZone)
for week in WorkoutWeek.totals(of: transcript.messages, timeZone: AppTranscript.options.timeZone) {
    let kilometers = week.kilometers.formatted(.number.precision(.fractionLength(1)).locale(AppTranscript.options.locale))
    FileHandle.standardError.write(
        Data("Week of \(week.start.formatted(weekFormat)): \(week.workoutCount) workouts, \(kilometers) km\n".utf8))
}
