import ScrollKit

/// A key's answer: a short message in a dark rounded pill near the bottom of the phone, fading out.
@MainActor
struct Toast {
    let canvas: Canvas
    let text: TextCache

    /// Draws `message` at `alpha` (0…1) centred over the lower part of `phone`; a message wider than
    /// the phone is elided.
    func draw(_ message: String, alpha: Double, over phone: Rect) {
        // In eight steps: each step's text is one cached texture.
        let alpha = (Swift.min(1, alpha) * 8).rounded() / 8
        guard alpha > 0 else { return }
        let fonts = text.fonts
        let metrics = fonts.metrics
        let shown = metrics.elide(message, style: .label, toWidth: phone.width - 40)
        let width = Double(fonts.width(shown, style: .label)) + 24
        let pill = Rect(x: phone.center.x - width / 2, y: phone.maxY - 70, width: width, height: 28)
        canvas.fillRounded(pill, radius: 14, RGBA(20, 22, 26, UInt8(230 * alpha)))
        text.draw(shown, style: .label, colour: RGBA.text.withAlpha(UInt8(255 * alpha)),
                  x: Int32((pill.minX + 12).rounded()), y: Int32((pill.minY + 5).rounded()))
    }
}
