import Foundation
import Testing

@testable import Scrollback

/// Values kept per author by user value (``AuthorSlots``, ``AuthorMemo``): found again only for
/// that very value and its copies, never for another user's, and forgotten with what they were
/// worked out from.
@Suite struct AuthorMemoTests {
    @Test func aKeptEntryIsFoundForItsUserValueAndItsCopiesOnly() {
        var slots = AuthorSlots<String>()
        let ada = ChatUser(id: "ada", name: "Ada")
        slots[ada] = "kept"
        let copy = ada
        #expect(slots[ada] == "kept" && slots[copy] == "kept")
        // Equal fields, another value: not the same user value.
        #expect(ada == ChatUser(id: "ada", name: "Ada"))
        #expect(slots[ChatUser(id: "ada", name: "Ada")] == nil)
        // A copy written to has fields of its own.
        var renamed = ada
        renamed.name = "Ada L."
        #expect(slots[renamed] == nil)
        #expect(slots[ada] == "kept")
    }

    /// Many users through few slots: each look finds the user's own entry or nothing.
    @Test func usersPutEachOtherOutButNeverAnswerForEachOther() {
        var slots = AuthorSlots<String>()
        let users = (0..<1_000).map { ChatUser(id: "u\($0)") }
        for user in users { slots[user] = user.id }
        var found = 0
        for user in users {
            guard let entry = slots[user] else { continue }
            #expect(entry == user.id)
            found += 1
        }
        #expect(found > 0 && found <= 64)
    }

    /// A context's author tooltips follow its options and the names that collide.
    @Test func aContextsAuthorValuesFollowItsOptions() {
        var context = RenderContext(options: RenderOptions(), factory: ViewFactory(), resolver: DefaultMessageTypeResolver())
        let maya = ChatUser(id: "maya", name: "Maya")
        #expect(context.nameWithID(of: maya) == context.nameWithID("Maya", id: "maya"))
        #expect(!context.sharesDisplayName(maya))
        context.options.currentUserID = "maya"
        #expect(context.nameWithID(of: maya) == context.nameWithID(context.theme.string(.you), id: "maya"))
        #expect(context.nameWithID(of: maya) != context.nameWithID("Maya", id: "maya"))
        context.collidingNames = [TranscriptIndex.nameKey("Maya")]
        #expect(context.sharesDisplayName(maya))
        context.collidingNames = [TranscriptIndex.nameKey("Alex")]
        #expect(!context.sharesDisplayName(maya))
    }
}
