import Foundation

/// Writes one self-contained, static HTML page: inline CSS generated from the theme, no script,
/// no external resource besides the images the messages carry (none at all when
/// ``HTMLOptions/remoteMedia`` is `false`, only their saved copies with
/// ``HTMLOptions/mediaLocations``), a Content Security Policy that forbids everything else.
/// With ``HTMLOptions/search`` the page has one script, ``HTMLOptions/SearchScript``, which its policy
/// allows by its hash. Its own options are ``RenderOptions/html``.
///
/// Output is written as it is produced: ``begin(_:header:)`` writes the head and the header
/// view, each ``write(_:)`` one top-level item, ``end(_:footer:)`` the footer view and the
/// closing tags. ``TranscriptRenderer`` drives it, with every view from the ``ViewFactory``.
public struct HTMLBackend<Output: TextOutputStream>: TranscriptBackend {
    /// The theme and time zone of the page, and its own options (``RenderOptions/html``): its
    /// media policy and search.
    public let options: RenderOptions
    /// The page's own options, read once.
    private let html: HTMLOptions
    /// Set while ``begin(_:header:)`` writes the header, the one place for the page's `h1`.
    private var writesDocumentHeader = false
    /// The level of the last heading that opened a part of the document (the title's 1, a
    /// channel's 2): day separators are headings one level below it.
    private var outlineLevel = 1
    /// The full date, time with seconds and zone of every message and time, as tooltips.
    private let dateLabels: DateLabels
    /// The date of the message being written, and whether a `<time>` of it was written yet:
    /// a message whose time is not shown still gets one, visually hidden.
    private var messageTime: (date: Date, written: Bool)?
    /// Set while the channel header's info row is written: its image is drawn as a circle.
    private var writesChannelInfo = false
    /// Whether this page has the search script: ``HTMLOptions/search``, and not an index.
    private var searches = false
    /// The markup of each avatar written so far.
    private var avatarMarkup: [ViewNode.AvatarContent: String] = [:]
    /// The theme's words every Markdown text may need, looked up once: three table lookups a
    /// message cost more than the rest of a short text's setup.
    private let markdownWords: (placeholderIcon: String, taskDone: String, taskNotDone: String)
    /// The theme's separator between a label and what it labels, escaped once: every reaction
    /// pill's name puts it before the people who reacted.
    private let escapedLabelSeparator: String
    /// The date of the last tooltip ``dateLabels`` wrote, and its bytes escaped: a message and
    /// its `<time>` both show it. The bytes' storage is kept from message to message.
    private var lastFullDate: Date?
    private var lastFullDateTime: [UInt8] = []
    /// The media URLs of an offline archive drawn as not saved, counted in the page's footer.
    private var notSavedMedia: Set<String> = []
    /// What a call writes, until it hands it to ``output``.
    private var markup: BackendOutput
    // Last: the other properties' places then do not depend on `Output`, which unspecialized
    // generic code would otherwise look up on every access.
    /// The stream the document is written to.
    public private(set) var output: Output

    /// The policy in the page itself: nothing loads but inline styles and the messages' images
    /// and media, and no script runs at all.
    public static var contentSecurityPolicy: String { contentSecurityPolicy(remoteMedia: true) }

    /// The page's policy; without remote media it forbids images and media too, so that the
    /// page loads nothing but itself even if some markup slipped through.
    public static func contentSecurityPolicy(remoteMedia: Bool) -> String {
        remoteMedia
            ? "default-src 'none'; style-src 'unsafe-inline'; img-src https: http:; media-src 'none'; base-uri 'none'; form-action 'none'"
            : "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; media-src 'none'; base-uri 'none'; form-action 'none'"
    }

    /// The policy of an offline archive (``HTMLOptions/mediaLocations``): images from the
    /// page's own place only. `'self'` lets a page opened from `file://` load its `media/`
    /// copies in Chromium (as `file:` would) and still works when the archive is served over
    /// HTTP, where `file:` would not; remote images stay forbidden, so the page fetches nothing.
    public static var offlineContentSecurityPolicy: String {
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; media-src 'none'; base-uri 'none'; form-action 'none'"
    }

    /// A backend writing a page to `output`, styled and shown by `options`.
    public init(output: Output, options: RenderOptions) {
        self.output = output
        self.options = options
        html = options.html
        dateLabels = DateLabels(timeZone: options.timeZone, locale: options.locale)
        markdownWords = (options.theme.icon(.image), options.theme.string(.taskDone), options.theme.string(.taskNotDone))
        escapedLabelSeparator = HTMLEscaping.escape(options.theme.string(.labelSeparator))
        markup = BackendOutput(for: output)
    }

    /// Writes the document head, the stylesheet, the channel heading (the page's only `<h1>`)
    /// and opens `<main>`.
    public mutating func begin(_ document: DocumentInfo, header: ViewNode) {
        let named = document.pageTitle ?? document.title
        let title = named.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? options.theme.string(.untitled) : named
        markup.write(literal: "<!DOCTYPE html>\n<html lang=\"")
        markup.write(Self.languageTag(document.language))
        markup.write(literal: "\">\n<head>\n<meta charset=\"utf-8\">\n")
        var policy =
            html.mediaLocations == nil ? Self.contentSecurityPolicy(remoteMedia: html.remoteMedia) : Self.offlineContentSecurityPolicy
        // The search script, and no other, by its hash; an index has nothing to search.
        searches = html.search && document.isSearchable
        if searches { policy += "; " + HTMLOptions.SearchScript.policyDirective }
        markup.write("<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">\n")
        markup.write(literal: "<meta name=\"referrer\" content=\"no-referrer\">\n")
        markup.write(literal: "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        markup.write(literal: "<meta name=\"color-scheme\" content=\"light dark\">\n")
        markup.write(literal: "<meta name=\"generator\" content=\"")
        HTMLEscaping.write(options.generator, to: &markup)
        markup.write(literal: "\">\n<title>")
        HTMLEscaping.write(TextControls.field(title), to: &markup)
        markup.write(literal: "</title>\n<style>\n")
        markup.write(Stylesheet.css(for: options.theme))
        if searches { markup.write(Stylesheet(theme: options.theme).searchCSS) }
        markup.write(literal: "</style>\n</head>\n<body>\n<header class=\"sb-channel\">")
        // The header may hold the page's one `h1`; headings anywhere else start at `h2`.
        writesDocumentHeader = true
        writeView(header, allowsLinks: true)
        writesDocumentHeader = false
        markup.write(literal: "</header>\n<main>\n")
        markup.flush(to: &output)
    }

    /// Writes one top-level item: a message, a day separator, a heading.
    public mutating func write(_ view: ViewNode) {
        if let level = view.outlineLevel { outlineLevel = level }
        writeView(view, allowsLinks: true)
        markup.write(literal: "\n")
        markup.flush(to: &output)
    }

    /// Closes `<main>`, writes `footer` in the page's footer and closes the page; a
    /// ``FlushingOutput`` is then flushed.
    public mutating func end(_ summary: DocumentSummary, footer: ViewNode) {
        defer {
            markup.flush(to: &output)
            (output as? FlushingOutput)?.flush()
        }
        markup.write(literal: "</main>\n<footer class=\"sb-summary\">")
        if !notSavedMedia.isEmpty {
            // The archive is incomplete: said once where the page ends, besides on each card.
            markup.write(literal: "<p class=\"sb-not-saved-summary\" role=\"note\">")
            HTMLEscaping.write(options.theme.string(.mediaNotSavedCount, String(notSavedMedia.count)), to: &markup)
            markup.write(literal: "</p>")
        }
        writeView(footer, allowsLinks: true)
        markup.write(literal: "</footer>\n")
        // Last, so that the page it searches is all there when it runs.
        if searches { markup.write("<script>\(HTMLOptions.SearchScript.source)</script>\n") }
        markup.write(literal: "</body>\n</html>\n")
    }

    /// With ``HTMLOptions/search``: the page has the script that runs the bar.
    public var showsSearchBar: Bool { html.search }

    // MARK: Views

    /// `allowsLinks` is `false` inside an `<a>`, where a nested link would break the markup;
    /// `oneLine` is `true` inside a link's label, which stays on one line whatever its roles.
    private mutating func writeView(_ view: ViewNode, allowsLinks: Bool, oneLine: Bool = false) {
        switch view {
        case .empty:
            break
        case .text(let text, let role):
            // The one place the view vocabulary's line rule applies: only message text keeps its
            // line breaks, and never in a link's label; other text is a field or a notice.
            let isMessageText = role.allowsLineBreaks && !oneLine
            let shown =
                isMessageText ? text : role.isNotice && !oneLine ? TextControls.collapsingBlanks(text) : TextControls.field(text)
            if role != .body { writeOpeningTag("<span class=\"sb-", role: role) }
            HTMLEscaping.write(shown, as: isMessageText ? .lines : .line, to: &markup)
            if role != .body { markup.write(literal: "</span>") }
        case .markdown(let document):
            HTMLMarkdownRenderer(
                allowsLinks: allowsLinks, embedsImages: drawsRemoteMedia,
                placeholderIcon: markdownWords.placeholderIcon,
                taskLabels: (markdownWords.taskDone, markdownWords.taskNotDone)
            ).write(document, to: &markup)
        case .stack(.vertical, let views, .contents):
            // A landmark a screen reader lists, named by its heading.
            markup.write(literal: "<nav class=\"sb-stack sb-contents\"")
            if case .heading(_, let title)? = views.first(where: { if case .heading = $0 { true } else { false } }) {
                markup.write(literal: " aria-label=\"")
                HTMLEscaping.write(TextControls.field(title), to: &markup)
                markup.write(literal: "\"")
            }
            markup.write(literal: ">")
            writeViews(views, allowsLinks: allowsLinks, oneLine: oneLine)
            markup.write(literal: "</nav>")
        case .stack(.vertical, let views, .contentsList):
            // A list, so that a screen reader says how many entries it has.
            markup.write(literal: "<ol class=\"sb-contents-list\">")
            for view in views where view != .empty {
                markup.write(literal: "<li>")
                writeView(view, allowsLinks: allowsLinks, oneLine: oneLine)
                markup.write(literal: "</li>")
            }
            markup.write(literal: "</ol>")
        case .stack(let axis, let views, let role):
            writeOpeningTag(axis == .vertical ? "<div class=\"sb-stack sb-" : "<div class=\"sb-row sb-", role: role)
            let outer = writesChannelInfo
            writesChannelInfo = outer || role == .channelInfo
            writeViews(views, allowsLinks: allowsLinks, oneLine: oneLine)
            writesChannelInfo = outer
            markup.write(literal: "</div>")
        case .card(let role, let views):
            writeOpeningTag("<div class=\"sb-card sb-", role: role)
            writeViews(views, allowsLinks: allowsLinks, oneLine: oneLine)
            markup.write(literal: "</div>")
        case .link(let destination, let label, _) where allowsLinks && Anchor.isInDocumentLink(destination):
            // A place in this page (the contents list's entries): nothing to print after it.
            markup.write(literal: "<a href=\"")
            HTMLEscaping.write(destination, as: .url, to: &markup)
            markup.write(literal: "\">")
            writeView(label, allowsLinks: false, oneLine: true)
            markup.write(literal: "</a>")
        case .link(let destination, let label, let download):
            guard allowsLinks, let url = media(destination).link else {
                return writeView(label, allowsLinks: allowsLinks, oneLine: true)
            }
            let showsURL = Self.plainLabel(label).map { HTMLMarkdownRenderer.labelShowsURL($0, url: url) } ?? false
            markup.write(showsURL ? "<a href=\"" : "<a class=\"\(HTMLMarkdownRenderer.printsTargetClass)\" href=\"")
            HTMLEscaping.write(url, as: .url, to: &markup)
            markup.write("\" rel=\"\(HTMLMarkdownRenderer.linkRelation)\">")
            writeView(label, allowsLinks: false, oneLine: true)
            markup.write(literal: "</a>")
            if download, let note = notSavedNote(destination) { HTMLMarkdownRenderer.writeNotSavedNote(note, to: &markup) }
        case .avatar(let avatar):
            writeAvatar(avatar)
        case .image(let content):
            writeImage(content, allowsLinks: allowsLinks)
        case .icon(let name, let label):
            if label.isEmpty {
                markup.write(literal: "<span class=\"sb-icon\" aria-hidden=\"true\">")
            } else {
                markup.write(literal: "<span class=\"sb-icon\" role=\"img\" aria-label=\"")
                HTMLEscaping.write(TextControls.field(label), to: &markup)
                markup.write(literal: "\">")
            }
            if let svg = options.theme.svgIcon(name) {
                markup.write(svg.html)
            } else {
                HTMLEscaping.write(options.theme.icon(name), to: &markup)
            }
            markup.write(literal: "</span>")
        case .time(let date, let label):
            writeTime(date, label: label)
        case .badge(let text, let role):
            writeBadge(text, role: role)
        case .titled(let view, let title):
            // A titled badge (a reaction's pill and who gave it) opens the list of names.
            if case .badge(let text, let role) = view {
                writeDisclosingBadge(text, role: role, title: title)
            } else {
                // A tooltip may list several names (who reacted, a name and its id): one line, its
                // blanks collapsed, but not cut as one field. It shows on hover only.
                markup.write(literal: "<span class=\"sb-titled\" title=\"")
                HTMLEscaping.write(TextControls.collapsingBlanks(title), to: &markup)
                markup.write(literal: "\">")
                writeView(view, allowsLinks: allowsLinks, oneLine: oneLine)
                markup.write(literal: "</span>")
            }
        case .fields(let fields):
            markup.write(literal: "<dl class=\"sb-fields\">")
            for field in fields {
                let label = TextControls.field(field.label)
                // A label keeps its words whole (the column is at least as wide as the longest),
                // but for one with a word too long for a phone's card, which may break anywhere.
                markup.write(Self.hasLongWord(label) ? "<dt class=\"sb-long-label\">" : "<dt>")
                HTMLEscaping.write(label, to: &markup)
                markup.write(literal: "</dt><dd>")
                writeView(field.value, allowsLinks: allowsLinks, oneLine: oneLine)
                markup.write(literal: "</dd>")
            }
            markup.write(literal: "</dl>")
        case .quote(let anchor, let views):
            markup.write(literal: "<blockquote class=\"sb-quote\">")
            // A fragment of this page, or another page of a split document (`chat-003.html#m-42`);
            // fragments come percent-encoded, so only the latter holds `#`.
            let isOtherPage = anchor?.utf8.contains(UInt8(ascii: "#")) ?? false
            if let anchor, allowsLinks, !isOtherPage || URLPolicy.isSiblingDocument(anchor) {
                markup.write(isOtherPage ? "<a href=\"" : "<a href=\"#")
                HTMLEscaping.write(anchor, as: .url, to: &markup)
                markup.write(literal: "\">")
                writeViews(views, allowsLinks: false, oneLine: oneLine)
                markup.write(literal: "</a>")
            } else {
                writeViews(views, allowsLinks: allowsLinks, oneLine: oneLine)
            }
            markup.write(literal: "</blockquote>")
        case .divider(let label):
            if let label, !label.isEmpty {
                // A day is a heading under its channel's (or the title), so a screen reader can
                // list and jump between days.
                let element = "h\(min(max(outlineLevel + 1, 2), 6))"
                markup.write("<\(element) class=\"sb-day sb-separator\">")
                HTMLEscaping.write(TextControls.field(label), to: &markup)
                markup.write("</\(element)>")
            } else {
                markup.write(literal: "<hr>")
            }
        case .heading(let level, let text):
            writeHeading(level: level, text: text, id: nil)
        case .anchor(let id, let view):
            guard Anchor.isDocumentID(id) else { return writeView(view, allowsLinks: allowsLinks, oneLine: oneLine) }
            switch view {
            case .heading(let level, let text):
                writeHeading(level: level, text: text, id: id)
            case .stack(.vertical, let views, let role) where role != .contents && role != .contentsList:
                markup.write("<div id=\"\(id)\" class=\"sb-stack sb-")
                writeOpeningTag("", role: role)
                writeViews(views, allowsLinks: allowsLinks, oneLine: oneLine)
                markup.write(literal: "</div>")
            default:
                markup.write("<div id=\"\(id)\">")
                writeView(view, allowsLinks: allowsLinks, oneLine: oneLine)
                markup.write(literal: "</div>")
            }
        case .message(let frame):
            writeMessage(frame, allowsLinks: allowsLinks)
        case .disclosure(let summary, let content):
            // Open, so that it reads and prints without a click; no script is needed to fold it.
            markup.write(literal: "<details open class=\"sb-thread\"><summary>")
            writeViews(summary, allowsLinks: allowsLinks)
            markup.write(literal: "</summary><div class=\"sb-thread-content\">")
            writeViews(content, allowsLinks: allowsLinks)
            markup.write(literal: "</div></details>")
        case .raw(let raw):
            if let output = raw[.html] {
                markup.write(output)
            } else {
                writeView(raw.fallback, allowsLinks: allowsLinks)
            }
        }
    }

    /// A badge whose title says more (who reacted): a `<details>` whose `<summary>` is the pill,
    /// so that a keyboard (Tab, Enter) or a tap opens the names without a script; a screen reader
    /// hears them in the pill's name ("👍 2: Ana, Bo"), and print writes them after the pill.
    private mutating func writeDisclosingBadge(_ text: String, role: Role, title: String) {
        guard !title.isEmpty else { return writeBadge(text, role: role) }
        // Each is written more than once: escaped once.
        let pill = HTMLEscaping.escape(TextControls.field(text))
        let names = HTMLEscaping.escape(TextControls.collapsingBlanks(title))
        markup.write(literal: "<details class=\"sb-reactors\"><summary class=\"sb-badge sb-")
        HTMLEscaping.write(identifier: role.rawValue, fallback: "plain", to: &markup)
        markup.write(literal: "\" title=\"")
        markup.write(names)
        markup.write(literal: "\" aria-label=\"")
        markup.write(pill)
        markup.write(escapedLabelSeparator)
        markup.write(names)
        markup.write(literal: "\">")
        markup.write(pill)
        markup.write(literal: "</summary><span class=\"sb-reactors-list\">")
        markup.write(names)
        markup.write(literal: "</span></details>")
    }

    private mutating func writeBadge(_ text: String, role: Role) {
        if role == .badge {
            markup.write(literal: "<span class=\"sb-badge\"")
        } else {
            markup.write(literal: "<span class=\"sb-badge sb-")
            HTMLEscaping.write(identifier: role.rawValue, fallback: "plain", to: &markup)
            markup.write(literal: "\"")
        }
        markup.write(literal: ">")
        HTMLEscaping.write(TextControls.field(text), to: &markup)
        markup.write(literal: "</span>")
    }

    /// `h1` only in the document's header; `id` was checked by ``Anchor/isDocumentID(_:)``.
    private mutating func writeHeading(level: Int, text: String, id: String?) {
        let element = "h\(min(max(level, writesDocumentHeader ? 1 : 2), 6))"
        markup.write("<\(element)")
        if let id { markup.write(" id=\"\(id)\"") }
        markup.write(element == "h1" ? " class=\"sb-title\">" : ">")
        HTMLEscaping.write(TextControls.field(text), to: &markup)
        markup.write("</\(element)>")
    }

    private mutating func writeViews(_ views: [ViewNode], allowsLinks: Bool, oneLine: Bool = false) {
        for view in views { writeView(view, allowsLinks: allowsLinks, oneLine: oneLine) }
    }

    private mutating func writeMessage(_ frame: MessageFrame, allowsLinks: Bool) {
        markup.write(literal: "<article class=\"sb-message sb-")
        markup.write(HTMLEscaping.identifier(frame.role.rawValue, fallback: "plain"))
        if frame.isPinned { markup.write(literal: " sb-pinned") }
        // A repeat leaves the anchor, which must be unique, to the message's other appearance;
        // a message without an id has none.
        if !frame.isRepeat && !frame.id.isEmpty {
            markup.write(literal: "\" id=\"")
            let (head, tail) = Anchor.forMessageInPieces(id: frame.id)
            markup.write(head)
            HTMLEscaping.write(tail, to: &markup)
        }
        let author = frame.authorName.flatMap { $0.isEmpty ? nil : $0 }
        if author != nil || frame.date != nil {
            markup.write(literal: "\" aria-label=\"")
            if let author { HTMLEscaping.write(TextControls.field(author), to: &markup) }
            if let date = frame.date {
                if author != nil { markup.write(literal: ", ") }
                CivilTime.local(date, in: options.timeZone).writeMinute(to: &markup)
            }
        }
        // Every message, its time shown or not, tells its exact moment on hover; the reader's
        // own, which shows no author line (the stylesheet hides it), tells whose it is too.
        let ownTitle = frame.role == .ownBubble ? frame.authorTitle.flatMap { $0.isEmpty ? nil : $0 } : nil
        if frame.date != nil || ownTitle != nil {
            markup.write(literal: "\" title=\"")
            if let ownTitle { HTMLEscaping.write(TextControls.collapsingBlanks(ownTitle), to: &markup) }
            if let date = frame.date {
                if ownTitle != nil { markup.write(literal: "&#10;") }
                writeFullDateTime(date)
            }
        }
        if html.search { writeSearchFacts(frame) }
        markup.write(literal: "\">")
        let outerTime = messageTime
        messageTime = frame.date.map { ($0, false) }
        defer { messageTime = outerTime }
        if !frame.header.isEmpty {
            markup.write(literal: "<header")
            if let title = frame.authorTitle, !title.isEmpty {
                // The tooltip tells apart two people who chose the same name.
                markup.write(literal: " title=\"")
                HTMLEscaping.write(TextControls.collapsingBlanks(title), to: &markup)
                markup.write(literal: "\"")
            }
            markup.write(literal: ">")
            writeViews(frame.header, allowsLinks: allowsLinks)
            markup.write(literal: "</header>")
        }
        markup.write(literal: "<div class=\"sb-body\">")
        writeViews(frame.body, allowsLinks: allowsLinks)
        markup.write(literal: "</div>")
        if !frame.footer.isEmpty {
            markup.write(literal: "<footer>")
            writeViews(frame.footer, allowsLinks: allowsLinks)
            markup.write(literal: "</footer>")
        }
        // Machines and screen readers get the moment of every message, not only of the last of
        // a group; the eye gets the time where the footer shows it.
        if let time = messageTime, !time.written {
            markup.write(literal: "<time class=\"sb-hidden-time\" datetime=\"")
            CivilTime.utc(time.date).writeRFC3339(to: &markup)
            markup.write(literal: "\">")
            HTMLEscaping.write(dateLabels.time(time.date), to: &markup)
            markup.write(literal: "</time>")
        }
        markup.write(literal: "</article>")
    }

    /// What the search script's filters read, on a page with ``HTMLOptions/search`` only: the
    /// author (`from:`, name and user id), the day in the page's time zone (`on:`, `before:`,
    /// `after:`) and what the message holds (`has:`). Written while the `<article>` tag's last
    /// attribute is still open: each closes it and leaves its own open, for the caller's `">`.
    private mutating func writeSearchFacts(_ frame: MessageFrame) {
        if let from = frame.authorTitle ?? frame.authorName, !from.isEmpty {
            markup.write(literal: "\" data-from=\"")
            // What `from:` searches: the name as shown, not cut (the user id ends it).
            HTMLEscaping.write(TextControls.collapsingBlanks(from), to: &markup)
        }
        if let date = frame.date {
            markup.write(literal: "\" data-day=\"")
            CivilTime.local(date, in: options.timeZone).writeMinute(to: &markup, dayOnly: true)
        }
        let facets = HTMLOptions.SearchScript.facets(of: frame)
        if !facets.isEmpty {
            markup.write(literal: "\" data-has=\"")
            markup.write(facets.joined(separator: " "))
        }
    }

    // MARK: Media

    /// The one place a media URL from the messages is resolved: an offline archive's saved copy,
    /// the URL itself when the policy allows it, or nothing.
    private func media(_ url: String) -> HTMLMedia {
        if case .saved(let path)? = html.mediaLocations?.location(of: url), URLPolicy.isMediaPath(path) { return .local(path) }
        return URLPolicy.sanitize(url).map(HTMLMedia.remote) ?? .none
    }

    /// In an offline archive, the note on a medium with no saved copy (`not saved: HTTP 404`),
    /// which is then counted for the page's footer; `nil` for a saved one or outside an archive.
    private mutating func notSavedNote(_ url: String) -> String? {
        guard let locations = html.mediaLocations else { return nil }
        if case .saved? = locations.location(of: url) { return nil }
        notSavedMedia.insert(url)
        let note = options.theme.string(.mediaNotSaved)
        guard let reason = locations.failureReason(of: url), !reason.isEmpty else { return note }
        return note + options.theme.string(.labelSeparator) + TextControls.field(reason)
    }

    /// Whether the page draws images from remote URLs: not without remote media, and not in an
    /// offline archive, whose page loads nothing remote.
    private var drawsRemoteMedia: Bool { html.remoteMedia && html.mediaLocations == nil }

    /// Where the page loads a picture from; `nil` draws the picture's card, or the initials,
    /// alone. Every `<img>` source goes through here.
    private func pictureSource(_ media: HTMLMedia) -> String? {
        switch media {
        case .local(let path): path
        case .remote(let url): drawsRemoteMedia ? url : nil
        case .none: nil
        }
    }

    /// A decorative circle (the author's name is written beside it): the initials always, the
    /// picture over them, so that a picture that fails to load leaves the initials.
    private mutating func writeAvatar(_ avatar: ViewNode.AvatarContent) {
        // Each group of an author's messages repeats their avatar: its markup is made once.
        if let circle = avatarMarkup[avatar] { return markup.write(circle) }
        var circle = ""
        var circleMarkup = BackendOutput(for: circle, capacity: 256)
        Self.writeCircle(
            initials: avatar.initials, colorIndex: avatar.colorIndex,
            picture: avatar.imageURL.flatMap { pictureSource(media($0)) }, extraClass: "", to: &circleMarkup)
        circleMarkup.flush(to: &circle)
        // Bounded, for an input with a great many authors.
        if avatarMarkup.count == 1024 { avatarMarkup.removeAll(keepingCapacity: true) }
        avatarMarkup[avatar] = circle
        markup.write(circle)
    }

    /// The channel's picture in the header, drawn like an avatar over the channel's initials.
    /// Decorative: the heading beside it names the channel.
    private mutating func writeChannelImage(picture: String, name: String) {
        Self.writeCircle(
            initials: ViewNode.AvatarContent.initials(of: name),
            colorIndex: Int(FNV1a.hash(name) % UInt64(ViewNode.AvatarContent.paletteSize)),
            picture: picture, extraClass: " sb-channel-image", to: &markup)
    }

    private static func writeCircle(
        initials: String, colorIndex: Int, picture: String?, extraClass: String, to output: inout BackendOutput
    ) {
        // Colours repeat in order past the palette; the stylesheet maps classes past a theme's
        // own colours to its colours in order (a theme with eight: class 8 is avatar0).
        let size = ViewNode.AvatarContent.paletteSize
        let color = ((colorIndex % size) + size) % size
        output.write("<span class=\"sb-avatar sb-avatar-\(color)\(extraClass)\" aria-hidden=\"true\">")
        HTMLEscaping.write(initials, to: &output)
        if let picture {
            // No width or height: a sized `<img>` that fails shows Chromium's broken-image icon.
            output.write(literal: "<img src=\"")
            HTMLEscaping.write(picture, as: .url, to: &output)
            output.write(literal: "\" alt=\"\" loading=\"lazy\" decoding=\"async\">")
        }
        output.write(literal: "</span>")
    }

    /// The thumbnail when there is one (it is what the page needs), linked to the full image,
    /// over a card with its label and size; the card alone when the picture is not loaded, and
    /// a labelled box when no URL passes the policy.
    private mutating func writeImage(_ content: ViewNode.ImageContent, allowsLinks: Bool) {
        let alt = HTMLMarkdownRenderer.imageLabel(TextControls.field(content.alt))
        let sourceMedia = media(content.source)
        let source = sourceMedia.link
        // A thumbnail is shown when it passes, else the picture itself. (Not `map(media)`: a
        // method passed as a function copies the whole backend into a closure each time.)
        var shownMedia = sourceMedia
        if let thumbnail = content.thumbnail {
            let thumbnailMedia = media(thumbnail)
            // A saved picture beats a thumbnail an offline archive could not save.
            if thumbnailMedia.link != nil, !(sourceMedia.isLocal && !thumbnailMedia.isLocal) { shownMedia = thumbnailMedia }
        }
        guard let shown = shownMedia.link else {
            markup.write(literal: "<span class=\"sb-image sb-image-missing\">")
            HTMLEscaping.write(alt, to: &markup)
            markup.write(literal: "</span>")
            return
        }
        let picture = pictureSource(shownMedia)
        if writesChannelInfo, let picture {
            return writeChannelImage(picture: picture, name: alt)
        }
        var details = ""
        if let width = content.width, let height = content.height, width > 0, height > 0 {
            details = "\(min(width, 100_000)) × \(min(height, 100_000))"
        }
        let link = allowsLinks ? source ?? shown : nil
        let icon = options.theme.icon(content.playable ? .video : .image)
        guard let picture else {
            let note = html.mediaLocations == nil ? nil : notSavedNote(content.source)
            return HTMLMarkdownRenderer.writePlaceholder(
                label: alt, details: details, link: link, icon: icon, note: note ?? "", to: &markup)
        }
        HTMLMarkdownRenderer.writeImageFrame(
            picture: picture, label: alt, details: details, link: link, icon: icon, playable: content.playable, to: &markup)
    }

    /// A link label's text when it is plain text (the one form that can spell out a URL).
    private static func plainLabel(_ label: ViewNode) -> String? {
        switch label {
        case .text(let text, _): text
        case .stack(_, let views, _) where views.count == 1: plainLabel(views[0])
        default: nil
        }
    }

    /// Writes `start` (which ends inside a class attribute, after `sb-`), the role's class
    /// name and the end of the tag.
    private mutating func writeOpeningTag(_ start: StaticString, role: Role) {
        markup.write(literal: start)
        HTMLEscaping.write(identifier: role.rawValue, fallback: "plain", to: &markup)
        markup.write(literal: "\">")
    }

    private mutating func writeTime(_ date: Date, label: String) {
        if messageTime?.date == date { messageTime?.written = true }
        markup.write(literal: "<time datetime=\"")
        CivilTime.utc(date).writeRFC3339(to: &markup)
        markup.write(literal: "\" title=\"")
        writeFullDateTime(date)
        markup.write(literal: "\">")
        HTMLEscaping.write(TextControls.field(label), to: &markup)
        markup.write(literal: "</time>")
    }

    /// The full date, time and zone of `date`, escaped for an attribute.
    private mutating func writeFullDateTime(_ date: Date) {
        if lastFullDate != date {
            lastFullDate = date
            lastFullDateTime.removeAll(keepingCapacity: true)
            dateLabels.withFullDateTime(date) { HTMLEscaping.append(utf8: $0, to: &lastFullDateTime) }
        }
        lastFullDateTime.withUnsafeBufferPointer { markup.write(utf8: $0) }
    }

    /// Whether `label` has a run of more than 20 characters without a blank: wider than a
    /// field label's column may grow on a 360 px page.
    static func hasLongWord(_ label: String) -> Bool {
        var run = 0
        for character in label {
            run = character.isWhitespace ? 0 : run + 1
            if run > 20 { return true }
        }
        return false
    }

    /// A BCP 47 tag reduced to letters, digits and hyphens; `en` when nothing is left.
    static func languageTag(_ tag: String) -> String {
        let kept = tag.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
        return kept.isEmpty ? "en" : String(String.UnicodeScalarView(kept))
    }
}

/// A media URL as the page may use it (``HTMLBackend``'s `media(_:)`).
private enum HTMLMedia {
    /// An offline archive's saved copy, relative to the page.
    case local(String)
    /// An allowed URL, drawn only when the page may load remote media.
    case remote(String)
    /// Nothing the page may use.
    case none

    /// Whether it is an offline archive's saved copy.
    var isLocal: Bool {
        if case .local = self { return true }
        return false
    }

    /// Where a link to it goes.
    var link: String? {
        switch self {
        case .local(let path): path
        case .remote(let url): url
        case .none: nil
        }
    }
}

/// A date's calendar fields, computed with integer arithmetic: the backend formats a date for
/// every message, and a `DateFormatter` or `Calendar` costs far more than this.
private struct CivilTime {
    var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int

    static func utc(_ date: Date) -> CivilTime { CivilTime(date.timeIntervalSince1970) }

    static func local(_ date: Date, in timeZone: TimeZone) -> CivilTime {
        CivilTime(date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date)))
    }

    private init(_ interval: Double) {
        // Years 0001 to 9999 are what RFC 3339 can write.
        let clamped = interval.isFinite ? min(max(interval, -62_135_596_800), 253_402_300_799.999) : 0
        let wholeSeconds = clamped.rounded(.down)
        millisecond = min(Int(((clamped - wholeSeconds) * 1000).rounded(.down)), 999)
        var seconds = Int(wholeSeconds)
        var days = seconds / 86_400
        seconds -= days * 86_400
        if seconds < 0 {
            seconds += 86_400
            days -= 1
        }
        hour = seconds / 3600
        minute = seconds / 60 % 60
        second = seconds % 60
        // Days since 1970-01-01 to a proleptic Gregorian date, by 400-year eras.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Writes `2025-11-28T09:12:00Z`, with milliseconds when there are any. (Written from the
    /// stack: as a string, each of the page's many times cost an allocation.)
    func writeRFC3339(to output: inout BackendOutput) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var writer = UTF8Writer(buffer)
            writeDate(to: &writer, separator: UInt8(ascii: "T"))
            writer.append(UInt8(ascii: ":"))
            writer.append(second, minimumWidth: 2)
            if millisecond != 0 {
                writer.append(UInt8(ascii: "."))
                writer.append(millisecond, minimumWidth: 3)
            }
            writer.append(UInt8(ascii: "Z"))
            output.write(utf8: UnsafeBufferPointer(rebasing: buffer[..<writer.count]))
        }
    }

    /// Writes `2025-11-28 09:12`, or with `dayOnly` `2025-11-28`.
    func writeMinute(to output: inout BackendOutput, dayOnly: Bool = false) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
            var writer = UTF8Writer(buffer)
            writeDate(to: &writer, separator: UInt8(ascii: " "))
            output.write(utf8: UnsafeBufferPointer(rebasing: buffer[..<(dayOnly ? 10 : writer.count)]))
        }
    }

    /// `yyyy-MM-dd`, the separator, `HH:mm`.
    private func writeDate(to writer: inout UTF8Writer, separator: UInt8) {
        writer.append(year, minimumWidth: 4)
        writer.append(UInt8(ascii: "-"))
        writer.append(month, minimumWidth: 2)
        writer.append(UInt8(ascii: "-"))
        writer.append(day, minimumWidth: 2)
        writer.append(separator)
        writer.append(hour, minimumWidth: 2)
        writer.append(UInt8(ascii: ":"))
        writer.append(minute, minimumWidth: 2)
    }
}
