import Foundation

/// What links across the documents of a rendering of several need: the pages of a split
/// document (`--split`) or the channels' files (`--output-dir`), numbered as
/// ``DocumentMessages/page(of:)`` numbers them.
struct PageLinks: Sendable {
    /// The files, and how a number finds its own.
    enum Files: Sendable {
        /// Pages, numbered from 1.
        case pages(PageNames)
        /// Channels' files by place in ``TranscriptIndex/channels``: number 1 is place 0.
        case channels([String?])
    }

    /// The document being written.
    var current: Int
    var files: Files

    /// The file name of the document numbered `number`, if it has one.
    func fileName(of number: Int) -> String? {
        switch files {
        case .pages(let names): return names.fileName(ofPage: number)
        case .channels(let names): return number >= 1 && number <= names.count ? names[number - 1] : nil
        }
    }
}

/// A message with its place in the list, as the layout decided.
public struct MessageItem: Sendable, Hashable {
    /// The message itself.
    public var message: ChatMessage
    /// Shows the author's name and avatar.
    public var isFirstInGroup: Bool
    /// Shows the time.
    public var isLastInGroup: Bool
    /// Where this appearance of the message is: the channel, a thread, or a reply in the channel.
    public var placement: MessagePlacement
    /// How many replies the thread block under this message shows; `nil` when not known
    /// (rendering in one pass, without ``TranscriptIndex``).
    public var threadReplyCount: Int?
    /// The first reply met to a message not in the document: the renderer shows that whole
    /// thread here instead of the reply alone.
    var opensOrphanThread = false

    /// An item for `message`; by default a group of its own, in the channel, with no known
    /// reply count.
    public init(
        message: ChatMessage, isFirstInGroup: Bool = true, isLastInGroup: Bool = true,
        placement: MessagePlacement = .channel, threadReplyCount: Int? = nil
    ) {
        self.message = message
        self.isFirstInGroup = isFirstInGroup
        self.isLastInGroup = isLastInGroup
        self.placement = placement
        self.threadReplyCount = threadReplyCount
    }
}

/// Where one appearance of a message is in the document.
public enum MessagePlacement: Sendable, Hashable {
    /// In the channel, where it was posted.
    case channel
    /// In the block of replies under its thread's first message.
    case thread
    /// A thread reply in the channel's flow: one also sent to the channel (`show_in_channel`),
    /// or any reply when rendering in one pass. `parentShown` says whether the thread's first
    /// message is in the document (a link to it leads somewhere); `isRepeat`, whether the reply
    /// also shows in its thread, so that this copy must not take the message's anchor.
    case threadReplyInChannel(parentShown: Bool, isRepeat: Bool)
}
