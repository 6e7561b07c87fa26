import Foundation
import Scrollback

/// `--output-dir`: one file per channel, named `001-general.html`, ... (``ChannelFileNames``),
/// and an index file that links them with their message counts and dates.
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
        let names = ChannelFileNames(fileExtension: fileExtension)
        var rendering = RenderCommand.Rendering()
        var entries: [ViewFactory.IndexEntry] = []
        var sink: OutputSink?
        var fileName = ""
        do {
            try job.renderer.renderEachChannel(
                path: job.readPath, strict: job.strict, onWarning: job.report, names: names,
                makeBackend: { _, name in
                    fileName = name
                    let opened = try files.open(path(name))
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
        let indexSink = try files.open(path(names.indexFileName))
        var index = makeBackend(indexSink)
        job.renderer.renderIndex(of: entries, title: options.theme.string(.transcripts), to: &index)
        try files.close(indexSink)
        rendering.paths = (entries.map(\.fileName) + [names.indexFileName]).map(path)
        return rendering
    }

    /// The channel's name, else its members' (`--me` left out), as its heading says.
    private func title(_ channel: ChatChannel) -> String? {
        channel.title(currentUserID: options.currentUserID, theme: options.theme)
    }

    private func path(_ fileName: String) -> String { (directory as NSString).appendingPathComponent(fileName) }
}
