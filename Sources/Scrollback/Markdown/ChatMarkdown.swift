/// Message text as chat clients read it: CommonMark, plus bare URLs turned into links and
/// `@Name` of the message's mentioned users turned into mentions.
///
/// The additions work on the parsed tree's text only, so a URL or a name inside a code span, a
/// code block, a link or an image stays as it is, and the source is never rewritten.
public enum ChatMarkdown {
    /// Parses a message's `text`; `mentionedUsers` are the message's `mentioned_users`.
    ///
    /// A text with more markup than one message needs (thousands of brackets or emphasis
    /// marks, or of blank lines under deeply nested lists, where the parser's time would grow
    /// with their square) is not parsed: it comes back as plain paragraphs, so that no message
    /// can stall a rendering.
    public static func parse(_ text: String, mentionedUsers: [ChatUser]) -> MarkdownDocument {
        if MarkdownBudget.excess(in: text) != nil { return MarkdownBudget.plainDocument(text) }
        // Most messages have neither a URL nor an `@`: one look at the source spares the scan
        // of every text run.
        // A newline the sender typed is a line break, as every chat client shows it.
        guard TextScanner.mightContainMarkup(text) else { return CommonMark.parse(text, rewritingText: nil, keepingLineBreaks: true) }
        // Names are looked for only in a text with an `@`; a link alone needs no table of them.
        let scanner = TextScanner(mentionedUsers: text.containsUTF8(UInt8(ascii: "@")) ? mentionedUsers : [])
        return CommonMark.parse(text, rewritingText: scanner.rewrite, keepingLineBreaks: true)
    }
}

/// Finds bare URLs and mentions in one run of plain text. Not `Sendable`: one parse uses a
/// scanner, and its tree of names is built on demand (``MentionNames``).
struct TextScanner {
    /// The longest name, in characters, found after an `@`: the walk from each `@` stops
    /// there, so that a text of many `@` costs in proportion to its length whatever names the
    /// input lists.
    static let maximumMentionLength = 64
    /// At most this many names of ASCII characters are compared one by one after an `@`;
    /// more go through the tree, whose walk takes the same time however many names it holds.
    static let mostNamesComparedDirectly = 16

    private let names: MentionNames

    /// `comparingDirectly` false (for tests) looks for every name in the tree.
    init(mentionedUsers: [ChatUser], comparingDirectly: Bool = true) {
        let named = mentionedUsers.compactMap { user -> (name: Substring, id: String)? in
            let name = user.displayName.trimmedOfWhitespace
            // A name of no more bytes than the limit has no more characters either.
            guard !name.isEmpty, name.utf8.count <= Self.maximumMentionLength || name.count <= Self.maximumMentionLength else {
                return nil
            }
            return (name, user.id)
        }
        names = MentionNames(named, comparingDirectly: comparingDirectly)
    }

    /// Whether `text` holds `://`, `www.` (any case) or `@`: without them there is nothing to find.
    /// Every message's text is asked, so the bytes are read from its storage rather than
    /// through the `UTF8View`.
    static func mightContainMarkup(_ text: String) -> Bool {
        return text.withUTF8Bytes { bytes in
            // Each of the three ends with `@`, `/` or `.`: only those bytes are looked at, and
            // the bytes before them.
            var index = bytes.firstIndex(ofAny: UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "."), from: 0)
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "@"):
                    return true
                case UInt8(ascii: "/"):
                    if index >= 2, bytes[index - 1] == UInt8(ascii: "/"), bytes[index - 2] == UInt8(ascii: ":") { return true }
                default:
                    if index >= 3, bytes[index - 3] | 0x20 == UInt8(ascii: "w"), bytes[index - 2] | 0x20 == UInt8(ascii: "w"),
                        bytes[index - 1] | 0x20 == UInt8(ascii: "w")
                    {
                        return true
                    }
                }
                index = bytes.firstIndex(ofAny: UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "."), from: index + 1)
            }
            return false
        }
    }

    /// Whether the bytes at `offset` may start `http://`, `https://` or `www.` (in any case): an
    /// `h` then a `t`, or two `w`s. Most `h`s and `w`s are inside words, and the byte after
    /// rules them out before the prefixes are compared.
    private static func mayStartURL(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard offset + 1 < bytes.count else { return false }
        let (first, second) = (bytes[offset] | 0x20, bytes[offset + 1] | 0x20)
        return (first == UInt8(ascii: "h") && second == UInt8(ascii: "t")) || (first == UInt8(ascii: "w") && second == UInt8(ascii: "w"))
    }

    /// The run split into text, links and mentions, or `nil` when it has none of them.
    func rewrite(_ text: String) -> [MarkdownInline]? {
        guard Self.mightContainMarkup(text) else { return nil }
        let utf8 = text.utf8
        // By byte offsets, which a native string turns into indices and back at no cost: a walk
        // by `String.Index` cost several times more a byte.
        return text.withUTF8Bytes { bytes -> [MarkdownInline]? in
            var pieces: [MarkdownInline] = []
            var plainStart = 0
            var offset = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                var found: (end: Int, inline: MarkdownInline)?
                if byte == UInt8(ascii: "@") {
                    found = mention(in: text, bytes: bytes, at: offset).map { (utf8.distance(from: utf8.startIndex, to: $0.0), $0.1) }
                } else if Self.mayStartURL(bytes, at: offset) {
                    found = url(in: text, bytes: bytes, at: offset)
                }
                guard let found else {
                    offset += 1
                    continue
                }
                if plainStart < offset { pieces.append(.text(String(decoding: bytes[plainStart..<offset], as: UTF8.self))) }
                pieces.append(found.inline)
                offset = found.end
                plainStart = offset
            }
            guard !pieces.isEmpty else { return nil }
            if plainStart < bytes.count { pieces.append(.text(String(decoding: bytes[plainStart...], as: UTF8.self))) }
            return pieces
        }
    }

    // MARK: Mentions

    /// `@` + a mentioned name, case-insensitively, not inside a word on either side; the
    /// longest such name when several fit (`@Ann Lee` wins over `@Ann`). `bytes` are the
    /// text's, and the `@` is at byte `offset`.
    private func mention(in text: String, bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (String.Index, MarkdownInline)? {
        guard !names.isEmpty else { return nil }
        let utf8 = text.utf8
        let atSign = utf8.index(utf8.startIndex, offsetBy: offset)
        if offset > 0 {
            // Not inside a word. An ASCII byte after another (or at the start) is a character of
            // its own; other bytes leave it to the character that ends there.
            let byte = bytes[offset - 1]
            if byte < 0x80, offset == 1 || bytes[offset - 2] < 0x80 {
                if byte.isASCIILetterOrDigit { return nil }
            } else if let before = text[..<atSign].last, before.isLetter || before.isNumber {
                return nil
            }
        }
        var found: (end: String.Index, userID: String)?
        switch names.ascii.map({ Self.directMatch(of: $0, in: bytes, after: offset) }) {
        case .found(let end, let userID)?:
            found = (utf8.index(utf8.startIndex, offsetBy: end), userID)
        case .notFound?:
            return nil
        case .undecided?, nil:
            // One walk down the tree, a character at a time; the last name to end on the way,
            // and not inside a word, is the longest.
            let tree = names.tree
            var node = MentionTree.root
            var cursor = text.index(after: atSign)
            for _ in 0..<Self.maximumMentionLength where cursor < text.endIndex {
                guard let next = tree.step(from: node, in: text, at: cursor) else { break }
                (node, cursor) = next
                guard let userID = tree.userID(at: node) else { continue }
                if cursor < text.endIndex, let after = text[cursor...].first, after.isLetter || after.isNumber { continue }
                found = (cursor, userID)
            }
        }
        return found.map { ($0.end, .mention(userID: $0.userID, text: String(text[atSign..<$0.end]))) }
    }

    /// What comparing names byte by byte found after an `@`.
    private enum DirectMatch {
        /// The longest name not inside a word ends at byte `end`.
        case found(end: Int, userID: String)
        case notFound
        /// A byte that is not ASCII came where the answer depends on it: a character there may
        /// take several bytes (a combining mark joins the byte before), or lower-case to an
        /// ASCII letter (the Kelvin sign). The tree, which compares characters, decides.
        case undecided
    }

    /// The longest of `names` (lower-case ASCII, no carriage return) written after the `@` at
    /// byte `atSign`, and not running into a word; the first listed of two alike. Each byte it
    /// compares or looks past must be ASCII: an ASCII byte before another is a character of
    /// its own, but for a carriage return before a line feed, which no name holds. A word goes
    /// on after a letter or digit (`Character.isLetter` and `isNumber` look at the first
    /// scalar only, so marks after it change nothing).
    private static func directMatch(of names: [MentionNames.ASCIIName], in bytes: UnsafeBufferPointer<UInt8>, after atSign: Int)
        -> DirectMatch
    {
        let start = atSign + 1
        var best: (end: Int, userID: String)?
        for name in names {
            var index = 0
            var matches = true
            while index < name.bytes.count {
                guard start + index < bytes.count else {
                    matches = false
                    break
                }
                let byte = bytes[start + index]
                if byte >= 0x80 { return .undecided }
                if byte.asciiLowercased != name.bytes[index] {
                    matches = false
                    break
                }
                index += 1
            }
            guard matches else { continue }
            let end = start + name.bytes.count
            if end < bytes.count {
                let after = bytes[end]
                if after >= 0x80 { return .undecided }
                if after.isASCIILetterOrDigit { continue }
            }
            if best.map({ end > $0.end }) ?? true { best = (end, name.userID) }
        }
        return best.map { .found(end: $0.end, userID: $0.userID) } ?? .notFound
    }

    // MARK: Bare URLs

    /// A bare `http://`, `https://` or `www.` URL starting at byte `start` of `bytes` (the
    /// text's), with GFM's rules for where it starts and ends: the byte offset past it, and the
    /// link. Bytes are read as they are; a character is built only where a byte past ASCII
    /// decides (a combining mark may join the byte before it into another character).
    private func url(in text: String, bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (end: Int, inline: MarkdownInline)? {
        // The prefix first: most `h`s and `w`s are inside words, and it rules them out cheaply.
        let prefixLength: Int
        let isWWW: Bool
        if Self.hasPrefix(bytes, at: start, "https://") {
            (prefixLength, isWWW) = (8, false)
        } else if Self.hasPrefix(bytes, at: start, "http://") {
            (prefixLength, isWWW) = (7, false)
        } else if Self.hasPrefix(bytes, at: start, "www.") {
            (prefixLength, isWWW) = (4, true)
        } else {
            return nil
        }
        if start > 0 {
            let byte = bytes[start - 1]
            if byte < 0x80 {
                guard byte.isASCIIWhitespace || Self.mayPrecedeURL(byte) else { return nil }
            } else {
                let scalars = text.unicodeScalars
                guard scalars[scalars.index(before: Self.index(start, in: text))].properties.isWhitespace else { return nil }
            }
        }

        // Up to whitespace or `<`; ASCII bytes are judged without a Unicode property lookup.
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte < 0x80 {
                if byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "<") { break }
                end += 1
            } else {
                let scalar = text.unicodeScalars[Self.index(end, in: text)]
                if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control { break }
                end += UTF8.width(scalar)
            }
        }
        end = Self.trimmingTrailingPunctuation(bytes, from: start, to: end)

        let hostStart = start + prefixLength
        guard hostStart < end else { return nil }
        let host = Self.firstHostCharacter(bytes, from: hostStart, to: end, skippingDots: isWWW)
        let plausible: Bool
        switch host {
        case .ascii(let byte) where isWWW:
            // A domain name after "www.": letters, digits, `-` and `_` in dot-separated labels.
            plausible = byte.isASCIILetterOrDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        case .ascii(let byte):
            plausible = byte != UInt8(ascii: "/") && byte != UInt8(ascii: "?") && byte != UInt8(ascii: "#")
        case .none:
            plausible = false
        case .other:
            let hostText = text[Self.index(hostStart, in: text)..<Self.index(end, in: text)]
            if isWWW {
                let domain = hostText.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
                plausible = domain.contains { $0 != "." }
            } else {
                plausible = hostText.first.map { $0 != "/" && $0 != "?" && $0 != "#" } == true
            }
        }
        guard plausible else { return nil }

        let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        let destination = isWWW ? "http://" + written : written
        return (end, .link(destination: destination, title: "", children: [.text(written)]))
    }

    /// Whether `byte` is one of the characters besides whitespace that may come right before a
    /// bare URL: `*`, `_`, `~`, `(`, `"` or `'`.
    private static func mayPrecedeURL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "("), UInt8(ascii: "\""), UInt8(ascii: "'"): return true
        default: return false
        }
    }

    /// What the first character of a URL's host is, as far as bytes tell.
    private enum HostCharacter {
        /// A character of one ASCII byte.
        case ascii(UInt8)
        /// A character that takes a byte past ASCII, or is followed by one (which may join it):
        /// the characters decide.
        case other
        /// None: the host is empty, or (`skippingDots`) only dots.
        case none
    }

    /// The first character of `bytes[start..<end]`, or with `skippingDots` the first that is
    /// not a dot: a dot followed by an ASCII byte is a character of its own.
    private static func firstHostCharacter(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, skippingDots: Bool)
        -> HostCharacter
    {
        var index = start
        if skippingDots {
            while index < end, bytes[index] == UInt8(ascii: ".") { index += 1 }
        }
        guard index < end else { return .none }
        // A dot before a byte past ASCII may be the start of a character other than a dot.
        guard bytes[index] < 0x80, index + 1 == end || bytes[index + 1] < 0x80 else { return .other }
        return .ascii(bytes[index])
    }

    /// The index of byte `offset` of `text`, at a scalar's start (free for a native string).
    private static func index(_ offset: Int, in text: String) -> String.Index {
        text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    }

    /// Drops trailing punctuation that usually ends a sentence, a closing parenthesis that has
    /// no opening one inside the URL (`(see http://a.example/x)`), and what reads as an entity
    /// at the end (`&hl;`: `&`, letters and digits, `;`), as GFM's extended autolinks do.
    private static func trimmingTrailingPunctuation(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var end = end
        var opening = 0, closing = 0
        for byte in bytes[start..<end] {
            if byte == UInt8(ascii: "(") { opening += 1 } else if byte == UInt8(ascii: ")") { closing += 1 }
        }
        while end > start {
            switch bytes[end - 1] {
            case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "!"),
                UInt8(ascii: "?"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                end -= 1
            case UInt8(ascii: ")") where closing > opening:
                closing -= 1
                end -= 1
            case UInt8(ascii: ";"):
                // Like an entity: the whole of it goes; any other `;` alone.
                end -= 1
                var entityStart = end
                while entityStart > start, bytes[entityStart - 1].isASCIILetterOrDigit { entityStart -= 1 }
                if entityStart < end, entityStart > start, bytes[entityStart - 1] == UInt8(ascii: "&") { end = entityStart - 1 }
            default:
                return end
            }
        }
        return end
    }

    /// Whether the bytes at `index` start with the ASCII `prefix`, ignoring case.
    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count {
            let (expected, actual) = (prefix.utf8Start[offset], bytes[index + offset])
            // Letters compare without case; the other prefix bytes (`:`, `/`, `.`) must match exactly.
            let matches = (expected >= UInt8(ascii: "a") && expected <= UInt8(ascii: "z")) ? actual | 0x20 == expected : actual == expected
            guard matches else { return false }
        }
        return true
    }
}

/// A message's mentioned names as ``TextScanner`` looks for them. A few names of ASCII
/// characters (most names) are compared byte by byte after each `@`, which needs nothing built:
/// building the tree cost more than a short message's whole parse. Other names, or text after
/// an `@` that is not ASCII, go through the tree, built the first time it is needed.
///
/// A class for the tree made on demand, shared by the copies of the scanner that one parse
/// calls; not `Sendable`, as nothing sends it to another thread.
private final class MentionNames {
    /// A name lower-cased, byte by byte.
    struct ASCIIName {
        var bytes: [UInt8]
        var userID: String
    }

    private let named: [(name: Substring, id: String)]
    /// Every name, when they are few and all ASCII without a carriage return.
    let ascii: [ASCIIName]?
    private var built: MentionTree?

    init(_ named: [(name: Substring, id: String)], comparingDirectly: Bool) {
        self.named = named
        ascii = comparingDirectly && named.count <= TextScanner.mostNamesComparedDirectly ? Self.asciiNames(named) : nil
    }

    /// The names lower-cased byte by byte, when all of them are ASCII without a carriage
    /// return; `nil` otherwise. Each is read in place: a substring's `utf8` view reads its
    /// bytes one call at a time, which cost more than the rest of a short message's parse.
    private static func asciiNames(_ named: [(name: Substring, id: String)]) -> [ASCIIName]? {
        var names: [ASCIIName] = []
        names.reserveCapacity(named.count)
        for (var name, id) in named {
            let lowercased = name.withUTF8 { bytes -> [UInt8]? in
                guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
                // Copied whole, then lowered in place: `map` appended byte by byte.
                var lowered: [UInt8] = []
                lowered.reserveCapacity(bytes.count)
                lowered.append(contentsOf: bytes)
                lowered.withUnsafeMutableBufferPointer { lowered in
                    for index in lowered.indices { lowered[index] = lowered[index].asciiLowercased }
                }
                return lowered
            }
            guard let lowercased else { return nil }
            names.append(ASCIIName(bytes: lowercased, userID: id))
        }
        return names
    }

    var isEmpty: Bool { named.isEmpty }

    var tree: MentionTree {
        if let built { return built }
        // A node a byte at most: tables that never grow while the names go in.
        var tree = MentionTree(nodes: named.reduce(0) { $0 + $1.name.utf8.count })
        for (name, id) in named { tree.insert(name, userID: id) }
        built = tree
        return tree
    }
}

/// The mention tree's edges for ASCII characters, from a key (a node and a byte) to a node:
/// open addressing with a multiplicative hash. Every byte of every mentioned name goes in, and
/// every byte after an `@` is looked up, which hashing with the standard `Dictionary`'s
/// seeded hash made most of the cost of a message that mentions people.
struct EdgeTable: Sendable {
    private var keys: [Int]
    private var values: [Int]
    private var count = 0
    private var shift: Int

    /// A table that holds `capacity` edges without growing.
    init(capacity: Int) {
        let size = max(16, (2 * capacity + 1).nextPowerOfTwo)
        keys = Array(repeating: -1, count: size)
        values = Array(repeating: 0, count: size)
        shift = 64 - size.trailingZeroBitCount
    }

    private func slot(of key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    subscript(key: Int) -> Int? {
        let mask = keys.count - 1
        var slot = slot(of: key)
        while true {
            let found = keys[slot]
            if found == key { return values[slot] }
            if found < 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Adds an edge whose key is not in the table.
    mutating func insert(_ value: Int, for key: Int) {
        if 2 * (count + 1) > keys.count {
            var larger = EdgeTable(capacity: 2 * keys.count)
            for (key, value) in zip(keys, values) where key >= 0 { larger.insert(value, for: key) }
            self = larger
        }
        let mask = keys.count - 1
        var slot = slot(of: key)
        while keys[slot] >= 0 { slot = (slot + 1) & mask }
        keys[slot] = key
        values[slot] = value
        count += 1
    }
}

private extension Int {
    /// The least power of two at or above this positive number.
    var nextPowerOfTwo: Int { self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
}

/// The mentioned names as a tree of their characters, lower-cased one at a time: comparing
/// whole characters keeps "Chloé" (either normalisation) apart from "Chloe", and the text
/// after an `@` is walked once for all names together. The edges of every node are in two
/// tables for the whole tree, not two per node: a message's names are a few dozen characters.
private struct MentionTree: Sendable {
    /// An edge for a character whose lower-case form is more than one ASCII byte.
    private struct Edge: Hashable, Sendable {
        var node: Int
        var form: String
    }

    static let root = 0
    /// Characters whose lower-case form is one ASCII byte, by node and that byte: most names are
    /// ASCII, and their walk then reads bytes, with no character to build or hash.
    private var asciiEdges: EdgeTable
    private var otherEdges: [Edge: Int] = [:]
    /// The user whose name ends at each node, by node; the first in `mentioned_users` when two
    /// lower-case alike. Its count is the number of nodes.
    private var userIDs: [String?] = [nil]

    var isEmpty: Bool { userIDs.count == 1 }

    /// A tree with room for `nodes` nodes besides the root.
    init(nodes: Int) {
        asciiEdges = EdgeTable(capacity: nodes)
        userIDs.reserveCapacity(nodes + 1)
    }

    mutating func insert(_ name: Substring, userID: String) {
        var node = Self.root
        defer { if userIDs[node] == nil { userIDs[node] = userID } }
        // An ASCII name (but for a carriage return, which a line feed would join) is one
        // character a byte, read from a string's storage (a substring's bytes are read one
        // call at a time).
        let storage = String(name)
        let isASCII = storage.withUTF8Bytes { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return false }
            for byte in bytes {
                let key = node << 8 | Int(byte.asciiLowercased)
                if let next = asciiEdges[key] {
                    node = next
                } else {
                    node = addNode()
                    asciiEdges.insert(node, for: key)
                }
            }
            return true
        }
        if isASCII { return }
        for character in name {
            let lowercased = character.lowercased()
            if let next = child(of: node, lowercased) {
                node = next
                continue
            }
            let parent = node
            node = addNode()
            if lowercased.utf8.count == 1 {
                asciiEdges.insert(node, for: parent << 8 | Int(lowercased.utf8.first!))
            } else {
                otherEdges[Edge(node: parent, form: lowercased)] = node
            }
        }
    }

    private mutating func addNode() -> Int {
        userIDs.append(nil)
        return userIDs.count - 1
    }

    /// The node after `node` for the character of `text` at `index`, and where that character
    /// ends; `nil` when no name goes on with it.
    func step(from node: Int, in text: String, at index: String.Index) -> (node: Int, end: String.Index)? {
        let utf8 = text.utf8
        let byte = utf8[index]
        let next = utf8.index(after: index)
        // An ASCII byte followed by another (or by the end) is a character on its own, but for
        // a carriage return before a line feed.
        if byte < 0x80, next == utf8.endIndex || (utf8[next] < 0x80 && !(byte == 0x0D && utf8[next] == 0x0A)) {
            return asciiEdges[node << 8 | Int(byte.asciiLowercased)].map { ($0, next) }
        }
        return child(of: node, text[index].lowercased()).map { ($0, text.index(after: index)) }
    }

    /// The child of `node` for a character whose lower-case form is `lowercased` (the Kelvin
    /// sign's is an ASCII "k", so the form, not the character, decides the table).
    private func child(of node: Int, _ lowercased: String) -> Int? {
        lowercased.utf8.count == 1
            ? asciiEdges[node << 8 | Int(lowercased.utf8.first!)] : otherEdges[Edge(node: node, form: lowercased)]
    }

    func userID(at node: Int) -> String? {
        userIDs[node]
    }
}
