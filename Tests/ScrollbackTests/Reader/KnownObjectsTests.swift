import Foundation
import Testing

@testable import Scrollback

/// Stepping over an object met before (``KnownObjects``) must change nothing but the work:
/// wherever the quick walk would take the object, it is stepped over to the same end; wherever
/// the walk would stop (too deep, a changed byte, the window's end), it is walked.
@Suite struct KnownObjectsTests {
    static let author = #"{"id": "ann", "name": "Ann Lee", "image": "https://example.org/a.png", "custom": {"tags": ["a", {"b": []}]}}"#
    static let other = #"{"id": "bo", "name": "Bo", "banned": false, "score": -1.5e3, "note": "say \"hi\"\n"}"#

    static func kept(_ objects: [String]) -> KnownObjects {
        var known = KnownObjects()
        for object in objects { Array(object.utf8).withUnsafeBufferPointer { known.keep($0) } }
        return known
    }

    static func skip(_ bytes: [UInt8], depth: Int = 0, known: KnownObjects?) -> Int? {
        bytes.withUnsafeBufferPointer { JSONStreamParser.quickSkip($0.baseAddress!, from: 0, limit: $0.count, depth: depth, known: known) }
    }

    @Test func nestingCountsContainersNotTheBracketsInStrings() {
        func nesting(_ text: String) -> Int? { Array(text.utf8).withUnsafeBufferPointer { JSONStreamParser.quickNesting(of: $0) } }
        #expect(nesting("{}") == 1)
        #expect(nesting(#"{"a": 1, "b": "[{"}"#) == 1)
        #expect(nesting(#"{"a": "x\"{[", "b": [[{}], []]}"#) == 4)
        #expect(nesting(Self.author) == 5)
        // What the quick walk leaves to the careful one is never stepped over.
        #expect(nesting(#"{"a": "\ud83d alone"}"#) == nil)
        #expect(nesting(#"{"a": tru}"#) == nil)
        #expect(nesting(#"{"a": 1} "#) == nil)
    }

    @Test func onlyWholeObjectsTheWalkTakesAreSteppedOver() {
        let alone = #"{"name": "\ud83d alone", "id": "someone-1234567890"}"#
        let known = Self.kept([Self.author, alone, #"{"a": 1}"#, #"[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]"#])
        func found(_ text: String) -> Int? { Array(text.utf8).withUnsafeBufferPointer { known.object(at: $0)?.length } }
        #expect(found(Self.author + ", 1]") == Self.author.utf8.count)
        // Shorter than the 32 bytes that find an object, not an object, or not one the quick
        // walk takes (half a surrogate pair alone: the careful walk notes the repair).
        #expect(found(#"{"a": 1}, {"a": 1}, {"a": 1}, {"a": 1}"#) == nil)
        #expect(found(#"[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]"#) == nil)
        #expect(found(alone) == nil)
        // Longer than a user object is worth keeping: the table's memory stays bounded.
        let long = #"{"id": "someone-1234567890", "note": "\#(String(repeating: "x", count: 3_000))"}"#
        var withLong = known
        Array(long.utf8).withUnsafeBufferPointer { withLong.keep($0) }
        #expect(Array(long.utf8).withUnsafeBufferPointer { withLong.object(at: $0) } == nil)
        // The same first bytes, then others; or cut short by the window.
        #expect(found(Self.author.replacingOccurrences(of: "Ann Lee", with: "Ann Lea")) == nil)
        #expect(found(String(Self.author.dropLast())) == nil)
    }

    /// Values holding the kept objects, whole or changed, at random depths, some of them deep
    /// enough that the walk runs out of room: skipped with and without the kept objects, they
    /// end in the same place (or both leave the value to the careful walk).
    @Test func steppingOverAKnownObjectEndsWhereTheWalkEnds() {
        let known = Self.kept([Self.author, Self.other])
        var random = XorShift(seed: 0x1234_5678_9ABC_DEF1)
        var stepped = 0
        var cases = 0
        for round in 0..<4_000 {
            var object = Array((round % 2 == 0 ? Self.author : Self.other).utf8)
            if round % 5 == 0 {
                // One byte changed: no longer the kept object, and maybe no longer valid.
                object[random.next(object.count)] = Array(#"x"{}[]:,1 "#.utf8)[random.next(10)]
            }
            // Inside arrays and objects, sometimes as many as the walk holds or the depth allows.
            let wrappers = [0, 1, 2, 30, 59, 60, 61, 62, 63][random.next(9)]
            var value = object
            for level in 0..<wrappers {
                value = level % 2 == 0 ? Array("[".utf8) + value + Array(", 1]".utf8) : Array(#"{"k": "#.utf8) + value + Array("}".utf8)
            }
            let depth = [0, 3, 100, JSONStreamParser.maximumDepth - 70, JSONStreamParser.maximumDepth - 5][random.next(5)]
            let padded = value + [0x20]
            let walked = Self.skip(padded, depth: depth, known: nil)
            let withKnown = Self.skip(padded, depth: depth, known: known)
            #expect(withKnown == walked, "\(wrappers) levels at depth \(depth): \(String(decoding: object, as: UTF8.self))")
            cases += 1
            if walked != nil && round % 5 != 0 { stepped += 1 }
        }
        // Most values were taken, with their objects stepped over; the rest were left alone.
        #expect(stepped > 1_000)
        #expect(cases - stepped > 500)
    }

    /// The index pass keeps the object of each author it meets again and steps over it in
    /// reactions, mentions and quotes, and walks it where the quick walk could not hold its
    /// containers: the same index as the full reading's.
    @Test func theIndexPassIndexesTheSameWithAuthorsMetAgain() throws {
        let author = Self.author
        func message(_ number: Int, reactions: String) -> String {
            #"{"id": "m\#(number)", "text": "hi", "user": \#(author), "created_at": "2026-01-0\#(number % 9 + 1)T10:00:00Z", "#
                + #""latest_reactions": \#(reactions), "mentioned_users": [\#(author), \#(Self.other)], "#
                + #""quoted_message": {"id": "m1", "text": "x", "user": \#(author)}}"#
        }
        // In a reaction, and under as many arrays as the quick walk holds with the author's own
        // five containers (58), and one more.
        let reactions =
            [#"[{"type": "like", "user_id": "ann", "user": \#(author)}]"#]
            + [58, 59].map { levels in
                String(repeating: "[", count: levels) + author + String(repeating: "]", count: levels)
            }
        let input = #"{"messages": [\#((1...6).map { message($0, reactions: reactions[$0 % 3]) }.joined(separator: ", "))]}"#
        try IndexPassTests.expectSameIndex(Array(input.utf8), "authors met again")
    }

    /// The cache of decoded authors keeps no object longer than a user object is worth keeping,
    /// so that its memory stays bounded however big the objects of the input.
    @Test func theAuthorCacheKeepsNoLongObject() throws {
        func cached(_ object: String) throws -> Bool {
            let users = UserCache()
            let bytes = Array(object.utf8)
            users.keep(ChatUser(id: "someone"), writtenAs: bytes)
            var parser = JSONStreamParser(bytes: bytes + [0x20])
            return try users.user(at: &parser) != nil
        }
        #expect(try cached(Self.author))
        let padding = String(repeating: "x", count: UserCache.longest)
        #expect(try !cached(#"{"id": "someone", "note": "\#(padding)"}"#))
    }
}
