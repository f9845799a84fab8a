import ScrollKit
import ScrollLabCore

/// The `H` overlay: every key of every scene (a scene's own keys marked with it, dimmed when it is
/// not the scene shown), and the timeline's abbreviations, wrapped inside a panel over the dimmed window.
@MainActor
struct HelpOverlay {
    /// One key and what it does; `scene` names the only scene it acts on (nil: every scene).
    struct Entry: Equatable {
        var key: String
        var action: String
        var scene: String? = nil
    }

    let canvas: Canvas
    let text: TextCache

    /// Draws the overlay listing `entries`, with `current` the scene shown, centred in a layout of `size`.
    func draw(_ entries: [Entry], current: String, size: Size) {
        canvas.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), RGBA(0, 0, 0, 170))
        let layout = HelpLayout(entries, current: current, metrics: text.fonts.metrics)
        let dx = ((size.width - HUDLayout.baseSize.width) / 2).rounded(.down)
        let dy = ((size.height - HUDLayout.baseSize.height) / 2).rounded(.down)
        canvas.fillRounded(layout.panel.offsetBy(Point(x: dx, y: dy)), radius: 12, RGBA(36, 40, 48))
        for box in layout.boxes {
            text.draw(box.text, style: box.style, colour: box.colour, x: Int32((box.frame.minX + dx).rounded()),
                      y: Int32((box.frame.minY + dy).rounded()))
        }
    }
}

/// Where the help's text goes: keys on the left, each action wrapped to the keys column's width,
/// the timeline legend on the right; the panel's height fits what it holds. Pure, for tests.
struct HelpLayout {
    /// The panel, window points.
    private(set) var panel: Rect
    private(set) var boxes: [HUDLayout.Box] = []

    /// The timeline's abbreviations and what else the HUD shows in short.
    static let legend: [(String, String)] = [
        ("wBD", "willBeginDragging"), ("wED", "willEndDragging"),
        ("dED(T)", "didEndDragging(willDecelerate: true)"), ("dED(F)", "didEndDragging(willDecelerate: false)"),
        ("wBDec", "willBeginDecelerating"), ("dEDec", "didEndDecelerating"),
        ("dEDec*", "left over from an interrupted fling"), ("dESA", "didEndScrollingAnimation"),
        ("tB", "touchesBegan (a tile)"), ("tE", "touchesEnded"), ("tC", "touchesCancelled"),
        ("tap", "a tap on a tile (or its ♥)"), ("wBZ", "willBeginZooming"), ("dEZ", "didEndZooming"),
        ("×3", "three at one instant"), ("+n", "callbacks with no room for a label"),
        ("¹²³", "policy table: a seed problem shown broken"),
    ]

    static let keyWidth = 56.0
    static let actionWidth = 476.0
    static let legendKeyWidth = 60.0
    static let legendWidth = 268.0

    init(_ entries: [HelpOverlay.Entry], current: String, metrics: TextMetrics) {
        let left = 20.0, top = 12.0
        panel = Rect(x: left, y: top, width: 920, height: 576)
        let line = Swift.max(metrics.lineHeight(.label), metrics.lineHeight(.mono))
        var y = top + 16
        func put(_ text: String, _ style: FontSet.Style, _ colour: RGBA, x: Double, y: Double, width: Double) {
            let shown = metrics.elide(text, style: style, toWidth: width)
            boxes.append(HUDLayout.Box(text: shown, style: style, colour: colour,
                                       frame: Rect(x: x, y: y, width: metrics.width(shown, style), height: metrics.lineHeight(style)),
                                       column: 0))
        }
        let keysX = left + 20
        put("Keys", .heading, .heading, x: keysX, y: y, width: Self.keyWidth + Self.actionWidth)
        put("(scene) keys of one scene only", .label, .dimText, x: keysX + 60, y: y, width: Self.actionWidth)
        y += line + 8
        for entry in entries {
            let elsewhere = entry.scene.map { $0 != current } ?? false
            let action = entry.action + (entry.scene.map { " (\($0))" } ?? "")
            put(entry.key, .mono, elsewhere ? .dimText : .active, x: keysX, y: y + 1, width: Self.keyWidth - 6)
            for wrapped in metrics.wrap(action, style: .label, toWidth: Self.actionWidth) {
                put(wrapped, .label, elsewhere ? .dimText : .text, x: keysX + Self.keyWidth, y: y, width: Self.actionWidth)
                y += line
            }
            y += 2
        }
        var legendY = top + 16
        let legendX = keysX + Self.keyWidth + Self.actionWidth + 20
        put("Timeline labels", .heading, .heading, x: legendX, y: legendY, width: Self.legendKeyWidth + Self.legendWidth)
        legendY += line + 8
        for (short, meaning) in Self.legend {
            put(short, .mono, .text, x: legendX, y: legendY + 1, width: Self.legendKeyWidth - 6)
            for wrapped in metrics.wrap(meaning, style: .label, toWidth: Self.legendWidth) {
                put(wrapped, .label, .dimText, x: legendX + Self.legendKeyWidth, y: legendY, width: Self.legendWidth)
                legendY += line
            }
            legendY += 2
        }
        panel.size.height = Swift.max(y, legendY) + 10 - top
    }
}

extension TextMetrics {
    /// `text` broken at spaces into lines no wider than `width`; a word wider than that is elided.
    func wrap(_ text: String, style: FontSet.Style, toWidth width: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if self.width(candidate, style) <= width || line.isEmpty {
                line = candidate
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { elide($0, style: style, toWidth: width) }
    }
}
