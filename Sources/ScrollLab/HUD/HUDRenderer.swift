import Foundation
import LabKit
import ScrollKit

/// The heads-up display right of the phone: state on the left column, the latest delegate
/// callbacks (newest first) on the right column, key hints and frame timing at the bottom.
@MainActor
struct HUDRenderer {
    let canvas: Canvas
    let text: TextCache
    let fonts: FontSet

    /// Left edge of the HUD, window pixels.
    static let left: Int32 = 372
    /// Left edge of the events column.
    static let eventsLeft: Int32 = 612

    /// Draws the HUD for one frame.
    func draw(_ s: SceneSnapshot, events: EventLog, status: HUDStatus) {
        var y: Int32 = 14
        let x = Self.left
        let line = fonts.lineHeight(.mono) + 1

        func heading(_ title: String) {
            y += 6
            text.draw(title, style: .heading, colour: .heading, x: x, y: y)
            y += fonts.lineHeight(.heading) + 2
        }
        func row(_ label: String, _ value: String, _ colour: RGBA = .text) {
            text.draw(label, style: .label, colour: .dimText, x: x, y: y)
            text.draw(value, style: .mono, colour: colour, x: x + 92, y: y + 1)
            y += line + 1
        }

        heading("Scene")
        row("scene", s.name)
        // The grid's policy row names its keys (1–8); the pager has no policy.
        row(s.policy == "—" ? "policy" : "policy 1–\(LoadingPolicyKind.allCases.count)", s.policy)
        // A scene with touchable content and no paging shows its content-touch switches in the paging row's place.
        if let touches = s.contentTouches, s.pagingMode == nil { row("touches", touches) } else { row("paging", s.pagingMode ?? "—") }
        row("rate", s.decelerationRate + (status.slowMotion.map { " · " + $0 } ?? ""))
        row("physics", status.physics)
        heading("State")
        let flags: [(String, Bool)] = [("tracking", s.isTracking), ("dragging", s.isDragging), ("decel", s.isDecelerating)]
        var fx = x
        for (name, on) in flags {
            let size = text.draw(on ? "●" + name : "○" + name, style: .mono, colour: on ? .active : .dimText, x: fx, y: y)
            fx += size.width + 12
        }
        y += line + 3
        row("velocity", Self.format(s.velocity) + " pt/s")
        row("offset", Self.format(s.contentOffset))
        row("target", s.targetContentOffset.map(Self.format) ?? "—", s.targetContentOffset == nil ? .dimText : .ghost)

        heading("Views (pool)")
        for tile in s.tiles {
            canvas.fill(Rect(x: Double(x), y: Double(y + 3), width: 10, height: 10), TilePalette.colour(ofView: tile.view))
            text.draw("view #\(tile.view)", style: .label, colour: .text, x: x + 16, y: y)
            text.draw(tile.item.map { "item \($0)" } ?? "unbound", style: .mono, colour: .text, x: x + 92, y: y + 1)
            y += line
        }
        row("created", "\(s.viewsCreated)", s.viewsCreated == s.tiles.count ? .active : .ghost)
        row("rebinds", "\(s.rebindCount)")

        heading("Loading")
        if s.metrics.isEmpty {
            text.draw("no load metrics in this scene", style: .label, colour: .dimText, x: x, y: y)
            y += line
        }
        if let latency = status.latencyMs { row("latency", String(format: "%.0f ms (L)", latency)) }
        for (label, value) in s.metrics { row(label, value) }

        drawEvents(events)
        drawFooter(status)
    }

    private func drawEvents(_ events: EventLog) {
        let x = Self.eventsLeft
        var y: Int32 = 20
        text.draw("Delegate events (newest first)", style: .heading, colour: .heading, x: x, y: y)
        y += fonts.lineHeight(.heading) + 2
        text.draw("didScroll × \(events.didScrollCount)", style: .mono, colour: .dimText, x: x, y: y)
        y += fonts.lineHeight(.mono) + 4
        // Two lines per callback, one pixel tighter than the font's skip, so 15 fit above the footer.
        let line = fonts.lineHeight(.mono) - 1
        for (index, record) in events.entries.enumerated() where y + 2 * line <= Self.footerTop {
            let colour: RGBA = index == 0 ? .text : RGBA(200, 203, 210)
            text.draw(String(format: "%8.3f ", record.time) + record.event.name, style: .mono, colour: colour, x: x, y: y)
            y += line
            if let args = Self.arguments(of: record) {
                text.draw("  " + args, style: .mono, colour: .dimText, x: x, y: y)
                y += line
            }
            y += 1
        }
    }

    /// Top of the footer (key hints and frame timing).
    static let footerTop: Int32 = 600 - 62

    private func drawFooter(_ status: HUDStatus) {
        let y: Int32 = Self.footerTop + 20
        if let message = status.message {
            canvas.fill(Rect(x: Double(Self.left), y: Double(y - 18), width: 580, height: 18), .background)
            text.draw(message, style: .mono, colour: .active, x: Self.left, y: y - 17)
        } else {
            text.draw(status.renderer + " · input stamped with " + status.eventClock + " time",
                      style: .label, colour: .dimText, x: Self.left, y: y - 17)
        }
        text.draw("H help · D rate · T slow motion · F5 record · R reset · F12 screenshot · Esc quit",
                  style: .label, colour: .dimText, x: Self.left, y: y)
        text.draw(String(format: "%.1f fps · interval p99 %.1f ms · work %.1f ms (p99 %.1f)", status.fps,
                         status.intervalP99Ms, status.frameMs, status.frameP99Ms),
                  style: .mono, colour: .dimText, x: Self.left, y: y + 19)
    }

    /// The callback's arguments, short (`v=(0.00, 2.31) pt/ms → (0, 5230)`), or nil.
    static func arguments(of record: ScrollEventRecord) -> String? {
        switch record.event {
        case let .willEndDragging(velocity, target, proposed):
            var s = String(format: "v=(%.2f, %.2f) pt/ms → %@", velocity.x, velocity.y, whole(target))
            if proposed != target { s += " was " + whole(proposed) }
            return s
        case let .didEndDragging(willDecelerate):
            return "willDecelerate: \(willDecelerate) at " + whole(record.offset)
        default:
            return "at " + whole(record.offset)
        }
    }

    /// A point rounded to whole points: `(0, 1235)`.
    static func whole(_ p: Point) -> String {
        String(format: "(%.0f, %.0f)", p.x, p.y)
    }

    /// A point rounded to one decimal: `(0.0, 1234.5)`.
    static func format(_ p: Point) -> String {
        String(format: "(%.1f, %.1f)", p.x, p.y)
    }
}
