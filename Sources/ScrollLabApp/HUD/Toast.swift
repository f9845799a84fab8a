import ScrollKit
import ScrollLabCore

/// A key's answer: a short message in a dark rounded pill near the bottom of the phone, fading out.
@MainActor
struct Toast {
    let canvas: Canvas
    let text: TextCache

    /// Draws the toast laid out as `layout` (a message centred over the lower part of a phone) at `alpha` (0…1).
    func draw(_ layout: ToastLayout, alpha: Double) {
        // In eight steps: each step's text is one cached texture.
        let alpha = (Swift.min(1, alpha) * 8).rounded() / 8
        guard alpha > 0 else { return }
        let pill = layout.pill
        canvas.fillRounded(pill, radius: Swift.min(14, pill.height / 2), RGBA(20, 22, 26, UInt8(230 * alpha)))
        for (index, line) in layout.lines.enumerated() {
            text.draw(line, style: .label, colour: RGBA.text.withAlpha(UInt8(255 * alpha)),
                      x: Int32((pill.minX + ToastLayout.padding).rounded()),
                      y: Int32((pill.minY + 5 + Double(index) * layout.lineHeight).rounded()))
        }
    }
}

/// Where a toast's text goes: the message wrapped at spaces (a word wider than the pill broken inside)
/// to the phone's width less a margin, in at most `maxLines` lines; only a longer message is elided.
/// Pure, so a test can check that every key's answer is shown whole.
struct ToastLayout {
    /// Lines a toast holds before its last is elided.
    static let maxLines = 4
    /// Room between the text and the pill's sides, and between the pill and the phone's sides.
    static let padding = 12.0

    let lines: [String]
    let lineHeight: Double
    /// The pill, window points.
    let pill: Rect
    /// True when the message did not fit and its last line ends in "…".
    let isElided: Bool

    init(_ message: String, over phone: Rect, metrics: TextMetrics) {
        let width = phone.width - 4 * Self.padding
        var lines = metrics.wrap(message, style: .label, toWidth: width)
        isElided = lines.count > Self.maxLines
        if isElided {
            lines = Array(lines.prefix(Self.maxLines - 1))
                + [metrics.elide(lines[(Self.maxLines - 1)...].joined(separator: " "), style: .label, toWidth: width)]
        }
        self.lines = lines
        lineHeight = metrics.lineHeight(.label)
        let pillWidth = (lines.map { metrics.width($0, .label) }.max() ?? 0) + 2 * Self.padding
        let height = Double(lines.count) * lineHeight + 10
        pill = Rect(x: phone.center.x - pillWidth / 2, y: phone.maxY - 42 - height, width: pillWidth, height: height)
    }
}
