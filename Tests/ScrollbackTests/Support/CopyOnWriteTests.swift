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
}
