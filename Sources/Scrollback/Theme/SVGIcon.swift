extension Theme {
    /// An icon HTML draws as inline SVG instead of its text glyph: one path in a view box, filled
    /// with the text colour. Built only from checked parts (four numbers, path commands and
    /// numbers), so a theme cannot put markup or script into the page.
    public struct SVGIcon: Sendable, Hashable {
        /// `minX minY width height`.
        public let viewBox: [Double]
        /// SVG path data: command letters, numbers, spaces and commas only.
        public let path: String

        /// The longest path accepted, in characters.
        static let maximumPathLength = 8000

        /// `nil` unless `viewBox` is four finite numbers with a positive size and `path` is path
        /// data and nothing else.
        public init?(viewBox: String, path: String) {
            let numbers = viewBox.split(whereSeparator: { $0 == " " || $0 == "," }).map { Double($0) }
            guard numbers.count == 4, numbers.allSatisfy({ $0?.isFinite == true }) else { return nil }
            let values = numbers.map { $0! }
            guard values[2] > 0, values[3] > 0 else { return nil }
            guard !path.isEmpty, path.count <= Self.maximumPathLength,
                path.unicodeScalars.allSatisfy({ Self.pathCharacters.contains($0) })
            else { return nil }
            self.viewBox = values
            self.path = path
        }

        private static let pathCharacters = Set("MmLlHhVvCcSsQqTtAaZz0123456789.,-+eE \n\t".unicodeScalars)

        /// The `viewBox` attribute's value, rewritten from the numbers.
        public var viewBoxText: String {
            viewBox.map { ThemeFileWriter.number($0) }.joined(separator: " ")
        }

        /// The `<svg>` element, sized to the surrounding text.
        var html: String {
            let data = path.split(whereSeparator: { $0 == "\n" || $0 == "\t" }).joined(separator: " ")
            return "<svg viewBox=\"\(viewBoxText)\" width=\"1em\" height=\"1em\" aria-hidden=\"true\" focusable=\"false\" "
                + "style=\"vertical-align:-.125em\"><path fill=\"currentColor\" d=\"\(data)\"/></svg>"
        }
    }
}

extension Theme {
    /// The SVG drawing of an icon, if the theme has one (falling back as ``icon(_:)`` does).
    public func svgIcon(_ icon: Icon) -> Theme.SVGIcon? {
        guard !svgIcons.isEmpty else { return nil }
        if icons[icon] != nil { return svgIcons[icon] }
        return svgIcons[icon.group ?? icon]
    }
}
