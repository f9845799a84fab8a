import ScrollKit

/// The `H` overlay: every key the window understands, over a dimmed window.
@MainActor
struct HelpOverlay {
    /// One key and what it does.
    struct Entry {
        var key: String
        var action: String
    }

    let canvas: Canvas
    let text: TextCache

    /// Draws the overlay listing `entries`.
    func draw(_ entries: [Entry]) {
        canvas.fill(Rect(x: 0, y: 0, width: 960, height: 600), RGBA(0, 0, 0, 170))
        let height = Double(70 + entries.count * 26)
        let panel = Rect(x: 250, y: (600 - height) / 2, width: 460, height: height)
        canvas.fillRounded(panel, radius: 12, RGBA(36, 40, 48))
        var y = Int32(panel.minY) + 18
        text.draw("Keys", style: .heading, colour: .heading, x: 280, y: y)
        y += 32
        for entry in entries {
            text.draw(entry.key, style: .mono, colour: .active, x: 280, y: y + 1)
            text.draw(entry.action, style: .label, colour: .text, x: 400, y: y)
            y += 26
        }
    }
}
