import Foundation
import TestSupport
import Testing

@testable import Scrollback

private struct ReadResult {
    var events: [String] = []
    var messages: [ChatMessage] = []
    var channels: [ChatChannel] = []
    var warnings: [ReadWarning] = []
    var shape: InputShape?
}

private func read(_ text: String, strict: Bool = false, chunkSize: Int = ByteSource.defaultChunkSize) throws(ReadError) -> ReadResult {
    let log = WarningLog()
    var reader = TranscriptReader(source: ByteSource(bytes: Array(text.utf8), chunkSize: chunkSize), strict: strict) {
        log.warnings.append($0)
    }
    var result = ReadResult()
    while let event = try reader.next() {
        switch event {
        case .channel(let channel):
            result.events.append("channel:\(channel.cid ?? channel.id ?? "?")")
            result.channels.append(channel)
        case .message(let message):
            result.events.append("message:\(message.id)")
            result.messages.append(message)
        }
    }
    #expect(reader.messageCount == result.messages.count)
    #expect(try reader.next() == nil) // stays at the end
    result.warnings = log.warnings
    result.shape = reader.shape
    return result
}

private func readError(_ text: String, strict: Bool = false) -> ReadError? {
    do {
        _ = try read(text, strict: strict)
        return nil
    } catch {
        return error
    }
}

@Suite struct TranscriptReaderTests {
    @Test func readsOneChannelAndSkipsTheOtherWrapperKeys() throws {
        let result = try read(
            """
            {"channel": {"id": "general", "cid": "messaging:general", "type": "messaging", "name": "General", "member_count": 2},
             "members": [{"user_id": "u", "user": {"id": "u"}}, {"id": "looks-like-a-message"}],
             "messages": [{"id": "m1", "text": "  hi \\n"}, {"id": "m2", "text": "m2"}],
             "read": [{"user": {"id": "u"}, "last_read": "2021-01-12T16:43:25Z", "unread_messages": 0}],
             "pinned_messages": [{"id": "p1"}], "watchers": [], "watcher_count": 3, "duration": "1.2ms"}
            """)
        #expect(result.shape == .channel)
        #expect(result.events == ["channel:messaging:general", "message:m1", "message:m2"])
        #expect(result.channels.first?.name == "General")
        #expect(result.channels.first?.memberCount == 2)
        // Blank lines go; the spaces around the text stay (see below).
        #expect(result.messages.first?.text == "  hi ")
        #expect(result.warnings.isEmpty)
    }

    /// A message's text is read as it was sent, less its leading and trailing blank lines:
    /// CommonMark makes the same document of both, so code keeps its indentation and trailing
    /// spaces byte for byte, and a list item its content's column.
    @Test(arguments: [
        // A fence indented by two: its code loses two spaces of indentation per line, no more.
        "\n  ```swift\n  let total = items\n    .map(\\.price)\n  ```\n",
        // Siblings, not a nested list.
        "  - milk\n    (oat, if they have it)\n  - bread",
        "  1. preheat\n  2. bake",
        // An indented code block, as Stream's web client shows the same text.
        "    git rebase -i HEAD~3\n    git push --force-with-lease",
        "\t\tdef tab():\n\t\t    pass",
        // A fence left open: the code runs to the end, trailing spaces and all.
        "```\nwhere it stops  ",
        "\r\n\r\n  > quoted\r\n  > twice\r\n",
        "plain, with a trailing space ",
    ])
    func textParsesAsSent(text: String) throws {
        let object: JSONValue = ["id": "a", "text": .string(text)]
        let message = try MessageDecoder(warn: { _, _ in }).message(object, path: "").get()
        #expect(ChatMarkdown.parse(message.text, mentionedUsers: []) == ChatMarkdown.parse(text, mentionedUsers: []))
        #expect(message.text.first?.isNewline == false && message.text.last?.isNewline == false, "\(message.text.debugDescription)")
    }

    @Test func blankLinesAndOtherWhiteSpaceAroundTheTextGo() throws {
        let decoder = MessageDecoder(warn: { _, _ in })
        func text(_ sent: String) throws -> String {
            try decoder.message(["id": "a", "text": .string(sent)], path: "").get().text
        }
        #expect(try text(" \u{3000}\n\n  \u{A0}## Plan\u{A0} \n \n") == "## Plan")
        #expect(try text("\n\n   \n  indented \t\n\u{2028}\n") == "  indented \t")
        #expect(try text(" \n\u{A0}\t ") == "")
    }

    @Test func readsManyChannelsEachBeforeItsMessages() throws {
        let result = try read(
            """
            {"channels": [
              {"channel": {"cid": "messaging:a"}, "messages": [{"id": "1", "text": "1"}], "members": []},
              {"members": [], "messages": [{"id": "2", "text": "2"}, {"id": "3", "text": "3"}], "channel": {"cid": "messaging:b"}},
              {"channel": {"cid": "messaging:c"}},
            ], "duration": "3ms"}
            """)
        #expect(result.shape == .channels)
        #expect(
            result.events == [
                "channel:messaging:a", "message:1", "channel:messaging:b", "message:2", "message:3",
                "channel:messaging:c",
            ])
    }

    @Test func readsABareArrayOfMessages() throws {
        let result = try read(#"[{"id": "a", "text": "a"}, {"id": "b", "text": "x"}, ]"#)
        #expect(result.shape == .messageArray)
        #expect(result.events == ["message:a", "message:b"])
        #expect(try read("[]").shape == .messageArray)
    }

    @Test func readsAListResponse() throws {
        let result = try read(#"{"messages": [{"id": "a", "text": "a"}, {"id": "b", "text": "b"}], "duration": "2ms"}"#)
        #expect(result.shape == .messageList)
        #expect(result.events == ["message:a", "message:b"])
    }

    @Test func readsABoxedMessageAndAnEvent() throws {
        let boxed = try read(#"{"message": {"id": "a", "text": "hello"}, "duration": "1ms"}"#)
        #expect(boxed.shape == .boxedMessage)
        #expect(boxed.events == ["message:a"])
        let event = try read(
            #"{"type": "message.new", "cid": "messaging:x", "user": {"id": "u", "text": "u"}, "message": {"id": "b", "text": "b"}}"#)
        // An event is a one-line event log (EventLogTests): its message, under its channel.
        #expect(event.shape == .events)
        #expect(event.events == ["channel:messaging:x", "message:b"])
    }

    @Test func putsTheChannelFirstWhenItsKeyComesLast() throws {
        let result = try read(
            #"{"messages": [{"id": "a", "text": "a"}, {"id": "b", "text": "b"}], "channel": {"id": "late", "text": "late"}, "members": []}"#
        )
        #expect(result.shape == .channel)
        #expect(result.events == ["channel:late", "message:a", "message:b"])
    }

    @Test func readsAChannelWithoutMessages() throws {
        let result = try read(#"{"channel": {"id": "quiet", "name": "Quiet"}}"#)
        #expect(result.shape == .channel)
        #expect(result.events == ["channel:quiet"])
    }

    @Test(arguments: [7, ByteSource.defaultChunkSize])
    func readsNDJSONMixingMessagesBoxesAndChannels(chunkSize: Int) throws {
        let result = try read(
            """
            {"id": "m1", "text": "first"}
            {"message": {"id": "m2", "text": "m2"}}

            {"channel": {"cid": "messaging:c"}, "messages": [{"id": "m3", "text": "m3"}, {"id": "m4", "text": "m4"}]}
            {"id": "m5", "text": "m5", "channel": {"id": "not-a-wrapper"}, "custom": true}
            [{"id": "m6", "text": "m6"}]
            """, chunkSize: chunkSize)
        #expect(result.shape == .ndjson)
        #expect(
            result.events == [
                "message:m1", "message:m2", "channel:messaging:c", "message:m3", "message:m4",
                "message:m5", "message:m6",
            ])
        // A search result's message keeps its "channel" as custom data.
        #expect(result.messages[4].customData.keys == ["channel", "custom"])
    }

    @Test func readsASingleMessageObject() throws {
        let result = try read(#"  {"id": 42, "text": "a number id"}  "#)
        #expect(result.shape == .ndjson)
        #expect(result.messages.map(\.id) == ["42"])
    }

    @Test func aTopLevelMessageKeepsTheLastOfARepeatedKey() throws {
        let small = try read(#"{"id": "a", "x": 1, "text": "t", "x": 2}"#)
        #expect(small.messages.first?.raw.keys == ["id", "x", "text"])
        #expect(small.messages.first?.raw["x"] == 2)
        let fields = (0..<80).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let large = try read("{\"id\": \"b\", \"text\": \"t\", \(fields), \"k70\": -1}")
        #expect(large.messages.first?.raw.count == 82)
        #expect(large.messages.first?.raw["k70"] == -1)
    }

    @Test func keepsUnknownKeysAndTypes() throws {
        let result = try read(
            """
            [{"id": "a", "type": "poll_vote", "mood": "happy", "big": 12345678901234567890, "exact": 9007199254740993,
              "nested": {"k": [1, 2.5, null]}, "text": "x", "attachments": [{"type": "contact", "name": "Ada"}]}]
            """)
        let message = try #require(result.messages.first)
        #expect(message.type.rawValue == "poll_vote")
        #expect(message.type.isKnown == false)
        #expect(message.kind == .regular)
        #expect(message.customData.keys == ["mood", "big", "exact", "nested"])
        #expect(message.raw["big"] == .double(1.2345678901234567e19))
        #expect(message.raw["exact"] == .integer(9_007_199_254_740_993))
        #expect(message.raw["nested"] == ["k": [1, 2.5, nil]])
        #expect(message.raw.keys.first == "id")
        #expect(message.attachments.first?.raw["name"] == "Ada")
    }

    /// The older `reaction_counts` and `reaction_scores` pair up by type whatever their order,
    /// a score without a count counts as its score, and poll options find their votes by id:
    /// also in objects of hundreds of members, read through tables.
    @Test func countsPairUpByKeyInLargeObjects() throws {
        let types = (0..<300).map { "t\($0)" }
        let counts = types.map { #""\#($0)": 1"# }.joined(separator: ", ")
        let scores = types.reversed().map { #""\#($0)": 5"# }.joined(separator: ", ")
        let options = types.map { #"{"id": "\#($0)", "text": "Option \#($0)"}"# }.joined(separator: ", ")
        let votes = types.reversed().enumerated().map { #""\#($1)": \#($0)"# }.joined(separator: ", ")
        let message = #"""
            {"id": "m", "text": "hi", "reaction_counts": {\#(counts)}, "reaction_scores": {\#(scores), "extra": 2},
             "poll": {"name": "Which?", "options": [\#(options), {"id": "none"}], "vote_counts_by_option": {\#(votes)}}}
            """#
        let first = try #require(try read("[\(message)]").messages.first)
        #expect(first.reactionGroups.count == 301)
        #expect(first.reactionGroups.first { $0.type == "t42" } == ReactionGroup(type: "t42", count: 1, sumScores: 5))
        #expect(first.reactionGroups.first { $0.type == "extra" } == ReactionGroup(type: "extra", count: 2, sumScores: 2))
        let poll = try #require(first.poll)
        #expect(poll.options.count == 301)
        #expect(poll.options[0].votes == 299 && poll.options[299].votes == 0 && poll.options[300].votes == 0)
    }

    /// Messages are read member by member with their `raw` left as bytes until asked for: what
    /// it then holds is the object as written, for the message, its quote, users and reactions,
    /// and equal to what a reading of the parsed object gives.
    @Test func rawIsTheObjectAsWrittenAtEveryLevel() throws {
        let message = #"""
            {"id": "m", "text": "hi", "mood": [1, {"deep": true}], "user": {"id": "u", "name": "Ada", "tz": "CET"},
             "latest_reactions": [{"type": "like", "user": {"id": "v", "k": 1}, "extra": "e"}],
             "quoted_message": {"id": "q", "text": "earlier", "user": {"id": "w", "z": null}, "own": 2},
             "poll": {"name": "Lunch?", "options": [{"text": "Pizza"}]}, "text": "hello"}
            """#
        let read = try read("[\(message)]").messages
        var parser = JSONStreamParser(bytes: Array(message.utf8))
        let parsed = try #require(try parser.parseValue().objectValue)
        let decoded = try MessageDecoder(warn: { _, _ in }).message(parsed, path: "").get()
        let first = try #require(read.first)
        #expect(first.raw == parsed)
        #expect(first.raw.keys == ["id", "text", "mood", "user", "latest_reactions", "quoted_message", "poll"])
        #expect(first.text == "hello")
        #expect(first.user?.raw == parsed["user"]?.objectValue)
        #expect(first.latestReactions.first?.raw["extra"] == "e")
        #expect(first.latestReactions.first?.user?.raw["k"] == 1)
        #expect(first.quotedMessage?.raw["own"] == 2)
        #expect(first.quotedMessage?.user?.raw.keys == ["id", "z"])
        #expect(first.poll?.name == "Lunch?")
        #expect(first == decoded)
        // Setting `raw` replaces it, and what is read from it.
        var changed = first
        changed.raw = ["id": "m", "poll": ["name": "Dinner?", "options": [["text": "Soup"]]]]
        #expect(changed.poll?.name == "Dinner?")
        #expect(changed.raw.count == 2)
        #expect(changed != first)
    }

    /// Reading members straight from the input and decoding a parsed object are two ways to one
    /// result: on messages whose every known field may have any type, both give the same
    /// messages and the same warnings, in the same order.
    @Test func readingMembersAgreesWithDecodingTheParsedObject() throws {
        let values = [
            "null", "1", "-2.5", #""s""#, #""""#, "true", "[]", "{}", #"[1, "x", null]"#, #"{"id": null}"#,
            #"{"name": "N"}"#, #"{"id": 5, "name": 7, "image": []}"#, #""2023-13-45T99:00:00Z""#, #""2023-01-02T03:04:05Z""#,
            #"[{"type": "like", "user": {"id": "u"}}, {"type": 3}, 7, {"user": "x"}]"#, #"[{"id": "u", "name": "Ada"}, "bob"]"#,
            #"{"like": {"count": 2}, "love": 3}"#, #"{"id": "q", "text": "quoted", "user": 4}"#,
            // Dates are read from the input's bytes when they are plain strings: every form (of
            // one instant, so that no message seems sent before the one above it), and strings
            // only a parse can read (escapes) or none can (a trailing space, `é`, a 29 February).
            #""2023-01-02T08:34:05.000000000+05:30""#, #""2023-01-02t03:04:05z""#, #""2023-01-02 02:34:05.0-00:30""#,
            #""2023\u002d01-02T03:04:05Z""#, #""2023-01-02T03:04:05Z ""#, #""2023-01-02T03:04:05Zé""#, #""2023-02-29T00:00:00Z""#,
            #"[{"type": "like", "created_at": "2023-01-02T03:04:05Z"}, {"type": "wow", "created_at": "2023-01-02T03:04:05"}]"#,
            #"[{"type": "like", "created_at": 5}, {"type": "wow", "created_at": "2023-01-02T03:04:05\/"}]"#,
            // Reaction groups are read member by member too: a repeated type keeps its first place
            // and its last group (past 64 members, through a table), a repeated count its last.
            #"{"like": 3, "w\u0061w": {"count": 1.0, "count": 4, "last_reaction_at": "x"}, "like": {"count": 2, "sum_scores": 5}}"#,
            "{"
                + (0..<100).map { #""t\#($0 % 71)": "# + ($0 == 80 ? "null" : #"{"count": \#($0), "sum_scores": \#($0 % 7)}"#) }
                .joined(separator: ", ") + "}",
        ]
        let keys = [
            "id", "type", "text", "html", "user", "created_at", "updated_at", "message_text_updated_at", "deleted_at",
            "deleted_for_me", "attachments", "quoted_message_id", "quoted_message", "parent_id", "show_in_channel",
            "reply_count", "thread_participants", "mentioned_users", "latest_reactions", "own_reactions", "reaction_groups",
            "reaction_counts", "reaction_scores", "pinned", "pinned_at", "pinned_by", "pin_expires", "silent", "shadowed",
            "command", "args", "poll", "shared_location", "custom",
        ]
        var random = XorShift(seed: 0x9E37_79B9_7F4A_7C15)
        func next(_ bound: Int) -> Int { random.next(bound) }
        let messages = (0..<400).map { index in
            let members = (0..<(1 + next(8))).map { _ in "\"\(keys[next(keys.count)])\": \(values[next(values.count)])" }
            return "{\"id\": \"m\(index)\", \"text\": \"t\", " + members.joined(separator: ", ") + "}"
        }
        let fromArray = try read("[" + messages.joined(separator: ",\n") + "]")
        var decoded: [ChatMessage] = []
        var warnings: [String] = []
        for (index, text) in messages.enumerated() {
            var parser = JSONStreamParser(bytes: Array(text.utf8))
            let decoder = MessageDecoder(warn: { keyPath, reason in warnings.append("\(keyPath): \(reason)") })
            switch decoder.message(try parser.parseValue(), path: "[\(index)]") {
            case .success(let message): decoded.append(message)
            case .failure(let problem): warnings.append("[\(index)]: \(problem.reason)")
            }
        }
        #expect(fromArray.messages.count > 300)
        #expect(fromArray.messages == decoded)
        #expect(warnings.count > 300)
        #expect(fromArray.warnings.map { "\($0.keyPath): \($0.reason)" } == warnings)

        // The same messages as NDJSON lines, between a first line and wrappers (a channel, a
        // boxed message) or a message with a wrapper's key, which take the object walk.
        var lines = [#"{"id": "first", "text": "one"}"#]
        var expected = [try MessageDecoder(warn: { _, _ in }).message(.object(["id": "first", "text": "one"]), path: "").get()]
        var lineWarnings: [String] = []
        for (index, text) in messages.enumerated() {
            if index % 50 == 7 {
                lines.append(#"{"channel": {"id": "c\#(index)", "name": "Room"}}"#)
                lines.append(#"{"message": {"id": "boxed\#(index)", "text": "in a box"}}"#)
                lines.append(#"{"id": "r\#(index)", "text": "with a channel key", "channel": "general"}"#)
                let boxed: JSONValue = ["id": .string("boxed\(index)"), "text": "in a box"]
                let withKey: JSONValue = ["id": .string("r\(index)"), "text": "with a channel key", "channel": "general"]
                expected.append(try MessageDecoder(warn: { _, _ in }).message(boxed, path: "").get())
                expected.append(try MessageDecoder(warn: { _, _ in }).message(withKey, path: "").get())
            }
            lines.append(text)
            var parser = JSONStreamParser(bytes: Array(text.utf8))
            let path = "line \(lines.count)"
            let decoder = MessageDecoder(warn: { keyPath, reason in lineWarnings.append("\(keyPath): \(reason)") })
            switch decoder.message(try parser.parseValue(), path: path) {
            case .success(let message): expected.append(message)
            case .failure(let problem): lineWarnings.append("\(path): \(problem.reason)")
            }
        }
        let ndjson = try read(lines.joined(separator: "\n"))
        #expect(ndjson.messages == expected)
        #expect(ndjson.channels.count == 8)
        #expect(ndjson.warnings.map { "\($0.keyPath): \($0.reason)" } == lineWarnings)
    }

    /// An author's object repeated byte for byte is decoded once (``UserCache``); what each
    /// message gets is the same as decoding every copy: equal users, `raw` as written, and a
    /// warning for every copy of an object that has a problem.
    @Test func aRepeatedAuthorReadsTheSameAsEachCopyDecoded() throws {
        let ada = #"{"id": "ada", "name": "Ada", "image": "https://example.com/a.png", "online": true}"#
        let adaRenamed = #"{"id": "ada", "name": "Ada L.", "image": "https://example.com/a.png", "online": true}"#
        let broken = #"{"id": "bob", "name": true}"#
        var messages: [String] = []
        for index in 0..<6 {
            let user = [ada, ada, broken, adaRenamed, ada, broken][index]
            messages.append(
                #"{"id": "m\#(index)", "text": "t", "user": \#(user), "latest_reactions": [{"type": "like", "user": \#(ada)}]}"#)
        }
        let read = try read("[" + messages.joined(separator: ",\n") + "]")
        #expect(read.messages.map { $0.user?.name } == ["Ada", "Ada", nil, "Ada L.", "Ada", nil])
        #expect(read.messages.map { $0.user?.id } == ["ada", "ada", "bob", "ada", "ada", "bob"])
        for (message, text) in zip(read.messages, messages) {
            var parser = JSONStreamParser(bytes: Array(text.utf8))
            let parsed = try #require(try parser.parseValue().objectValue)
            #expect(message.user?.raw == parsed["user"]?.objectValue)
            #expect(
                message.latestReactions.first?.user?.raw == [
                    "id": "ada", "name": "Ada", "image": "https://example.com/a.png", "online": true,
                ])
            #expect(message.latestReactions.first?.user?.imageURL == "https://example.com/a.png")
        }
        #expect(read.warnings.map(\.keyPath) == ["[2].user.name", "[5].user.name"])
    }

    @Test func readsDatesWithZeroToNineFractionalDigits() throws {
        let base = try #require(RFC3339.parse("2021-01-12T16:43:25Z")).timeIntervalSince1970
        for digits in 0...9 {
            let fraction = digits == 0 ? "" : "." + String("123456789".prefix(digits))
            let result = try read(#"[{"id": "a", "text": "a", "created_at": "2021-01-12T16:43:25\#(fraction)Z"}]"#)
            let created = try #require(result.messages.first?.createdAt).timeIntervalSince1970
            let expected = base + (digits == 0 ? 0 : Double("0" + fraction)!)
            #expect(abs(created - expected) < 1e-6, "\(digits) digits")
            #expect(result.warnings.isEmpty)
        }
    }

    @Test func skipsUnusableMessagesWithAWarning() throws {
        let result = try read(
            """
            {"messages": [
              {"id": "a", "text": "a"},
              42,
              {"text": "no id"},
              {"id": "d", "text": "d", "created_at": "yesterday", "pinned": "yes"},
              {"id": "e"}
            ]}
            """)
        // A message without an id still shows; an object with nothing of a message does not.
        #expect(result.events == ["message:a", "message:", "message:d"])
        #expect(result.warnings.count == 5)
        let number = result.warnings[0]
        #expect(number.skippedMessage && number.messageIndex == 1 && number.keyPath == "messages[1]")
        #expect(number.position == SourcePosition(line: 3, column: 3))
        #expect(number.reason == "expected a message object, found a number")
        let noID = result.warnings[1]
        #expect(!noID.skippedMessage && noID.messageIndex == 2 && noID.keyPath == "messages[2]")
        #expect(noID.position == SourcePosition(line: 4, column: 3))
        #expect(noID.reason == #"no "id": shown without an anchor, and replies cannot quote it"#)
        // Field warnings come through with the message's index, id and position.
        let date = result.warnings[2]
        #expect(!date.skippedMessage && date.messageIndex == 3 && date.messageID == "d")
        #expect(date.keyPath == "messages[3].created_at")
        #expect(date.position == SourcePosition(line: 5, column: 3))
        #expect(result.warnings[3].keyPath == "messages[3].pinned")
        let idOnly = result.warnings[4]
        #expect(idOnly.skippedMessage && idOnly.messageIndex == 4 && idOnly.reason.hasPrefix("not a message"))
        #expect(number.description == "messages[1] (message 1, line 3, column 3): skipped: expected a message object, found a number")
    }

    @Test func namesKeyPathsInEveryShape() throws {
        let channels = try read(
            #"{"channels": [{"channel": {"id": "a"}, "messages": [{"id": "1", "text": "1"}]}, {"channel": {"id": "b"}, "messages": [{"nope": 1}]}, 7]}"#
        )
        #expect(channels.warnings.map(\.keyPath) == ["channels[1].messages[0]", "channels[2]"])
        #expect(channels.warnings.first?.messageIndex == 1)
        #expect(channels.warnings.last?.skippedMessage == false) // not a message, but reported
        let array = try read(#"[{"id": "a", "text": "a"}, "text"]"#)
        #expect(array.warnings.map(\.keyPath) == ["[1]"])
        let ndjson = try read("{\"id\": \"a\", \"text\": \"a\"}\n{\"no\": \"id\"}\n\n{\"messages\": [1]}\n")
        #expect(ndjson.warnings.map(\.keyPath) == ["line 2", "line 4.messages[0]"])
        #expect(ndjson.warnings.map(\.messageIndex) == [1, 2])
    }

    @Test func strictModeThrowsOnAnyWarning() throws {
        let skipped = readError(#"[{"id": "a", "text": "a"}, {"text": "b"}]"#, strict: true)
        guard case .invalidMessage(let warning)? = skipped else { Issue.record("expected invalidMessage"); return }
        #expect(!warning.skippedMessage && warning.keyPath == "[1]")
        let field = readError(#"[{"id": "a", "text": "a", "reply_count": "many"}]"#, strict: true)
        guard case .invalidMessage(let fieldWarning)? = field else { Issue.record("expected invalidMessage"); return }
        #expect(!fieldWarning.skippedMessage && fieldWarning.keyPath == "[0].reply_count")
        #expect(throws: Never.self) { try read(#"[{"id": "a", "text": "a"}]"#, strict: true) }
    }

    @Test func stopsAtBrokenJSONAfterWhatCameBefore() throws {
        // A channel first, so that its messages need not wait for it.
        let text = "{\"channel\": {\"id\": \"c\"}, \"messages\": [{\"id\": \"a\", \"text\": \"a\"},\n  {\"id\": \"b\" \"text\": \"x\"}]}"
        var reader = TranscriptReader(bytes: Array(text.utf8))
        guard case .channel? = try reader.next() else { Issue.record("expected the channel"); return }
        guard case .message(let first)? = try reader.next() else { Issue.record("expected a message"); return }
        #expect(first.id == "a")
        do {
            _ = try reader.next()
            Issue.record("expected a syntax error")
        } catch {
            #expect(error == .syntax(SourcePosition(line: 2, column: 14), "expected ',' or '}' after object member, found '\"'"))
        }
        // After an error the reader stays finished.
        #expect(try reader.next() == nil)

        let truncated = readError("[{\"id\": \"a\", \"text\": \"a\"}, {\"id\": \"b\", \"te")
        guard case .syntax(let position, let reason)? = truncated else { Issue.record("expected a syntax error"); return }
        #expect(position == SourcePosition(line: 1, column: 40))
        #expect(reason == "unterminated string")
        let garbage = readError("[{\"id\": \"a\"}]\n]")
        #expect(garbage == .syntax(SourcePosition(line: 2, column: 1), "expected a JSON value, found ']'"))
    }

    @Test func refusesWhatIsNotATranscript() {
        #expect(
            readError("42")
                == .unrecognizedShape(
                    SourcePosition(line: 1, column: 1),
                    "expected an object or an array at the top level, found a number"))
        #expect(
            readError("\n \"text\"")
                == .unrecognizedShape(
                    SourcePosition(line: 2, column: 2),
                    "expected an object or an array at the top level, found a string"))
        guard case .unrecognizedShape(let position, let reason)? = readError(#"{"foo": 1, "bar": [1]}"#) else {
            Issue.record("expected unrecognizedShape")
            return
        }
        #expect(position == SourcePosition(line: 1, column: 1))
        #expect(reason.contains("no \"id\""))
        #expect(readError("") == .syntax(SourcePosition(line: 1, column: 1), "the input is empty"))
        #expect(readError(" \n\t ") == .syntax(SourcePosition(line: 2, column: 3), "the input is empty"))
        #expect(readError("\u{FEFF}") == .syntax(SourcePosition(line: 1, column: 4), "the input is empty"))
    }

    @Test func readsFilesAndNamesTheOnesItCannotOpen() throws {
        let path = Scratch.path("reader", extension: "json")
        try Data(#"{"channel": {"id": "f", "text": "f"}, "messages": [{"id": "a", "text": "a"}]}"#.utf8).write(
            to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var reader = try TranscriptReader(path: path)
        var events = 0
        while try reader.next() != nil { events += 1 }
        #expect(events == 2)
        #expect(reader.messageCount == 1)
        #expect(throws: ReadError.io(path: "/nonexistent/x.json", reason: "No such file or directory")) {
            _ = try TranscriptReader(path: "/nonexistent/x.json")
        }
        var directory = try TranscriptReader(path: "/tmp")
        #expect(throws: ReadError.io(path: "/tmp", reason: "Is a directory")) { try directory.next() }
    }

    @Test func readsTheSameAcrossChunkBoundaries() throws {
        var messages: [String] = []
        for index in 0..<300 {
            let text = String(repeating: "héllo \\\"wörld\\\" 😀\\n", count: index % 7)
            messages.append(
                #"{"id": "m\#(index)", "text": "\#(text)", "reply_count": \#(index * 1_000_003), "score": \#(Double(index) / 8), "user": {"id": "u\#(index % 5)", "name": "Ünïcode \#(index)"}, "created_at": "2024-02-29T23:59:59.\#(String(1000 + index).dropFirst())Z"}"#
            )
        }
        let text = "{\"channel\": {\"id\": \"big\"}, \"messages\": [\n" + messages.joined(separator: ",\n") + "\n]}"
        let whole = try read(text)
        let chunked = try read(text, chunkSize: 7)
        #expect(whole.messages.count == 300)
        #expect(chunked.messages == whole.messages)
        #expect(chunked.events == whole.events)
        #expect(whole.messages[8].text == "héllo \"wörld\" 😀")
        let replyCount: Int64 = 299 * 1_000_003
        #expect(whole.messages[299].replyCount == replyCount)
        #expect(whole.warnings.isEmpty)
    }
}

/// The render pass's reading thread parses each text the drawing will take from it, into the
/// message, so that the drawing need not.
@Suite struct ParsedAheadTests {
    @Test(arguments: [true, false])
    func theReadingThreadParsesTheTextsTheDrawingTakes(threaded: Bool) throws {
        // 200 messages: more than one batch. Every fifth is a thread reply, every tenth of those
        // also sent to the channel; every seventh has no text.
        var messages: [String] = []
        for number in 0..<200 {
            var fields = #""id":"m\#(number)","user":{"id":"ada","name":"Ada"},"mentioned_users":[{"id":"ada","name":"Ada"}]"#
            fields += number % 7 == 0 ? #","text":"""# : #","text":"**\#(number)** for @Ada""#
            if number % 5 == 4 { fields += #","parent_id":"m0""# + (number % 10 == 9 ? #","show_in_channel":true"# : "") }
            messages.append("{\(fields)}")
        }
        let bytes = Array(#"{"messages":[\#(messages.joined(separator: ","))]}"#.utf8)
        var events = PrefetchedEvents(
            threaded: threaded, parsesTexts: true, strict: false, onWarning: { _ in }, progress: nil,
            makeReader: { warnings, _ in TranscriptReader(bytes: bytes, onWarning: warnings) })
        var count = 0
        while let item = try events.nextItem() {
            guard case .message(let message, _, _) = item else { continue }
            count += 1
            let drawnFromHere = message.parentID == nil || message.showInChannel
            if threaded && drawnFromHere && !message.text.isEmpty {
                #expect(message.parsedText == ChatMarkdown.parse(message.text, mentionedUsers: message.mentionedUsers), "\(message.id)")
            } else {
                #expect(message.parsedText == nil, "\(message.id)")
            }
        }
        #expect(count == 200)
    }
}
