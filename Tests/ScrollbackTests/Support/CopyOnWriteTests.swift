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
}
