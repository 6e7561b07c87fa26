/// A unified line diff, for snapshot failure messages.
enum LineDiff {
    enum Edit: Equatable {
        case same(String), removed(String), added(String)

        /// Whether the line is in the reference, and whether it is in the actual text.
        var inReference: Bool { if case .added = self { false } else { true } }
        var inActual: Bool { if case .removed = self { false } else { true } }
    }

    /// `actual` against `reference` with `context` unchanged lines around each change; changes
    /// closer than twice that share a hunk.
    static func unified(reference: String, actual: String, context: Int = 3) -> String {
        let old = reference.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let edits = edits(from: old, to: new)
        var hunks: [Range<Int>] = []
        for change in edits.indices where !edits[change].inReference || !edits[change].inActual {
            let around = max(0, change - context)..<min(edits.count, change + context + 1)
            if let last = hunks.last, around.lowerBound <= last.upperBound {
                hunks[hunks.count - 1] = last.lowerBound..<around.upperBound
            } else {
                hunks.append(around)
            }
        }
        var output = ["--- reference", "+++ actual"]
        for hunk in hunks {
            let before = edits[..<hunk.lowerBound], inside = edits[hunk]
            output.append(
                "@@ -\(before.count(where: \.inReference) + 1),\(inside.count(where: \.inReference)) "
                    + "+\(before.count(where: \.inActual) + 1),\(inside.count(where: \.inActual)) @@")
            output += inside.map { edit in
                switch edit {
                case .same(let line): " " + line
                case .removed(let line): "-" + line
                case .added(let line): "+" + line
                }
            }
        }
        return output.joined(separator: "\n")
    }

    /// The shortest edit script from `old` to `new`: the standard library's difference
    /// (Myers' algorithm), read in order, each removal before the insertion at the same place.
    static func edits(from old: [String], to new: [String]) -> [Edit] {
        var removed = Set<Int>(), added = Set<Int>()
        for change in new.difference(from: old) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): added.insert(offset)
            }
        }
        var edits: [Edit] = []
        var (x, y) = (0, 0)
        while x < old.count || y < new.count {
            if removed.contains(x) {
                edits.append(.removed(old[x]))
                x += 1
            } else if added.contains(y) {
                edits.append(.added(new[y]))
                y += 1
            } else {
                edits.append(.same(old[x]))
                x += 1
                y += 1
            }
        }
        return edits
    }
}
