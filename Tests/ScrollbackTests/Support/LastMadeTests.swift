import Testing

@testable import Scrollback

@Suite struct LastMadeTests {
    /// The same value wanted again is the kept one, not made again; another replaces it, and the
    /// first is then made anew.
    @Test func keepsTheLastValueMadeOnly() {
        let memo = LastMade<String>()
        var made: [String] = []
        func value(_ wanted: String) -> String {
            memo.value(
                where: { $0 == wanted },
                making: {
                    made.append(wanted); return wanted
                })
        }
        #expect([value("a"), value("a"), value("b"), value("b"), value("a")] == ["a", "a", "b", "b", "a"])
        #expect(made == ["a", "b", "a"])
    }
}
