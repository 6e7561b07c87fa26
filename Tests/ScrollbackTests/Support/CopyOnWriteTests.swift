import Foundation
import Synchronization
import Testing

@testable import Scrollback

/// Messages and users keep their fields in a `CopyOnWrite`: copies must still behave as values.
@Suite struct CopyOnWriteTests {
    @Test func aCopyWrittenToLeavesTheOriginalAlone() {
        var message = ChatMessage(id: "m1", text: "hello", user: ChatUser(id: "u", name: "Ada"))
        let original = message
        message.text = "changed"
        message.user?.name = "Grace"
        #expect(original.text == "hello")
        #expect(original.user?.name == "Ada")
        #expect(message.text == "changed" && message.user?.name == "Grace")
        #expect(original != message)
    }

    @Test func equalFieldsMakeEqualValuesWithEqualHashes() {
        let first = ChatMessage(id: "m1", text: "hello")
        let second = ChatMessage(id: "m1", text: "hello")
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second, first]).count == 1)
        var box = CopyOnWrite([1, 2])
        let shared = box
        box.fields.append(3)
        #expect(shared.fields == [1, 2] && box.fields == [1, 2, 3])
    }

    /// Messages are sent between threads: copies of one value written on two threads at once
    /// each get fields of their own, and the original keeps its own (`.ci/run` runs this under
    /// ThreadSanitizer: "Thread" in its name matches the filter).
    @Test func copiesWrittenOnTwoThreadsStayApart() {
        let original = ChatMessage(id: "m1", text: "hello", user: ChatUser(id: "u", name: "Ada"))
        let texts = Mutex([String](repeating: "", count: 2))
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            var copy = original
            for round in 0..<1_000 { copy.text = "thread \(index) round \(round)" }
            copy.user?.name = "Grace \(index)"
            texts.withLock { $0[index] = copy.text + " " + (copy.user?.name ?? "") }
        }
        #expect(texts.withLock { $0 } == ["thread 0 round 999 Grace 0", "thread 1 round 999 Grace 1"])
        #expect(original.text == "hello" && original.user?.name == "Ada")
    }

    /// The reading thread parses a message's text into the message (`parsedText`): a cache of
    /// what the text and mentions say, so it leaves equality alone and goes when either changes.
    @Test func aParsedTextIsNoPartOfTheValueAndGoesWithTheText() {
        let ada = ChatUser(id: "ada", name: "Ada")
        var message = ChatMessage(id: "m1", text: "hi @Ada, see **this**")
        message.mentionedUsers = [ada]
        let plain = message
        message.parsedText = ChatMarkdown.parse(message.text, mentionedUsers: message.mentionedUsers)
        #expect(message.parsedText == ChatMarkdown.parse("hi @Ada, see **this**", mentionedUsers: [ada]))
        #expect(plain.parsedText == nil)
        #expect(message == plain && message.hashValue == plain.hashValue)

        var edited = message
        edited.text = "bye"
        #expect(edited.parsedText == nil)
        #expect(message.parsedText != nil)
        var remention = message
        remention.mentionedUsers = []
        #expect(remention.parsedText == nil)
        var repinned = message
        repinned.pinned = true
        #expect(repinned.parsedText == message.parsedText)
    }

    /// Whether a user's name is what they show is kept with the name, set by every way a name
    /// is given, and a copy keeps its own.
    @Test func theShownNameFollowsTheName() {
        var user = ChatUser(id: "u7", name: " \u{3000}\n")
        #expect(user.displayName == "u7")
        let blank = user
        user.name = "Ольга"
        #expect(user.displayName == "Ольга" && blank.displayName == "u7")
        user.name = nil
        #expect(user.displayName == "u7")
        user.name = "\u{00A0}"
        #expect(user.displayName == "u7")
        user.name = "\u{00A0}山田"
        #expect(user.displayName == "\u{00A0}山田")
        #expect(ChatUser(id: "x", name: "").displayName == "x" && ChatUser(id: "x", name: "Ada").displayName == "Ada")
        #expect(user.displayName == ChatUser.displayName(name: user.name, id: user.id))
    }

    /// Tables of values made per name key names by their bytes: two spellings of one accented
    /// name are two keys, and equal bytes are one, small or not.
    @Test func bytewiseKeysCompareBytes() {
        let composed = "Chlo\u{E9}"
        let decomposed = "Chloe\u{301}"
        #expect(composed == decomposed)
        #expect(BytewiseString(composed) != BytewiseString(decomposed))
        #expect(Set([BytewiseString(composed), BytewiseString(decomposed)]).count == 2)
        let long = String(repeating: "Ωμέγα ", count: 10)
        let same = String(decoding: Array(long.utf8), as: UTF8.self)
        #expect(BytewiseString(long) == BytewiseString(same) && BytewiseString(long).hashValue == BytewiseString(same).hashValue)
        #expect(BytewiseString("") == BytewiseString("") && BytewiseString("") != BytewiseString("a"))
    }

}
