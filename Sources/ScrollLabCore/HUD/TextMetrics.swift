/// Text measurement for the layout: the width of a string and the line height of a style, in pixels.
package struct TextMetrics {
    package var width: (String, TextStyle) -> Double
    package var lineHeight: (TextStyle) -> Double

    package init(width: @escaping (String, TextStyle) -> Double, lineHeight: @escaping (TextStyle) -> Double) {
        self.width = width
        self.lineHeight = lineHeight
    }

    /// Metrics where every character of a style has one width (tests; a monospaced worst case).
    package static func fixed(characterWidth: [TextStyle: Double], lineHeight: [TextStyle: Double]) -> TextMetrics {
        TextMetrics(width: { text, style in Double(text.count) * (characterWidth[style] ?? 8) },
                    lineHeight: { lineHeight[$0] ?? 16 })
    }

    /// `text` as it fits in `width`: itself, or its longest prefix that fits followed by "…"
    /// (empty when not even "…" fits).
    package func elide(_ text: String, style: TextStyle, toWidth width: Double) -> String {
        self.width(text, style) <= width ? text : shortened(text, style: style, toWidth: width)
    }

    /// `elide` and the width of what it gives: a text that fits whole is measured once, not twice.
    package func elideMeasuring(_ text: String, style: TextStyle, toWidth width: Double) -> (text: String, width: Double) {
        let whole = self.width(text, style)
        if whole <= width { return (text, whole) }
        let shown = shortened(text, style: style, toWidth: width)
        return (shown, self.width(shown, style))
    }

    /// `text`, wider than `width`, as its longest prefix that fits followed by "…" (empty when not even "…" fits).
    private func shortened(_ text: String, style: TextStyle, toWidth width: Double) -> String {
        let characters = Array(text)
        var low = 0, high = characters.count - 1   // longest prefix length that fits, by bisection
        guard self.width("…", style) <= width else { return "" }
        while low < high {
            let middle = (low + high + 1) / 2
            if self.width(String(characters[..<middle]) + "…", style) <= width { low = middle } else { high = middle - 1 }
        }
        return String(characters[..<low]).trimmingTrailingSpaces() + "…"
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
