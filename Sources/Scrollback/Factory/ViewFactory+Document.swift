import Foundation

/// The default views of the document's own parts: title, summary, page navigation, index
/// entries, and what is said when there is nothing to show or the input breaks off. Backends
/// only place them in their page frame, so a theme's labels and an app's override reach all
/// three outputs alike.
extension DefaultViews {
    /// The default: a level-1 heading with the document's title ("Untitled" when it is blank),
    /// or the page's title on a page of a split document ("general — page 3 of 7").
    func makeDocumentHeaderView(for document: DocumentInfo, context: RenderContext) -> ViewNode {
        if let page = document.pageTitle, !page.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return .heading(level: 1, page)
        }
        let title = document.title.trimmingCharacters(in: .whitespacesAndNewlines)
        return .heading(level: 1, title.isEmpty ? context.theme.string(.untitled) : document.title)
    }

    /// The default: one line with the message count, how many were skipped (when some were), how many an event log deleted for
    /// good (when it did), the first and last times, the time zone and
    /// the generator (the options' own, "Scrollback" and its version, when the summary names none).
    func makeDocumentFooterView(for summary: DocumentSummary, context: RenderContext) -> ViewNode {
        // "15 messages · 2026-03-09 08:00 – 2026-03-10 09:40 Europe/Paris · Scrollback 0.1.0": the
        // zone follows the times it applies to.
        var parts: [ViewNode] = [.text(context.theme.messageCount(summary.messageCount), .muted), .text("·", .muted)]
        if summary.skippedMessageCount > 0 {
            // Only then, so that a clean input's footer stays as it was.
            parts += [.text(context.theme.skippedMessageCount(summary.skippedMessageCount), .muted), .text("·", .muted)]
        }
        if summary.hardDeletedMessageCount > 0 {
            let count = summary.hardDeletedMessageCount
            let label = count == 1 ? context.theme.string(.hardDeletedMessage) : context.theme.string(.hardDeletedMessages, String(count))
            parts += [.text(label, .muted), .text("·", .muted)]
        }
        if let first = summary.firstDate {
            let last = summary.lastDate ?? first
            parts.append(.time(first, label: context.formatter.dateTime(first)))
            if last != first { parts += [.text("–", .muted), .time(last, label: context.formatter.dateTime(last))] }
        }
        let zone = summary.timeZoneIdentifier.isEmpty ? context.options.timeZone.identifier : summary.timeZoneIdentifier
        parts += [
            .text(zone, .muted), .text("·", .muted),
            .text(summary.generator.isEmpty ? context.options.generator : summary.generator, .muted),
        ]
        return .stack(.horizontal, parts, .documentSummary)
    }

    /// The default: the theme's "No messages" line.
    func makeEmptyTranscriptView(context: RenderContext) -> ViewNode {
        .stack(.vertical, [.text(context.theme.string(.noMessages), .muted)], .system)
    }

    /// The default: the theme's line saying where the input stops, with the error, in the role
    /// ``Role/alert``.
    func makeReadErrorView(for error: ReadError, context: RenderContext) -> ViewNode {
        .stack(.vertical, [.text(context.theme.string(.inputError, "\(error)"), .alert)], .error)
    }

    /// The default: links to the previous page (channel), the index and the next one, the first
    /// and last leaving out the link that leads nowhere.
    func makeDocumentNavigationView(for navigation: ViewFactory.DocumentNavigation, context: RenderContext) -> ViewNode {
        let theme = context.theme
        let isChannels = navigation.kind == .channels
        var links: [ViewNode] = []
        if let previous = navigation.previousFileName {
            let label = theme.string(isChannels ? .previousChannel : .previousPage)
            links.append(.link(destination: PageNames.link(to: previous), label: .text(label)))
        }
        links.append(.link(destination: PageNames.link(to: navigation.indexFileName), label: .text(theme.string(.pageIndex))))
        if let next = navigation.nextFileName {
            let label = theme.string(isChannels ? .nextChannel : .nextPage)
            links.append(.link(destination: PageNames.link(to: next), label: .text(label)))
        }
        var views: [ViewNode] = []
        for link in links {
            if !views.isEmpty { views.append(.text(" · ", .muted)) }
            views.append(link)
        }
        return .stack(.horizontal, views, .pageNavigation)
    }

    /// The default: a card with the entry's title linked to its file, the channels a page
    /// shows (when it names some), and its message count and dates.
    func makeIndexEntryView(for entry: ViewFactory.IndexEntry, context: RenderContext) -> ViewNode {
        var details = context.theme.messageCount(entry.summary.messageCount)
        if let first = entry.summary.firstDate, let last = entry.summary.lastDate {
            details += " · \(context.formatter.dateTime(first)) – \(context.formatter.dateTime(last))"
        }
        var parts: [ViewNode] = [.link(destination: PageNames.link(to: entry.fileName), label: .text(entry.title, .title))]
        if !entry.channels.isEmpty {
            // A dot between names, which may hold commas themselves ("Ann, Bo and Cy").
            var names: [ViewNode] = []
            for name in entry.channels {
                if !names.isEmpty { names.append(.text("·", .muted)) }
                names.append(.text(name, .strong))
            }
            parts.append(.stack(.horizontal, names))
        }
        parts.append(.text(details, .muted))
        return .card(.plain, parts)
    }

    /// The default: a level-2 heading (the theme's "Channels") over a list of the entries, in
    /// the role ``Role/contents`` (a `nav` in HTML).
    func makeContentsView(for entries: [ViewFactory.ContentsEntry], context: RenderContext) -> ViewNode {
        .stack(
            .vertical,
            [
                .heading(level: 2, context.theme.string(.contents)),
                .stack(.vertical, entries.map { context.factory.makeContentsEntryView($0, context) }, .contentsList),
            ], .contents)
    }

    /// The default: the channel's name (as its heading names it) linked to the heading, then
    /// "· 12 messages · Monday, March 9, 2026 – Tuesday, March 10, 2026", the days in the
    /// rendering's time zone and locale.
    func makeContentsEntryView(for entry: ViewFactory.ContentsEntry, context: RenderContext) -> ViewNode {
        let name =
            entry.channel.title(currentUserID: context.options.currentUserID, theme: context.theme) ?? context.theme.string(.channel)
        var details = context.theme.messageCount(entry.messageCount)
        if let first = entry.firstDate {
            let firstDay = context.formatter.day(first)
            let lastDay = context.formatter.day(entry.lastDate ?? first)
            details += " · " + (firstDay == lastDay ? firstDay : firstDay + " – " + lastDay)
        }
        // The dot keeps the name apart from the count where nothing styles them (a plain terminal).
        return .stack(.horizontal, [.link(destination: "#" + entry.anchor, label: .text(name, .title)), .text("· " + details, .muted)])
    }

    /// The default: the theme's "No messages in this channel", muted, in the role
    /// ``Role/emptyChannel``.
    func makeEmptyChannelView(for channel: ChatChannel, context: RenderContext) -> ViewNode {
        .stack(.vertical, [.text(context.theme.string(.channelEmpty), .muted)], .emptyChannel)
    }

    /// The default: a search field, the count of matches, buttons to the previous and next match
    /// and a status line, as HTML only (the other outputs have no script to run it, and draw
    /// nothing). On a page of a split document it says that it searches that page only. The
    /// labels are English; the markup is the library's own, with no message data in it.
    func makeSearchBarView(for document: DocumentInfo, context: RenderContext) -> ViewNode {
        let scope = document.pageTitle == nil ? "" : "<span class=\"sb-search-scope\">This page only</span>"
        let ids = ViewFactory.SearchBarIDs.self
        let html =
            "<div id=\"\(ids.bar)\" class=\"sb-search\" role=\"search\">"
            + "<input id=\"\(ids.input)\" type=\"search\" aria-label=\"Search messages\" "
            + "placeholder=\"Search: words, from:name, on:2026-03-09, has:file\" autocomplete=\"off\" spellcheck=\"false\">"
            + "<span id=\"\(ids.count)\" class=\"sb-search-count\"></span>"
            + "<button type=\"button\" id=\"\(ids.previous)\" aria-label=\"Previous match\" title=\"Previous match (Shift+Enter)\">\u{2191}</button>"
            + "<button type=\"button\" id=\"\(ids.next)\" aria-label=\"Next match\" title=\"Next match (Enter)\">\u{2193}</button>"
            + scope + "<p id=\"\(ids.status)\" class=\"sb-search-status\" role=\"status\"></p></div>"
        return .raw(ViewNode.RawOutput([.html: html]))
    }
}

extension ViewFactory {
    /// The element ids the page's search script looks for (``HTMLOptions/search``): the bar, its
    /// field, the match count, the two buttons and the status line, where the script writes how
    /// many messages match and what in the query it did not understand.
    public enum SearchBarIDs {
        /// The bar itself; the script does nothing on a page without it.
        public static let bar = "sb-search"
        /// The `<input>` the query is typed into.
        public static let input = "sb-search-input"
        /// Where "3 of 17" is written.
        public static let count = "sb-search-count"
        /// The button to the previous match.
        public static let previous = "sb-search-previous"
        /// The button to the next match.
        public static let next = "sb-search-next"
        /// The line saying how many messages match, and what in the query is not understood.
        public static let status = "sb-search-status"
    }
}
