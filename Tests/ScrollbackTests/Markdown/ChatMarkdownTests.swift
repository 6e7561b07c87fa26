import Testing

@testable import Scrollback

@Suite struct ChatMarkdownTests {
    /// The pre-check finds `@`, `://` and `www.` anywhere, in any case, also in long and
    /// non-ASCII text, and nothing in text without them.
    @Test func theMarkupPreCheckFindsEveryStart() {
        let long = String(repeating: "plain words, ", count: 30)
        for text in ["a@b", "see https://x", "WwW.example", long + "ww.w " + "@", "日本語 www.例え.jp", long + "ftp://"] {
            #expect(TextScanner.mightContainMarkup(text), "\(text.suffix(20))")
        }
        for text in ["", "ww.w", "http:/ /x", long, "日本語のテキスト", "w.w.w.", ":/:/"] {
            #expect(!TextScanner.mightContainMarkup(text), "\(text.suffix(20))")
        }
    }

    /// The pre-check, which looks only at the bytes that end a start, answers as a walk
    /// through every byte does, each start placed at every offset of a word's eight bytes.
    @Test func theMarkupPreCheckAgreesWithAWalk() {
        func walked(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            for (index, byte) in bytes.enumerated() {
                if byte == UInt8(ascii: "@") { return true }
                if byte == UInt8(ascii: "/"), index >= 2, bytes[index - 2] == UInt8(ascii: ":"), bytes[index - 1] == UInt8(ascii: "/") {
                    return true
                }
                if byte == UInt8(ascii: "."), index >= 3, bytes[(index - 3)..<index].allSatisfy({ $0 | 0x20 == UInt8(ascii: "w") }) {
                    return true
                }
            }
            return false
        }
        var wrong: [String] = []
        for piece in ["@", "://", ":/", "//", "www.", "WwW.", "ww.", "w.w.", "/", ".", "é", "", ":", "www"] {
            for before in 0..<17 {
                for after in ["", "x", "/", " tail text"] {
                    let text = String(repeating: "a", count: before) + piece + after
                    if TextScanner.mightContainMarkup(text) != walked(text) { wrong.append(text) }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    private func inlines(_ text: String, users: [ChatUser] = []) -> [MarkdownInline] {
        let blocks = ChatMarkdown.parse(text, mentionedUsers: users).blocks
        guard blocks.count == 1, case .paragraph(let inlines) = blocks[0] else {
            Issue.record("expected one paragraph, got \(blocks)")
            return []
        }
        return inlines
    }

    private func link(_ destination: String, _ text: String) -> MarkdownInline {
        .link(destination: destination, title: "", children: [.text(text)])
    }

    // MARK: Bare URLs

    @Test func linksHTTPAndHTTPS() {
        #expect(
            inlines("see http://a.example/x and HTTPS://b.example?q=1#f") == [
                .text("see "), link("http://a.example/x", "http://a.example/x"), .text(" and "),
                link("HTTPS://b.example?q=1#f", "HTTPS://b.example?q=1#f"),
            ])
    }

    @Test func linksWWWWithHTTPDestination() {
        #expect(
            inlines("go to www.example.com/path now") == [
                .text("go to "), link("http://www.example.com/path", "www.example.com/path"), .text(" now"),
            ])
    }

    @Test func trimsTrailingPunctuation() {
        #expect(
            inlines("Read https://a.example/x.html, then www.b.example!?") == [
                .text("Read "), link("https://a.example/x.html", "https://a.example/x.html"), .text(", then "),
                link("http://www.b.example", "www.b.example"), .text("!?"),
            ])
        #expect(inlines("\"https://a.example/q\".") == [.text("\""), link("https://a.example/q", "https://a.example/q"), .text("\".")])
    }

    @Test func keepsBalancedParenthesesAndDropsAnUnbalancedOne() {
        #expect(
            inlines("(see https://en.example/wiki/Swift_(language))") == [
                .text("(see "), link("https://en.example/wiki/Swift_(language)", "https://en.example/wiki/Swift_(language)"), .text(")"),
            ])
        #expect(inlines("(https://a.example/x)") == [.text("("), link("https://a.example/x", "https://a.example/x"), .text(")")])
    }

    @Test func stopsAtLessThan() {
        // `<` starts inline HTML in CommonMark, so the text run itself ends there.
        #expect(inlines("https://a.example/x<b") == [link("https://a.example/x", "https://a.example/x"), .text("<b")])
    }

    @Test func needsAPlausibleHost() {
        #expect(
            inlines("http:// nothing, www. nothing, www.com x") == [
                .text("http:// nothing, www. nothing, "), link("http://www.com", "www.com"), .text(" x"),
            ])
        #expect(inlines("just www.") == [.text("just www.")])
        #expect(inlines("http:///path www.-") == [.text("http:///path "), link("http://www.-", "www.-")])
        #expect(inlines("www.example.com:8080/x") == [link("http://www.example.com:8080/x", "www.example.com:8080/x")])
    }

    @Test func needsABoundaryBefore() {
        #expect(inlines("xhttp://a.example awww.b.example") == [.text("xhttp://a.example awww.b.example")])
        #expect(inlines("*https://a.example*") == [.emphasis([link("https://a.example", "https://a.example")])])
    }

    /// URLs are found by their bytes, but where a byte past ASCII follows, a combining mark may
    /// join the character before it: characters decide there, as GFM's rules read them.
    @Test func aCombiningMarkChangesTheCharacterItFollows() {
        // A host's first character: "é" (e and a combining acute) is a letter; "-" with the
        // mark is not "-", and a "." with it is not a dot, so neither starts a domain.
        #expect(inlines("www.e\u{301}x.example") == [link("http://www.e\u{301}x.example", "www.e\u{301}x.example")])
        #expect(inlines("www.-\u{301}x") == [.text("www.-\u{301}x")])
        #expect(inlines("www..\u{301}x") == [.text("www..\u{301}x")])
        #expect(inlines("www.x\u{301}") == [link("http://www.x\u{301}", "www.x\u{301}")])
        // After `http://`, a "/" is no host; a "/" with a mark is another character.
        #expect(inlines("http:///x") == [.text("http:///x")])
        #expect(inlines("http:///\u{301}x") == [link("http:///\u{301}x", "http:///\u{301}x")])
        // Whitespace past ASCII is a boundary before a URL; a letter past ASCII is not.
        #expect(inlines("a\u{3000}https://a.example") == [.text("a\u{3000}"), link("https://a.example", "https://a.example")])
        #expect(inlines("a\u{A0}www.a.example") == [.text("a\u{A0}"), link("http://www.a.example", "www.a.example")])
        #expect(inlines("éhttps://a.example") == [.text("éhttps://a.example")])
        // A URL ends at whitespace past ASCII, and goes on through other characters.
        #expect(
            inlines("https://a.example/ü\u{2003}x") == [link("https://a.example/ü", "https://a.example/ü"), .text("\u{2003}x")])
    }

    @Test func leavesCodeLinksAndImagesAlone() {
        #expect(
            inlines("`http://a.example` [www.b.example](https://c.example) ![http://d.example](https://e.example/i.png)") == [
                .code("http://a.example"), .text(" "),
                .link(destination: "https://c.example", title: "", children: [.text("www.b.example")]), .text(" "),
                .image(source: "https://e.example/i.png", title: "", alt: [.text("http://d.example")]),
            ])
        #expect(
            ChatMarkdown.parse("```\nhttp://a.example @Ann\n```", mentionedUsers: [ChatUser(id: "a", name: "Ann")]).blocks
                == [.codeBlock(info: "", code: "http://a.example @Ann\n")])
    }

    @Test func keepsCommonMarkAutolinks() {
        #expect(inlines("<https://a.example>") == [link("https://a.example", "https://a.example")])
    }

    @Test func findsURLsSplitAcrossTextNodes() {
        // cmark splits text at `_` and `!`; the runs are merged before the search.
        #expect(inlines("https://a.example/a_b!c") == [link("https://a.example/a_b!c", "https://a.example/a_b!c")])
    }

    @Test func textWithoutMarkersParsesAsPlainCommonMark() {
        let text = "Hello *world*, nothing to link here."
        #expect(ChatMarkdown.parse(text, mentionedUsers: [ChatUser(id: "u")]) == CommonMark.parse(text))
    }

    // MARK: Mentions

    private let ann = ChatUser(id: "ann", name: "Ann")
    private let annLee = ChatUser(id: "ann-lee", name: "Ann Lee")

    @Test func mentionsCaseInsensitively() {
        #expect(
            inlines("hi @ann and @ANN", users: [ann]) == [
                .text("hi "), .mention(userID: "ann", text: "@ann"), .text(" and "), .mention(userID: "ann", text: "@ANN"),
            ])
    }

    @Test func longestNameWins() {
        #expect(
            inlines("@Ann Lee, @Ann", users: [ann, annLee]) == [
                .mention(userID: "ann-lee", text: "@Ann Lee"), .text(", "), .mention(userID: "ann", text: "@Ann"),
            ])
    }

    @Test func respectsWordBoundaries() {
        #expect(
            inlines("mail ann@example.com @Annie @Ann_ (@Ann)", users: [ann]) == [
                .text("mail ann@example.com @Annie "), .mention(userID: "ann", text: "@Ann"), .text("_ ("),
                .mention(userID: "ann", text: "@Ann"), .text(")"),
            ])
    }

    @Test func usesTheIDWhenThereIsNoName() {
        #expect(
            inlines("ping @u42", users: [ChatUser(id: "u42"), ChatUser(id: "u43", name: "  ")]) == [
                .text("ping "), .mention(userID: "u42", text: "@u42"),
            ])
    }

    @Test func mentionsNonLatinNames() {
        let users = [ChatUser(id: "y", name: "山田 花子"), ChatUser(id: "m", name: "محمد علي"), ChatUser(id: "c", name: "Chloé")]
        #expect(inlines("@山田 花子さん", users: users) == [.text("@山田 花子さん")]) // no boundary after the name
        #expect(inlines("@山田 花子 はい", users: users) == [.mention(userID: "y", text: "@山田 花子"), .text(" はい")])
        #expect(inlines("مرحبا @محمد علي!", users: users) == [.text("مرحبا "), .mention(userID: "m", text: "@محمد علي"), .text("!")])
        // Decomposed "é" in the text, uppercase too: still the same name; "Chloe" is not.
        #expect(inlines("@CHLOE\u{301} @Chloe", users: users) == [.mention(userID: "c", text: "@CHLOE\u{301}"), .text(" @Chloe")])
    }

    /// An `@` inside a word mentions no one. The character before it decides: a letter with a
    /// combining mark is a letter, and a prepended mark (U+0600) makes one character of itself
    /// and the letter after it, which is then no letter.
    @Test func theCharacterBeforeTheAtSignDecides() {
        #expect(inlines("x@Ann 1@Ann", users: [ann]) == [.text("x@Ann 1@Ann")])
        #expect(inlines("x\u{301}@Ann", users: [ann]) == [.text("x\u{301}@Ann")])
        #expect(inlines("\u{600}a@Ann", users: [ann]) == [.text("\u{600}a"), .mention(userID: "ann", text: "@Ann")])
        #expect(inlines("-@Ann", users: [ann]) == [.text("-"), .mention(userID: "ann", text: "@Ann")])
    }

    @Test func mentionsOnlyInText() {
        #expect(
            inlines("`@Ann` [@Ann](https://a.example) **@Ann**", users: [ann]) == [
                .code("@Ann"), .text(" "), .link(destination: "https://a.example", title: "", children: [.text("@Ann")]), .text(" "),
                .strong([.mention(userID: "ann", text: "@Ann")]),
            ])
    }

    @Test func mentionsAndLinksTogether() {
        #expect(
            inlines("@Ann see https://a.example/@Ann", users: [ann]) == [
                .mention(userID: "ann", text: "@Ann"), .text(" see "), link("https://a.example/@Ann", "https://a.example/@Ann"),
            ])
    }

    @Test func aNameWithMarkdownCharactersMatchesItsMergedText() {
        #expect(
            inlines("hey @ann_lee!", users: [ChatUser(id: "x", name: "Ann_Lee")]) == [
                .text("hey "), .mention(userID: "x", text: "@ann_lee"), .text("!"),
            ])
    }

    /// A longer name that runs into a word gives way to a shorter one that does not, and of
    /// two users whose names lower-case alike the first listed is the one mentioned.
    @Test func aShorterNameWinsWhereTheLongerRunsIntoAWord() {
        let users = [ann, annLee, ChatUser(id: "ANN", name: "ANN")]
        #expect(
            inlines("@Ann Leeds", users: users) == [.mention(userID: "ann", text: "@Ann"), .text(" Leeds")])
    }

    /// Characters compare by their lower-case forms: the Kelvin sign's is an ASCII "k", so a
    /// name written with it is mentioned by a plain "k", and the other way round.
    @Test func comparesLowerCaseForms() {
        let kelvin = ChatUser(id: "k", name: "\u{212A}elvin")
        #expect(inlines("@kelvin", users: [kelvin]) == [.mention(userID: "k", text: "@kelvin")])
        #expect(inlines("@\u{212A}ELVIN", users: [ChatUser(id: "k", name: "Kelvin")]) == [.mention(userID: "k", text: "@\u{212A}ELVIN")])
        // A carriage return and line feed are one character: no ASCII shortcut splits them,
        // in the text or in a name.
        #expect(inlines("@Ann\r\nx", users: [ann]).first == .mention(userID: "ann", text: "@Ann"))
        let twoLines = ChatUser(id: "t", name: "Ann\r\nLee")
        #expect(TextScanner(mentionedUsers: [twoLines]).rewrite("@ANN\r\nlee") == [.mention(userID: "t", text: "@ANN\r\nlee")])
        #expect(TextScanner(mentionedUsers: [twoLines]).rewrite("@Ann\rLee") == nil)
        // Names mixing ASCII and other characters: each character compares by its lower-case form.
        let mixed = ChatUser(id: "z", name: "Zoë O'Brien-Ünal")
        #expect(
            inlines("hi @ZOË o'brien-üNAL!", users: [mixed]) == [
                .text("hi "), .mention(userID: "z", text: "@ZOË o'brien-üNAL"), .text("!"),
            ])
        #expect(
            inlines("@Zoe\u{308} O'Brien-U\u{308}nal", users: [mixed]).first
                == .mention(userID: "z", text: "@Zoe\u{308} O'Brien-U\u{308}nal"))
        #expect(inlines("@Zoe O'Brien-Unal", users: [mixed]) == [.text("@Zoe O'Brien-Unal")])
    }

    /// Names are looked for up to their longest length, 64 characters: a longer one is left as
    /// text, so that the walk from every `@` of a text stays short whatever the input lists.
    @Test func namesPastTheLongestLengthAreNotLookedFor() {
        let longest = String(repeating: "a", count: TextScanner.maximumMentionLength)
        let users = [ChatUser(id: "l", name: longest), ChatUser(id: "t", name: longest + "b")]
        #expect(inlines("@\(longest)", users: users) == [.mention(userID: "l", text: "@\(longest)")])
        #expect(inlines("@\(longest)b", users: users) == [.text("@\(longest)b")])
    }

    /// Thousands of names sharing a long start, each `@` of the text followed by one of them:
    /// every mention found, each by its own user.
    @Test func manyNamesAlikeAreEachFound() {
        let stem = String(repeating: "n", count: 40)
        let users = (0..<2_000).map { ChatUser(id: "u\($0)", name: stem + String($0)) }
        let picked = [7, 1_999, 70, 700]
        let found = inlines(picked.map { "@\(stem)\($0)" }.joined(separator: " "), users: users).compactMap { inline -> String? in
            guard case .mention(let userID, _) = inline else { return nil }
            return userID
        }
        #expect(found == picked.map { "u\($0)" })
    }
}

/// A few names of ASCII characters are compared with the text byte by byte; more names, other
/// names, and text after an `@` that is not ASCII go through the tree of characters. The two
/// must find the same mentions in every text.
@Suite struct DirectMentionMatchTests {
    /// Name pieces alike at the start, so that names are prefixes of one another and run into
    /// words; digits and punctuation at their ends.
    private static let namePieces = ["Ann", "ann", "Ann Lee", "An", "Bo", "bob", "Bob_1", "x", "Lee", "K", "kelvin", "9", "o'neil"]
    /// Text pieces around them: the names in other cases, word characters and boundaries, and
    /// bytes that are not ASCII where the comparison must hand over to the tree (a combining mark
    /// joining the letter before, the Kelvin sign lower-casing to "k", a curly apostrophe, a
    /// carriage return before a line feed).
    private static let textPieces = [
        "@", "@", "@", "ANN", "ann", "Ann", " ", "  ", "Lee", "LEE", "lees", "bo", "BOB", "_1", "1", "9", "x", "é", "e\u{301}",
        "\u{301}", "\u{212A}", "\u{212A}ELVIN", "elvin", "\u{2019}s", "\r\n", "\n", ".", ",", "!", "_", "'", "o'neil", "日本", "👍🏽",
    ]

    @Test(arguments: [1, 2, 4, 6]) func findsWhatTheTreeFinds(seed: UInt64) {
        var random = XorShift(seed: seed)
        var wrong: [String] = []
        for _ in 0..<2_000 {
            let users = (0..<(1 + random.next(5))).map { index in
                ChatUser(id: "u\(index)", name: Self.namePieces[random.next(Self.namePieces.count)])
            }
            let text = (0..<(1 + random.next(12))).map { _ in Self.textPieces[random.next(Self.textPieces.count)] }.joined()
            let direct = TextScanner(mentionedUsers: users).rewrite(text)
            let tree = TextScanner(mentionedUsers: users, comparingDirectly: false).rewrite(text)
            if direct != tree { wrong.append("\(users.map(\.name)) \(text.debugDescription)") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// More names than are compared one by one, and a name that is not ASCII among few: the
    /// tree alone, with the same answers.
    @Test func manyNamesAndOtherScriptsGoThroughTheTree() {
        let many = (0..<(TextScanner.mostNamesComparedDirectly + 1)).map { ChatUser(id: "u\($0)", name: "Name \($0)") }
        let text = "@name 16, @Name 3 and @NAME 1x"
        #expect(
            TextScanner(mentionedUsers: many).rewrite(text) == TextScanner(mentionedUsers: many, comparingDirectly: false).rewrite(text))
        #expect(
            TextScanner(mentionedUsers: many).rewrite(text) == [
                .mention(userID: "u16", text: "@name 16"), .text(", "), .mention(userID: "u3", text: "@Name 3"), .text(" and @NAME 1x"),
            ])
        let mixed = [ChatUser(id: "c", name: "Chloé"), ChatUser(id: "a", name: "Ann")]
        #expect(
            TextScanner(mentionedUsers: mixed).rewrite("@CHLOÉ @ann") == [
                .mention(userID: "c", text: "@CHLOÉ"), .text(" "), .mention(userID: "a", text: "@ann"),
            ])
    }
}

/// The mention tree's edge table, past the size it was made for: every edge is still found.
@Suite struct EdgeTableTests {
    @Test func growsAndKeepsEveryEdge() {
        var table = EdgeTable(capacity: 1)
        let keys = (0..<5_000).map { $0 << 8 | ($0 % 251) }
        for (value, key) in keys.enumerated() {
            #expect(table[key] == nil)
            table.insert(value, for: key)
        }
        for (value, key) in keys.enumerated() { #expect(table[key] == value) }
        #expect(table[5_000 << 8] == nil)
    }
}
