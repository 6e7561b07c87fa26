import Foundation
import Testing

@testable import Scrollback

/// Issue 14, items 7, 8 and 10: who wrote, who saw and who is in a channel, told plainly to a
/// reader who is not one of the people in it.
@Suite struct PeopleTests {
    func render(_ json: String, _ format: OutputFormat, me: String? = nil) throws -> String {
        var options = RenderOptions()
        options.ansi.width = 80
        options.currentUserID = me
        // Two passes, as the command line renders: the index finds shared names.
        var first = TranscriptReader(bytes: Array(json.utf8))
        let index = try TranscriptIndex(reading: &first)
        var reader = TranscriptReader(bytes: Array(json.utf8))
        var backend = format.makeBackend(output: "", options: options)
        _ = try TranscriptRenderer(options: options).render(&reader, index: index, to: &backend)
        return backend.output
    }

    // MARK: Item 8: errors and ephemeral messages

    static let ephemeralAndError = """
        {"channel": {"id": "c", "name": "general"}, "messages": [
          {"id": "1", "type": "ephemeral", "text": "Giphy preview", "user": {"id": "ann", "name": "Ann"},
           "created_at": "2026-03-09T09:31:00Z"},
          {"id": "2", "type": "error", "text": "Message failed to send", "user": {"id": "bo", "name": "Bo Berg"},
           "created_at": "2026-03-09T09:32:00Z"}
        ]}
        """

    @Test(arguments: [OutputFormat.ansi, .markdown, .html])
    func anEphemeralMessageNamesWhoSawIt(format: OutputFormat) throws {
        let output = try render(Self.ephemeralAndError, format)
        #expect(output.contains("Only visible to Ann"), "\(format)")
        #expect(!output.contains("Only visible to you"), "\(format)")
    }

    @Test(arguments: [OutputFormat.ansi, .markdown, .html])
    func anEphemeralMessageOfTheReaderSaysYou(format: OutputFormat) throws {
        let output = try render(Self.ephemeralAndError, format, me: "ann")
        #expect(output.contains("Only visible to you"), "\(format)")
        #expect(!output.contains("Only visible to Ann"), "\(format)")
        // Someone else's reading of the same file: the reader is not the one who saw it.
        #expect(try render(Self.ephemeralAndError, format, me: "bo").contains("Only visible to Ann"), "\(format)")
    }

    @Test(arguments: [OutputFormat.ansi, .markdown, .html])
    func anErrorNamesItsAuthor(format: OutputFormat) throws {
        let output = try render(Self.ephemeralAndError, format)
        let author = try #require(output.range(of: "Bo Berg"), "\(format)")
        let error = try #require(output.range(of: "Message failed to send"), "\(format)")
        #expect(author.upperBound <= error.lowerBound, "\(format)")
        if format == .html {
            #expect(output.contains(#"<article class="sb-message sb-error" id="m-2" aria-label="Bo Berg, "#))
        }
        if format == .ansi {
            #expect(output.contains("Bo Berg · Message failed to send"))
        }
    }

    @Test func theNoteOfAnEphemeralMessageWithoutAuthorNamesNobodyAsTheReader() {
        let context = RenderContext(options: RenderOptions(), factory: ViewFactory(), resolver: DefaultMessageTypeResolver())
        let message = ChatMessage(id: "1", type: .ephemeral, text: "x")
        #expect(DefaultViews().onlyVisibleNote(for: message, context: context) == "Only visible to Unknown user")
    }
}

extension PeopleTests {
    // MARK: Item 7: two people, one name

    static let twoAlexes = """
        {"channel": {"id": "c", "name": "general"}, "messages": [
          {"id": "1", "text": "One", "user": {"id": "alex-1", "name": "Alex"}, "created_at": "2026-03-09T09:31:00Z"},
          {"id": "2", "text": "Two", "user": {"id": "alex-2", "name": "alex "}, "created_at": "2026-03-09T09:35:00Z"},
          {"id": "3", "text": "Three", "user": {"id": "bo", "name": "Bo"}, "created_at": "2026-03-09T09:40:00Z"}
        ]}
        """

    @Test(arguments: [OutputFormat.ansi, .markdown, .html])
    func namesSharedByTwoAuthorsShowTheUserID(format: OutputFormat) throws {
        let output = try render(Self.twoAlexes, format)
        #expect(output.contains("Alex (alex-1)"), "\(format)")
        #expect(output.contains("alex  (alex-2)") || output.contains("alex (alex-2)"), "\(format)")
        // A name nobody else uses stays as it is.
        #expect(!output.contains(">Bo (bo)<") && !output.contains("Bo (bo)\n"), "\(format)")
        #expect(output.contains("Bo"), "\(format)")
    }

    @Test func theReaderStaysYouAndTheOtherShowsTheID() throws {
        let output = try render(Self.twoAlexes, .markdown, me: "alex-1")
        #expect(output.contains("You"))
        #expect(!output.contains("Alex (alex-1)"))
        #expect(output.contains("(alex-2)"))
    }

    @Test func htmlAlwaysPutsTheUserIDInTheAuthorsTooltip() throws {
        let output = try render(Self.twoAlexes, .html)
        #expect(output.contains(#"<header title="Bo (bo)">"#))
        #expect(output.contains(#"<header title="Alex (alex-1) (alex-1)">"#) == false)
        #expect(output.contains(#"title="Alex (alex-1)">"#))
    }

    @Test func theIndexFindsNamesSharedByDifferentUsersOnly() throws {
        let json = """
            {"messages": [
              {"id": "1", "text": "a", "user": {"id": "u1", "name": "Sam"}},
              {"id": "2", "text": "b", "user": {"id": "u1", "name": "Sam"}},
              {"id": "3", "text": "c", "user": {"id": "u2", "name": "Kim"}},
              {"id": "4", "text": "d", "user": {"id": "u3", "name": "KIM"}}
            ]}
            """
        var reader = TranscriptReader(bytes: Array(json.utf8))
        let index = try TranscriptIndex(reading: &reader)
        #expect(!index.isSharedDisplayName("Sam"))
        #expect(index.isSharedDisplayName("Kim"))
        #expect(index.isSharedDisplayName(" kim"))
    }

    /// Authors are found again by their objects' bytes (``UserCache``), first by the first
    /// bytes: objects that share them (keys in sorted order, the same user renamed) must still
    /// give each message its own author, in the full reading and in the index pass.
    @Test func authorsWrittenAlikeAreToldApart() throws {
        let authors = [
            #"{"banned": false, "id": "u1", "name": "Kim"}"#, #"{"banned": false, "id": "u2", "name": "Kim"}"#,
            #"{"banned": false, "id": "u3", "name": "Lee"}"#, #"{"banned": false, "id": "u1", "name": "Kim Renamed"}"#,
        ]
        let order = [0, 1, 0, 2, 3, 1, 0, 3, 2, 2, 1, 0]
        let messages = order.enumerated().map { number, author in
            #"{"id": "m\#(number)", "text": "t", "user": \#(authors[author])}"#
        }
        let json = "[" + messages.joined(separator: ",\n") + "]"
        let expected = order.map { ["u1 Kim", "u2 Kim", "u3 Lee", "u1 Kim Renamed"][$0] }
        var reader = TranscriptReader(bytes: Array(json.utf8))
        var read: [String] = []
        while let event = try reader.next() {
            if case .message(let message) = event { read.append("\(message.user?.id ?? "") \(message.user?.name ?? "")") }
        }
        #expect(read == expected)
        var indexing = TranscriptReader(indexing: ByteSource(bytes: Array(json.utf8)))
        var indexed: [String] = []
        while let item = try indexing.nextItem() {
            if case .message(let message) = item.event { indexed.append("\(message.user?.id ?? "") \(message.user?.name ?? "")") }
        }
        #expect(indexed == expected)
        var first = TranscriptReader(indexing: ByteSource(bytes: Array(json.utf8)))
        let index = try TranscriptIndex(reading: &first)
        #expect(index.isSharedDisplayName("Kim"))
        #expect(!index.isSharedDisplayName("Lee"))
    }

    /// The index keeps an author met again by user value (``AuthorSlots``) and skips what it
    /// adds: over more author objects than slots, renamed, sharing names and coming back in a
    /// seeded random order, it finds the names two ids share and each id's first name as a
    /// plain count of them does.
    @Test func authorsMetAgainAddNothingNew() throws {
        var random = XorShift(seed: 11)
        // 100 authors of names of their own, then 50 of them renamed to the next one's name
        // (some spelled in lower case, with a space): only a renamed object makes two ids share
        // a name. 150 objects, each written one way: the reader gives each one user value.
        let authors =
            (0..<100).map { (id: "u\($0)", name: "Name \($0)") }
            + (0..<50).map { (id: "u\($0 * 2)", name: $0 % 3 == 0 ? "name \($0 * 2 + 1) " : "Name \($0 * 2 + 1)") }
        var order: [Int] = []
        for _ in 0..<3_000 { order.append(random.next(authors.count)) }
        let messages = order.enumerated().map { number, author in
            #"{"id": "m\#(number)", "text": "t", "user": {"id": "\#(authors[author].id)", "name": "\#(authors[author].name)"}}"#
        }
        var reader = TranscriptReader(bytes: Array(("[" + messages.joined(separator: ",\n") + "]").utf8))
        let index = try TranscriptIndex(reading: &reader)
        var idsByKey: [String: Set<String>] = [:]
        var firstNames: [String: String] = [:]
        for author in order.map({ authors[$0] }) {
            idsByKey[TranscriptIndex.nameKey(author.name), default: []].insert(author.id)
            if firstNames[author.id] == nil { firstNames[author.id] = author.name }
        }
        var shared = 0
        for author in authors where (idsByKey[TranscriptIndex.nameKey(author.name)]?.count ?? 0) > 1 { shared += 1 }
        #expect(shared > 20)
        for author in authors {
            let ids = idsByKey[TranscriptIndex.nameKey(author.name)]?.count ?? 0
            #expect(index.isSharedDisplayName(author.name) == (ids > 1), "\(author.name)")
        }
        #expect(index.namesByID == firstNames)
    }

    /// The name key's ASCII shortcut gives what trimming and lower-casing give, for ASCII
    /// names with every kind of blank around them and for names that are not ASCII.
    @Test func nameKeysAreTrimmedAndLowerCased() {
        let names = [
            "Alex", " ALEX ", "\tAl Ex\n", "\u{0B}\u{0C}\r", "", "   ", "a\u{1F}b", "Zz@[`{", "\u{00A0}Ann\u{2003}", "ÉLODIE ",
            "\u{0085}x", "İ", "Straße", "x\u{200B}",
        ]
        for name in names {
            #expect(TranscriptIndex.nameKey(name) == name.trimmingWhitespace().lowercased(), "\(name.unicodeScalars.map(\.value))")
        }
        #expect(TranscriptIndex.nameKey(" \tMiXeD Case\n") == "mixed case")
    }

    /// A rendering works each display name's key out once (``RenderContext/nameKey(of:)``):
    /// asked again, and after its table filled up and started again, it gives what
    /// ``TranscriptIndex/nameKey(_:)`` gives.
    @Test func aRenderingsNameKeysAreTheIndexs() {
        let context = RenderContext(options: .default, factory: ViewFactory(), resolver: DefaultMessageTypeResolver())
        let names = ["ÉLODIE ", " élodie", "Kim", "KIM", "Straße", "İ"] + (0..<BoundedMemo<String, String>.limit + 10).map { "Név \($0)" }
        for _ in 0..<2 {
            let wrong = names.filter { context.nameKey(of: $0) != TranscriptIndex.nameKey($0) }
            #expect(wrong.isEmpty, "\(wrong)")
        }
        #expect(context.nameKey(of: "ÉLODIE ") == context.nameKey(of: " élodie"))
    }

    /// An author's "name (id)" is made once per rendering (``RenderContext/nameWithID(_:id:)``),
    /// and again for a context whose theme was changed.
    @Test func aRenderingsNamesWithIDsAreTheThemes() {
        let context = RenderContext(options: .default, factory: ViewFactory(), resolver: DefaultMessageTypeResolver())
        let limit = BoundedMemo<String, String>.limit
        let people = [("Ann", "ann"), ("Ann", "ann-2"), ("", "x")] + (0..<limit + 10).map { ("Név \($0)", "\($0)") }
        for _ in 0..<2 {
            let wrong = people.filter {
                context.nameWithID($0.0, id: $0.1) != Theme.default.string(.nameWithID, arguments: [$0.0, $0.1])
            }
            #expect(wrong.isEmpty, "\(wrong.prefix(3))")
        }
        var changed = context
        changed.options.theme.strings[.nameWithID] = "%@ [%@]"
        #expect(changed.nameWithID("Ann", id: "ann") == "Ann [ann]")
        #expect(context.nameWithID("Ann", id: "ann") == "Ann (ann)")
    }

    @Test func aNameWithIDLabelKeepsPlaceholdersInArgumentsAsTheyAre() {
        #expect(Theme.default.string(.nameWithID, arguments: ["%@", "x"]) == "%@ (x)")
        #expect(Theme.default.string(.namesAndOthers, arguments: ["Ann, Bo, Cy", "2"]) == "Ann, Bo, Cy and 2 others")
    }
}

extension PeopleTests {
    // MARK: Item 10: channels named after their members

    static func unnamed(members: [String], memberCount: Int? = nil, inChannel: Bool = false) -> String {
        let list = members.map { #"{"user_id": "\#($0.lowercased())", "user": {"id": "\#($0.lowercased())", "name": "\#($0)"}}"# }
            .joined(separator: ", ")
        let count = memberCount.map { #", "member_count": \#($0)"# } ?? ""
        let channel = #"{"id": "!members-O0u", "cid": "messaging:!members-O0u"\#(count)\#(inChannel ? #", "members": [\#(list)]"# : "")}"#
        return """
            {"channel": \(channel), \(inChannel ? "" : #""members": [\#(list)], "#)"messages": [
              {"id": "1", "text": "Hi", "user": {"id": "ann", "name": "Ann"}, "created_at": "2026-03-09T09:31:00Z"}]}
            """
    }

    @Test(arguments: [OutputFormat.ansi, .markdown, .html])
    func anUnnamedChannelIsNamedAfterItsMembersButTheReader(format: OutputFormat) throws {
        let output = try render(Self.unnamed(members: ["Ann", "Bo", "Cy", "Me"]), format, me: "me")
        #expect(output.contains("Ann, Bo and Cy"), "\(format)")
        #expect(!output.contains("!members-O0u"), "\(format)")
        if format == .html {
            #expect(output.contains("<title>Ann, Bo and Cy</title>"))
            #expect(output.contains("<h1"))
            let heading = try #require(output.range(of: "<h1"))
            #expect(output[heading.lowerBound...].prefix(200).contains("Ann, Bo and Cy"))
        }
    }

    @Test func titlesForEachNumberOfMembers() {
        let theme = Theme.default
        func title(_ names: [String], count: Int64? = nil, me: String? = "me") -> String? {
            ChatChannel(cid: "messaging:!members-x", memberCount: count, members: names.map { ChatUser(id: $0.lowercased(), name: $0) })
                .title(currentUserID: me, theme: theme)
        }
        #expect(title(["Ann", "Me"]) == "Ann")
        #expect(title(["Ann", "Bo"]) == "Ann and Bo")
        #expect(title(["Ann", "Me", "Bo", "Cy"]) == "Ann, Bo and Cy")
        #expect(title(["Ann", "Bo", "Cy", "Di", "Ed"]) == "Ann, Bo, Cy and 2 others")
        // The member count tells of members the export does not list; the reader is not one of the others.
        #expect(title(["Me", "Ann", "Bo", "Cy"], count: 10) == "Ann, Bo, Cy and 6 others")
        // Without --me, every member names it; alone, the reader names it.
        #expect(title(["Ann", "Me"], me: nil) == "Ann and Me")
        #expect(title(["Me"]) == "Me")
        #expect(title([]) == "messaging:!members-x")
        #expect(ChatChannel(cid: "x", name: "general", members: [ChatUser(id: "a")]).title(currentUserID: nil, theme: theme) == "general")
    }

    /// Exports may list members after the messages: the index pass finds them for the heading.
    @Test(arguments: [OutputFormat.ansi, .markdown, .html])
    func membersAfterTheMessagesNameTheChannelToo(format: OutputFormat) throws {
        let json = """
            {"channel": {"id": "!members-O0u", "cid": "messaging:!members-O0u"}, "messages": [
              {"id": "1", "text": "Hi", "user": {"id": "ann", "name": "Ann"}, "created_at": "2026-03-09T09:31:00Z"}],
             "members": [{"user": {"id": "ann", "name": "Ann"}}, {"user": {"id": "bo", "name": "Bo"}}, {"user": {"id": "me", "name": "Me"}}]}
            """
        let output = try render(json, format, me: "me")
        #expect(output.contains("Ann and Bo"), "\(format)")
        #expect(!output.contains("!members-O0u"), "\(format)")
        if format == .html { #expect(output.contains("<title>Ann and Bo</title>")) }
    }

    @Test func membersInsideTheChannelObjectNameItToo() throws {
        let output = try render(Self.unnamed(members: ["Ann", "Bo"], inChannel: true), .markdown)
        #expect(output.hasPrefix("# Ann and Bo"))
    }
}
