import Testing

@testable import ScrollbackTesting

@Suite struct LineDiffTests {
    /// Applying the edit script must give back both sides, and its length must be minimal.
    @Test func editScriptsAreCorrectAndMinimal() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let old = (0..<Int.random(in: 0...12, using: &generator)).map { _ in ["a", "b", "c"].randomElement(using: &generator)! }
            let new = (0..<Int.random(in: 0...12, using: &generator)).map { _ in ["a", "b", "c"].randomElement(using: &generator)! }
            let edits = LineDiff.edits(from: old, to: new)
            let rebuiltOld = edits.compactMap { edit -> String? in
                switch edit {
                case .same(let line), .removed(let line): line;
                case .added: nil
                }
            }
            let rebuiltNew = edits.compactMap { edit -> String? in
                switch edit {
                case .same(let line), .added(let line): line;
                case .removed: nil
                }
            }
            #expect(rebuiltOld == old)
            #expect(rebuiltNew == new)
            let changes = edits.filter { if case .same = $0 { false } else { true } }.count
            #expect(changes == old.count + new.count - 2 * longestCommonSubsequence(old, new))
        }
    }

    @Test func unifiedDiffHasHunkHeadersAndContext() {
        let reference = (1...20).map { "line \($0)" }.joined(separator: "\n")
        let actual = reference.replacingOccurrences(of: "line 10\n", with: "line ten\n")
        let diff = LineDiff.unified(reference: reference, actual: actual)
        #expect(diff.contains("@@ -7,7 +7,7 @@"))
        #expect(diff.contains("-line 10\n+line ten"))
        #expect(diff.contains(" line 13"))
        #expect(!diff.contains(" line 14"))
        #expect(!diff.contains(" line 6\n"))
    }

    private func longestCommonSubsequence(_ a: [String], _ b: [String]) -> Int {
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }
}
