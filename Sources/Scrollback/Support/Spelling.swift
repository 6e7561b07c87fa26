/// "Did you mean" hints for names typed by hand, such as the keys of a card file.
enum Spelling {
    /// The candidate closest to `word` within two edits, or `nil` when none is that close (or
    /// the word is so short that any candidate would be a guess).
    static func nearest(to word: String, among candidates: [String]) -> String? {
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word, candidate)
            if distance <= 2, distance < word.count, distance < best?.distance ?? Int.max {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// Levenshtein distance over characters, with two rows of memory.
    static func editDistance(_ first: String, _ second: String) -> Int {
        let first = Array(first), second = Array(second)
        guard !first.isEmpty else { return second.count }
        guard !second.isEmpty else { return first.count }
        var previous = Array(0...second.count)
        var current = Array(repeating: 0, count: second.count + 1)
        for row in 1...first.count {
            current[0] = row
            for column in 1...second.count {
                let substitution = previous[column - 1] + (first[row - 1] == second[column - 1] ? 0 : 1)
                current[column] = min(previous[column] + 1, current[column - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[second.count]
    }
}
