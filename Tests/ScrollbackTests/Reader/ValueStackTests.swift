import Testing

@testable import Scrollback

/// The parser's member stack: containers nest on it, and each moves its own elements out.
@Suite struct ValueStackTests {
    final class Tracked {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    @Test func eachContainerMovesOutItsOwnElementsInOrder() {
        let stack = ValueStack<Tracked>(capacity: 2) // grows while pushing
        for number in 0..<3 { stack.push(Tracked(number)) }
        let inner = stack.count
        for number in 10..<15 { stack.push(Tracked(number)) }
        let innerArray = stack.popArray(from: inner)
        #expect(innerArray.map(\.number) == [10, 11, 12, 13, 14])
        #expect(stack.count == 3)
        #expect(stack.popArray(from: stack.count).isEmpty)
        stack.push(Tracked(3))
        #expect(stack.popArray(from: 0).map(\.number) == [0, 1, 2, 3])
        #expect(stack.count == 0)
    }

    @Test func elementsAreMovedNotCopied() {
        weak var kept: Tracked?
        weak var dropped: Tracked?
        var array: [Tracked]? = nil
        do {
            let stack = ValueStack<Tracked>()
            let first = Tracked(1)
            kept = first
            stack.push(first)
            array = stack.popArray(from: 0)
            let second = Tracked(2)
            dropped = second
            stack.push(second)
        }
        // The stack is gone: what it still held is freed, what it moved out lives in the array
        // alone (one reference, so no copy was left behind).
        #expect(dropped == nil)
        var moved = array.take() ?? []
        #expect(moved.count == 1 && isKnownUniquelyReferenced(&moved[0]))
        moved = []
        #expect(kept == nil)
    }
}
