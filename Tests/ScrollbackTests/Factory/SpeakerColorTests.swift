import Foundation
import Testing

@testable import Scrollback

/// The speakers of a transcript take the theme's avatar colours in order of first appearance, so
/// people in one conversation differ; the same input always gives the same colours.
@Suite struct SpeakerColorTests {
    /// Messages an hour apart (so that each shows its author) from these users, in order.
    static func messages(_ authors: [String]) -> [ChatMessage] {
        authors.enumerated().map { index, author in
            ChatMessage(
                id: "m\(index)", text: "hello \(index)", user: ChatUser(id: author, name: author.capitalized),
                createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 3600))
        }
    }

    /// The avatar colour classes of an HTML document, in order.
    static func avatarClasses(_ html: String) -> [Int] {
        html.matches(of: #/class="sb-avatar sb-avatar-(\d+)"/#).map { Int($0.output.1)! }
    }

    @Test func speakersTakeColoursInOrderOfFirstAppearance() {
        let html = SampleTranscripts.renderInMemory(Self.messages(["zoe", "adam", "kim", "zoe", "lee"]), as: .html)
        #expect(Self.avatarClasses(html) == [0, 1, 2, 0, 3])
        // The same input, the same colours.
        #expect(SampleTranscripts.renderInMemory(Self.messages(["zoe", "adam", "kim", "zoe", "lee"]), as: .html) == html)
    }

    /// A speaker's avatar keeps their place in order and has the initials of the name they
    /// appear under now, also when another name of theirs came first or their colour was asked
    /// for alone.
    @Test func avatarsHaveTheColourOfTheirPlaceAndTheirNamesInitials() {
        let speakers = SpeakerOrder()
        #expect(speakers.index(of: ChatUser(id: "zoe", name: "Zoë Ōkawa")) == 0)
        #expect(
            speakers.avatar(of: ChatUser(id: "ada", name: "Ada Lovelace"))
                == ViewNode.AvatarContent(imageURL: nil, initials: "AL", colorIndex: 1))
        let zoe = ChatUser(id: "zoe", name: "Zoë Ōkawa", imageURL: "https://a.example/z.png")
        #expect(speakers.avatar(of: zoe) == ViewNode.AvatarContent(imageURL: zoe.imageURL, initials: "ZŌ", colorIndex: 0))
        #expect(speakers.avatar(of: zoe) == ViewNode.AvatarContent(user: zoe, colorIndex: 0))
        let renamed = ChatUser(id: "zoe", name: "Лена Мюллер")
        #expect(speakers.avatar(of: renamed) == ViewNode.AvatarContent(imageURL: nil, initials: "ЛМ", colorIndex: 0))
        #expect(
            speakers.avatar(of: ChatUser(id: "", name: "山田 花子")) == ViewNode.AvatarContent(imageURL: nil, initials: "山花", colorIndex: 2))
        #expect(speakers.index(of: ChatUser(id: "ada")) == 1)
    }

    /// Answers kept by user value (``AuthorSlots``) are the table's answers: for the same value
    /// asked again, a copy written to (a value of its own), an equal value that is not the
    /// same one, a speaker renamed in between, and more users than slots, in a seeded random
    /// order. Every answer has the place of the speaker's first appearance and the initials of
    /// the name the user value has.
    @Test func answersKeptByUserValueAreTheTablesAnswers() {
        var random = XorShift(seed: 7)
        let names = ["Zoë Ōkawa", "Лена Мюллер", "山田 花子", "Ada Lovelace", ""]
        // 200 user values over 90 ids (and some known by name only): more than the slots.
        let users = (0..<200).map { index in ChatUser(id: index % 17 == 0 ? "" : "u\(index % 90)", name: names[index % names.count]) }
        let speakers = SpeakerOrder()
        var places: [String: Int] = [:]
        for _ in 0..<5_000 {
            var user = users[random.next(users.count)]
            if random.next(10) == 0 { user.name = names[random.next(names.count)] }
            if random.next(10) == 1 { user = ChatUser(id: user.id, name: user.name) }
            let key = user.id.isEmpty ? "name: " + user.displayName : user.id
            let place = places[key] ?? places.count
            places[key] = place
            if random.next(2) == 0 {
                #expect(speakers.avatar(of: user) == ViewNode.AvatarContent(user: user, colorIndex: place))
            }
            #expect(speakers.index(of: user) == place)
        }
    }

    /// Two ids with the same 64-bit FNV-1a hash (a pair found by a collision search; the first
    /// expectation checks it) are still two speakers: the order compares ids, not their hashes.
    @Test func idsThatHashAlikeAreTwoSpeakers() {
        let ids = ["bc0575709c2b4840", "adff8f1069839853"]
        #expect(ViewNode.AvatarContent.key(of: ChatUser(id: ids[0])) == ViewNode.AvatarContent.key(of: ChatUser(id: ids[1])))
        let html = SampleTranscripts.renderInMemory(Self.messages(ids + ids), as: .html)
        #expect(Self.avatarClasses(html) == [0, 1, 0, 1])
    }

    /// More speakers than colours: the colours start again from the first, in order.
    @Test func colourRepeatInOrderPastThePalette() {
        let authors = (0..<14).map { "user-\($0)" }
        let html = SampleTranscripts.renderInMemory(Self.messages(authors), as: .html)
        #expect(Self.avatarClasses(html) == Array(0..<12) + [0, 1])
        var options = RenderOptions()
        options.theme = Theme.builtIn(named: "terminal-16")!
        let short = SampleTranscripts.renderInMemory(Self.messages(authors), as: .html, options: options)
        #expect(Self.avatarClasses(short) == Array(0..<12) + [0, 1])
        // The stylesheet gives classes past the theme's six colours its colours in order.
        #expect(short.contains(".sb-avatar-6{background:var(--sb-avatar0)}"))
        #expect(short.contains(".sb-avatar-11{background:var(--sb-avatar5)}"))
    }

    /// Colours follow order of first appearance in a real sample, read in two passes; read in one
    /// pass (no index: replies where the input has them) the sample's speakers first appear in
    /// the same order, so the colours agree.
    @Test func everyWayOfReadingAgrees() throws {
        let (twoPass, _) = try SampleTranscripts.render("conversation.json", as: .html)
        let classes = Self.avatarClasses(twoPass)
        #expect(classes.first == 0)
        // Colours are given in order: each new one is the next.
        var next = 0
        for colour in classes where colour >= next {
            #expect(colour == next)
            next += 1
        }
        #expect(next >= 3, "the conversation has at least three speakers: \(classes)")
        var reader = try TranscriptReader(path: SampleTranscripts.path("conversation.json"))
        var backend = HTMLBackend(output: "", options: RenderOptions())
        try TranscriptRenderer().render(&reader, to: &backend)
        #expect(Self.avatarClasses(backend.output) == classes)
    }

    /// In the terminal, the first three speakers of the conversation sample have three
    /// different name colours at every depth (with 8 colours hashed by id, two of them shared one).
    @Test func terminalNamesDiffer() throws {
        for depth in [ANSIOptions.ColorDepth.ansi16, .ansi256, .trueColor] {
            var options = RenderOptions()
            options.ansi.colorDepth = depth
            options.ansi.width = 100
            let (output, _) = try SampleTranscripts.render("launch-room.json", as: .ansi, options: options)
            // Bold, coloured author names: ESC[1;<colour>m<name>.
            var colourByName: [String: String] = [:]
            for match in output.matches(of: #/\x{1B}\[1;([0-9;]+)m([A-Z][a-z]+(?: [A-Z][a-z]+)?)\x{1B}\[0m/#) {
                colourByName[String(match.output.2)] = String(match.output.1)
            }
            #expect(colourByName.count >= 3, "\(depth): \(colourByName)")
            #expect(Set(colourByName.values).count == colourByName.count, "\(depth): \(colourByName)")
        }
    }

    /// The theme file takes twelve author colours, and still reads one with eight.
    @Test func themeFilesTakeTwelveColoursAndEightStillWork() throws {
        let twelve = try Theme(json: ##"{"version": 1, "extends": "default", "colors": {"avatar11": "#123456"}}"##)
        #expect(twelve.color("avatar11") == .rgb(Theme.RGBColor(red: 0x12, green: 0x34, blue: 0x56)))
        #expect(throws: ConfigurationError.self) { try Theme(json: ##"{"version": 1, "colors": {"avatar12": "#123456"}}"##) }
        var eight = ##"{"version": 1, "colors": {"text": "#000000", "background": "#ffffff""##
        for index in 0..<8 { eight += ##", "avatar\##(index)": "#10101\##(index)""## }
        eight += "}}"
        let theme = try Theme(json: eight)
        #expect(theme.authorPaletteSize == 8)
        var options = RenderOptions()
        options.theme = theme
        let html = SampleTranscripts.renderInMemory(Self.messages((0..<10).map { "u\($0)" }), as: .html, options: options)
        #expect(Self.avatarClasses(html) == Array(0..<10))
        #expect(html.contains(".sb-avatar-7{background:var(--sb-avatar7)}"))
        #expect(html.contains(".sb-avatar-8{background:var(--sb-avatar0)}"))
    }
}
