import Foundation
import Scrollback
import TestSupport
import Testing

@testable import ScrollbackCLI

/// Reading and writing on threads of their own (the default) must not change a byte: every
/// sample, and a generated export with every feature and some broken messages, render the same
/// with `--single-thread`, warnings and exit status included.
@Suite struct SingleThreadEquivalenceTests {
    static let formats: [[String]] = [
        ["--format", "html"], ["--format", "ansi", "--color", "always", "--width", "100"], ["--format", "markdown"],
    ]

    static var sampleFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: samples.path)) ?? []
        return names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".ndjson") }.sorted().map { samples.appendingPathComponent($0).path }
    }

    /// The command line wraps its backend to learn the title and the count: the wrapper keeps
    /// the format's writing thread. (It once did not, and every rendering drew and wrote on one
    /// thread while the tests above compared one thread with itself.)
    @Test func theCommandLinesBackendWritesBehind() {
        let html = OutputFormat.html.makeBackend(output: OutputSink.memory(), options: .default)
        #expect((RecordingBackend(html) as Any) is any WritesBehind)
        let caller = OutputFormat.html.makeBackend(output: "", options: .default)
        #expect(!((RecordingBackend(caller) as Any) is any WritesBehind), "a String is the caller's")
    }

    @Test func samplesRenderTheSameOnOneThread() {
        #expect(Self.sampleFiles.count >= 10)
        for file in Self.sampleFiles {
            for format in Self.formats {
                expectSameOutput(["render", file, "--timezone", "UTC"] + format, label: "\(file) \(format[1])")
            }
        }
    }

    @Test func generatedExportRendersTheSameOnOneThread() {
        let file = temporaryFile(GeneratedExport.json(messages: 2_500, seed: 7))
        // Warnings from both passes' reading and from the drawing, in input order: the tool says
        // the first twenty and counts the rest (`everyThreadingChoiceRendersTheSame` compares all).
        let warnings = ToolRun(["render", file, "--format", "markdown"]).errors
        let unsaid = warnings.split(separator: "\n").last?.components(separatedBy: "…and ").last?.split(separator: " ").first
        #expect(unsaid.flatMap { Int($0) } ?? 0 > 80, "\(warnings.suffix(200))")
        for format in Self.formats {
            expectSameOutput(["render", file, "--timezone", "Europe/Berlin", "--me", "user3"] + format, label: format[1])
        }
        // Strict reading stops at the same message either way.
        expectSameOutput(["render", file, "--strict", "--format", "markdown"], label: "strict")
    }

    @Test func splitPagesAreTheSameOnOneThread() throws {
        let file = temporaryFile(GeneratedExport.json(messages: 1_200, seed: 11))
        let base = Scratch.path("equivalence")
        defer { try? FileManager.default.removeItem(atPath: base) }
        for folder in ["/a", "/b"] { try FileManager.default.createDirectory(atPath: base + folder, withIntermediateDirectories: true) }
        let threaded = ToolRun(["render", file, "--split", "300", "-o", base + "/a/chat.html", "--timezone", "UTC"])
        let single = ToolRun(["render", file, "--split", "300", "-o", base + "/b/chat.html", "--timezone", "UTC", "--single-thread"])
        #expect(threaded.status == single.status)
        #expect(threaded.errors.replacingOccurrences(of: "/a/", with: "/b/") == single.errors)
        let pages = try FileManager.default.contentsOfDirectory(atPath: base + "/a").sorted()
        #expect(pages.count >= 5)
        #expect(pages == (try FileManager.default.contentsOfDirectory(atPath: base + "/b").sorted()))
        for page in pages {
            #expect(
                FileManager.default.contents(atPath: base + "/a/" + page) == FileManager.default.contents(atPath: base + "/b/" + page),
                "page \(page)")
        }
    }

    /// The library's three ``TranscriptRenderer/Threading`` choices give the same bytes and
    /// warnings; `.readingOnly` is what a coloured terminal gets, which the tool cannot be asked for.
    @Test func everyThreadingChoiceRendersTheSame() throws {
        let file = temporaryFile(GeneratedExport.json(messages: 1_500, seed: 5))
        let options = RenderOptions.default
        for format in [OutputFormat.html, .ansi, .markdown] {
            let results = try [TranscriptRenderer.Threading.readingAndWriting, .readingOnly, .none].map { threading in
                var renderer = TranscriptRenderer(options: options)
                renderer.threading = threading
                let sink = OutputSink.memory()
                var warnings: [String] = []
                var backend = format.makeBackend(output: sink, options: options)
                _ = try renderer.render(path: file, onWarning: { warnings.append("\($0)") }, to: &backend)
                return (sink.capturedText, warnings)
            }
            #expect(results[0].0.count > 100_000, "\(format)")
            #expect(results.allSatisfy { $0.0 == results[0].0 && $0.1 == results[0].1 }, "\(format)")
        }
    }

    private func expectSameOutput(_ arguments: [String], label: String) {
        let threaded = ToolRun(arguments)
        let single = ToolRun(arguments + ["--single-thread"])
        #expect(!threaded.output.isEmpty, "\(label)")
        #expect(threaded.status == single.status, "\(label)")
        #expect(threaded.output == single.output, "\(label)")
        #expect(threaded.errors == single.errors, "\(label)")
    }
}

/// A channel export with what a long real one has: many authors (a shared name, names in other
/// scripts), Markdown, threads (some replies also in the channel), quotes of present and
/// missing messages, reactions, attachments of every kind, deleted and system messages, days
/// going by, and now and then a message the reader must skip or a field of the wrong type.
enum GeneratedExport {
    static func json(messages count: Int, seed: UInt64) -> String {
        var random = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next(_ bound: Int) -> Int {
            random ^= random << 13
            random ^= random >> 7
            random ^= random << 17
            return Int(random % UInt64(bound))
        }
        let names = ["Maya Lee", "Rin", "Zoë Ørsted", "Алексей", "山田 太郎", "maya lee", "Kai O'Neill", "Giulia Rossi", "🚀 bot"]
        let texts = [
            "Plain words, nothing more.", "**Bold** and _italic_ with `code`", "See [the docs](https://example.com/docs) <b>not html</b>",
            "- one\n- two\n- [x] done", "| a | b |\n|---|---|\n| 1 | 2 |", "```swift\nlet x = 1\n```", "~~gone~~ but here",
            "A long line " + String(repeating: "word ", count: 40), "<script>alert(1)</script>", "\u{1B}[31mred?\u{1B}[0m",
            "emoji 👍🏽 and combining é", "> quoted block\n\nreply", "",
        ]
        let attachments = [
            #"{"type":"image","image_url":"https://example.com/p.png","original_width":640,"original_height":480,"fallback":"p.png"}"#,
            #"{"type":"file","title":"report.pdf","asset_url":"https://example.com/r.pdf","mime_type":"application/pdf","file_size":12345}"#,
            #"{"type":"giphy","title":"wave","thumb_url":"https://example.com/w.gif"}"#,
            #"{"type":"video","title":"clip.mp4","asset_url":"https://example.com/c.mp4","duration":43}"#,
            #"{"type":"product","title":"Chair","price":"€120"}"#,
            #"{"type":"link","og_scrape_url":"https://example.com","title":"Example","text":"A page","image_url":"https://example.com/i.jpg"}"#,
        ]
        var ids: [String] = []
        var parts: [String] = []
        var time = 1_700_000_000
        for number in 0..<count {
            time += 30 + next(4_000)
            let id = "m\(number)"
            let author = next(names.count)
            var fields = [
                #""id":"\#(id)""#, #""text":\#(quoted(texts[next(texts.count)]))"#,
                #""user":{"id":"user\#(author)","name":\#(quoted(names[author]))}"#,
                #""created_at":"\#(ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(time))))""#,
            ]
            switch next(20) {
            case 0: fields.append(#""type":"deleted""#)
            case 1: fields.append(#""type":"system""#)
            case 2 where !ids.isEmpty:
                fields.append(#""parent_id":"\#(ids[next(ids.count)])""#)
                if next(3) == 0 { fields.append(#""show_in_channel":true"#) }
            case 3 where !ids.isEmpty: fields.append(#""quoted_message_id":"\#(next(4) == 0 ? "missing" : ids[next(ids.count)])""#)
            case 4: fields.append(#""attachments":[\#(attachments[next(attachments.count)]),\#(attachments[next(attachments.count)])]"#)
            case 5:
                let who = next(names.count)
                fields.append(
                    #""latest_reactions":[{"type":"like","user_id":"user\#(who)"},{"type":"love","user":{"id":"user\#((who + 1) % names.count)"}}],"reaction_groups":{"like":{"count":\#(1 + next(30))},"love":{"count":1}}"#
                )
            case 6: fields.append(#""pinned":true,"pinned_by":{"id":"user1"}"#)
            case 7: fields.append(#""reply_count":"many""#) // the wrong type: a warning
            default: break
            }
            if next(150) == 0 {
                parts.append(#"{"text":"no id, skipped"}"#)
                continue
            }
            ids.append(id)
            parts.append("{" + fields.joined(separator: ",") + "}")
        }
        return #"{"channel":{"id":"general","type":"messaging","name":"General"},"messages":["# + parts.joined(separator: ",\n") + "]}"
    }

    private static func quoted(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }
}
