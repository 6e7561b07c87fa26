import Testing

@testable import Scrollback

/// Plain paragraphs skip cmark's writer (``DirectCommonMark``): what they print must be exactly
/// what cmark prints of the same blocks, for every document, plain or not.
@Suite struct DirectCommonMarkTests {
    /// Pieces of text: words, spaces, every ASCII punctuation character, digits before `.` and
    /// `)`, `&` before letters, digits, `#`, spaces and nothing, controls (C0, C1, bidi), line
    /// endings and non-ASCII spaces and letters.
    private static let alphabet = [
        "a", "word", "Ça", "日本", "👍🏽", "👩‍💻", " ", "  ", "1", "12", "1.", "2)", "3.5", "!", "\"", "#", "$", "%", "&", "&b", "& ",
        "&#", "&1", "'", "(", ")", "*", "+", ",", "-", ".", "/", ":", ";", "<", "=", ">", "?", "@", "[", "\\", "]", "^", "_", "`",
        "{", "|", "}", "~", "\n", "\r", "\t", "\u{0}", "\u{7F}", "\u{85}", "\u{200E}", "\u{A0}", "\u{3000}", "@Ann Lee",
    ]

    /// Link destinations: plain, with characters a destination escapes, without a scheme or
    /// with an odd one, e-mail, an anchor of the document, and one the URL policy refuses.
    private static let destinations = [
        "https://example.com/a", "https://example.com/a_(b)", "https://example.com/a b", "https://example.com/<x>",
        "https://example.com/a\\b", "https://example.com/`x`", "HTTPS://EXAMPLE.COM/", "ftp://example.com/f",
        "mailto:bob@example.com", "bob@example.com", "#m-1", "example.com", "javascript:alert(1)", "https://ex.com/?a=1&b=2",
        "https://example.com/a~b", "https://example.com/a|b", "https://example.com/a_b*c",
    ]

    /// What chat text is mostly made of, so that many documents are plain enough to be written
    /// directly: words, spaces, punctuation cmark escapes the same everywhere or never, and
    /// `+`, `-` and `=`, which it escapes where a line starts.
    private static let commonPieces = [
        "a", "word", "Ça", "日本", "👍🏽", " ", "12", ",", ".", "!", "?", ":", "'", "(", ")", "#", "_", "*", "+1", "-", "=",
    ]

    private func randomText(_ random: inout SplitMix, maximumPieces: Int = 6) -> String {
        let count = 1 + Int(random.next() % UInt64(maximumPieces))
        let pieces = random.next() % 4 == 0 ? Self.alphabet : Self.commonPieces
        return (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    /// One inline of a kind the direct writer takes, now and then one it leaves to cmark.
    private func randomInline(_ random: inout SplitMix) -> MarkdownInline {
        switch random.next() % 10 {
        case 0, 1, 2: return .text(randomText(&random))
        case 3: return .code(randomText(&random, maximumPieces: 3))
        case 4: return .emphasis(randomTexts(&random))
        case 5: return .strong(randomTexts(&random))
        case 6: return .mention(userID: "ann", text: randomText(&random, maximumPieces: 2))
        case 7: return random.next() % 2 == 0 ? .softBreak : .lineBreak
        case 8:
            let destination = Self.destinations[Int(random.next() % UInt64(Self.destinations.count))]
            let children: [MarkdownInline] =
                switch random.next() % 5 {
                case 0, 1: [.text(destination)]
                // An e-mail address as its link's text, as a contact card shows it.
                case 2: [.text(String(destination.drop { $0 != ":" }.dropFirst()))]
                case 3: randomTexts(&random)
                default: [.strong(randomTexts(&random)), .text(" "), .emphasis(randomTexts(&random))]
                }
            return .link(destination: destination, title: random.next() % 8 == 0 ? "a title" : "", children: children)
        default:
            switch random.next() % 5 {
            case 0: return .link(destination: "https://example.com", title: "", children: [.text("x")])
            case 1: return .strong([.text("a"), .emphasis([.text("b")])])
            case 2: return .strikethrough([.text("gone")])
            case 3: return .html(["<qa>", "<b>", "&amp;", "<!-- x -->"][Int(random.next() % 4)])
            default: return .strikethrough(randomTexts(&random))
            }
        }
    }

    /// One to three texts, as emphasis may hold.
    private func randomTexts(_ random: inout SplitMix) -> [MarkdownInline] {
        (0..<(1 + Int(random.next() % 3))).map { _ in .text(randomText(&random, maximumPieces: 3)) }
    }

    private func randomBlock(_ random: inout SplitMix, depth: Int = 0) -> MarkdownBlock {
        let inlines = (0..<(1 + Int(random.next() % 5))).map { _ in randomInline(&random) }
        switch random.next() % 16 {
        case 0, 1: return .heading(level: Int(random.next() % 8), inlines)
        case 2,
            3 where depth < 3:
            return .blockQuote((0..<(1 + Int(random.next() % 3))).map { _ in randomBlock(&random, depth: depth + 1) })
        case 4:
            // Tight or loose (blank lines between items), bullets or numbers.
            let items = (0..<(1 + Int(random.next() % 3))).map { _ in [MarkdownBlock.paragraph(inlines)] }
            return .list(start: random.next() % 2 == 0 ? nil : Int(random.next() % 12), tight: random.next() % 3 != 0, items: items)
        case 5:
            // Indented or fenced, with blank lines, leading spaces and backticks in the code.
            let lines = (0..<(1 + Int(random.next() % 4))).map { _ in
                ["", "  x", "let a = 1", "```", "~~~ y", "\t tab", randomText(&random, maximumPieces: 3)][Int(random.next() % 7)]
            }
            return .codeBlock(info: ["", "swift", "a b"][Int(random.next() % 3)], code: lines.joined(separator: "\n") + "\n")
        case 6: return [.thematicBreak, .htmlBlock("<div>\n" + randomText(&random) + "\n</div>")][Int(random.next() % 2)]
        case 7:
            let cell = { (random: inout SplitMix) -> [MarkdownInline] in [.text(self.randomText(&random, maximumPieces: 2))] }
            let (header, row) = ([cell(&random), cell(&random)], [cell(&random), cell(&random)])
            return .table(MarkdownTable(alignments: [.none, .right], header: header, rows: [row]))
        default: return .paragraph(inlines)
        }
    }

    /// Compares the writers with cmark's on `documents` generated documents: all direct, direct
    /// with some blocks left to cmark one at a time, and as ``CommonMark/renderCommonMark(_:)``
    /// chooses. Returns how many were written all directly, and how many in part.
    private func compare(documents: Int, seed: UInt64, block: (inout SplitMix) -> MarkdownBlock) -> (direct: Int, mixed: Int) {
        var random = SplitMix(seed: seed)
        var (directCount, mixedCount) = (0, 0)
        for _ in 0..<documents {
            let blocks = (0..<(1 + Int(random.next() % 3))).map { _ in block(&random) }
            let cmark = CommonMark.renderWithCmark(blocks)
            if let direct = DirectCommonMark.render(blocks) {
                directCount += 1
                #expect(direct == cmark, "\(blocks)")
            } else if let mixed = DirectCommonMark.render(blocks, leavingToCmark: { CommonMark.renderWithCmark([$0]) }) {
                mixedCount += 1
                #expect(mixed == cmark, "\(blocks)")
            }
            #expect(CommonMark.renderCommonMark(blocks) == cmark)
        }
        return (directCount, mixedCount)
    }

    @Test func generatedDocumentsPrintAsCmarkPrintsThem() {
        let (direct, mixed) = compare(documents: 20_000, seed: 20_261_202) { randomBlock(&$0) }
        // Every way is exercised.
        #expect(direct > 1_000 && direct < 10_000, "\(direct) written directly")
        #expect(mixed > 1_000, "\(mixed) written directly in part")
    }

    @Test func generatedParagraphsPrintAsCmarkPrintsThem() {
        // Paragraphs of inlines, in any order and with any text.
        let (direct, mixed) = compare(documents: 20_000, seed: 42) { random in
            .paragraph((0..<(1 + Int(random.next() % 4))).map { _ in randomInline(&random) })
        }
        #expect(direct > 2_000 && direct < 15_000, "\(direct) written directly")
        #expect(mixed > 1_000, "\(mixed) written directly in part")
    }

    @Test func aThreadWithOneReplyCmarkMustWriteIsWrittenDirectlyButThatReply() {
        // A thread of three replies in a quote; the second starts with a number and `)`, which
        // cmark escapes at a line's start only, before a space.
        let reply: MarkdownBlock = .paragraph([.text("2) to that")])
        let blocks: [MarkdownBlock] = [
            .paragraph([.emphasis([.text("3 replies")])]),
            .blockQuote([
                .paragraph([.strong([.text("Ann")])]), .paragraph([.text("ship it?")]),
                .paragraph([.strong([.text("Bo")])]), reply, .heading(level: 3, [.text("6.4 MB, 1. done")]),
            ]),
        ]
        var leftToCmark: [MarkdownBlock] = []
        let written = DirectCommonMark.render(blocks) { block in
            leftToCmark.append(block)
            return CommonMark.renderWithCmark([block])
        }
        #expect(DirectCommonMark.render(blocks) == nil)
        #expect(written == CommonMark.renderWithCmark(blocks))
        #expect(leftToCmark == [reply, .heading(level: 3, [.text("6.4 MB, 1. done")])])
    }

    @Test func transcriptItemsAreWrittenDirectly() {
        let items: [[MarkdownBlock]] = [
            [.paragraph([.strong([.text("Giulia Rossi")])])],
            [.paragraph([.text("Did anyone bump the "), .emphasis([.text("customer ticket")]), .text(" yet lol")])],
            [.paragraph([.emphasis([.text("09:35 Edited")])])],
            [.paragraph([.code("+1 4"), .text(" "), .code("fire 1")])],
            [.paragraph([.text("thanks! see #42 & the a_b [draft] <soon>")])],
            [.paragraph([.mention(userID: "ann", text: "@Ann Lee"), .text(" line one"), .lineBreak, .text("line two 👍🏽")])],
            [.paragraph([.text("about 1.5 million, 3) no: 10 items")]), .paragraph([.text("~~not struck~~ | not a cell")])],
            // cmark escapes a list marker or a heading's underline where a line starts, only there.
            [.paragraph([.text("+1")])],
            [.paragraph([.text("- not a list"), .softBreak, .text("=== not a heading - + =")])],
            [.blockQuote([.paragraph([.text("-1 from me")]), .paragraph([.strong([.text("+")]), .text(" -")])])],
            [.heading(level: 3, [.text("+ & more")])],
            // A contact card's e-mail, shown as its address; inline HTML, which is text.
            [.paragraph([.link(destination: "mailto:bob@example.com", title: "", children: [.text("bob@example.com")])])],
            [.paragraph([.link(destination: "mailto:bob@example.com", title: "", children: [.text("Bob")])])],
            [.paragraph([.text("@Yara "), .html("<qa>"), .text(" hi")])],
            [.list(start: 1, tight: true, items: [[.paragraph([.text("- not a list")])], [.paragraph([.text("=")])]])],
            // Items of several blocks, a task box, a list in a list.
            [.list(start: nil, tight: true, items: [[.paragraph([.text("item")]), .paragraph([.text("more")])]])],
            [
                .list(
                    start: 1, tight: true,
                    items: [
                        [.paragraph([.text("Merge first")])],
                        [
                            .paragraph([.text("Then deploy")]),
                            .list(
                                start: nil, tight: true,
                                items: [[.paragraph([.text("check")])], [.paragraph([.checkbox(checked: true), .text(" announce")])]]),
                        ],
                    ])
            ],
            [.heading(level: 2, [.text("Monday, March 6, 2023")])],
            [.paragraph([.text("see "), .link(destination: "https://example.com/a", title: "", children: [.text("the spec")])])],
            [.paragraph([.link(destination: "https://example.com/a", title: "", children: [.text("https://example.com/a")])])],
            [.paragraph([.link(destination: "https://example.com/a", title: "", children: [.strong([.text("A headline")])])])],
            [.paragraph([.emphasis([.text("09:35"), .text(" "), .text("Edited")])])],
            [
                .paragraph([.strong([.text("sam")])]),
                .blockQuote([.heading(level: 3, [.text("2 replies")]), .paragraph([.text("one"), .softBreak, .text("two")])]),
            ],
        ]
        for blocks in items {
            let direct = DirectCommonMark.render(blocks)
            #expect(direct != nil, "\(blocks)")
            #expect(direct == CommonMark.renderWithCmark(blocks), "\(blocks)")
        }
    }

    @Test func generatedListsAndCodePrintAsCmarkPrintsThem() {
        // Lists of one-paragraph items, bullets or numbers from 0 to past 10 (and past the
        // largest a marker holds), tight or loose;
        // code of any lines, with or without a last line feed, backtick runs, tabs, controls and
        // carriage returns, under info strings of a word, words, a tab, a backtick or two lines.
        var written = (list: 0, code: 0)
        let (direct, mixed) = compare(documents: 10_000, seed: 7) { random in
            if random.next() % 2 == 0 {
                let items = (0..<(1 + Int(random.next() % 6))).map { _ in
                    [MarkdownBlock.paragraph((0..<(1 + Int(random.next() % 3))).map { _ in randomInline(&random) })]
                }
                let start: Int? = random.next() % 2 == 0 ? nil : [0, 1, 7, 9, 98, 999_999_999, 1_000_000_005][Int(random.next() % 7)]
                let list = MarkdownBlock.list(start: start, tight: random.next() % 3 != 0, items: items)
                if DirectCommonMark.render([list]) != nil { written.list += 1 }
                return list
            }
            let lines = (0..<Int(random.next() % 5)).map { _ in
                ["", "  x", "let a = 1", "```", "````", "`", "~~~ y", "\t tab", "a\rb", "\u{0}", randomText(&random, maximumPieces: 3)][
                    Int(random.next() % 11)]
            }
            let info = ["", "swift", "a b", "\tx", "a`b", "a\nb", "é"][Int(random.next() % 7)]
            let code = MarkdownBlock.codeBlock(info: info, code: lines.joined(separator: "\n") + (random.next() % 3 == 0 ? "" : "\n"))
            if DirectCommonMark.render([code]) != nil { written.code += 1 }
            return code
        }
        #expect(direct > 1_000 && mixed > 1_000, "\(direct) written directly, \(mixed) in part")
        #expect(written.list > 500 && written.code > 1_000, "\(written) written directly")
    }

    /// A link's text follows its `[`, so cmark's line start no longer applies to it: a phone
    /// number (`+1 …`), a list number or a space starts it as any character does.
    @Test func linkTextsStartWithAnything() {
        let starts = ["+1 555 0120", "-", "=", "1. one", "2) two", "12", " lead", "&b", "& c", "#", "* x"]
        for start in starts {
            let link = MarkdownInline.link(destination: "tel:+15550120", title: "", children: [.text(start)])
            let longer = MarkdownInline.link(
                destination: "https://example.com/", title: "", children: [.text(start), .strong([.text("b")])])
            for blocks: [MarkdownBlock] in [
                [.paragraph([link])], [.paragraph([.text("a"), .lineBreak, link])], [.blockQuote([.paragraph([longer, .text(" x")])])],
                [.list(start: 3, tight: true, items: [[.paragraph([link])], [.paragraph([longer])]])],
            ] {
                let direct = DirectCommonMark.render(blocks)
                #expect(direct != nil, "\(blocks)")
                #expect(direct == CommonMark.renderWithCmark(blocks), "\(blocks)")
            }
        }
    }

    /// A list item of several blocks, as chat Markdown nests them: paragraphs (the first with a
    /// task box now and then), lists within lists, code.
    private func randomItem(_ random: inout SplitMix, depth: Int) -> [MarkdownBlock] {
        (0..<(1 + Int(random.next() % 3))).map { index in
            switch random.next() % 6 {
            case 0 where depth < 3:
                return randomList(&random, depth: depth + 1)
            case 1:
                return .codeBlock(info: ["", "swift"][Int(random.next() % 2)], code: ["let a = 1\n", "x\n\ny\n"][Int(random.next() % 2)])
            default:
                var inlines = (0..<(1 + Int(random.next() % 3))).map { _ in randomInline(&random) }
                if index == 0 && random.next() % 3 == 0 { inlines.insert(.checkbox(checked: random.next() % 2 == 0), at: 0) }
                return .paragraph(inlines)
            }
        }
    }

    private func randomList(_ random: inout SplitMix, depth: Int) -> MarkdownBlock {
        let items = (0..<(1 + Int(random.next() % 3))).map { _ in randomItem(&random, depth: depth) }
        let start: Int? = random.next() % 2 == 0 ? nil : [1, 9, 10, 99][Int(random.next() % 4)]
        return .list(start: start, tight: random.next() % 2 == 0, items: items)
    }

    /// ``compare(documents:seed:block:)`` on blocks `make` makes, each alone, quoted before a
    /// paragraph, or now and then a paragraph instead; also returns how many of the blocks the
    /// direct writer takes whole.
    private func compareAmongOthers(
        documents: Int, seed: UInt64, make: (inout SplitMix) -> MarkdownBlock
    ) -> (direct: Int, mixed: Int, whole: Int) {
        var whole = 0
        let (direct, mixed) = compare(documents: documents, seed: seed) { random in
            let block = make(&random)
            if DirectCommonMark.render([block]) != nil { whole += 1 }
            switch random.next() % 4 {
            case 0: return .blockQuote([block, .paragraph([.text("after")])])
            case 1: return .paragraph(randomTexts(&random))
            default: return block
            }
        }
        return (direct, mixed, whole)
    }

    @Test func generatedNestedListsPrintAsCmarkPrintsThem() {
        let (direct, mixed, whole) = compareAmongOthers(documents: 5_000, seed: 5) { randomList(&$0, depth: 0) }
        #expect(direct > 500 && mixed > 500, "\(direct) written directly, \(mixed) in part")
        #expect(whole > 500, "\(whole) lists written directly")
    }

    @Test func generatedTablesPrintAsCmarkPrintsThem() {
        // Tables of one to four columns of any alignment, of cells of any inlines (code and links
        // with pipes, breaks, empty cells), rows short and long; alone, among paragraphs, quoted.
        let alignments: [MarkdownTable.Alignment] = [.none, .left, .center, .right]
        let (direct, mixed, whole) = compareAmongOthers(documents: 5_000, seed: 11) { random in
            let columns = 1 + Int(random.next() % 4)
            let cell = { (random: inout SplitMix) -> [MarkdownInline] in
                switch random.next() % 6 {
                case 0: return []
                case 1: return [.code(["a|b", "x", "|"][Int(random.next() % 3)])]
                case 2:
                    return [
                        .link(
                            destination: ["https://example.com/a|b", "https://example.com/"][Int(random.next() % 2)], title: "",
                            children: [.text("l")])
                    ]
                default: return (0..<(1 + Int(random.next() % 3))).map { _ in self.randomInline(&random) }
                }
            }
            let row = { (random: inout SplitMix) -> [[MarkdownInline]] in
                (0..<(columns - 1 + Int(random.next() % 3))).map { _ in cell(&random) }
            }
            return .table(
                MarkdownTable(
                    alignments: (0..<columns).map { _ in alignments[Int(random.next() % 4)] }, header: row(&random),
                    rows: (0..<Int(random.next() % 3)).map { _ in row(&random) }))
        }
        #expect(direct > 500 && mixed > 500, "\(direct) written directly, \(mixed) in part")
        #expect(whole > 500, "\(whole) tables written directly")
    }

    @Test func listsAndCodeAreWrittenDirectly() {
        let list: MarkdownBlock = .list(start: nil, tight: true, items: [[.paragraph([.text("one")])], [.paragraph([.text("two")])]])
        let numbered: MarkdownBlock = .list(start: 9, tight: false, items: [[.paragraph([.text("nine")])], [.paragraph([.text("ten")])]])
        let code: MarkdownBlock = .codeBlock(info: "swift", code: "let a = 1\n\nlet b = \"```\"\n")
        let author: MarkdownBlock = .paragraph([.strong([.text("Ann")])])
        /// `blocks` are written directly, as cmark writes them, and as `expected`.
        func expectWritten(_ blocks: [MarkdownBlock], as expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let direct = DirectCommonMark.render(blocks)
            #expect(direct == CommonMark.renderWithCmark(blocks), sourceLocation: sourceLocation)
            #expect(direct == expected, sourceLocation: sourceLocation)
        }
        expectWritten(
            [author, .paragraph([.text("steps:")]), list, .paragraph([.text("and")]), code, numbered],
            as: "**Ann**\n\nsteps:\n\n  - one\n  - two\n\nand\n\n```` swift\nlet a = 1\n\nlet b = \"```\"\n````\n\n"
                + "9.  nine\n\n10. ten\n")
        // In a quote, every line after its `> `, a blank one too.
        expectWritten(
            [.blockQuote([numbered, author, code])],
            as: "> 9.  nine\n> \n> 10. ten\n> \n> **Ann**\n> \n> ```` swift\n> let a = 1\n> \n> let b = \"```\"\n> ````\n")
        // cmark separates a list from the list after it with a comment, as the direct writer
        // does, in a quote too; code after a list gets no comment.
        expectWritten(
            [author, list, numbered, list, code],
            as: "**Ann**\n\n  - one\n  - two\n\n<!-- end list -->\n\n9.  nine\n\n10. ten\n\n<!-- end list -->\n\n"
                + "  - one\n  - two\n\n```` swift\nlet a = 1\n\nlet b = \"```\"\n````\n")
        expectWritten(
            [.blockQuote([list, numbered, author])],
            as: ">   - one\n>   - two\n> \n> <!-- end list -->\n> \n> 9.  nine\n> \n> 10. ten\n> \n> **Ann**\n")
        // A list cmark must write (an item holding a quote) before another: the comment still.
        let long: MarkdownBlock = .list(
            start: nil, tight: true, items: [[.paragraph([.text("a")]), .blockQuote([.paragraph([.text("b")])])]])
        let mixed: [MarkdownBlock] = [long, list]
        #expect(DirectCommonMark.render(mixed) == nil)
        let cmark = { (block: MarkdownBlock) -> String in CommonMark.renderWithCmark([block]) }
        #expect(DirectCommonMark.render(mixed, leavingToCmark: cmark) == CommonMark.renderWithCmark(mixed))
        // cmark puts two blank lines before code that opens a quote: a whole document for cmark.
        #expect(DirectCommonMark.render([author, .blockQuote([code, author])], leavingToCmark: cmark) == nil)
    }

    @Test func aControlIsFoundWhereverTextPutsIt() {
        // Every ASCII character and some beyond, alone and inside a run read eight bytes at a
        // time: a control (C0, DEL, C1, bidi) is found in both or in neither.
        let others = ["\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "é", "\u{600}", "\u{61C}", "\u{200E}", "\u{2014}", "\u{2067}", "日", "👍🏽"]
        for character in (0..<0x80).map({ String(UnicodeScalar(UInt8($0))) }) + others {
            for allowing in [false, true] {
                let alone = character.withUTF8Bytes { CommonMark.hasControls($0, allowingLineFeedsAndTabs: allowing) }
                let inside = ("abcdefghij" + character + "klmnopqrstuvwxyz").withUTF8Bytes {
                    CommonMark.hasControls($0, allowingLineFeedsAndTabs: allowing)
                }
                #expect(alone == inside, "\(character.debugDescription)")
            }
        }
        #expect("ok \u{202E}".withUTF8Bytes { CommonMark.hasControls($0) })
    }

    @Test func whatCmarkMustWriteIsLeftToIt() {
        let items: [[MarkdownBlock]] = [
            [.heading(level: 2, [.text("a"), .lineBreak, .text("b")])],
            [.blockQuote([])],
            [.list(start: nil, tight: true, items: [[.paragraph([.text("item")]), .blockQuote([.paragraph([.text("quoted")])])]])],
            [
                .list(
                    start: nil, tight: true,
                    items: [
                        [
                            .list(start: 1, tight: true, items: [[.paragraph([.text("a")])]]),
                            .list(start: nil, tight: true, items: [[.paragraph([.text("b")])]]),
                        ]
                    ])
            ],
            [.list(start: nil, tight: true, items: [[.paragraph([.checkbox(checked: true)])]])],
            [.list(start: 1, tight: true, items: [[.paragraph([.text("2. not a list")])]])],
            [.codeBlock(info: "", code: "windows\r\nline\n")],
            [.codeBlock(info: "a`b", code: "x\n")],
            [.codeBlock(info: "two\nlines", code: "x\n")],
            [.codeBlock(info: "", code: "bell \u{7}\n")],
            [.paragraph([.text("1. not a list")])],
            [.paragraph([.text("1) not a list")])],
            [.paragraph([.text(" leading space")])],
            [.paragraph([.text("trailing space ")])],
            [.paragraph([.text("a"), .softBreak])],
            [.paragraph([.emphasis([.text(" spaced ")])])],
            [.paragraph([.code("a`b")])],
            [.paragraph([.text("tab\there")])],
            [.paragraph([.text("bidi \u{202E}x")])],
            [.paragraph([.text("x &#38; y")])],
            [.paragraph([.link(destination: "https://example.com", title: "a title", children: [.text("x")])])],
        ]
        for blocks in items {
            #expect(DirectCommonMark.render(blocks) == nil, "\(blocks)")
        }
    }
}
