/// A unified line diff (Myers' algorithm, O((N+M)·D)), for snapshot failure messages.
enum LineDiff {
    enum Edit: Equatable {
        case same(String), removed(String), added(String)
    }

    static func unified(reference: String, actual: String, context: Int = 3) -> String {
        let old = reference.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let edits = edits(from: old, to: new)
        var output = ["--- reference", "+++ actual"]
        var index = 0
        var oldLine = 1, newLine = 1
        while index < edits.count {
            // Find the next change, then widen it by `context` lines on each side.
            guard let change = edits[index...].firstIndex(where: { if case .same = $0 { false } else { true } }) else { break }
            let start = max(index, change - context)
            for skipped in edits[index..<start] { advance(skipped, &oldLine, &newLine) }
            // Extend the hunk while changes come closer than twice the context to each other.
            var end = change
            var quiet = 0
            while end < edits.count {
                if case .same = edits[end] { quiet += 1 } else { quiet = 0 }
                end += 1
                if quiet > context * 2 { break }
            }
            end -= max(0, quiet - context)
            let hunk = edits[start..<end]
            let oldCount = hunk.filter { if case .added = $0 { false } else { true } }.count
            let newCount = hunk.filter { if case .removed = $0 { false } else { true } }.count
            output.append("@@ -\(oldLine),\(oldCount) +\(newLine),\(newCount) @@")
            for edit in hunk {
                switch edit {
                case .same(let line): output.append(" " + line)
                case .removed(let line): output.append("-" + line)
                case .added(let line): output.append("+" + line)
                }
                advance(edit, &oldLine, &newLine)
            }
            index = end
        }
        return output.joined(separator: "\n")
    }

    private static func advance(_ edit: Edit, _ oldLine: inout Int, _ newLine: inout Int) {
        switch edit {
        case .same: oldLine += 1; newLine += 1
        case .removed: oldLine += 1
        case .added: newLine += 1
        }
    }

    /// The shortest edit script from `old` to `new`.
    static func edits(from old: [String], to new: [String]) -> [Edit] {
        let n = old.count, m = new.count, max = n + m
        guard max > 0 else { return [] }
        var frontier = [Int](repeating: 0, count: 2 * max + 2)
        var trace: [[Int]] = []
        search: for depth in 0...max {
            trace.append(frontier)
            for diagonal in stride(from: -depth, through: depth, by: 2) {
                let k = diagonal + max
                var x =
                    diagonal == -depth || (diagonal != depth && frontier[k - 1] < frontier[k + 1])
                    ? frontier[k + 1] : frontier[k - 1] + 1
                var y = x - diagonal
                while x < n, y < m, old[x] == new[y] { x += 1; y += 1 }
                frontier[k] = x
                if x >= n, y >= m { trace.append(frontier); break search }
            }
        }
        // Walk back through the saved frontiers to recover the path.
        var edits: [Edit] = []
        var x = n, y = m
        for depth in stride(from: trace.count - 2, through: 1, by: -1) {
            let saved = trace[depth]
            let diagonal = x - y
            let k = diagonal + max
            let previousDiagonal = diagonal == -depth || (diagonal != depth && saved[k - 1] < saved[k + 1]) ? diagonal + 1 : diagonal - 1
            let previousX = saved[previousDiagonal + max]
            let previousY = previousX - previousDiagonal
            while x > previousX, y > previousY { x -= 1; y -= 1; edits.append(.same(old[x])) }
            if x == previousX { y -= 1; edits.append(.added(new[y])) } else { x -= 1; edits.append(.removed(old[x])) }
        }
        while x > 0, y > 0 { x -= 1; y -= 1; edits.append(.same(old[x])) }
        return edits.reversed()
    }
}
