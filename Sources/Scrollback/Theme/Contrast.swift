import Foundation

/// WCAG 2.x contrast: relative luminance of sRGB colours and the ratio between two of them,
/// from 1:1 (the same colour) to 21:1 (black on white). AA asks 4.5:1 of body text, AAA 7:1.
package enum Contrast {
    /// The relative luminance of `color`, 0 (black) to 1 (white). Alpha is ignored: blend a
    /// translucent colour over its background first (``blended(_:over:)``).
    package static func relativeLuminance(of color: Theme.RGBColor) -> Double {
        0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// The contrast ratio between two colours, at least 1.
    package static func ratio(_ first: Theme.RGBColor, _ second: Theme.RGBColor) -> Double {
        let a = relativeLuminance(of: first), b = relativeLuminance(of: second)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// `color` drawn over the opaque `background`.
    package static func blended(_ color: Theme.RGBColor, over background: Theme.RGBColor) -> Theme.RGBColor {
        let alpha = Double(color.alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * alpha + Double(bottom) * (1 - alpha)).rounded())
        }
        return Theme.RGBColor(
            red: mix(color.red, background.red), green: mix(color.green, background.green),
            blue: mix(color.blue, background.blue))
    }

    /// An sRGB channel, linearised (the WCAG 2.x formula, with its 0.03928 threshold).
    private static func linear(_ channel: UInt8) -> Double {
        let value = Double(channel) / 255
        return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
}

extension Theme {
    /// The lowest contrast of a text colour against the page and bubble backgrounds.
    package struct ContrastReport: Sendable, Hashable {
        /// `text` against `background`, `background6` (own bubbles), `background8` (others') and
        /// `pinnedMessageBackground`.
        package var body: Double
        /// `textLowEmphasis` against the same backgrounds.
        package var muted: Double
    }

    /// The backgrounds text sits on: the page, both bubbles and a pinned message's.
    static let textBackgrounds = ["background", "background6", "background8", "pinnedMessageBackground"]

    /// Body and muted contrast in one appearance. A colour the theme leaves unset is the
    /// viewer's own: measured as a browser's defaults, black text on white.
    package func contrast(dark: Bool) -> ContrastReport {
        let page = color("background", dark: dark).rgbValue ?? Theme.RGBColor(red: 255, green: 255, blue: 255)
        func resolved(_ name: String, over background: Theme.RGBColor) -> Theme.RGBColor {
            let fallback = name.hasPrefix("background") || name.hasSuffix("Background") ? page : Theme.RGBColor(red: 0, green: 0, blue: 0)
            let value = (colors[name] != nil || darkColors[name] != nil) ? color(name, dark: dark).rgbValue : nil
            return Contrast.blended(value ?? fallback, over: background)
        }
        var body = Double.infinity, muted = Double.infinity
        for backgroundName in Self.textBackgrounds {
            let background = resolved(backgroundName, over: page)
            body = min(body, Contrast.ratio(resolved("text", over: background), background))
            muted = min(muted, Contrast.ratio(resolved("textLowEmphasis", over: background), background))
        }
        return ContrastReport(body: body, muted: muted)
    }
}
