import Foundation

/// Where the media of an offline archive are: for each URL from the messages, the copy saved in
/// a folder beside the page, or the fact that none could be saved (``HTMLOptions/mediaLocations``).
///
/// The HTML backend draws a saved copy from its relative path and a URL that was not saved
/// (failed, or never asked for) as the labelled card of `--no-remote-media`: a page with media
/// locations loads no image from the network. Only the names given here become relative URLs,
/// and only in the one form ``URLPolicy/isMediaPath(_:)`` accepts, so message data can never
/// produce a relative URL by itself.
public struct MediaLocations: Sendable, Hashable {
    /// The folder of the copies relative to the page's folder, `media` or `chat/media`.
    public let folder: String
    private var entries: [String: MediaLocations.Location] = [:]
    private var reasons: [String: String] = [:]

    /// Locations in `folder`, a path relative to the page's folder made of plain names (letters,
    /// digits, `-`, `_` and `.`, not starting with `.`) joined by `/`; `nil` for any other
    /// path, which the policy would refuse.
    public init?(folder: String) {
        guard URLPolicy.isMediaPath(folder + "/x") else { return nil }
        self.folder = folder
    }

    /// Records that `url`, exactly as the message data spells it, was saved as `fileName` in
    /// ``folder``. Returns `false`, and records a failure, for a name that is not a plain file
    /// name (letters, digits, `-`, `_`, `.`; not starting with `.`).
    @discardableResult
    public mutating func setSaved(_ url: String, fileName: String) -> Bool {
        let path = folder + "/" + fileName
        guard !fileName.contains("/"), URLPolicy.isMediaPath(path) else {
            entries[url] = .failed
            return false
        }
        entries[url] = .saved(path: path)
        reasons[url] = nil
        return true
    }

    /// Records that no copy of `url` could be saved, and why when `reason` is given (`HTTP 404`,
    /// `timed out after 30 s`): the page prints it on the medium's card.
    public mutating func setFailed(_ url: String, reason: String? = nil) {
        entries[url] = .failed
        reasons[url] = reason
    }

    /// Why `url` was not saved, as given to ``setFailed(_:reason:)``; `nil` when it was saved or
    /// no reason was given.
    public func failureReason(of url: String) -> String? { reasons[url] }

    /// Where `url` is: `nil` when it was never recorded, which the page treats as a failure.
    public func location(of url: String) -> MediaLocations.Location? { entries[url] }

    /// How many URLs are recorded.
    public var count: Int { entries.count }
}

extension MediaLocations {
    /// What became of one media URL of an offline archive.
    public enum Location: Sendable, Hashable {
        /// Saved; `path` is relative to the page (`media/3f2a….png`).
        case saved(path: String)
        /// Not saved (refused, too large, unreachable): the page draws a labelled card.
        case failed
    }
}
