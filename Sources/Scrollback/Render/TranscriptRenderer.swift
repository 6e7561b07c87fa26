import Foundation

/// Renders a transcript from a reader into a backend, one message at a time:
/// reader → layout → view factory → backend.
public struct TranscriptRenderer: Sendable {
    public var options: RenderOptions
    public var factory: any ViewFactory
    public var resolver: any MessageTypeResolving
    /// How the app's own attachment kinds are drawn.
    public var attachmentViews: AttachmentViewRegistry
    /// Which messages to show.
    public var filter: MessageFilter

    /// The app's components come in here, as values: no global state to set up.
    public init(options: RenderOptions = .default, factory: any ViewFactory = DefaultViewFactory(),
                resolver: any MessageTypeResolving = DefaultMessageTypeResolver(),
                attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry(), filter: MessageFilter = MessageFilter()) {
        self.options = options
        self.factory = factory
        self.resolver = resolver
        self.attachmentViews = attachmentViews
        self.filter = filter
    }

    /// Reads every event and writes the document. Rendering itself never fails; reading may.
    @discardableResult
    public func render<Backend: TranscriptBackend>(_ reader: inout TranscriptReader, to backend: inout Backend) throws(ReadError) -> DocumentSummary {
        var session = Session(renderer: self)
        let first = try reader.next()
        // The title is known only from the first event; one channel names the document.
        let title: String
        if case .channel(let channel) = first, reader.shape != .channels, reader.shape != .ndjson {
            title = channel.displayName ?? Self.untitled
        } else {
            title = Self.untitled
        }
        backend.begin(DocumentInfo(title: title))
        var event = first
        do throws(ReadError) {
            while let current = event {
                switch current {
                case .channel(let channel):
                    // A lone channel already named the document.
                    session.add(channel: channel, showHeading: reader.shape == .channels || reader.shape == .ndjson, to: &backend)
                case .message(let message):
                    session.add(message: message, to: &backend)
                }
                event = try reader.next()
            }
        } catch {
            // What was read still renders, and the document says where it stops.
            session.stop(because: error, to: &backend)
            throw error
        }
        return session.finish(to: &backend)
    }

    /// Renders messages already in memory (for tests and apps that hold their own list).
    @discardableResult
    public func render<Backend: TranscriptBackend>(messages: some Sequence<ChatMessage>, channel: ChatChannel? = nil,
                                                   to backend: inout Backend) -> DocumentSummary {
        var session = Session(renderer: self)
        backend.begin(DocumentInfo(title: channel?.displayName ?? Self.untitled))
        for message in messages { session.add(message: message, to: &backend) }
        return session.finish(to: &backend)
    }

    static let untitled = "Chat transcript"

    /// The state of one rendering: the layout window and the summary's counts.
    private struct Session {
        let context: RenderContext
        var layout: TranscriptLayout
        var window: MessageFilter.Window
        var messageCount = 0
        var firstDate: Date?
        var lastDate: Date?

        init(renderer: TranscriptRenderer) {
            context = RenderContext(options: renderer.options, factory: renderer.factory, resolver: renderer.resolver,
                                    attachmentViews: renderer.attachmentViews)
            layout = TranscriptLayout(labels: context.formatter)
            window = MessageFilter.Window(renderer.filter)
        }

        mutating func add<Backend: TranscriptBackend>(channel: ChatChannel, showHeading: Bool, to backend: inout Backend) {
            window.reset()
            let items = layout.add(channel: channel)
            write(items.filter { if case .channel = $0 { showHeading } else { true } }, to: &backend)
        }

        mutating func add<Backend: TranscriptBackend>(message: ChatMessage, to backend: inout Backend) {
            guard window.admits(message) else { return }
            messageCount += 1
            if let date = message.createdAt {
                firstDate = min(firstDate ?? date, date)
                lastDate = max(lastDate ?? date, date)
            }
            write(layout.add(message: message), to: &backend)
        }

        /// Closes the document after a read error, with a line saying the transcript is cut short.
        mutating func stop<Backend: TranscriptBackend>(because error: ReadError, to backend: inout Backend) {
            write(layout.flush(), to: &backend)
            backend.write(.stack(.vertical, [.text(context.theme.string("inputError", "\(error)"), .alert)], .error))
            _ = finish(to: &backend)
        }

        mutating func finish<Backend: TranscriptBackend>(to backend: inout Backend) -> DocumentSummary {
            write(layout.flush(), to: &backend)
            let summary = DocumentSummary(messageCount: messageCount, firstDate: firstDate, lastDate: lastDate,
                                          timeZoneIdentifier: Self.name(of: context.options.timeZone),
                                          generator: "Scrollback \(ScrollbackVersion.current)")
            backend.end(summary)
            return summary
        }

        /// Foundation on Linux calls UTC "GMT"; readers of a transcript expect "UTC".
        static func name(of zone: TimeZone) -> String {
            zone.identifier == "GMT" ? "UTC" : zone.identifier
        }

        private func write<Backend: TranscriptBackend>(_ items: [LayoutItem], to backend: inout Backend) {
            for item in items {
                switch item {
                case .channel(let channel):
                    backend.write(context.factory.makeChannelHeaderView(for: channel, context: context))
                case .day(let date):
                    backend.write(context.factory.makeDaySeparatorView(for: date, context: context))
                case .message(let item):
                    backend.write(context.factory.makeMessageView(for: item, context: context))
                }
            }
        }
    }
}
