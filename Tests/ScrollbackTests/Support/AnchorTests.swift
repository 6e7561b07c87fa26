import Foundation
import Testing

@testable import Scrollback

/// Message anchors keep the message id as it is (`id="m-<id>"`), and every link to one is a
/// fragment that a browser's percent-decoding turns back into that id attribute.
@Suite struct AnchorTests {
    /// Ids a real export can hold (Stream ids are free-form strings), and ones meant to confuse.
    static let hostileIDs = [
        "google-apps_zita@getstream_io-5f2c", "a.b", "v1/notes", "a#b", "50%", "100%25", "say \"hi\"", "<b>", "x&amp;y",
        "a'b", "café", "caf%C3%A9", "🎉", "👩‍👩‍👧", "a b", "tab\there", "line\nbreak", "%6D-x", "m-x", "_", "é é",
    ]

    /// One message per id, then one quoting each, rendered to HTML in one pass.
    static func html(ids: [String]) throws -> String {
        var messages: [[String: Any]] = []
        for (number, id) in ids.enumerated() {
            messages.append(["id": id, "text": "original \(number)", "user": ["id": "ada"]])
        }
        for (number, id) in ids.enumerated() {
            messages.append(["id": "quote-\(number)", "text": "quoting \(number)", "quoted_message_id": id, "user": ["id": "bob"]])
        }
        let json = try JSONSerialization.data(withJSONObject: ["messages": messages])
        var reader = TranscriptReader(bytes: Array(json))
        var backend = HTMLBackend(output: "", options: RenderOptions())
        try TranscriptRenderer().render(&reader, to: &backend)
        return backend.output
    }

    /// The values of every `name="..."` attribute, as an HTML parser reads them.
    static func attributes(_ name: String, in html: String) -> [String] {
        html.components(separatedBy: " \(name)=\"").dropFirst().map { HTMLEntities.decode(String($0.prefix { $0 != "\"" })) }
    }

    /// What a browser looks for after failing to find the fragment as written.
    static func decoded(_ fragment: String) -> String? { fragment.removingPercentEncoding }

    @Test(arguments: hostileIDs)
    func theLinkLandsOnTheIdAsItIs(id: String) throws {
        let html = try Self.html(ids: [id])
        let anchors = Self.attributes("id", in: html)
        let links = Self.attributes("href", in: html).filter { $0.hasPrefix("#") }
        #expect(anchors.count == 2 && links.count == 1, "\(html)")
        let anchor = try #require(anchors.first)
        let fragment = try #require(links.first?.dropFirst())
        #expect(Self.decoded(String(fragment)) == anchor, "the decoded fragment \(fragment) is the id attribute")
        #expect(anchor == Anchor.forMessage(id: id))
        if !id.contains(where: { $0.isWhitespace }) {
            #expect(anchor == "m-" + id, "kept as it is")
        }
        // A fragment only holds what a URL fragment may, so that it reaches the browser as written.
        #expect(fragment.utf8.allSatisfy { Anchor.isFragmentByte($0) || $0 == UInt8(ascii: "%") }, "\(fragment)")
    }

    /// Every byte at every place of ids up to 24 bytes long: the eight-at-a-time test says what
    /// the byte-by-byte definition says.
    @Test func printableIDsAreFoundWordByWordAsByteByByte() {
        for length in 1...24 {
            for place in 0..<length {
                for byte in UInt8(0)...UInt8(0x7F) {
                    var bytes = [UInt8](repeating: UInt8(ascii: "k"), count: length)
                    bytes[place] = byte
                    let id = String(decoding: bytes, as: UTF8.self)
                    let expected = bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F }
                    #expect(Anchor.isPrintableASCII(id) == expected, "\(bytes)")
                }
                let id = String(repeating: "k", count: place) + "é" + String(repeating: "k", count: length - place - 1)
                #expect(!Anchor.isPrintableASCII(id), "\(id)")
            }
        }
        #expect(!Anchor.isPrintableASCII(""))
    }

    @Test func realStreamIdsKeepTheirSpelling() throws {
        let html = try Self.html(ids: ["google-apps_zita@getstream_io-1c7d"])
        #expect(html.contains("id=\"m-google-apps_zita@getstream_io-1c7d\""))
        #expect(html.contains("href=\"#m-google-apps_zita@getstream_io-1c7d\""), "@ needs no escape in a fragment")
    }

    @Test func idsAnAttributeCannotHoldAreEncodedWithADifferentPrefix() {
        #expect(Anchor.forMessage(id: "") == "m_")
        #expect(Anchor.forMessage(id: "a b") == "m_a%20b")
        #expect(Anchor.forMessage(id: "50% b") == "m_50%25%20b")
        #expect(Anchor.forMessage(id: "t\tab\r\n") == "m_t%09ab%0D%0A")
        #expect(Anchor.forMessage(id: "nul\u{0}") == "m_nul%00")
        #expect(Anchor.forMessage(id: "c1\u{85}é") == "m_c1%C2%85é")
        #expect(Anchor.forMessage(id: "\u{FFFE}") == "m_%EF%BF%BE")
        // No whitespace: kept, `%` included.
        #expect(Anchor.forMessage(id: "a%20b") == "m-a%20b")
        #expect(Anchor.forMessage(id: "_") == "m-_")
    }

    @Test func fragmentsAreEncodedOnlyWhereTheyMustBe() {
        #expect(Anchor.fragment(forMessageID: "b7115c02-f44d-4e40_878f") == "m-b7115c02-f44d-4e40_878f")
        #expect(Anchor.fragment(forMessageID: "a@b.c/d?e:f") == "m-a@b.c/d?e:f")
        // Anything encoded: the first character is too, so the fragment as written is no anchor.
        #expect(Anchor.fragment(forMessageID: "café") == "%6D-caf%C3%A9")
        #expect(Anchor.fragment(forMessageID: "a#b") == "%6D-a%23b")
        #expect(Anchor.fragment(forMessageID: "50%") == "%6D-50%25")
        #expect(Anchor.fragment(forMessageID: "a b") == "%6D_a%2520b")
        #expect(Anchor.fragment(forMessageID: "") == "m_")
    }

    /// Browsers first look for an element whose id is the fragment as written: that must never
    /// be another message's anchor, or a link to `café` could land on a message `caf%C3%A9`.
    @Test func noFragmentAsWrittenIsAnotherMessagesAnchor() {
        let ids =
            Self.hostileIDs + Self.hostileIDs.map { Anchor.fragment(forMessageID: $0) }
            + Self.hostileIDs.map { String(Anchor.fragment(forMessageID: $0).dropFirst(2)) }
        let anchors = Set(ids.map(Anchor.forMessage(id:)))
        for id in ids {
            let fragment = Anchor.fragment(forMessageID: id)
            if fragment != Anchor.forMessage(id: id) {
                #expect(!anchors.contains(fragment), "\(id.debugDescription): \(fragment)")
            }
            #expect(Self.decoded(fragment) == Anchor.forMessage(id: id), "\(id.debugDescription)")
        }
    }

    @Test func distinctIdsGetDistinctAnchors() {
        // Short strings over the characters that take part in the encodings.
        let alphabet: [String] = ["a", " ", "%", "2", "0", "m", "-", "_", "\t", "é"]
        var ids: [String] = [""]
        for _ in 0..<4 { ids += ids.flatMap { id in alphabet.map { id + $0 } }.filter { $0.count <= 3 } }
        let unique = Set(ids)
        #expect(unique.count > 1000)
        #expect(Set(unique.map(Anchor.forMessage(id:))).count == unique.count)
        for id in unique {
            #expect(Self.decoded(Anchor.fragment(forMessageID: id)) == Anchor.forMessage(id: id), "\(id.debugDescription)")
        }
    }

    @Test func quotesOnOtherPagesOfASplitDocumentLinkTheSameWay() throws {
        let ids = ["café", "a#b", "x@y.z", "a b"]
        var lines: [String] = []
        for (number, id) in ids.enumerated() {
            lines.append(
                #"{"id": \#(String(decoding: try JSONEncoder().encode(id), as: UTF8.self)), "text": "o\#(number)", "user": {"id": "ada"}}"#)
        }
        for number in ids.indices {
            let quoted = String(decoding: try JSONEncoder().encode(ids[number]), as: UTF8.self)
            lines.append(#"{"id": "q\#(number)", "text": "q", "quoted_message_id": \#(quoted), "user": {"id": "bob"}}"#)
        }
        let pages = try SplitPagesTests.render("{\"messages\": [" + lines.joined(separator: ",\n") + "]}", perPage: 2)
        #expect(pages.texts.count == 4)
        let anchors = pages.texts.map { Self.attributes("id", in: $0) }
        var landed = 0
        for (number, text) in pages.texts.enumerated() {
            for link in Self.attributes("href", in: text) where link.contains("#") {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let page = parts[0].isEmpty ? number : try #require(Int(parts[0].dropFirst("chat-".count).prefix(3))) - 1
                let decoded = try #require(Self.decoded(String(parts[1])))
                #expect(anchors[page].contains(decoded), "\(link) from page \(number + 1)")
                landed += 1
            }
        }
        #expect(landed == ids.count)
        #expect(pages.texts[2].contains("href=\"chat-001.html#%6D-caf%C3%A9\""))
        #expect(pages.texts[0].contains("id=\"m-café\""))
    }

    @Test func markdownAndTerminalTextWriteNoAnchors() throws {
        let json = try JSONSerialization.data(withJSONObject: [
            "messages": [
                ["id": "café", "text": "original", "user": ["id": "ada"]],
                ["id": "q", "text": "quoting", "quoted_message_id": "café", "user": ["id": "bob"]],
            ]
        ])
        var reader = TranscriptReader(bytes: Array(json))
        var markdown = MarkdownBackend(output: "", options: RenderOptions())
        try TranscriptRenderer().render(&reader, to: &markdown)
        #expect(!markdown.output.contains("](#") && !markdown.output.contains("m-caf"), "\(markdown.output)")
        reader = TranscriptReader(bytes: Array(json))
        var ansi = ANSIBackend(output: "", options: RenderOptions())
        try TranscriptRenderer().render(&reader, to: &ansi)
        #expect(!ansi.output.contains("m-caf") && !ansi.output.contains("%6D"))
    }

    @Test(arguments: [
        "chat-003.html#%6D-caf%C3%A9", "002-general.html#m-google-apps_zita@getstream_io-1",
        "chat.html#%6D-a%23b", "chat.md#m-a/b?c=d", "chat.txt#", "002-in%C3%AAs-moura.html", "001-%E9%96%8B.html#m-x",
    ])
    func siblingLinksMayCarryEncodedFragments(url: String) {
        #expect(URLPolicy.sanitize(url) == url)
    }

    @Test(arguments: [
        "chat.html#a b", "chat.html#a\"b", "chat.html#a<b", "chat.html#a#b", "a/b.html#m-x", "chat.html#é",
        "javascript:x.html#m-a", "chat.htm#m-a", "chat#m-a.html", "a%2Fb:c.html", "002-inês.html", "%2e%2e.html", "a%2f..%2fb.html",
        "x%C3.html%",
    ])
    func siblingLinksRefuseWhatAFragmentCannotHold(url: String) {
        #expect(!URLPolicy.isSiblingDocument(url))
    }

    @Test func markdownKeepsEncodedFragmentLinks() {
        let links: [MarkdownInline] = [
            .link(destination: "#%6D-caf%C3%A9", title: "", children: [.text("one")]),
            .link(destination: "#m-a@b", title: "", children: [.text("two")]),
            .link(destination: "#m-a b", title: "", children: [.text("three")]),
            .link(destination: "#m-(a)*b_c&d;e'f", title: "", children: [.text("four")]),
        ]
        #expect(
            CommonMark.parse(CommonMark.renderCommonMark([.paragraph(links)])).blocks == [
                .paragraph([
                    .link(destination: "#%6D-caf%C3%A9", title: "", children: [.text("one")]),
                    .link(destination: "#m-a@b", title: "", children: [.text("two")]), .text("three"),
                    .link(destination: "#m-(a)*b_c&d;e'f", title: "", children: [.text("four")]),
                ])
            ])
    }
}
