import Foundation
import Testing

@testable import Scrollback

/// Chunk sizes that put a chunk boundary inside every token of the test documents.
private let chunkSizes = [1, 2, 3, 7, 64 * 1024]

private func parse(_ text: String, chunkSize: Int = 64 * 1024) throws(ReadError) -> JSONValue {
    try parse(Array(text.utf8), chunkSize: chunkSize)
}

private func parse(_ bytes: [UInt8], chunkSize: Int = 64 * 1024) throws(ReadError) -> JSONValue {
    var parser = JSONStreamParser(bytes: bytes, chunkSize: chunkSize)
    let value = try parser.parseValue()
    #expect(try parser.isAtEnd())
    return value
}

/// The error a document raises, with its position and reason.
private func syntaxError(_ text: String, chunkSize: Int = 64 * 1024) -> (line: Int, column: Int, reason: String)? {
    do {
        _ = try parse(text, chunkSize: chunkSize)
        return nil
    } catch {
        guard case .syntax(let position, let reason) = error else { return nil }
        return (position.line, position.column, reason)
    }
}

@Suite struct JSONStreamParserTests {
    @Test(arguments: chunkSizes)
    func parsesNestedValuesKeepingKeyOrder(chunkSize: Int) throws {
        let value = try parse(
            #" { "z": [1, -2, 3.5, 1e3, -0.25E-2, true, false, null], "a": {"": "x"}, "m": [] , "e": {} } "#,
            chunkSize: chunkSize)
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.keys == ["z", "a", "m", "e"])
        #expect(object["z"] == [1, -2, 3.5, 1000.0, -0.0025, true, false, nil])
        #expect(object["a"] == ["": "x"])
        #expect(object["m"] == .array([]))
        #expect(object["e"] == .object(JSONObject()))
    }

    @Test func integersStayExactWhileTheyFitSixtyFourBits() throws {
        #expect(try parse("9223372036854775807") == .integer(Int64.max))
        #expect(try parse("-9223372036854775808") == .integer(Int64.min))
        #expect(try parse("9223372036854775808") == .double(9_223_372_036_854_775_808))
        #expect(try parse("-9223372036854775809") == .double(-9.223372036854775808e18))
        #expect(try parse("123456789012345678901234567890") == .double(1.2345678901234568e29))
        #expect(try parse("0") == .integer(0))
        #expect(try parse("1.0") == .double(1))
    }

    @Test(arguments: chunkSizes)
    func decodesEscapesAndSurrogatePairs(chunkSize: Int) throws {
        let text = #"["a\"b\\c\/d\b\f\n\r\t", "caf\u00e9 \u00E9", "\ud83d\ude00!", "\ud83d", "\ude00x", "\ud83d\u0041", "é😀"]"#
        let value = try parse(text, chunkSize: chunkSize)
        #expect(value == ["a\"b\\c/d\u{8}\u{C}\n\r\t", "café é", "😀!", "\u{FFFD}", "\u{FFFD}x", "\u{FFFD}A", "é😀"])
    }

    @Test func repairsInvalidUTF8() throws {
        let value = try parse([0x22, 0x61, 0xFF, 0x62, 0xC3, 0x22])
        #expect(value == .string("a\u{FFFD}b\u{FFFD}"))
    }

    /// The first ill-formed byte is found wherever it stands among ASCII: in a 32-byte stride,
    /// an 8-byte one or the bytes after them, and after well-formed sequences of every length.
    @Test func findsTheFirstIllFormedByteAtEveryOffset() {
        let illFormed: [[UInt8]] = [
            [0x80], [0xC0, 0x80], [0xC2], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5],
        ]
        let wellFormed: [[UInt8]] = [[0xC3, 0xA9], [0xE2, 0x80, 0x99], [0xF0, 0x9F, 0x94, 0xA5]]
        func offset(_ bytes: [UInt8]) -> Int { bytes.withUnsafeBufferPointer(JSONStreamParser.firstInvalidUTF8Offset) }
        for position in 0..<80 {
            for bad in illFormed {
                let bytes = Array(repeating: UInt8(ascii: "a"), count: position) + bad + Array(repeating: UInt8(ascii: "b"), count: 40)
                #expect(offset(bytes) == position, "\(bad) at \(position)")
                for good in wellFormed {
                    let after = good + Array(repeating: UInt8(ascii: "c"), count: position) + bad
                    #expect(offset(after) == good.count + position, "\(bad) after \(good) at \(position)")
                }
            }
            for good in wellFormed {
                let bytes =
                    Array(repeating: UInt8(ascii: "a"), count: position) + good + Array(repeating: UInt8(ascii: "b"), count: position)
                #expect(offset(bytes) == bytes.count)
            }
        }
    }

    @Test(arguments: chunkSizes)
    func acceptsTrailingCommasAndAByteOrderMark(chunkSize: Int) throws {
        let value = try parse([0xEF, 0xBB, 0xBF] + Array(#"{"a": [1, 2, ], "b": {"c": 3,},}"#.utf8), chunkSize: chunkSize)
        #expect(value == ["a": [1, 2], "b": ["c": 3]])
    }

    @Test func refusesCommasWithNothingBeforeThem() {
        #expect(syntaxError("[,]")?.reason == "expected a JSON value, found ','")
        #expect(syntaxError("[1,,2]")?.column == 4)
        #expect(syntaxError("{,}")?.reason == "expected a string key, found ','")
    }

    @Test func repeatedKeysKeepTheirFirstPlaceAndLastValue() throws {
        let value = try parse(#"{"a": 1, "b": 2, "a": 3}"#)
        #expect(value.objectValue?.keys == ["a", "b"])
        #expect(value["a"] == 3)

        // Past the filter's size, the check switches to a set.
        let keys = (0..<100).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let large = try parse("{\(keys), \"k42\": -1, \"k7\": -2, \"k42\": -3}")
        #expect(large.objectValue?.keys == (0..<100).map { "k\($0)" })
        #expect(large["k42"] == -3)
        #expect(large["k7"] == -2)
        let unique = try parse("{\(keys)}")
        #expect(unique.objectValue?.count == 100)
    }

    @Test(arguments: [1, 3, 64 * 1024])
    func namesLineAndColumnOfTheOffendingByte(chunkSize: Int) {
        // A truncated file.
        let truncated = syntaxError("{\"a\": [1, 2", chunkSize: chunkSize)
        #expect(truncated?.line == 1 && truncated?.column == 12)
        #expect(truncated?.reason.hasPrefix("unexpected end of input") == true)
        // A missing comma, on the third line.
        let missingComma = syntaxError("{\n  \"a\": 1\n  \"b\": 2\n}", chunkSize: chunkSize)
        #expect(missingComma?.line == 3 && missingComma?.column == 3)
        #expect(missingComma?.reason == "expected ',' or '}' after object member, found '\"'")
        // A bad literal.
        let literal = syntaxError("[true,\n tru]", chunkSize: chunkSize)
        #expect(literal?.line == 2 && literal?.column == 2)
        #expect(literal?.reason == "invalid literal, expected 'true'")
        // A raw control character inside a string.
        let control = syntaxError("{\"a\": \"x\ty\"}", chunkSize: chunkSize)
        #expect(control?.line == 1 && control?.column == 9)
        #expect(control?.reason == "unescaped control character (byte 0x09) in string")
        // A raw newline inside a string, after an escape.
        let newline = syntaxError("[\"a\\nb\nc\"]", chunkSize: chunkSize)
        #expect(newline?.line == 1 && newline?.column == 7)
        // An unterminated string points at its opening quote.
        let unterminated = syntaxError("[1,\n \"abc", chunkSize: chunkSize)
        #expect(unterminated?.line == 2 && unterminated?.column == 2)
        #expect(unterminated?.reason == "unterminated string")
        // An invalid escape.
        let escape = syntaxError(#"["ok", "a\qb"]"#, chunkSize: chunkSize)
        #expect(escape?.column == 10)
        #expect(escape?.reason == #"invalid escape \q"#)
        #expect(syntaxError("\"a\\ \"", chunkSize: chunkSize)?.reason == "invalid escape \\ followed by ' '")
        let hex = syntaxError(#""\u12x4""#, chunkSize: chunkSize)
        #expect(hex?.column == 6)
        // A missing colon.
        #expect(syntaxError("{\"a\" 1}", chunkSize: chunkSize)?.reason == "expected ':' after object key, found '1'")
    }

    @Test(arguments: [1, 3, 5, 64 * 1024])
    func literalsAndEmptyContainersReadWhereverTheWindowEnds(chunkSize: Int) throws {
        // Whole in the window, a literal is compared in one go; across a refill, byte by byte.
        let value = try parse(#"[true,false,null,[],{},[ ],{ }, {"a":[]}, [{}]]"#, chunkSize: chunkSize)
        let empty = JSONValue.object(JSONObject())
        #expect(
            value
                == .array([
                    .bool(true), .bool(false), .null, .array([]), empty, .array([]), empty,
                    .object(JSONObject(uniqueMembers: [("a", .array([]))])), .array([empty]),
                ]))
        // A mismatch in the fifth byte of `false`, or a literal cut short, is still an error.
        #expect(syntaxError("[falsy]", chunkSize: chunkSize)?.reason == "invalid literal, expected 'false'")
        #expect(syntaxError("[nul]", chunkSize: chunkSize)?.reason == "invalid literal, expected 'null'")
        #expect(syntaxError("tru", chunkSize: chunkSize)?.reason.hasPrefix("unexpected end of input inside 'true'") == true)
    }

    @Test func validatesNumbers() {
        #expect(syntaxError("01")?.reason == "invalid number: leading zero")
        #expect(syntaxError("1.")?.reason == "unexpected end of input, invalid number: expected a digit after '.'")
        #expect(syntaxError("[1.]")?.column == 4)
        #expect(syntaxError("-")?.reason.contains("expected a digit") == true)
        #expect(syntaxError("[1e]")?.reason == "invalid number: expected a digit in the exponent, found ']'")
        #expect(syntaxError("[.5]")?.reason == "expected a JSON value, found '.'")
        #expect(syntaxError("[1-2]")?.column == 3)
        #expect(syntaxError("[+1]")?.column == 2)
    }

    @Test func reportsAnEmptyValueAndTrailingGarbage() throws {
        #expect(syntaxError("")?.reason == "unexpected end of input, expected a JSON value")
        var parser = JSONStreamParser(bytes: Array("[1] x".utf8))
        _ = try parser.parseValue()
        #expect(throws: ReadError.syntax(SourcePosition(line: 1, column: 5), "expected a JSON value, found 'x'")) {
            _ = try parser.peekKind()
        }
    }

    @Test func limitsNesting() throws {
        let allowed =
            String(repeating: "[", count: JSONStreamParser.maximumDepth) + String(repeating: "]", count: JSONStreamParser.maximumDepth)
        #expect(throws: Never.self) { _ = try parse(allowed) }
        let hostile = String(repeating: "[", count: 100_000)
        let error = syntaxError(hostile)
        #expect(error?.reason == "nesting deeper than 512 levels")
        #expect(error?.column == 513)
        // Skipping checks the depth too.
        var parser = JSONStreamParser(bytes: Array(hostile.utf8))
        #expect(throws: ReadError.self) { try parser.skipValue() }
    }

    @Test(arguments: chunkSizes)
    func walksContainersIncrementally(chunkSize: Int) throws {
        let text = #"{"skip": {"deep": [1, "two", {"x": null}], "s": "\u00e9\n"}, "list": [10, {"id": "a"}, ], "last": true, }"#
        var parser = JSONStreamParser(bytes: Array(text.utf8), chunkSize: chunkSize)
        try parser.beginObject()
        #expect(try parser.nextKey() == "skip")
        #expect(try parser.peekKind() == .object)
        try parser.skipValue()
        #expect(try parser.nextKey() == "list")
        try parser.beginArray()
        #expect(parser.depth == 2)
        #expect(try parser.nextElement())
        #expect(try parser.parseValue() == 10)
        #expect(try parser.nextElement())
        #expect(try parser.parseValue() == ["id": "a"])
        #expect(try parser.nextElement() == false)
        #expect(try parser.nextKey() == "last")
        #expect(try parser.parseValue() == true)
        #expect(try parser.nextKey() == nil)
        #expect(parser.depth == 0)
        #expect(try parser.isAtEnd())
    }

    @Test func skippingStillFindsBrokenJSON() {
        var parser = JSONStreamParser(bytes: Array(#"{"a": [1, {"b": "c\x"}]}"#.utf8))
        #expect(throws: ReadError.syntax(SourcePosition(line: 1, column: 19), #"invalid escape \x"#)) { try parser.skipValue() }
        var unterminated = JSONStreamParser(bytes: Array(#"{"a": [1, 2}"#.utf8))
        #expect(throws: ReadError.syntax(SourcePosition(line: 1, column: 12), "expected ',' or ']' after array element, found '}'")) {
            try unterminated.skipValue()
        }
    }

    /// Skipping takes a quick path when the whole value is in the window; the careful walk,
    /// forced by a one-byte window, must agree with it on every input: where a value ends,
    /// which error a broken one raises (the quick path leaves errors to the careful walk), and
    /// where text had to be repaired (half a surrogate pair alone).
    @Test func quickSkippingAgreesWithTheCarefulWalk() {
        let seeds = [
            #"{"a": [1, -2.5e+3, 0, "x\"y\\z\n", true, false, null, {}, [], {"b": {"c": []}}], "d": "é😀", }"#,
            #"[{"id": "m1", "user": {"id": "u", "name": "Ada"}, "n": 12.75E-2, "t": [1,2,],}, [[[]]], "\u00e9"]"#,
            #"{"k": "tab\there", "e": 1e5, "z": -0.0, "s": "\/\b\f\r"}"#,
            #"{"s": "\ud83d\ude00 \ud83d x \ude00 \ud83d\u0041 \u00e9\u4E2D", "t": ["\uD83D\uDE00", "\udbff\udfff"]}"#,
        ]
        let alphabet = Array(#"{}[]",:0123456789-+.eEtrufalsn \u"#.utf8) + [0x0A, 0x01, 0xC3, 0xA9]
        var random = XorShift(seed: 0x2545_F491_4F6C_DD1D)
        func next(_ bound: Int) -> Int { random.next(bound) }
        func skipped(_ bytes: [UInt8], chunkSize: Int) -> Result<String, ReadError> {
            var parser = JSONStreamParser(bytes: bytes, chunkSize: chunkSize)
            do throws(ReadError) {
                try parser.skipValue()
                return .success("\(parser.bytePosition), repaired at \(String(describing: parser.takeReplacementPosition()))")
            } catch {
                return .failure(error)
            }
        }
        var quickCount = 0
        for round in 0..<6_000 {
            var bytes = Array(seeds[round % seeds.count].utf8)
            for _ in 0..<(round % 4) {
                let at = next(bytes.count)
                switch next(3) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(alphabet[next(alphabet.count)], at: at)
                default: bytes[at] = alphabet[next(alphabet.count)]
                }
            }
            guard !bytes.isEmpty else { continue }
            let whole = skipped(bytes + [0x20], chunkSize: 1 << 16)
            #expect(whole == skipped(bytes + [0x20], chunkSize: 1), "\(String(decoding: bytes, as: UTF8.self))")
            if bytes.first == UInt8(ascii: "{") || bytes.first == UInt8(ascii: "["),
                bytes.withUnsafeBufferPointer({ JSONStreamParser.quickSkip($0.baseAddress!, from: 0, limit: $0.count, depth: 0) }) != nil
            {
                quickCount += 1
            }
        }
        // Both paths were exercised: the unchanged seeds and many mutants take the quick one.
        #expect(quickCount > 1_000)
        #expect(quickCount < 5_500)
    }

    /// Skipped members whose values are strings, numbers or literals, and such values skipped
    /// alone (most of what the index pass skips), mutated at random, read as the careful walk
    /// (a one-byte window) reads them: the same members found, the same end, the same repairs,
    /// the same errors.
    @Test func quickSkippingScalarsAgreesWithTheCarefulWalk() {
        let seeds = [
            #"{"a": "x\"y\\z\n", "want": 1, "b": -2.5e+3, "c": true, "d": false, "e": null, "want": "é"}"#,
            #"{"n":0,"s":"\u00e9\/","t":true,"want":[1,"2"],"f":12.75E-2,"z":-0.0,"u":"\ud83d\ude00","l":null}"#,
            #"{"x": "\ud83d x", "want": {"a": 1}, "y": 10, "z": "tab\there"}"#,
        ]
        let keys = ExpectedKeys(["want"])
        func members(_ bytes: [UInt8], chunkSize: Int) -> String {
            var parser = JSONStreamParser(bytes: bytes, chunkSize: chunkSize)
            var found: [JSONValue] = []
            do throws(ReadError) {
                try parser.beginObject()
                while try parser.nextKey(skippingAllBut: keys) != nil { found.append(try parser.parseValue()) }
                return "\(found) at \(parser.bytePosition), repaired at \(String(describing: parser.takeReplacementPosition()))"
            } catch {
                return "\(found), \(error)"
            }
        }
        func skipped(_ bytes: [UInt8], chunkSize: Int) -> String {
            var parser = JSONStreamParser(bytes: bytes, chunkSize: chunkSize)
            do throws(ReadError) {
                try parser.skipValue()
                return "\(parser.bytePosition), repaired at \(String(describing: parser.takeReplacementPosition()))"
            } catch {
                return "\(error)"
            }
        }
        let alphabet = Array(#"{}[]",:0123456789-+.eEtrufalsn \u"#.utf8) + [0x0A, 0x01, 0xC3, 0xA9]
        var random = XorShift(seed: 0x5DEE_CE66_D1CE_4E5B)
        var wrong: [String] = []
        for round in 0..<3_000 {
            var bytes = Array(seeds[round % seeds.count].utf8)
            for _ in 0..<(round % 4) {
                let at = random.next(bytes.count)
                switch random.next(3) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(alphabet[random.next(alphabet.count)], at: at)
                default: bytes[at] = alphabet[random.next(alphabet.count)]
                }
            }
            guard !bytes.isEmpty else { continue }
            let padded = bytes + [0x20]
            if members(padded, chunkSize: 1 << 16) != members(padded, chunkSize: 1) { wrong.append(String(decoding: bytes, as: UTF8.self)) }
            // The same bytes from a member's value on, skipped alone.
            if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
                let value = Array(padded[(colon + 1)...])
                if skipped(value, chunkSize: 1 << 16) != skipped(value, chunkSize: 1) {
                    wrong.append(String(decoding: value, as: UTF8.self))
                }
            }
        }
        #expect(wrong.count == 0, "\(wrong.prefix(3))")
    }

    /// Strings are scanned sixteen bytes at a time, then eight, then one: a quote, an escape, a
    /// control character or a character past ASCII at every place of a long string, in a key
    /// and in a value, is read and skipped (the quick path and the careful walk) as it is alone.
    @Test func eachSpecialByteAtEachPlaceOfALongString() throws {
        let run = String(repeating: "abcdefghijklmnopqrstuvwxyz", count: 2)
        for insert in [#"\""#, #"\\"#, #"\n"#, #"\u00e9"#, "é", "😀", "\u{1}", "\u{7F}"] {
            for place in 0...40 {
                let text = String(run.prefix(place)) + insert + String(run.dropFirst(place).prefix(40 - place))
                let json = #"{"\#(text)": ["\#(text)", "\#(text)"], "k": "\#(text)"}"#
                var results: [String] = []
                var values: [JSONValue] = []
                for chunkSize in [1, 7, 1 << 16] {
                    var parser = JSONStreamParser(bytes: Array(json.utf8), chunkSize: chunkSize)
                    var skipper = JSONStreamParser(bytes: Array(json.utf8) + [0x20], chunkSize: chunkSize)
                    do throws(ReadError) {
                        values.append(try parser.parseValue())
                        try skipper.skipValue()
                        results.append("skipped to \(skipper.bytePosition)")
                    } catch {
                        results.append("\(error)")
                    }
                }
                #expect(Set(results).count == 1, "\(insert.debugDescription) at \(place): \(results)")
                if insert.unicodeScalars.allSatisfy({ $0.value >= 0x20 }) {
                    let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
                    let expected = try #require(decoded?["k"] as? String)
                    #expect(values.count == 3 && values.allSatisfy { $0["k"]?.stringValue == expected && $0[expected] != nil })
                    #expect(results[0] == "skipped to \(json.utf8.count)")
                } else {
                    #expect(values.isEmpty && results[0].contains("control"), "\(insert.debugDescription) at \(place): \(results[0])")
                }
            }
        }
    }

    /// `nextKey(skippingAllBut:)` recalls each key from the order the objects before spelled
    /// them (``KeyOrder``): objects whose keys come in one order, then in others, with keys left
    /// out and added, keys that differ in their last byte or are another's prefix, keys past 16
    /// and past 29 bytes, escaped keys and space before a colon, read one after another by one
    /// parser, find the keys a lookup finds.
    @Test(arguments: [1, 64 * 1024])
    func recalledKeysAreTheKeysALookupFinds(chunkSize: Int) throws {
        let expected = ["id", "text", "type", "user", "created_at", "latest_reactions", "deleted_reply_count", "message_text_updated_at"]
        let keys = ExpectedKeys(expected)
        let pool =
            expected + [
                "ids", "i", "texts", "created_an", "latest_reactionz", "a_key_that_is_exactly_thirty_b",
                "an_unexpected_key_past_thirty_two_bytes",
                "reaction_counts", "cid", "",
            ]
        var random = XorShift(seed: 0x9E37_79B9_7F4A_7C15)
        var objects: [[String]] = []
        var order = pool
        for round in 0..<400 {
            if round % 50 == 0 {
                for place in order.indices.reversed() { order.swapAt(place, random.next(place + 1)) }
            }
            objects.append(order.filter { _ in random.next(10) > 0 })
        }
        func spelled(_ key: String, _ index: Int) -> String {
            switch index % 23 {
            case 0: return #""\#(key.unicodeScalars.map { "\\u00\(String($0.value, radix: 16))" }.joined())" : "#
            case 1: return #""\#(key)"  :"#
            default: return #""\#(key)":"#
            }
        }
        var text = "["
        for (index, object) in objects.enumerated() {
            text += (index > 0 ? ",{" : "{") + object.enumerated().map { spelled($1, index + $0) + "\($0)" }.joined(separator: ",") + "}"
        }
        text += "]"
        var parser = JSONStreamParser(bytes: Array(text.utf8), chunkSize: chunkSize)
        try parser.beginArray()
        var found: [[Int]] = []
        while try parser.nextElement() {
            try parser.beginObject()
            var members: [Int] = []
            while let key = try parser.nextKey(skippingAllBut: keys) {
                members.append(key)
                try parser.skipValue()
            }
            found.append(members)
        }
        let lookedUp = objects.map { $0.compactMap { key in expected.firstIndex(of: key) } }
        #expect(found == lookedUp)
    }

    /// `nextKey(among:)` finds each expected key, long ones and escaped ones included, and
    /// nothing else, whether the window holds the whole member (the quick path) or a byte.
    @Test(arguments: chunkSizes)
    func findsExpectedKeysAmongOthers(chunkSize: Int) throws {
        let keys = ExpectedKeys(["id", "user", "message_text_updated_at", "message_text_updated_on", "thread_participants", "a"])
        let text = #"""
            {"ID": 0, "id": 1, "message_text_updated_at" : 2, "message_text_updated_an": 3, "thread_participants": 4,
             "thread_participantz": 5, "us\u0065r": 6, "": 7, "message_text_updated_on": 8, "a": 9, "ab": 10, }
            """#
        var parser = JSONStreamParser(bytes: Array(text.utf8), chunkSize: chunkSize)
        try parser.beginObject()
        var found: [JSONStreamParser.KeyMatch] = []
        while true {
            let match = try parser.nextKey(among: keys)
            found.append(match)
            if match == .end { break }
            try parser.skipValue()
        }
        #expect(found == [.other, .key(0), .key(2), .other, .key(4), .other, .key(1), .other, .key(3), .key(5), .other, .end])
        #expect(try parser.isAtEnd())
    }

    @Test func tokensLongerThanTheWindowSpanManyChunks() throws {
        let long = String(repeating: "ab\\ncd😀", count: 5000)
        let number = "1" + String(repeating: "0", count: 400)
        let text = "[\"\(long)\", \(number), -12345678901234567]"
        for chunkSize in [5, 7, 4096] {
            let value = try parse(text, chunkSize: chunkSize)
            #expect(value.arrayValue?[0] == .string(String(repeating: "ab\ncd😀", count: 5000)))
            #expect(value.arrayValue?[1] == .double(.infinity)) // beyond Double
            #expect(value.arrayValue?[2] == .integer(-12_345_678_901_234_567))
        }
    }

    @Test func countsLinesAcrossChunks() throws {
        var lines = (1...200).map { "  {\"n\": \($0)}," }
        lines.insert("[", at: 0)
        lines.append("  {\"n\": oops}")
        lines.append("]")
        for chunkSize in [3, 64, 64 * 1024] {
            let error = syntaxError(lines.joined(separator: "\r\n"), chunkSize: chunkSize)
            #expect(error?.line == 202)
            #expect(error?.column == 9)
        }
    }

    @Test func serializedTextReadsBackAsTheSameValue() throws {
        let texts = [
            "plain", "", "quote \" and backslash \\", "lines\nand\r\ttabs", "\u{0}\u{1}\u{1F}\u{7F}",
            "separators \u{2028} \u{2029} and \u{2027}\u{202A}", "emoji 👍🏽 and 日本語", "ends with \u{E2}",
        ]
        let value: JSONValue = .object(
            JSONObject(
                uniqueMembers: texts.enumerated().map { (key: "k\($0.offset) \($0.element)", value: .string($0.element)) }
                    + [("n", [1, -2, 0.5, true, false, nil]), ("o", .object(JSONObject(uniqueMembers: [])))]))
        let text = value.serialized()
        #expect(try parse(text) == value)
        #expect(text.utf8.allSatisfy { $0 >= 0x20 })
        #expect(!text.contains("\u{2028}") && !text.contains("\u{2029}"))
        #expect(text.contains(#"\u001f"#) && text.contains(#"\u2028"#) && text.contains(#"\""#))
        #expect(Array(text.utf8) == value.serializedBytes())
    }
}
