import Foundation
import FuzzSupport
import Scrollback

// Any Unicode as the text and name of messages in a terminal, at widths from 1 to 200 in both
// styles: the sanitiser and the width measurement on every kind of character (controls,
// combining marks, emoji sequences, wide and zero-width letters, bidirectional controls).

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzText(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    withinBudget { check(bytes(start, count)) }
    return 0
}

private func check(_ input: [UInt8]) {
    guard let first = input.first else { return }
    let text = String(decoding: input.dropFirst(), as: UTF8.self)
    var options = RenderOptions(timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US_POSIX"))
    options.ansi.width = Int(first) % 200 + 1
    options.ansi.colorDepth = .ansi256
    options.ansi.hyperlinks = first & 1 == 0
    options.ansi.style = first & 2 == 0 ? .bubbles : .compact
    let author = ChatUser(id: "u1", name: text)
    let message = ChatMessage(id: "m1", text: text, user: author, createdAt: Date(timeIntervalSince1970: 1_773_000_000))
    var backend = OutputFormat.ansi.makeBackend(output: "", options: options)
    TranscriptRenderer(options: options).render(messages: [message], channel: ChatChannel(id: "c", name: text), to: &backend)
    Oracles.check(backend.output, as: .ansi)
}

@_cdecl("fuzz_text_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Oracles.selfTest()
    return runFuzzer(argc: argc, argv: argv, test: fuzzText)
}
