import Foundation

/// The file names of a rendering with a file per channel (`--output-dir`): `index.html` lists
/// `001-general.html`, `002-inês-moura.html`, ... The renderer names each channel's file from
/// what its first pass found, before the first file is written, so that every file can link to
/// the others (``TranscriptRenderer/renderEachChannel(path:strict:onWarning:names:makeBackend:completed:)``).
public struct ChannelFileNames: Sendable, Hashable {
    /// `html`, `md` or `txt`.
    public let fileExtension: String

    /// Names ending in `.fileExtension`.
    public init(fileExtension: String) {
        self.fileExtension = fileExtension
    }

    /// The index's file name: `index.html`. Never a channel's: those start with a digit.
    public var indexFileName: String { "index." + fileExtension }

    /// `003-support-tickets.html`: the number (from 1) keeps the input's order, the slug of
    /// `title` says which channel. Letters and digits of every script are kept
    /// (`002-inês-moura.html`, `005-開発チーム.html`), with the marks that belong to them (a
    /// Devanagari vowel sign or virama), lowercased and in NFC, the form macOS, Windows and
    /// Linux file systems all accept and show alike; anything else (spaces, punctuation,
    /// symbols, controls) becomes one `-`. At most 40 characters, so a name stays well under
    /// every file system's 255-byte limit. The number alone keeps names apart.
    func fileName(number: Int, title: String) -> String {
        var slug = ""
        var length = 0
        for scalar in title.lowercased().precomposedStringWithCanonicalMapping.unicodeScalars {
            let properties = scalar.properties
            let isMark = [.nonspacingMark, .spacingMark, .enclosingMark].contains(properties.generalCategory)
            if isMark {
                // A mark belongs to the letter before it; never to a `-` or the start.
                if !slug.isEmpty, !slug.hasSuffix("-") { slug.unicodeScalars.append(scalar) }
            } else if properties.isAlphabetic || properties.numericType != nil {
                slug.unicodeScalars.append(scalar)
                length += 1
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
                length += 1
            }
            if length >= 40 { break }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        let prefix = String(repeating: "0", count: max(0, 3 - String(number).count)) + String(number)
        return "\(prefix)\(slug.isEmpty ? "" : "-" + slug).\(fileExtension)"
    }

    /// Each channel's file name, by its place in `index`'s ``TranscriptIndex/channels``; place 0,
    /// the messages before any channel, has a file (`001-messages.html`) only when the input
    /// has such messages. A channel is named by its title (`options` say who the reader is and
    /// in which language), else its id.
    func fileNames(of index: TranscriptIndex, options: RenderOptions) -> [String?] {
        var names: [String?] = []
        names.reserveCapacity(index.channels.count)
        var number = 0
        for (place, summary) in index.channels.enumerated() {
            guard place > 0 || index.hasMessagesBeforeChannels else {
                names.append(nil)
                continue
            }
            number += 1
            let channel = summary.channel
            let title =
                channel.flatMap { $0.title(currentUserID: options.currentUserID, theme: options.theme) } ?? channel?.id ?? "messages"
            names.append(fileName(number: number, title: title))
        }
        return names
    }
}
