import Foundation
import FuzzSupport

// Any text in every field of one message that a reader sees: its Markdown text (through the
// Markdown budget and cmark), its author's and channel's names, a quoted message, a mention, a
// reaction, and the titles and URLs of an image, a file, a link preview and a contact card.

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzMessage(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    withinBudget { check(bytes(start, count)) }
    return 0
}

private func check(_ input: [UInt8]) {
    let text = String(decoding: input, as: UTF8.self)
    let user: [String: Any] = ["id": "u2", "name": text, "image": text]
    let message: [String: Any] = [
        "id": "m2", "type": "regular", "text": text, "user": user, "created_at": "2026-03-09T09:01:00Z",
        "mentioned_users": [["id": "u3", "name": text]],
        "quoted_message": ["id": "m1", "text": text, "user": user, "created_at": "2026-03-09T09:00:00Z"],
        "quoted_message_id": "m1",
        "reaction_groups": [text: ["count": 2, "sum_scores": 2]],
        "latest_reactions": [["type": text, "user": user, "user_id": "u2"]],
        "attachments": [
            ["type": "image", "image_url": text, "fallback": text, "title": text],
            ["type": "file", "asset_url": text, "title": text, "mime_type": text, "file_size": 1200],
            ["type": "image", "og_scrape_url": text, "title_link": text, "title": text, "text": text, "thumb_url": text],
            ["type": "contact", "name": text, "phone_number": text, "email": text],
        ],
    ]
    let earlier: [String: Any] = ["id": "m1", "text": text, "user": user, "created_at": "2026-03-09T09:00:00Z"]
    let channel: [String: Any] = ["id": "c", "name": text]
    let export: [String: Any] = ["channel": channel, "messages": [earlier, message]]
    guard let json = try? JSONSerialization.data(withJSONObject: export) else { return }
    Rendering.checkEveryFormat(Array(json))
}

@_cdecl("fuzz_message_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Oracles.selfTest()
    return runFuzzer(argc: argc, argv: argv, test: fuzzMessage)
}
