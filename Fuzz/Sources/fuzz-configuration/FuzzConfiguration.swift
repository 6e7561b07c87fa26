import Foundation
import FuzzSupport
import Scrollback

// Any bytes as a theme file, a label pack and a card file, through the configuration checker.
// A theme or label pack that loads renders a small transcript, checked in every format: a
// theme's colours, fonts and labels must not break out of the page's stylesheet or markup.

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzConfiguration(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    withinBudget { check(bytes(start, count)) }
    return 0
}

private func check(_ input: [UInt8]) {
    let json = String(decoding: input, as: UTF8.self)
    if let theme = try? Theme(json: json) { Rendering.checkEveryFormat(sample, theme: theme) }
    if let pack = try? Theme.LabelPack(json: json, language: "xx") {
        Rendering.checkEveryFormat(sample, theme: Theme.default.applying(pack))
    }
    _ = try? CardFile(data: Data(input))
}

/// A transcript that shows most labels: a reply, a deleted message, a file, reactions.
let sample = Array(
    """
    {"channel": {"id": "c", "name": "Room"}, "messages": [
     {"id": "m1", "text": "Hi **all**", "user": {"id": "u1", "name": "Ana"}, "created_at": "2026-03-09T09:00:00Z",
      "reaction_groups": {"like": {"count": 2, "sum_scores": 2}}, "reply_count": 3},
     {"id": "m2", "parent_id": "m1", "text": "reply", "user": {"id": "u2", "name": "Bo"}, "created_at": "2026-03-09T09:01:00Z"},
     {"id": "m3", "type": "deleted", "user": {"id": "u2"}, "created_at": "2026-03-09T09:02:00Z", "deleted_at": "2026-03-09T09:03:00Z"},
     {"id": "m4", "text": "", "user": {"id": "u2"}, "created_at": "2026-03-10T09:00:00Z", "quoted_message_id": "m1",
      "attachments": [{"type": "file", "title": "a.pdf", "asset_url": "https://x.example/a.pdf", "file_size": 2048}]}]}
    """.utf8)

@_cdecl("fuzz_configuration_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Oracles.selfTest()
    return runFuzzer(argc: argc, argv: argv, test: fuzzConfiguration)
}
