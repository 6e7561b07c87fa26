import Foundation
import ScrollbackTesting
import Testing

@testable import Scrollback

/// Messages in CJK, emoji (ZWJ sequences, flags, skin tones, keycaps, VS16) and right-to-left
/// scripts, laid out at 40, 80 and 120 columns: references reviewed like code, and every line
/// within the width.
@Suite struct TerminalWidthSnapshotTests {
    static let transcript = """
        {"channel":{"id":"w","name":"Widths 🌐 幅"},"messages":[
        {"id":"1","user":{"id":"hina","name":"佐藤 陽翔"},"created_at":"2026-04-01T09:00:00Z",
         "text":"東京の新しいオフィスは来週から使えます。会議室の予約はカレンダーからお願いします。中文也可以：我们下周见！한국어도 됩니다."},
        {"id":"2","user":{"id":"sam","name":"Sam"},"created_at":"2026-04-01T09:01:00Z",
         "text":"Family 👨‍👩‍👧‍👦 flags 🇯🇵🇫🇷🇺🇦 skin 👍🏽👋🏿 keycaps 1️⃣#️⃣ heart ❤️ rainbow 🏳️‍🌈 and a supercalifragilisticexpialidociouswordthatislongerthanalineshouldbe"},
        {"id":"3","user":{"id":"layla","name":"ليلى حداد"},"created_at":"2026-04-01T09:02:00Z",
         "text":"مرحبا بالجميع، الترجمة العربية جاهزة الآن. שלום לכולם, גם העברית מוכנה. Mixed: version 2.1 ✅"},
        {"id":"4","user":{"id":"me","name":"Me"},"created_at":"2026-04-01T09:03:00Z",
         "text":"My own reply, on the right: 了解です 👍🏽 — \\u202Eevil\\u202C bidi control shown, tab\\there, e\\u0301 combining.",
         "reactions":[{"type":"like","user_id":"hina"}],"reaction_counts":{"like":1}},
        {"id":"5","user":{"id":"sam","name":"Sam"},"created_at":"2026-04-01T09:04:00Z",
         "text":"```\\nlet 名前 = \\"値\\" // a code line that is long enough to wrap inside any narrow terminal 🚀🚀🚀\\n```\\n> quoted 引用 👩🏽‍💻 text"}
        ]}
        """

    @Test(arguments: [40, 80, 120])
    func layoutAtWidth(width: Int) throws {
        var options = RenderOptions.default
        options.ansi.width = width
        options.currentUserID = "me"
        options.generator = SnapshotDefaults.generator
        let renderer = TranscriptRenderer(options: options)
        var reader = TranscriptReader(bytes: Array(Self.transcript.utf8))
        var backend = ANSIBackend(output: "", options: options)
        try renderer.render(&reader, to: &backend)
        let output = backend.output
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(DisplayWidth.of(line) <= width, "\(line)")
            #expect(!line.hasSuffix(" "), "no trailing spaces: \(line)")
        }
        #expect(output.contains("⟨U+202E⟩"), "the bidi override is shown, not obeyed")
        #expect(!output.contains("\t"))
        assertSnapshot(of: output, as: .lines(pathExtension: "txt"), named: "widths-\(width)")
    }
}
