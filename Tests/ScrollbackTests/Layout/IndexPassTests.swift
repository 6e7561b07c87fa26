import Foundation
import TestSupport
import Testing

@testable import Scrollback

/// The light index pass (``TranscriptReader/Mode/index``) against the full reader it replaces:
/// the same index from every sample and from generated inputs, the same documents, and every
/// warning reported once, in order, now by the render pass.
@Suite struct IndexPassTests {
    // MARK: Comparing the two readings

    struct Comparison {
        var replies = 0
        var messages = 0
    }

    /// Builds the index with the full reader and with the light one and expects them equal.
    @discardableResult
    static func expectSameIndex(
        _ bytes: [UInt8], filter: MessageFilter = MessageFilter(), chunkSize: Int = ByteSource.defaultChunkSize,
        _ label: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Comparison {
        var full = TranscriptReader(source: ByteSource(bytes: bytes, chunkSize: chunkSize))
        let expected = try TranscriptIndex(reading: &full, filter: filter)
        var light = TranscriptReader(indexing: ByteSource(bytes: bytes, chunkSize: chunkSize))
        let index = try TranscriptIndex(reading: &light, filter: filter)
        #expect(light.shape == full.shape, "\(label): shape", sourceLocation: sourceLocation)
        #expect(light.messageCount == full.messageCount, "\(label): message count", sourceLocation: sourceLocation)
        #expect(index.readError == expected.readError, "\(label): read error", sourceLocation: sourceLocation)
        #expect(index.channels == expected.channels, "\(label): channel summaries", sourceLocation: sourceLocation)
        #expect(index.messages.shownRoles == expected.messages.shownRoles, "\(label): message ids", sourceLocation: sourceLocation)
        // Replies are kept sorted by their parent's number, which depends on the order ids were
        // first met: compare them parent by parent, in the order each parent shows them.
        func threads(_ index: TranscriptIndex) throws -> [String: [ChatMessage?]] {
            var threads: [String: [ChatMessage?]] = [:]
            for position in index.replies.indices {
                threads[index.messages.ids.id(index.replies[position].parent), default: []].append(try index.reply(at: position))
            }
            return threads
        }
        let found = try threads(index)
        #expect(found == (try threads(expected)), "\(label): replies by parent", sourceLocation: sourceLocation)
        #expect(found.values.allSatisfy { $0.allSatisfy { $0 != nil } }, "\(label): replies read back", sourceLocation: sourceLocation)
        return Comparison(replies: expected.replies.count, messages: expected.storedIDCount)
    }

    static let filters: [MessageFilter] = [
        MessageFilter(),
        MessageFilter(since: .date(Date(timeIntervalSince1970: 1_775_000_000 + 30 * 60))),
        MessageFilter(until: .date(Date(timeIntervalSince1970: 1_775_000_000 + 90 * 60))),
        MessageFilter(since: .messageID("m5"), until: .messageID("m40")),
        MessageFilter(userIDs: ["ana", "7"]),
    ]

    // MARK: Samples

    @Test func everySampleIndexesTheSameBothWays() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: SampleTranscripts.directory.path).sorted()
        #expect(names.count >= 8)
        var replies = 0
        for name in names {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: SampleTranscripts.path(name))))
            for filter in Self.filters {
                replies += try Self.expectSameIndex(bytes, filter: filter, name).replies
            }
            for chunkSize in [3, 61] { try Self.expectSameIndex(bytes, chunkSize: chunkSize, "\(name), chunks of \(chunkSize)") }
        }
        #expect(replies > 0, "the samples have threads")
    }

    // MARK: Generated inputs

    @Test func generatedInputsIndexTheSameBothWays() throws {
        var totals = Comparison()
        for seed in 1...60 {
            var generator = TranscriptGenerator(seed: UInt64(seed))
            let (json, shape) = generator.transcript()
            let bytes = Array(json.utf8)
            for (number, filter) in Self.filters.enumerated() {
                let found = try Self.expectSameIndex(bytes, filter: filter, "seed \(seed) (\(shape)), filter \(number)")
                totals.replies += found.replies
                totals.messages += found.messages
            }
            try Self.expectSameIndex(bytes, chunkSize: 1 + seed % 13, "seed \(seed) (\(shape)), small chunks")
        }
        #expect(totals.replies > 200 && totals.messages > 1000, "the inputs are not trivial")
    }

    @Test func brokenInputsStopAtTheSamePlaceBothWays() throws {
        for seed in 100...115 {
            var generator = TranscriptGenerator(seed: UInt64(seed))
            let bytes = Array(generator.transcript().json.utf8)
            // Cut short anywhere, or broken inside a value the light pass skips.
            for cut in stride(from: 1, to: bytes.count, by: max(1, bytes.count / 40)) {
                try Self.expectSameIndex(Array(bytes[..<cut]), chunkSize: 7, "seed \(seed) cut at \(cut)")
            }
        }
        let broken = [
            #"[{"id":"a","text":"bad \x escape"}]"#,
            #"[{"id":"a","attachments":[{"size":01}]}]"#,
            #"[{"id":"a","parent_id":"p","reactions":{"like" 3}}]"#,
            #"[{"id":"a","user":{"id":"u","name":tru}}]"#,
            "[{\"id\":\"a\",\"text\":\"raw \u{1} control\"}]",
            #"{"messages":[{"id":"a","x":[1,2,}],"channel":{"id":"c"}}"#,
            "{\"id\":\"a\"}\n{\"id\":\"b\",\"parent_id\":\"a\",\"x\":nul}\n",
            String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
            "[" + String(repeating: #"{"id":"d","x":"#, count: 1) + String(repeating: "[", count: 520) + "]",
        ]
        for (number, text) in broken.enumerated() {
            try Self.expectSameIndex(Array(text.utf8), "broken input \(number)")
            var reader = TranscriptReader(indexing: ByteSource(bytes: Array(text.utf8)))
            let index = try TranscriptIndex(reading: &reader)
            #expect(index.readError != nil, "broken input \(number) is an error")
        }
    }

    // MARK: Documents and warnings

    /// The document as rendered before the light pass: the full reader for both passes,
    /// warnings from the first, after the filter's names that no message has.
    static func renderTheOldWay(_ bytes: [UInt8], strict: Bool, filter: MessageFilter) -> (
        output: String, warnings: [ReadWarning], error: ReadError?, filterWarnings: [ReadWarning]
    ) {
        var warnings: [ReadWarning] = []
        var first = TranscriptReader(bytes: bytes, strict: strict) { warnings.append($0) }
        var backend = HTMLBackend(output: "", options: .default)
        do {
            let index = try TranscriptIndex(reading: &first, filter: filter)
            var second = TranscriptReader(bytes: bytes, strict: strict)
            try TranscriptRenderer(options: .default, filter: filter).render(&second, index: index, to: &backend)
            return (backend.output, index.filterWarnings + warnings, nil, index.filterWarnings)
        } catch {
            return (backend.output, warnings, error, [])
        }
    }

    static func renderFile(_ bytes: [UInt8], strict: Bool, filter: MessageFilter) throws -> (
        output: String, warnings: [ReadWarning], error: ReadError?
    ) {
        let path = Scratch.path("index-pass", extension: "json")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var warnings: [ReadWarning] = []
        var backend = HTMLBackend(output: "", options: .default)
        do {
            try TranscriptRenderer(options: .default, filter: filter)
                .render(path: path, strict: strict, onWarning: { warnings.append($0) }, to: &backend)
            return (backend.output, warnings, nil)
        } catch {
            return (backend.output, warnings, error)
        }
    }

    @Test func documentsAndWarningsAreUnchanged() throws {
        var inputs: [(String, [UInt8])] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: SampleTranscripts.directory.path).sorted() {
            inputs.append((name, Array(try Data(contentsOf: URL(fileURLWithPath: SampleTranscripts.path(name))))))
        }
        for seed in 200...215 {
            var generator = TranscriptGenerator(seed: UInt64(seed))
            inputs.append(("seed \(seed)", Array(generator.transcript().json.utf8)))
        }
        var warned = 0
        for (label, bytes) in inputs {
            for filter in [Self.filters[0], Self.filters[3]] {
                let old = Self.renderTheOldWay(bytes, strict: false, filter: filter)
                let new = try Self.renderFile(bytes, strict: false, filter: filter)
                #expect(new.output == old.output, "\(label): the document")
                #expect(new.error == old.error, "\(label): the error")
                #expect(new.warnings == old.warnings, "\(label): each warning once, in input order")
                // Exactly what a plain reading (`scrollback validate`) reports.
                var validation: [ReadWarning] = []
                var reader = TranscriptReader(bytes: bytes) { validation.append($0) }
                while (try? reader.next()) != nil {}
                #expect(new.warnings == old.filterWarnings + validation, "\(label): the warnings of a plain reading")
                warned += new.warnings.count
            }
        }
        #expect(warned > 50, "the inputs have problems to report")
    }

    @Test func strictStopsAtTheFirstProblem() throws {
        func message(_ id: String, _ user: String, _ text: String, at minute: Int, parent: String? = nil, extra: String = "") -> String {
            ThreadTests.message(id, user, text, at: minute, parent: parent, extra: extra)
        }
        let json = """
            {"channel":{"id":"c","name":"Strict"},"messages":[
            \(message("p1", "ana", "Parent", at: 0)),
            \(message("r1", "ben", "Early reply", at: 1, parent: "p1")),
            \(message("w1", "cat", "Bad date", at: 2, extra: #""updated_at":12"#)),
            \(message("r2", "ben", "Late reply", at: 3, parent: "p1")),
            \(message("t1", "ana", "Later", at: 4))
            ]}
            """
        let bytes = Array(json.utf8)
        let new = try Self.renderFile(bytes, strict: true, filter: MessageFilter())
        guard case .invalidMessage(let warning)? = new.error else {
            Issue.record("expected the first problem to stop the rendering, got \(String(describing: new.error))")
            return
        }
        #expect(warning.keyPath.hasSuffix("updated_at"))
        #expect(new.warnings.isEmpty, "strict reports nothing: it stops")
        #expect(new.output.contains("Early reply"))
        #expect(!new.output.contains("Late reply"), "the thread holds only what was read before the problem")
        #expect(!new.output.contains("Later"))
        let old = Self.renderTheOldWay(bytes, strict: true, filter: MessageFilter())
        #expect(new.output == old.output)
        #expect(new.error == old.error)
        // Without strict, the same problem is a warning and everything renders.
        let lenient = try Self.renderFile(bytes, strict: false, filter: MessageFilter())
        #expect(lenient.error == nil)
        #expect(lenient.warnings.count == 1 && lenient.warnings.first?.keyPath == warning.keyPath)
        #expect(lenient.output.contains("Late reply"))
    }

    // MARK: Reading in parallel

    /// What the index pass reads from the file at `path`, item by item, and the error it ends
    /// with: alone, or (`segmentSize`) with ``ParallelIndexReading`` in segments that small.
    static func indexItems(_ path: String, segmentSize: Int?) throws -> (items: [String], error: ReadError?) {
        var reader = TranscriptReader(indexing: try ByteSource(path: path))
        if let segmentSize {
            reader.readsInParallel = true
            reader.parallelSegmentSize = segmentSize
        }
        var items: [String] = []
        do {
            while let item = try reader.nextItem() {
                switch item {
                case .channel(let channel): items.append("channel \(channel.id ?? "-")")
                case .message(let message, let json, _):
                    let date = message.createdAt.map { "\($0.timeIntervalSince1970)" } ?? "-"
                    let author = "\(message.user?.id ?? "-") \(message.user?.name ?? "-")"
                    let reply = json.map { String(decoding: $0, as: UTF8.self) } ?? "-"
                    items.append("\(message.id) \(message.parentID ?? "-") \(date) \(author) \(message.showInChannel) \(reply)")
                }
            }
        } catch {
            return (items, error)
        }
        #expect(reader.bytePosition > 0)
        return (items, nil)
    }

    /// Elements whose insides look like the start of a message to the segment guesser: objects
    /// in arrays within a message, and `}, {` in a string.
    static let decoys = [
        #"{"id":"d1","attachments":[{"type":"image"}, {"type":"file","id":"x"}, {"id":"y","parent_id":"d1"}]}"#,
        #"{"id":"d2","text":"}, {\"id\":\"fake\",\"text\":\"x\"}, {","user":{"id":"ana"}}"#,
        #"{"id":"d3","text":"},{"}"#,
        #"{"id":"d4","reactions":[{"type":"like"},{"type":"love"}],"parent_id":"d1"}"#,
    ]

    /// Several parsers reading an array's segments hand out exactly what one parser reads:
    /// the same items in order, reply bytes as written, and the same error at the same place,
    /// whatever the guessed segment starts hit (elements, objects within them, strings).
    @Test func readingInParallelGivesWhatOneParserReads() throws {
        let directory = URL(fileURLWithPath: Scratch.path("parallel"))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var compared = 0
        for seed in 1...40 {
            var generator = TranscriptGenerator(seed: UInt64(seed))
            var random = XorShift(seed: UInt64(seed))
            var elements: [String] = []
            for _ in 0..<(40 + random.next(80)) {
                elements.append(random.next(5) == 0 ? Self.decoys[random.next(Self.decoys.count)] : generator.message())
            }
            let separator = [",", ", ", ",\n  "][seed % 3]
            let array = "[" + elements.joined(separator: separator) + (seed % 7 == 0 ? ",]" : "]")
            var inputs = [
                "{\"channel\":{\"id\":\"c\",\"name\":\"Room\"},\n\"messages\":\(array),\n\"members\":[{\"user_id\":\"ana\"}]}",
                array,
                "{\"messages\":\(array)}",
            ]
            // Broken: cut short, or a stray byte between two elements far into the array.
            let cut = inputs[0].utf8.count * (50 + random.next(45)) / 100
            inputs.append(String(decoding: Array(inputs[0].utf8)[..<cut], as: UTF8.self))
            inputs.append(inputs[0].replacingOccurrences(of: "\"id\":\"m\(30 + seed)\"", with: "\"id\":#"))
            for (number, input) in inputs.enumerated() {
                let path = directory.appendingPathComponent("\(seed)-\(number).json").path
                try Data(input.utf8).write(to: URL(fileURLWithPath: path))
                let alone = try Self.indexItems(path, segmentSize: nil)
                for segmentSize in [64, 300, 2048] where input.utf8.count >= 4 * segmentSize {
                    let parallel = try Self.indexItems(path, segmentSize: segmentSize)
                    #expect(parallel.items == alone.items, "seed \(seed), input \(number), segments of \(segmentSize)")
                    #expect(parallel.error == alone.error, "seed \(seed), input \(number), segments of \(segmentSize)")
                    compared += 1
                }
            }
        }
        #expect(compared > 400)
    }

    /// The parallel reading is used on a long array in a regular file, and not on anything
    /// else it cannot read the same (memory, an array too short to pay).
    @Test func parallelReadingStartsOnlyWhereItCan() throws {
        let elements = (0..<200).map { #"{"id":"m\#($0)","text":"message \#($0)","user":{"id":"ana"}}"# }
        let json = "[" + elements.joined(separator: ",") + "]"
        let path = Scratch.path("parallel-start", extension: "json")
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        var parser = JSONStreamParser(source: try ByteSource(path: path))
        try parser.beginArray()
        _ = try parser.peekKind()
        var reading = try #require(ParallelIndexReading(after: parser, afterElement: false, segmentSize: 1024))
        var count = 0
        while reading.hasNextElement() {
            #expect(reading.takeElement() != nil)
            count += 1
        }
        #expect(count == 200)
        #expect(reading.end == json.utf8.count - 1 && reading.endsAfterElement, "the reader goes on at the ']'")
        #expect(ParallelIndexReading(after: parser, afterElement: false, segmentSize: json.utf8.count) == nil, "too short")
        var inMemory = JSONStreamParser(bytes: Array(json.utf8))
        try inMemory.beginArray()
        _ = try inMemory.peekKind()
        #expect(ParallelIndexReading(after: inMemory, afterElement: false, segmentSize: 1024) == nil, "not a file")
    }

    @Test func aReplyIsSpooledAsWrittenAcrossChunks() throws {
        let long = String(repeating: "é\\n\\u00e9 ", count: 3000)
        let json =
            #"[{"id":"p","text":"parent"},"#
            + #"{"text":"\#(long)","id":"r","parent_id":"p","extra":{"deep":[1,2.5,-0,1e3,123456789012345678901]}}]"#
        for chunkSize in [1, 5, 64, 4096, ByteSource.defaultChunkSize] {
            try Self.expectSameIndex(Array(json.utf8), chunkSize: chunkSize, "chunks of \(chunkSize)")
        }
        var reader = TranscriptReader(indexing: ByteSource(bytes: Array(json.utf8), chunkSize: 16))
        let index = try TranscriptIndex(reading: &reader)
        #expect(index.spooledReplyCount == 1)
        #expect(try index.replies(to: "p").first?.text.hasPrefix("é\né é\n") == true)
        #expect(index.spoolSize == Int64(json.utf8.count - #"[{"id":"p","text":"parent"},"#.utf8.count - 1), "the bytes as written")
    }
}

/// Random transcripts in every input shape, with the awkward cases the index must agree on:
/// replies (in and out of the channel, to present and missing parents), deleted messages,
/// unusable elements, fields of the wrong type, repeated and escaped keys, several channels.
struct TranscriptGenerator {
    private var state: UInt64
    private var ids: [String] = []
    private var counter = 0

    init(seed: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15
    }

    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    private mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    private mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    mutating func transcript() -> (json: String, shape: String) {
        switch below(7) {
        case 0:
            return ("{\"channel\":\(channel()),\"messages\":\(messages())," + #""members":[{"user_id":"ana"}],"read":[]}"#, "channel")
        case 1:
            return ("{\"messages\":\(messages()),\n\"channel\":\(channel())}", "messages before their channel")
        case 2:
            var channels: [String] = []
            for _ in 0..<(1 + below(3)) {
                channels.append(chance(90) ? "{\"channel\":\(channel()),\"messages\":\(messages())}" : "42")
            }
            return ("{\"channels\":[\n" + channels.joined(separator: ",\n") + "]}", "channels")
        case 3:
            return (messages(), "array")
        case 4:
            return ("{\"messages\":\(messages())}", "list")
        case 5:
            var lines: [String] = []
            for _ in 0..<(20 + below(40)) {
                switch below(20) {
                case 0: lines.append("{\"channel\":\(channel())}")
                case 1: lines.append("{\"message\":\(message())}")
                case 2: lines.append("{\"channel\":\(channel()),\"messages\":\(messages())}")
                default: lines.append(message())
                }
            }
            return (lines.joined(separator: "\n") + "\n", "ndjson")
        default:
            return ("{\"message\":\(message())}", "boxed")
        }
    }

    private mutating func channel() -> String {
        let fields = [
            #""id":"c\#(below(9))""#, #""name":"Room \#(below(9))""#, #""member_count":\#(pick(["3", "\"x\"", "null"]))"#,
            #""created_at":"\#(pick(["2026-01-01T00:00:00Z", "yesterday"]))""#,
        ]
        return "{" + fields.joined(separator: ",") + "}"
    }

    private mutating func messages() -> String {
        var elements: [String] = []
        for _ in 0..<(5 + below(60)) {
            switch below(40) {
            case 0: elements.append(pick(["42", "\"text\"", "null", "[1,{\"id\":\"x\"}]", "{\"text\":\"no id\"}", "{\"id\":\"\"}"]))
            default: elements.append(message())
            }
        }
        return "[" + elements.joined(separator: pick([",", ",\n", " ,\n  "])) + (chance(10) ? ",]" : "]")
    }

    private mutating func date() -> String {
        let minute = counter * 2 + below(5) - 2
        return "\"2026-04-01T\(String(format: "%02d:%02d", 9 + minute / 60, ((minute % 60) + 60) % 60)):00Z\""
    }

    mutating func message() -> String {
        counter += 1
        let id = "m\(counter)"
        var fields: [String] = []
        switch below(30) {
        case 0: fields.append("\"id\":\(counter)")
        case 1: fields.append(#""\u0069d":"\#(id)""#)
        case 2: fields.append(#""id":"dup","id":"\#(id)""#)
        default: fields.append("\"id\":\"\(id)\"")
        }
        ids.append(id)
        fields.append(
            "\"text\":\""
                + pick(["hello", "line\\nbreak \\\"quoted\\\" \\u00e9\\ud83d\\ude00", String(repeating: "long ", count: below(400)), ""])
                + "\"")
        switch below(12) {
        case 0: fields.append(#""user":"ana""#)
        case 1: fields.append(#""user":null"#)
        case 2: fields.append(#""user":{"name":"No id"}"#)
        case 3: fields.append(#""user":{"id":7,"name":"Seven"}"#)
        case 4: fields.append(#""user":{"id":"ben","id":"ana","teams":[{"x":[1,2,{"y":null}]}]}"#)
        default: fields.append(#""user":{"id":"\#(pick(["ana", "ben", "cat"]))","name":"N","image":"https://e.x/a.png"}"#)
        }
        switch below(15) {
        case 0: break
        case 1: fields.append(#""created_at":"not a date""#)
        case 2: fields.append(#""created_at":1775000000"#)
        case 3: fields.append(#""created_at":null"#)
        // Dates read from the bytes or parsed, repeated either way round, and escaped.
        case 4: fields.append("\"created_at\":\"soon\",\"created_at\":\(date())")
        case 5: fields.append("\"created_at\":\(date()),\"created_at\":\(pick(["null", "7", "\"soon\""]))")
        case 6: fields.append("\"created_at\":" + date().replacingOccurrences(of: "-04-", with: "\\u002d04-"))
        default: fields.append("\"created_at\":\(date())")
        }
        if chance(30), ids.count > 1 {
            let parent = ids[below(ids.count - 1)]
            switch below(14) {
            case 0: fields.append(#""parent_id":"gone\#(below(3))""#)
            case 1: fields.append(#""parent_id":["\#(parent)"]"#)
            case 2: fields.append(#""parent_id":\#(counter - 1)"#)
            case 3: fields.append(#""parent_id":null"#)
            case 4: fields.append(#""parent_id":"x","parent_id":"\#(parent)""#)
            default: fields.append(#""parent_id":"\#(parent)""#)
            }
            switch below(4) {
            case 0: fields.append(#""show_in_channel":true"#)
            case 1: fields.append(#""show_in_channel":"yes""#)
            default: break
            }
        }
        if chance(8) { fields.append(#""type":"deleted","deleted_at":\#(date())"#) }
        if chance(30) {
            fields.append(
                #""attachments":[{"type":"image","image_url":"https://e.x/i.png","file_size":1.5e3,"n":-0,"big":123456789012345678901}]"#)
        }
        if chance(20) {
            fields.append(#""reaction_counts":{"like":2},"latest_reactions":[{"type":"like","user":{"id":"ana"}}],"updated_at":5"#)
        }
        if chance(10) { fields.append(#""channel":{"id":"custom"},"quoted_message":{"id":"m1","text":"q","user":{"id":"ana"}}"#) }
        if chance(5) { fields.append(#""latest_reactions":"many""#) }
        // Keys in a random order: the indexed ones are not always first.
        for index in fields.indices.dropFirst().reversed() {
            let other = below(index + 1)
            fields.swapAt(index, other)
        }
        return "{" + fields.joined(separator: pick([",", ", ", ",\n   "])) + "}"
    }
}
