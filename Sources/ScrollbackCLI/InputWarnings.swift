import Foundation
import Scrollback

/// The warnings about one input that `render` and `view` say: the first ``limit`` of them, then
/// one line that counts the rest and names the command that says them all (`validate` says
/// every one, as does `--strict` the first). Five thousand unusable messages would otherwise
/// be five thousand lines, after the pager too.
///
/// Locked: warnings come from the rendering's calling thread, while `view` may end the
/// reading from the writing thread.
final class InputWarnings {
    /// How many warnings are said before the rest are only counted.
    static let limit = 20

    private let input: String
    private let say: (String) -> Void
    private let lock = NSLock()
    private var said = 0
    private var unsaid = 0

    /// Warnings about `input` (the path as given, `-` for standard input), each handed to `say`
    /// as a line without its `warning:`.
    init(input: String, say: @escaping (String) -> Void) {
        self.input = input
        self.say = say
    }

    /// Says `warning`, or counts it once ``limit`` have been said. A warning about the whole
    /// input (no messages found) is always said: it is the one that explains the others.
    func add(_ warning: ReadWarning) {
        lock.lock()
        defer { lock.unlock() }
        let isAboutWholeInput = warning.keyPath.isEmpty && warning.position == nil && warning.messageIndex == nil
        guard said < Self.limit || isAboutWholeInput else {
            unsaid += 1
            return
        }
        said += 1
        say("\(input): \(warning)")
    }

    /// Says how many warnings were not said, if any, and how to see them; once.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        guard unsaid > 0 else { return }
        say("\(input): …and \(unsaid) more; \(Self.howToSeeAll(input))")
        unsaid = 0
    }

    /// The command that lists every warning about `input`, written to be pasted into a shell.
    static func howToSeeAll(_ input: String) -> String {
        // Standard input has been read: only the user knows where it came from.
        guard input != "-" else { return "pipe the same input to scrollback validate for all of them" }
        return "run scrollback validate \(shellWord(input)) for all of them"
    }

    /// `path` as one shell word: as it is when it needs no quoting, else in single quotes.
    static func shellWord(_ path: String) -> String {
        let plain =
            !path.isEmpty
            && path.unicodeScalars.allSatisfy { scalar in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", "_", ".", "/", "-", "+", ",", ":", "@", "%", "=": return true
                default: return false
                }
            }
        return plain ? path : "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
