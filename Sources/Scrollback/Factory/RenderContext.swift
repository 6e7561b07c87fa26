import Foundation

/// What every factory slot may consult: the options, the formatters, the message's place in
/// its group, and the factory and resolver in use.
///
/// Default implementations build nested parts through ``factory``, never through
/// `DefaultViewFactory` directly, so an app's override of any slot applies everywhere, even
/// when another override falls back to a default.
public struct RenderContext: Sendable {
    public var options: RenderOptions
    public var factory: any ViewFactory
    public var resolver: any MessageTypeResolving
    /// How the app's own attachment kinds are drawn.
    public var attachmentViews: AttachmentViewRegistry
    public var formatter: DateLabels

    public var theme: Theme { options.theme }

    public init(options: RenderOptions, factory: any ViewFactory, resolver: any MessageTypeResolving,
                attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry()) {
        self.options = options
        self.factory = factory
        self.resolver = resolver
        self.attachmentViews = attachmentViews
        self.formatter = DateLabels(timeZone: options.timeZone, locale: options.locale)
    }

    /// Whether `user` is the reader (`--me`).
    public func isCurrentUser(_ user: ChatUser?) -> Bool {
        guard let id = options.currentUserID, let user else { return false }
        return user.id == id
    }
}

/// A message with its place in the list, as the layout decided.
public struct MessageItem: Sendable, Hashable {
    public var message: ChatMessage
    /// Shows the author's name and avatar.
    public var isFirstInGroup: Bool
    /// Shows the time.
    public var isLastInGroup: Bool

    public init(message: ChatMessage, isFirstInGroup: Bool = true, isLastInGroup: Bool = true) {
        self.message = message
        self.isFirstInGroup = isFirstInGroup
        self.isLastInGroup = isLastInGroup
    }
}
