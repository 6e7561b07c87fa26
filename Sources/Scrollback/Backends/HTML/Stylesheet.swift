import Foundation

/// The transcript's CSS, generated from a ``Theme``: every colour, font and size comes from the
/// theme, so the stylesheet holds no colour of its own.
///
/// Colours become custom properties (`--sb-text`, `--sb-background6`, `--sb-text-low-emphasis`),
/// redefined in a `prefers-color-scheme: dark` block from the theme's dark colours. Each styled
/// ``Role`` gets a class, `.sb-<role>`. The layout rules (bubbles, cards, day separators) refer
/// to the properties only.
package struct Stylesheet {
    let theme: Theme

    package init(theme: Theme) {
        self.theme = theme
    }

    /// ``css`` for `theme`, made once for a run of documents in one theme: `--output-dir` and
    /// `--split` write the same stylesheet into every file, and making it costs more than
    /// drawing a short channel (3.6 M instructions). The last one made is kept with its theme,
    /// and the theme is compared whole, so a changed theme never gets a stale stylesheet.
    package static func css(for theme: Theme) -> String {
        lastMade.value(where: { $0.theme == theme }, making: { (theme, Stylesheet(theme: theme).css) }).css
    }

    private static let lastMade = LastMade<(theme: Theme, css: String)>()

    /// The whole stylesheet, for one `<style>` element.
    package var css: String {
        var css = ""
        css.reserveCapacity(8192)
        css += rootProperties()
        css += darkProperties()
        css += Self.colorEmojiFace
        css += baseRules()
        css += roleRules()
        css += layoutRules()
        css += mediaRules()
        return css
    }

    // MARK: Custom properties

    private func rootProperties() -> String {
        var rule = ":root{color-scheme:\(colorScheme);"
        for name in theme.colors.keys.sorted() {
            rule += "--sb-\(HTMLEscaping.identifier(name, fallback: "color")):\(Self.cssValue(theme.colors[name]!));"
        }
        for name in theme.fonts.keys.sorted() {
            let font = theme.fonts[name]!
            let id = HTMLEscaping.identifier(name, fallback: "font")
            rule +=
                "--sb-font-\(id)-family:\(Self.withColorEmoji(Self.fontFamily(font.family)));--sb-font-\(id)-size:\(Self.pixels(font.size));"
        }
        let metrics = theme.metrics
        rule += "--sb-radius:\(Self.pixels(metrics.bubbleRadius));--sb-spacing:\(Self.pixels(metrics.spacing));"
        rule += "--sb-max-width:\(Self.pixels(metrics.maxContentWidth));--sb-avatar-size:\(Self.pixels(metrics.avatarSize));"
        return rule + "}\n"
    }

    private func darkProperties() -> String {
        guard !theme.darkColors.isEmpty else { return "" }
        var rule = "@media (prefers-color-scheme:dark){:root{"
        for name in theme.darkColors.keys.sorted() {
            rule += "--sb-\(HTMLEscaping.identifier(name, fallback: "color")):\(Self.cssValue(theme.darkColors[name]!));"
        }
        return rule + "}}\n"
    }

    /// Both schemes when the theme has a dark section; else the one its background belongs to,
    /// so that a dark-first theme gets dark scroll bars and form controls.
    /// A theme that leaves both the page and its text to the browser (`plain`) follows the
    /// reader's scheme too: the browser's own colours for it are legible in either.
    private var colorScheme: String {
        guard theme.darkColors.isEmpty else { return "light dark" }
        if let background = theme.colors["background"]?.rgbValue {
            return Contrast.relativeLuminance(of: background) < 0.18 ? "dark" : "light"
        }
        // The browser's page under the theme's text: the scheme in which that text can be read.
        guard let text = theme.colors["text"]?.rgbValue else { return "light dark" }
        return Contrast.relativeLuminance(of: text) < 0.18 ? "light" : "dark"
    }

    /// A colour as CSS. Only ever built from a parsed ``ThemeColor``, never from theme text, so a
    /// value cannot reach the stylesheet as written. No colour is `initial`: `var()` of it is
    /// invalid at computed-value time, so the property falls back to the viewer's own.
    /// `text` as a CSS string in double quotes: printable ASCII as it is, except the quote, the
    /// backslash and the angle brackets (no `</style>` can come of it), every other character as
    /// a hexadecimal escape.
    static func cssString(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            if (0x20...0x7E).contains(scalar.value) && !"\"\\<>".unicodeScalars.contains(scalar) {
                quoted.unicodeScalars.append(scalar)
            } else {
                quoted += "\\" + String(scalar.value, radix: 16) + " "
            }
        }
        return quoted + "\""
    }

    static func cssValue(_ color: ThemeColor) -> String {
        color.rgbValue?.hex ?? "initial"
    }

    // MARK: Rules

    private func baseRules() -> String {
        let body = theme.style(for: .body)
        return """
            *,*::before,*::after{box-sizing:border-box}
            html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
            body{margin:0;background:\(color("background", else: nil));\(declarations(for: body))line-height:1.4;overflow-wrap:anywhere;word-break:normal}
            a{color:\(color("link", "accentPrimary"))}
            a:focus-visible{outline:2px solid \(color("accentPrimary", "link"));outline-offset:2px;border-radius:2px}
            img{max-width:100%;height:auto}
            pre{max-width:100%;overflow-x:auto;white-space:pre;overflow-wrap:normal;margin:calc(var(--sb-spacing)/2) 0;padding:var(--sb-spacing);border-radius:calc(var(--sb-radius)/3);background:\(color("codeBackground", "background2"))}
            code,pre{font-family:\(fontFamily(named: "code"));font-size:\(fontSize(named: "code"))}
            code{padding:0 .2em;border-radius:4px;background:\(color("codeBackground", "background2"))}
            pre code{padding:0;background:none}

            """
    }

    /// One rule per styled role. Roles without a style of their own get none, so they inherit
    /// from their container (a stack inside a system message stays muted). `.body` is the
    /// `body` element's style and needs no class.
    private func roleRules() -> String {
        var css = ""
        for role in theme.styles.keys.sorted(by: { $0.rawValue < $1.rawValue }) where role != .body {
            css += ".\(HTMLEscaping.className(for: role)){\(declarations(for: theme.style(for: role)))}\n"
        }
        return css
    }

    /// Pictures are sized from their natural size only (an avatar's by `max-width` and a square
    /// `aspect-ratio`, a framed image by `min-width` and `max-width`), never by a definite width
    /// and height: an `<img>` that fails has no natural size, so it takes no room and Chromium
    /// draws no broken-image icon, and the card or initials under it show.
    private func layoutRules() -> String {
        let ownBubble = color("background6", "background1")
        let bubble = color("background8", "background1")
        let border = borderColor
        let muted = color("textLowEmphasis", "text")
        let accent = color("accentPrimary", "link")
        return """
            .sb-channel,main,.sb-summary{max-width:var(--sb-max-width);margin:0 auto;padding-left:calc(var(--sb-spacing)*2);padding-right:calc(var(--sb-spacing)*2)}
            .sb-channel{padding-top:calc(var(--sb-spacing)*3);padding-bottom:var(--sb-spacing)}
            .sb-channel h1{margin:0;font-family:\(fontFamily(named: "title"));font-size:\(fontSize(named: "title"));font-weight:\(fontWeight("title"))}
            main{display:flex;flex-direction:column;gap:calc(var(--sb-spacing)/2);padding-bottom:calc(var(--sb-spacing)*3)}
            main>h2:not(.sb-day),main>h3,main>h4,main>h5,main>h6{margin:calc(var(--sb-spacing)*2) 0 0}
            .sb-message{position:relative;max-width:min(85%,36rem);min-width:0;align-self:flex-start;padding:var(--sb-spacing) calc(var(--sb-spacing)*1.5);border-radius:var(--sb-radius);background:\(bubble);scroll-margin-top:calc(var(--sb-spacing)*4)}
            .sb-message.sb-own-bubble{align-self:flex-end;background:\(ownBubble)}
            .sb-message:has(.sb-table){max-width:100%}
            .sb-message.sb-pinned{background:\(color("pinnedMessageBackground", "background8", "background1"))}
            .sb-own-bubble>header,.sb-hidden-time{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap;user-select:none}
            .sb-message.sb-system,.sb-message.sb-error{align-self:center;max-width:100%;background:none;text-align:center;padding:calc(var(--sb-spacing)/2) var(--sb-spacing)}
            .sb-message.sb-deleted{background:none;border:1px dashed \(border)}
            .sb-message.sb-ephemeral{border:1px dashed \(accent)}
            .sb-message:target{outline:2px solid \(accent);outline-offset:2px;background:\(color("highlightedAccentBackground1", "background6"))}
            .sb-message>header,.sb-message>footer{display:flex;flex-wrap:wrap;align-items:baseline;gap:0 calc(var(--sb-spacing)*.75)}
            .sb-message>header{margin-bottom:calc(var(--sb-spacing)/4)}
            .sb-message>header>.sb-row{flex-wrap:nowrap;align-items:center}
            .sb-message>header .sb-author{min-width:0}
            .sb-message>footer{justify-content:flex-end;margin-top:calc(var(--sb-spacing)/4);color:\(muted);font-size:\(fontSize(named: "footnote"))}
            .sb-system>footer,.sb-error>footer{justify-content:center}
            .sb-message>footer>.sb-row{justify-content:flex-end}
            .sb-system>footer>.sb-row,.sb-error>footer>.sb-row,.sb-system>.sb-body>.sb-row,.sb-error>.sb-body>.sb-row{justify-content:center}
            .sb-body>:first-child,.sb-body p:first-child{margin-top:0}
            .sb-body>:last-child,.sb-body p:last-child{margin-bottom:0}
            .sb-body>*+*{margin-top:calc(var(--sb-spacing)/2)}
            .sb-body>.sb-image{display:block;width:fit-content}
            .sb-body p,.sb-body ul,.sb-body ol,.sb-body blockquote{margin:calc(var(--sb-spacing)/2) 0}
            .sb-body ul,.sb-body ol{padding-left:1.5em}
            .sb-body p,.sb-body li{unicode-bidi:plaintext}
            .sb-body blockquote{padding-left:var(--sb-spacing);border-left:3px solid \(border);color:\(muted)}
            .sb-heading{font-weight:\(fontWeight("headlineBold"));font-size:\(fontSize(named: "headline"))}
            .sb-raw-html{white-space:pre-wrap}
            .sb-table{max-width:100%;overflow-x:auto;margin:calc(var(--sb-spacing)/2) 0}
            .sb-table table{border-collapse:collapse}
            .sb-table th,.sb-table td{padding:calc(var(--sb-spacing)/4) calc(var(--sb-spacing)/2);border:1px solid \(border);text-align:start;vertical-align:top;unicode-bidi:plaintext;overflow-wrap:break-word;word-break:normal}
            .sb-table th{font-weight:\(fontWeight("bodyBold"))}
            .sb-table .sb-align-left{text-align:left}.sb-table .sb-align-center{text-align:center}.sb-table .sb-align-right{text-align:right}
            .sb-body li.sb-task-item{list-style:none}
            .sb-task-item>.sb-task:first-child,.sb-task-item>p:first-child>.sb-task:first-child{display:inline-block;width:1.25em;margin-left:-1.25em}
            .sb-stack{display:flex;flex-direction:column;gap:calc(var(--sb-spacing)/2);min-width:0}
            .sb-row{display:flex;flex-wrap:wrap;align-items:center;gap:calc(var(--sb-spacing)/2);min-width:0}
            .sb-card,.sb-row.sb-attachment{min-width:0;padding:calc(var(--sb-spacing)*.75) var(--sb-spacing);border:1px solid \(border);border-radius:calc(var(--sb-radius)*2/3);background:\(color("background", "background1"))}
            .sb-card{display:flex;flex-direction:column;align-items:flex-start;gap:calc(var(--sb-spacing)/4)}
            .sb-card>.sb-fields{align-self:stretch}
            .sb-row.sb-attachment{flex-wrap:nowrap;align-items:center;width:fit-content;max-width:100%}
            .sb-row.sb-attachment>*{min-width:0}
            .sb-row.sb-attachment>.sb-icon,.sb-row.sb-attachment>.sb-badge,.sb-row.sb-attachment>.sb-muted{flex:none;white-space:nowrap}
            .sb-row.sb-attachment>.sb-badge+.sb-muted:last-child{flex:0 1 auto;overflow:hidden;text-overflow:ellipsis}
            .sb-row.sb-attachment>.sb-waveform{flex:0 1 auto;overflow:hidden}
            .sb-row.sb-attachment:has(>.sb-waveform){flex-wrap:wrap}
            .sb-row.sb-attachment:has(>.sb-waveform)>:not(.sb-waveform){flex-shrink:0}
            .sb-stack.sb-gallery{flex-direction:row;flex-wrap:wrap;align-items:flex-start}
            .sb-gallery>*{flex:1 1 8rem;min-width:0}
            .sb-gallery .sb-image{display:block;max-width:none}
            .sb-gallery>.sb-media>.sb-image{flex-basis:100%}
            .sb-gallery .sb-image img{max-height:9rem}
            .sb-row.sb-media{row-gap:2px}
            .sb-row.sb-media::before{content:"";flex-basis:100%;order:-1}
            .sb-row.sb-media>:first-child{order:-2}
            .sb-card.sb-link-preview{border-left:3px solid \(accent);background:\(color("highlightedAccentBackground1", "highlightedAccentBackground1"))}
            .sb-link-preview .sb-image img{max-height:10rem;object-fit:cover}
            .sb-waveform{font-size:1.15em;line-height:1;letter-spacing:.06em;white-space:nowrap}
            .sb-avatar{position:relative;display:inline-flex;align-items:center;justify-content:center;flex:none;width:var(--sb-avatar-size);height:var(--sb-avatar-size);border-radius:50%;overflow:hidden;color:\(color("avatarText", "textInverted"));font-size:calc(var(--sb-avatar-size)*.4);font-weight:600;line-height:1;vertical-align:middle}
            .sb-avatar img{position:absolute;top:0;left:0;max-width:100%;aspect-ratio:1/1;object-fit:cover}
            \((0..<ViewNode.AvatarContent.paletteSize).map { ".sb-avatar-\($0){background:\(color("avatar\($0 % theme.authorPaletteSize)", "textLowEmphasis", else: "currentColor"))}" }.joined(separator: "\n"))
            .sb-quote{margin:0 0 calc(var(--sb-spacing)/2);padding:calc(var(--sb-spacing)/2) var(--sb-spacing);border-left:3px solid \(accent);border-radius:calc(var(--sb-radius)/4);background:\(color("background1", "background2"))}
            .sb-quote,.sb-quote>a{display:flex;flex-direction:column;gap:calc(var(--sb-spacing)/4);min-width:0}
            .sb-quote>a{color:inherit;text-decoration:none}
            .sb-quote>a:hover{text-decoration:underline}
            .sb-channel-header{gap:calc(var(--sb-spacing)/2)}
            .sb-channel-header>h2{margin:calc(var(--sb-spacing)*2) 0 0}
            .sb-channel-info{color:\(muted)}
            .sb-channel-info .sb-image{flex:none;width:var(--sb-avatar-size);height:var(--sb-avatar-size);border-radius:50%;overflow:hidden;font-size:0}
            .sb-thread{margin:0 0 calc(var(--sb-spacing)/2) calc(var(--sb-spacing)*2);padding-left:calc(var(--sb-spacing)*1.5);border-left:2px solid \(border)}
            .sb-thread>summary{cursor:pointer;padding:calc(var(--sb-spacing)/4) 0;color:\(accent);font-size:\(fontSize(named: "footnote"))}
            .sb-thread>summary>*+*{margin-left:calc(var(--sb-spacing)/2)}
            .sb-thread-content{display:flex;flex-direction:column;gap:calc(var(--sb-spacing)/2);padding-top:calc(var(--sb-spacing)/2)}
            .sb-day{display:flex;align-items:center;gap:var(--sb-spacing);margin:calc(var(--sb-spacing)*2) 0 var(--sb-spacing);text-align:center}
            .sb-day::before,.sb-day::after{content:"";flex:1 1 0;min-width:var(--sb-spacing);border-top:1px solid \(border)}
            .sb-page-nav{justify-content:center;margin:calc(var(--sb-spacing)*2) 0}
            .sb-contents{margin:var(--sb-spacing) 0;padding:var(--sb-spacing) calc(var(--sb-spacing)*1.5);border:1px solid \(border);border-radius:calc(var(--sb-radius)*2/3)}
            .sb-contents>h2{margin:0;font-size:\(fontSize(named: "headline"))}
            .sb-contents-list{display:flex;flex-direction:column;gap:calc(var(--sb-spacing)/2);margin:0;padding-left:1.75em}
            .sb-contents-list>li>.sb-row{gap:0 calc(var(--sb-spacing)*.75);align-items:baseline}
            .sb-contents-list a,.sb-contents-list a>.sb-title{color:\(accent)}
            .sb-contents-list .sb-muted{color:\(muted);font-size:\(fontSize(named: "footnote"))}
            main>.sb-channel-header{margin-top:calc(var(--sb-spacing)*3);padding-top:calc(var(--sb-spacing)*1.5);border-top:3px solid \(accent);scroll-margin-top:var(--sb-spacing)}
            main>.sb-channel-header>h2{margin:0}
            .sb-empty-channel{color:\(muted);font-style:italic;padding:var(--sb-spacing) 0}
            hr{width:100%;border:0;border-top:1px solid \(border);margin:var(--sb-spacing) 0}
            .sb-image{display:inline-block;max-width:min(100%,20rem);border-radius:calc(var(--sb-radius)*2/3);overflow:hidden;vertical-align:top}
            .sb-image img{display:block;max-width:100%;max-height:24rem;object-fit:cover}
            .sb-image-frame{display:inline-grid}
            .sb-body>.sb-image-frame,.sb-gallery .sb-image-frame{display:grid}
            a.sb-image-frame{color:inherit;text-decoration:none}
            .sb-image-frame>*{grid-area:1/1;min-width:0}
            .sb-image-frame>.sb-image-placeholder{border-radius:inherit}
            .sb-image-picture{position:relative;align-self:start;overflow:hidden}
            .sb-image-picture>img{min-width:100%}
            .sb-play{position:absolute;top:50%;left:50%;width:3rem;height:3rem;margin:-1.5rem 0 0 -1.5rem;border-radius:50%;background:\(color("text"));background:color-mix(in srgb,\(color("text")) 60%,transparent)}
            .sb-play::after{content:"";position:absolute;top:.9rem;left:1.15rem;width:1rem;height:1.2rem;background:\(color("textInverted", "background"));clip-path:polygon(0 0,100% 50%,0 100%)}
            .sb-image-missing{padding:var(--sb-spacing);border:1px dashed \(border);color:\(muted)}
            .sb-image-placeholder{padding:calc(var(--sb-spacing)*.75) var(--sb-spacing);border:1px dashed \(border);text-decoration:none;color:inherit}
            a.sb-image-placeholder .sb-image-label,a.sb-image-frame .sb-image-label{color:\(color("link", "accentPrimary"));text-decoration:underline}
            .sb-image-details{color:\(muted);font-size:\(fontSize(named: "footnote"));white-space:nowrap}
            .sb-not-saved{color:\(color("alert", "accentPrimary", "text"));font-size:\(fontSize(named: "footnote"));font-style:italic;text-decoration:none}
            .sb-image-placeholder>.sb-not-saved{display:block}
            .sb-row.sb-attachment:has(>.sb-not-saved){flex-wrap:wrap}
            .sb-row.sb-attachment>.sb-not-saved{flex:1 1 100%;order:1}
            .sb-not-saved-summary{margin:0 0 var(--sb-spacing);color:\(color("alert", "accentPrimary", "text"))}
            .sb-channel-info .sb-image-placeholder{width:auto;height:auto;padding:0 .4em;border-radius:calc(var(--sb-radius)/3);font-size:inherit}
            .sb-channel-info .sb-image-details{display:none}
            .sb-icon{font-style:normal}
            .sb-badge{display:inline-block;padding:0 .5em;border:1px solid \(border);border-radius:999px}
            .sb-badge.sb-reaction,.sb-badge.sb-own-reaction{padding:.1em .6em;line-height:1.4}
            .sb-badge.sb-own-reaction{border-color:\(accent)}
            .sb-reactors{display:inline-block;min-width:0;max-width:100%}
            .sb-reactors>summary{display:inline-block;cursor:pointer;list-style:none}
            .sb-reactors>summary::-webkit-details-marker{display:none}
            .sb-reactors>summary:focus-visible{outline:2px solid \(accent);outline-offset:2px}
            .sb-reactors-list{display:block;max-width:18rem;margin-top:2px;text-align:start;color:\(muted);font-size:\(fontSize(named: "footnote"))}
            .sb-reactors:not([open])>.sb-reactors-list{display:none}
            .sb-row:has(>.sb-reactors[open]){align-items:flex-start}
            .sb-mention{padding:0 1px;border-radius:3px}
            .sb-author,.sb-badge,.sb-timestamp,.sb-mention{unicode-bidi:isolate}
            .sb-fields{display:grid;grid-template-columns:fit-content(40%) minmax(0,1fr);gap:calc(var(--sb-spacing)/4) var(--sb-spacing);margin:0}
            .sb-fields dt{min-width:min-content;overflow-wrap:break-word;color:\(muted)}
            .sb-fields dt.sb-long-label{min-width:0;overflow-wrap:anywhere}
            .sb-fields dd{margin:0;min-width:0}
            .sb-summary{padding-top:var(--sb-spacing);padding-bottom:calc(var(--sb-spacing)*3);border-top:1px solid \(border);color:\(muted);font-size:\(fontSize(named: "footnote"));text-align:center}
            .sb-document-summary{justify-content:center;gap:0 .4em}

            """
    }

    private func mediaRules() -> String {
        """
        @media (max-width:480px){.sb-channel,main,.sb-summary{padding-left:var(--sb-spacing);padding-right:var(--sb-spacing)}.sb-message{max-width:92%}}
        @media (prefers-reduced-motion:no-preference){html{scroll-behavior:smooth}}
        @media (prefers-reduced-motion:reduce){*,*::before,*::after{animation:none!important;transition:none!important;scroll-behavior:auto!important}}
        @media print{\(printProperties())*,*::before,*::after{background:none!important;box-shadow:none!important}body{color:\(color("text", else: nil))}\(colorScheme == "dark" ? "*{color:CanvasText!important}" : "").sb-message{break-inside:avoid;border:1px solid \(borderColor)}.sb-message.sb-system,.sb-message.sb-error{border:0}a{color:inherit}pre{white-space:pre-wrap;overflow-wrap:anywhere}.sb-avatar{color:\(color("text", else: "CanvasText"));border:1px solid \(borderColor)}a.\(HTMLMarkdownRenderer.printsTargetClass)::after{content:" (" attr(href) ")";overflow-wrap:anywhere}a.sb-image.\(HTMLMarkdownRenderer.printsTargetClass)::after{display:block;padding:2px 4px;content:attr(href)}.sb-table{overflow:visible}.sb-table table{width:100%;table-layout:fixed;font-size:.9em}.sb-table th,.sb-table td{overflow-wrap:anywhere}.sb-message:has(.sb-table){max-width:100%}.sb-reactors-list{display:none}.sb-reactors>summary[title]::after{content:\(Self.cssString(theme.string(.labelSeparator))) attr(title)}.sb-reactors>summary{border-radius:.7em}}

        """
    }

    /// Paper is white whatever the screen's scheme: print takes back the light colours that
    /// the dark block replaced, so a dark-mode print is not light grey on white. A theme whose
    /// only colours are dark prints black text instead (see ``mediaRules()``).
    private func printProperties() -> String {
        var rule = ":root{color-scheme:light;"
        for name in theme.darkColors.keys.sorted() {
            let light = theme.colors[name].map(Self.cssValue) ?? "initial"
            rule += "--sb-\(HTMLEscaping.identifier(name, fallback: "color")):\(light);"
        }
        return rule + "}"
    }

    // MARK: Values

    /// Lines and frames: the theme's border colour, or the text's own when the theme leaves the
    /// border unset (a theme without colours still draws bubbles' frames and separators).
    private var borderColor: String {
        theme.colors["border"] == .unset && (theme.darkColors["border"] ?? .unset) == .unset
            ? "currentColor" : color("border", "textLowEmphasis")
    }

    /// Colour, background and font declarations for a text style.
    private func declarations(for style: Theme.TextStyle) -> String {
        var result = "color:\(color(style.color, "text"));"
        if let background = style.background, theme.colors[background] != nil || theme.darkColors[background] != nil {
            result += "background:\(color(background, else: nil));"
        }
        if theme.fonts[style.font] != nil {
            result += "font-family:\(fontFamily(named: style.font));font-size:\(fontSize(named: style.font));"
        }
        let font = theme.fonts[style.font]
        let weight = style.bold ? max(font?.weight ?? 400, 600) : (font?.weight ?? 400)
        result += "font-weight:\(Self.clampedWeight(weight));"
        result += "font-style:\(style.italic || font?.italic == true ? "italic" : "normal");"
        if style.underline { result += "text-decoration:underline;" }
        if style.dim { result += "opacity:.72;" }
        return result
    }

    /// `var(--sb-name)` for the first of the names the theme defines; `fallback` when it has none.
    private func color(_ names: String..., else fallback: String? = "inherit") -> String {
        for name in names where theme.colors[name] != nil || theme.darkColors[name] != nil {
            return "var(--sb-\(HTMLEscaping.identifier(name, fallback: "color")))"
        }
        return fallback ?? "inherit"
    }

    private func fontFamily(named name: String) -> String {
        fontProperty(name).map { "var(--sb-font-\($0)-family)" } ?? "inherit"
    }

    private func fontSize(named name: String) -> String {
        fontProperty(name).map { "var(--sb-font-\($0)-size)" } ?? "inherit"
    }

    /// The property stem for a font, falling back to `body` when the theme lacks it.
    private func fontProperty(_ name: String) -> String? {
        let resolved = theme.fonts[name] != nil ? name : (theme.fonts["body"] != nil ? "body" : nil)
        return resolved.map { HTMLEscaping.identifier($0, fallback: "font") }
    }

    private func fontWeight(_ name: String) -> Int {
        Self.clampedWeight(theme.fonts[name]?.weight ?? 600)
    }

    private static func clampedWeight(_ weight: Int) -> Int { min(max(weight, 1), 1000) }

    /// A CSS length in pixels: finite, not negative, at most two decimals.
    static func pixels(_ value: Double) -> String {
        guard value.isFinite, value > 0 else { return "0" }
        let hundredths = Int((min(value, 100_000) * 100).rounded())
        let whole = hundredths / 100
        let fraction = hundredths % 100
        if fraction == 0 { return "\(whole)px" }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)px" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)px"
    }

    /// The colour emoji fonts of macOS, Windows, Linux (Noto) and Firefox's own, by family name.
    static let colorEmojiFamilies = "\"Apple Color Emoji\",\"Segoe UI Emoji\",\"Noto Color Emoji\",\"Twemoji Mozilla\""

    /// A face made of the first colour emoji font the reader has, for emoji only: pictographs,
    /// flags, keycaps and the symbols drawn as emoji by default, with the joiner and the emoji
    /// selector that bind their sequences. It leads every family list: the text fonts a list
    /// names (and `system-ui`, which is DejaVu Sans on Debian) draw the smileys in grey outlines,
    /// and none of their letters, digits or `#` and `*` can be taken by it. `local()` fetches
    /// nothing, so the page's policy allows it.
    static let colorEmojiFace =
        "@font-face{font-family:\"sb-color-emoji\";src:local(\"Apple Color Emoji\"),local(\"AppleColorEmoji\"),"
        + "local(\"Segoe UI Emoji\"),local(\"SegoeUIEmoji\"),local(\"Noto Color Emoji\"),local(\"NotoColorEmoji\"),"
        + "local(\"Twemoji Mozilla\");font-weight:1 1000;unicode-range:U+1F000-1FAFF,U+200D,U+20E3,U+FE0F,U+E0020-E007F,"
        + "U+231A-231B,U+23E9-23EC,U+23F0,U+23F3,U+25FD-25FE,U+2614-2615,U+2648-2653,U+267F,U+2693,U+26A1,U+26AA-26AB,"
        + "U+26BD-26BE,U+26C4-26C5,U+26CE,U+26D4,U+26EA,U+26F2-26F3,U+26F5,U+26FA,U+26FD,U+2705,U+270A-270B,U+2728,"
        + "U+274C,U+274E,U+2753-2755,U+2757,U+2795-2797,U+27B0,U+27BF,U+2B1B-2B1C,U+2B50,U+2B55}\n"

    /// `family` led by the emoji face and followed by ``colorEmojiFamilies`` (for a browser that
    /// refuses `local()`), unless it names an emoji font already (the jumbo emoji style).
    static func withColorEmoji(_ family: String) -> String {
        // `lowercased()`, not a localized comparison: the stylesheet must not depend on the locale.
        family.lowercased().contains("emoji") ? family : "\"sb-color-emoji\"," + family + "," + colorEmojiFamilies
    }

    /// A font-family list from a theme, reduced to what a family list needs (letters, digits,
    /// spaces, commas, hyphens, dots, underscores and balanced double quotes), so a theme value
    /// cannot close the declaration, the rule or the `<style>` element.
    static func fontFamily(_ family: String) -> String {
        // Built as bytes: the scalar views' filter and Foundation's trimming cost more than the
        // rest of the stylesheet.
        var kept: [UInt8] = []
        kept.reserveCapacity(family.utf8.count)
        var quotes = 0
        for scalar in family.unicodeScalars {
            guard scalar.isASCII else {
                // Past ASCII the Unicode properties tell a letter.
                if scalar.properties.isAlphabetic { UTF8.encode(scalar) { kept.append($0) } }
                continue
            }
            let byte = UInt8(scalar.value)
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
                kept.append(byte)
            case UInt8(ascii: "\""):
                kept.append(byte)
                quotes += 1
            default: break
            }
        }
        if quotes % 2 != 0 { kept.removeAll { $0 == UInt8(ascii: "\"") } }
        // Of the white space only the space is kept, so it alone is trimmed.
        let start = kept.firstIndex { $0 != UInt8(ascii: " ") } ?? kept.endIndex
        guard let last = kept.lastIndex(where: { $0 != UInt8(ascii: " ") }) else { return "sans-serif" }
        return String(decoding: kept[start...last], as: UTF8.self)
    }
}

extension Stylesheet {
    /// The rules of the search bar and of what the search script marks (hidden messages, matches,
    /// the current match), for a page rendered with ``HTMLOptions/search`` only: the page
    /// without it keeps its stylesheet unchanged. Matches are painted with the CSS Custom
    /// Highlight API (`::highlight`), or as `<mark>` where a browser lacks it. Messages are laid
    /// out only when near the screen (`content-visibility: auto`): each on its own until the
    /// script runs, then in the groups of about forty it makes (`.sb-group`, laid out as `main`
    /// lays out its children), so that the browser tracks a few hundred boxes rather than ten
    /// thousand in each frame a search changes. A group paints nothing outside itself, so it
    /// reaches 4 px past the column, padded back, for the outline of the current match (2 px, 2 px
    /// off the bubble) to show whole.
    package var searchCSS: String {
        let border = borderColor
        let accent = color("accentPrimary", "link")
        let muted = color("textLowEmphasis", "text")
        let match = "background-color:#ffe58a;color:#111"
        let current = "background-color:#ff9a3c;color:#111"
        return """
            .sb-search{position:sticky;top:0;z-index:3;display:flex;flex-wrap:wrap;align-items:center;gap:calc(var(--sb-spacing)/2);padding:calc(var(--sb-spacing)/2) 0;background:\(color("background", else: "Canvas"));border-bottom:1px solid \(border)}
            .sb-search input{flex:1 1 10rem;min-width:0;font:inherit;padding:calc(var(--sb-spacing)/3) calc(var(--sb-spacing)/2);border:1px solid \(border);border-radius:calc(var(--sb-radius)/3);background:Field;color:FieldText}
            .sb-search input:focus-visible,.sb-search button:focus-visible{outline:2px solid \(accent);outline-offset:1px}
            .sb-search button{font:inherit;min-width:2.25rem;min-height:2.25rem;border:1px solid \(border);border-radius:calc(var(--sb-radius)/3);background:ButtonFace;color:ButtonText;cursor:pointer}
            .sb-search-count{min-width:4.5rem;text-align:center;font-variant-numeric:tabular-nums;color:\(muted)}
            .sb-search-scope{color:\(muted);font-size:\(fontSize(named: "footnote"))}
            .sb-search-status{flex-basis:100%;margin:0;color:\(muted);font-size:\(fontSize(named: "footnote"))}
            .sb-search-status:empty{display:none}
            .sb-search-problem .sb-search-status{color:\(color("accentPrimary", "text"))}
            .sb-search-hidden{display:none!important}
            .sb-message.sb-search-author:not(.sb-own-bubble)::before{content:attr(data-from);display:block;margin-bottom:calc(var(--sb-spacing)/4);color:\(muted);font-size:\(fontSize(named: "footnote"));font-weight:600}
            .sb-message.sb-search-current{outline:2px solid \(accent);outline-offset:2px}
            .sb-message.sb-search-target{outline:2px solid \(accent);outline-offset:2px;background:\(color("highlightedAccentBackground1", "background6"))}
            main article.sb-message{content-visibility:auto;contain-intrinsic-size:auto 5rem}
            .sb-group{display:flex;flex-direction:column;gap:inherit;margin:-4px;padding:4px;content-visibility:auto;contain-intrinsic-size:auto 200rem}
            .sb-group article.sb-message{content-visibility:visible}
            ::highlight(sb-search){\(match)}
            ::highlight(sb-search-current){\(current)}
            mark.sb-search-mark{\(match)}
            mark.sb-search-mark-current{\(current)}
            @media print{.sb-search{display:none}}

            """
    }
}
