import ScrollKit
import ScrollLabCore

/// A key's answer: a short message in a dark rounded pill near the bottom of the phone, fading out.
@MainActor
struct Toast {
    let canvas: Canvas
    let text: TextCache

    /// Draws `message` at `alpha` (0…1) centred over the lower part of `phone`, wrapped to at most two
    /// lines (a longer message is elided).
    func draw(_ message: String, alpha: Double, over phone: Rect) {
        // In eight steps: each step's text is one cached texture.
        let alpha = (Swift.min(1, alpha) * 8).rounded() / 8
        guard alpha > 0 else { return }
        let fonts = text.fonts
        let metrics = fonts.metrics
        var lines = metrics.wrap(message, style: .label, toWidth: phone.width - 48)
        if lines.count > 2 {
            lines = [lines[0], metrics.elide(lines[1...].joined(separator: " "), style: .label, toWidth: phone.width - 48)]
        }
        let line = metrics.lineHeight(.label)
        let width = (lines.map { metrics.width($0, .label) }.max() ?? 0) + 24
        let height = Double(lines.count) * line + 10
        let pill = Rect(x: phone.center.x - width / 2, y: phone.maxY - 42 - height, width: width, height: height)
        canvas.fillRounded(pill, radius: Swift.min(14, height / 2), RGBA(20, 22, 26, UInt8(230 * alpha)))
        for (index, text) in lines.enumerated() {
            self.text.draw(text, style: .label, colour: RGBA.text.withAlpha(UInt8(255 * alpha)),
                           x: Int32((pill.minX + 12).rounded()), y: Int32((pill.minY + 5 + Double(index) * line).rounded()))
        }
    }
}
