import Foundation
import Scrollback

/// `--output-dir`: one file per channel, named `001-general.html`, ..., and an index file that
/// links them with their message counts and dates.
struct OutputDirectory {
    let directory: String
    let fileExtension: String
    let options: RenderOptions

    /// Renders every channel through backends made by `makeBackend` into files opened in
    /// `files`, then the index. A read error does not throw: the channel it cut short ends with
    /// the line that says where the transcript stops, the index lists the channels so far, and
    /// the error comes back in the result for the caller to decide what to keep.
    func render<Backend: TranscriptBackend>(
        _ job: RenderCommand.Job, into files: OutputFiles,
        makeBackend: (OutputSink) -> Backend
    ) throws -> RenderCommand.Rendering {
        var rendering = RenderCommand.Rendering()
        var entries: [ViewFactory.IndexEntry] = []
        var sink: OutputSink?
        var fileName = ""
        var usedNames: Set<String> = []
        do {
            try job.renderer.renderEachChannel(
                path: job.readPath, strict: job.strict, onWarning: job.report,
                makeBackend: { channel in
                    fileName = uniqueName(for: channel, number: entries.count + 1, used: &usedNames)
                    let opened = try files.open(path(fileName))
                    sink = opened
                    return makeBackend(opened)
                },
                completed: { _, channel, summary in
                    if let opened = sink { try files.close(opened) }
                    sink = nil
                    entries.append(
                        ViewFactory.IndexEntry(
                            fileName: fileName, title: channel.flatMap(title) ?? options.theme.string(.untitled),
                            summary: summary))
                    rendering.messageCount += summary.messageCount
                })
        } catch let error as ReadError {
            rendering.readError = error
        }
        let indexName = "index." + fileExtension
        let indexSink = try files.open(path(indexName))
        var index = makeBackend(indexSink)
        job.renderer.renderIndex(of: entries, title: options.theme.string(.transcripts), to: &index)
        try files.close(indexSink)
        rendering.paths = (entries.map(\.fileName) + [indexName]).map(path)
        return rendering
    }

    /// The channel's name, else its members' (`--me` left out), as its heading says.
    private func title(_ channel: ChatChannel) -> String? {
        channel.title(currentUserID: options.currentUserID, theme: options.theme)
    }

    private func path(_ fileName: String) -> String { (directory as NSString).appendingPathComponent(fileName) }

    /// `003-support-tickets.html`: the number keeps the input's order, the slug says which channel.
    /// Letters and digits of every script are kept (`002-inês-moura.html`, `005-開発チーム.html`),
    /// with the marks that belong to them (a Devanagari vowel sign or virama), lowercased and in
    /// NFC, the form macOS, Windows and Linux file systems all accept and show alike; anything
    /// else (spaces, punctuation, symbols, controls) becomes one `-`. At most 40 characters, so
    /// a name stays well under every file system's 255-byte limit.
    private func uniqueName(for channel: ChatChannel?, number: Int, used: inout Set<String>) -> String {
        let source = channel.flatMap(title) ?? channel?.id ?? "messages"
        var slug = ""
        var length = 0
        for scalar in source.lowercased().precomposedStringWithCanonicalMapping.unicodeScalars {
            let properties = scalar.properties
            let isMark = [.nonspacingMark, .spacingMark, .enclosingMark].contains(properties.generalCategory)
            if isMark {
                // A mark belongs to the letter before it; never to a `-` or the start.
                if !slug.isEmpty, !slug.hasSuffix("-") { slug.unicodeScalars.append(scalar) }
            } else if properties.isAlphabetic || properties.numericType != nil {
                slug.unicodeScalars.append(scalar)
                length += 1
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
                length += 1
            }
            if length >= 40 { break }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        let prefix = String(repeating: "0", count: max(0, 3 - String(number).count)) + String(number)
        var name = "\(prefix)\(slug.isEmpty ? "" : "-" + slug).\(fileExtension)"
        var suffix = 2
        while !used.insert(name).inserted {
            name = "\(prefix)-\(suffix).\(fileExtension)"
            suffix += 1
        }
        return name
    }
}
