/// How a rendering is cut into documents: one for the whole input, one per channel
/// (`--output-dir`), or pages of a number of messages (`--split`).
enum DocumentSplit {
    case whole
    case perChannel
    /// Pages as the index numbered them (``TranscriptIndex/page(of:)``), named by `names`.
    case pages(PageNames)

    /// Whether an event can open a document: not in a whole one, where the renderer then
    /// asks nothing per message.
    var cuts: Bool {
        if case .whole = self { return false }
        return true
    }

    /// The document open before the first event, if one is.
    var firstPart: DocumentPart? {
        switch self {
        case .whole: .whole
        case .pages: .page(1)
        case .perChannel: nil
        }
    }

    /// The document that `event` opens, if it opens one; `current` is the open one. A channel
    /// opens its own document; a message before any channel opens an untitled one; a page
    /// opens at the first message (admitted by the filter) that the index put on it, or at the
    /// channel whose first message the index put on a later page (`channelNumber` is the
    /// channel's place in ``TranscriptIndex/channels``), so that its heading starts the page.
    func part(
        openedBy event: TranscriptEvent, admitted: Bool, current: DocumentPart?, index: TranscriptIndex?, channelNumber: Int = 0
    ) -> DocumentPart? {
        switch (self, event) {
        case (.pages, .channel):
            guard case .page(let page)? = current, let index, channelNumber < index.channels.count,
                let next = index.channels[channelNumber].firstPage, next > page
            else { return nil }
            return .page(next)
        case (.perChannel, .channel(let channel)):
            return .channel(channel)
        case (.perChannel, .message):
            return current == nil ? .channel(nil) : nil
        case (.pages, .message(let message)):
            guard admitted, message.parentID == nil, case .page(let page)? = current,
                let next = index?.page(of: message.id), next > page
            else { return nil }
            return .page(next)
        default:
            return nil
        }
    }
}

/// One document of a rendering.
enum DocumentPart: Equatable {
    case whole
    /// The document of a channel, or of the messages before any channel.
    case channel(ChatChannel?)
    /// A page of a split document, numbered from 1.
    case page(Int)
}
