import LabKit
import ScrollKit
import ScrollLabCore

/// Where every piece of HUD text goes, decided before anything is drawn: fixed columns, one text box
/// per string, each measured and elided with "…" to fit its cell, and nothing placed below its
/// column's bottom. Pure (fonts are measured through `TextMetrics`), so a test can lay out the worst
/// case and check that no two boxes intersect and none leaves its column.
///
/// Columns of the 960×600 window: the state column right of the phone (scene, state, views, loading,
/// the policy comparison), the delegate-event column above the timeline, and the footer.
struct HUDLayout {
    /// A column: its name and frame in window pixels.
    struct Column: Equatable {
        var name: String
        var frame: Rect
    }

    /// One string placed: its frame is its measured size at its origin.
    struct Box: Equatable {
        var text: String
        var style: FontSet.Style
        var colour: RGBA
        var frame: Rect
        /// Index into `columns`.
        var column: Int
    }

    /// A small filled square (a view's identity colour).
    struct Swatch: Equatable {
        var frame: Rect
        var colour: RGBA
    }

    /// Scene, state, views, loading and the policy table.
    static let stateColumn = Column(name: "state", frame: Rect(x: 352, y: 8, width: 252, height: 530))
    /// The latest delegate callbacks, above the timeline.
    static let eventsColumn = Column(name: "events", frame: Rect(x: 616, y: 8, width: 332, height: 284))
    /// Renderer, keys and frame timing, under both.
    static let footerColumn = Column(name: "footer", frame: Rect(x: 352, y: 540, width: 596, height: 58))
    /// The title above the phone.
    static let titleColumn = Column(name: "title", frame: Rect(x: 20, y: 8, width: 320, height: 44))
    /// The timeline panel (drawn by `TimelinePlot`), under the events.
    static let timelineFrame = Rect(x: 616, y: 296, width: 332, height: 238)

    /// Width of the label cell of a `label value` row.
    static let labelWidth = 88.0
    /// Cells of the policy table (policy, loads, wasted, blank, settle): widths in pixels.
    static let tableCells: [Double] = [72, 44, 48, 48, 40]
    /// Delegate callbacks listed (two lines each).
    static let eventRows = 7

    let columns = [stateColumn, eventsColumn, footerColumn, titleColumn]
    private(set) var boxes: [Box] = []
    private(set) var swatches: [Swatch] = []
    private let metrics: TextMetrics

    /// Lays out the HUD for one frame.
    init(_ s: SceneSnapshot, events: EventLog, status: HUDStatus, metrics: TextMetrics) {
        self.metrics = metrics
        layOutState(s, status: status)
        layOutEvents(events)
        layOutFooter(status, scene: s)
        let title = columns[3].frame
        let used = put("ScrollLab", .heading, .text, column: 3, x: title.minX, y: title.minY + 6, width: title.width)
        put("drag or wheel · H for keys", .label, .dimText, column: 3, x: title.minX + used + 12,
            y: title.minY + 6, width: title.width - used - 12)
    }

    // MARK: Placing text

    /// Places `text` with its top-left at (x, y) in column `column`, elided to `width` (right-aligned
    /// in that width when `alignRight`). Nothing is placed when the line would run below the column.
    /// Returns the width used.
    @discardableResult
    private mutating func put(_ text: String, _ style: FontSet.Style, _ colour: RGBA, column: Int,
                              x: Double, y: Double, width: Double, alignRight: Bool = false) -> Double {
        let frame = columns[column].frame
        let height = metrics.lineHeight(style)
        let available = Swift.min(width, frame.maxX - x)
        guard !text.isEmpty, available > 0, y >= frame.minY, y + height <= frame.maxY else { return 0 }
        let shown = metrics.elide(text, style: style, toWidth: available)
        let used = metrics.width(shown, style)
        guard !shown.isEmpty else { return 0 }
        let left = alignRight ? x + available - used : x
        boxes.append(Box(text: shown, style: style, colour: colour,
                         frame: Rect(x: left, y: y, width: used, height: height), column: column))
        return used
    }

    /// Height of a `label value` row.
    private var rowHeight: Double {
        Swift.max(metrics.lineHeight(.label), metrics.lineHeight(.mono)) + 1
    }

    // MARK: State column

    private mutating func layOutState(_ s: SceneSnapshot, status: HUDStatus) {
        let c = 0, frame = columns[c].frame, x = frame.minX
        var y = frame.minY + 4
        func heading(_ title: String, note: String? = nil) {
            y += 4
            let used = put(title, .heading, .heading, column: c, x: x, y: y, width: frame.width)
            if let note { put(note, .label, .dimText, column: c, x: x + used + 8, y: y, width: frame.width - used - 8) }
            y += metrics.lineHeight(.heading) + 2
        }
        func row(_ label: String, _ value: String, _ colour: RGBA = .text) {
            put(label, .label, .dimText, column: c, x: x, y: y, width: Self.labelWidth - 4)
            put(value, .mono, colour, column: c, x: x + Self.labelWidth, y: y + 1, width: frame.width - Self.labelWidth)
            y += rowHeight
        }

        heading("Scene", note: s.name + " (S)")
        if s.hasLoading {
            row("policy 1–\(LoadingPolicyKind.allCases.count)", s.policy)
            row("problem B", s.seedProblem.map { "\($0) broken" } ?? "off")
        }
        if let paging = s.pagingMode { row("paging P", paging) }
        if let zoom = s.zoom { row("zoom", zoom) }
        if let touches = s.contentTouches { row("touches U X", touches) }
        row("rate D", s.decelerationRate)
        row("clock T", status.slowMotion.map { $0 + " slow motion" } ?? "1×")
        row("physics", status.physics)

        heading("State")
        let flags: [(String, Bool)] = [("tracking", s.isTracking), ("dragging", s.isDragging), ("decel", s.isDecelerating)]
        let flagWidth = frame.width / Double(flags.count)
        for (index, (name, on)) in flags.enumerated() {
            put((on ? "●" : "○") + name, .mono, on ? .active : .dimText, column: c,
                x: x + Double(index) * flagWidth, y: y, width: flagWidth - 4)
        }
        y += rowHeight
        row("velocity", HUDFormat.point(s.velocity, decimals: 0) + " pt/s")
        row("offset", HUDFormat.point(s.contentOffset, decimals: 1))
        row("target", s.targetContentOffset.map { HUDFormat.point($0, decimals: 1) } ?? "—",
            s.targetContentOffset == nil ? .dimText : .ghost)

        heading("Views (pool)")
        let half = frame.width / 2
        for (index, tile) in s.tiles.enumerated() {
            let cellX = x + Double(index % 2) * half
            if y + rowHeight <= frame.maxY {
                swatches.append(Swatch(frame: Rect(x: cellX, y: y + 4, width: 10, height: 10),
                                       colour: TilePalette.colour(ofView: tile.view)))
            }
            // The pager's views show pages, numbered from 1 as on the bubbles.
            let shown = tile.item.map { s.hasLoading ? "item \($0)" : "page \($0 + 1)" } ?? "unbound"
            put("#\(tile.view) " + shown, .mono, .text, column: c,
                x: cellX + 14, y: y + 1, width: half - 18)
            if index % 2 == 1 || index == s.tiles.count - 1 { y += rowHeight }
        }
        row("created", "\(s.viewsCreated) · rebinds \(s.rebindCount)", s.viewsCreated == s.tiles.count ? .active : .ghost)

        heading("Loading", note: s.hasLoading ? "this policy, since 1–8 or R" : nil)
        guard s.hasLoading else {
            put("no load metrics in this scene", .label, .dimText, column: c, x: x, y: y, width: frame.width)
            return
        }
        if let network = status.network {
            row("network L", network + " · C/K clear")
        } else if let latency = status.latencyMs {
            row("latency L", HUDFormat.number(latency, decimals: 0) + " ms · C clears")
        }
        for (label, value) in s.metrics { row(label, value) }

        heading("Policies since R", note: "(tile·s, ms)")
        layOutPolicyTable(s, y: y, traffic: status.network != nil)
    }

    /// The comparison table: a header row, then one row per policy tried since the last reset, the
    /// current one in green. When rows do not all fit, the oldest give way (the current one stays).
    private mutating func layOutPolicyTable(_ s: SceneSnapshot, y top: Double, traffic: Bool) {
        let c = 0, frame = columns[c].frame
        let line = Swift.max(metrics.lineHeight(.mono), metrics.lineHeight(.label))
        var y = top
        func cells(_ values: [String], style: FontSet.Style, colour: RGBA) {
            var x = frame.minX
            for (index, value) in values.enumerated() {
                let width = Self.tableCells[index]
                // Numbers right-aligned with a 4 px gutter; the last column runs to the column's edge.
                let last = index == values.count - 1
                // The policy's name in the label face where it fits the column's foot, else in the numbers' face.
                let nameStyle: FontSet.Style = y + metrics.lineHeight(.label) <= frame.maxY ? .label : .mono
                put(value, index == 0 && style != .small ? nameStyle : style, colour, column: c, x: x, y: y,
                    width: last ? width : width - 4, alignRight: index > 0)
                x += width
            }
            y += line
        }
        // Under a network the last column is the traffic (kB received) instead of the settle time.
        cells(["policy", "loads", "wasted", "blank", traffic ? "kB" : "settle"], style: .small, colour: .dimText)
        let room = Swift.max(0, Int((frame.maxY - y) / line))
        var rows = s.policyRows
        if rows.count > room, room > 0 {
            let current = rows.firstIndex { $0.policy == s.currentPolicy }
            let keep = current.map { rows[$0] }
            rows.removeAll { $0.policy == s.currentPolicy }
            rows = Array(rows.suffix(room - (keep == nil ? 0 : 1))) + (keep.map { [$0] } ?? [])
        }
        for row in rows {
            let m = row.metrics
            // The live row's wasted count may still fall (a cached image shown later): "≤" says so.
            let live = row.policy == s.currentPolicy && m.loadsWastedPending > 0
            cells([HUDFormat.policyName(row.policy), "\(m.loadsIssued)", (live ? "≤" : "") + "\(m.loadsWasted)",
                   HUDFormat.compact(m.blankTileSeconds),
                   traffic ? HUDFormat.compact(Double(m.networkBytes) / 1000, integer: true)
                           : HUDFormat.compact(m.settleLatency * 1000, integer: true)],
                  style: .mono, colour: row.policy == s.currentPolicy ? .active : .text)
        }
    }

    // MARK: Events column

    private mutating func layOutEvents(_ events: EventLog) {
        let c = 1, frame = columns[c].frame, x = frame.minX
        var y = frame.minY + 8
        put("Delegate events (newest first)", .heading, .heading, column: c, x: x, y: y, width: frame.width)
        y += metrics.lineHeight(.heading) + 2
        put("didScroll × \(events.didScrollCount)", .mono, .dimText, column: c, x: x, y: y, width: frame.width)
        y += metrics.lineHeight(.mono) + 4
        let line = metrics.lineHeight(.mono)
        for (index, record) in events.entries.prefix(Self.eventRows).enumerated() {
            let time = HUDFormat.number(record.time, decimals: 3)
            var used = put(String(repeating: " ", count: Swift.max(0, 8 - time.count)) + time + " ", .mono,
                           index == 0 ? .text : RGBA(200, 203, 210), column: c, x: x, y: y, width: frame.width)
            // The timeline's abbreviation in the marker's colour, then the full name: a live legend.
            let marker = TimelineMarker(time: record.time, offset: 0, event: record.event)
            used += put(marker.label + " ", .mono, TimelinePlot.colour(of: marker), column: c, x: x + used, y: y,
                        width: frame.width - used)
            put(record.event.name, .mono, index == 0 ? .text : RGBA(200, 203, 210), column: c, x: x + used, y: y,
                width: frame.width - used)
            y += line
            put("  " + HUDFormat.arguments(of: record), .mono, .dimText, column: c, x: x, y: y, width: frame.width)
            y += line + 1
        }
    }

    // MARK: Footer

    private mutating func layOutFooter(_ status: HUDStatus, scene s: SceneSnapshot) {
        let c = 2, frame = columns[c].frame, x = frame.minX
        let line = (frame.height - 4) / 3
        let input = status.eventClock.isEmpty ? "" : " · input stamped with " + status.eventClock + " time"
        put(status.renderer + input, .label, .dimText, column: c, x: x, y: frame.minY, width: frame.width)
        put(Self.keyHints(scene: s), .label, .dimText, column: c, x: x, y: frame.minY + line, width: frame.width)
        if status.resting {
            // Nothing is drawn until an event: the frame figures would be stale.
            put("resting: nothing moves, no frames drawn until input", .mono, .dimText, column: c, x: x, y: frame.minY + 2 * line + 1,
                width: frame.width)
            return
        }
        let used = put(String(format: "%.1f fps · p99 %.1f ms · work %.1f (p99 %.1f) · ", status.fps, status.intervalP99Ms,
                              status.frameMs, status.frameP99Ms), .mono, .dimText, column: c, x: x, y: frame.minY + 2 * line + 1,
                       width: frame.width)
        // Apple's hitch time ratio, coloured by its band (good < 5 ≤ warning < 10 ≤ critical ms/s).
        let band = HitchMeter.Band(ratio: status.hitchRatio)
        put(String(format: "hitch %.1f ms/s", status.hitchRatio), .mono, Self.colour(of: band), column: c, x: x + used,
            y: frame.minY + 2 * line + 1, width: frame.width - used)
    }

    /// A hitch band's colour: green, amber, red.
    static func colour(of band: HitchMeter.Band) -> RGBA {
        switch band {
        case .good: return RGBA(110, 200, 120)
        case .warning: return RGBA(235, 180, 60)
        case .critical: return RGBA(235, 90, 80)
        }
    }

    /// The footer's key line: the scene's own keys first (the policy keys in the grid), then the common ones
    /// that fit (the state rows name D, T and the others in their labels).
    static func keyHints(scene s: SceneSnapshot) -> String {
        if s.zoom != nil { return "Ctrl+wheel zoom · double click · S scene · D rate · T slow motion · R reset · H all keys" }
        return s.hasLoading
            ? "1–5 policy · 6–8 peers · B problem · L latency · C cache · S scene · H all keys"
            : "P paging · O outline · S scene · D rate · T slow motion · R reset · H all keys"
    }
}

/// Text measurement for the layout: the width of a string and the line height of a style, in pixels.
struct TextMetrics {
    var width: (String, FontSet.Style) -> Double
    var lineHeight: (FontSet.Style) -> Double

    /// Metrics where every character of a style has one width (tests; a monospaced worst case).
    static func fixed(characterWidth: [FontSet.Style: Double], lineHeight: [FontSet.Style: Double]) -> TextMetrics {
        TextMetrics(width: { text, style in Double(text.count) * (characterWidth[style] ?? 8) },
                    lineHeight: { lineHeight[$0] ?? 16 })
    }

    /// `text` as it fits in `width`: itself, or its longest prefix that fits followed by "…"
    /// (empty when not even "…" fits).
    func elide(_ text: String, style: FontSet.Style, toWidth width: Double) -> String {
        if self.width(text, style) <= width { return text }
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
