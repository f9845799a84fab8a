import LabKit
import ScrollKit

/// Where every piece of HUD text goes, decided before anything is drawn: fixed columns, one text box
/// per string, each measured and elided with "…" to fit its cell, and nothing placed below its
/// column's bottom. Pure (fonts are measured through `TextMetrics`), so a test can lay out the worst
/// case and check that no two boxes intersect and none leaves its column.
///
/// Columns (`Frames`): the state column right of the phone (scene, state, views, loading, the policy
/// comparison), the delegate-event column above the timeline, and the footer; a bigger layout widens
/// and lengthens them.
package struct HUDLayout {
    /// A column: its name and frame in window pixels.
    package struct Column: Equatable {
        package var name: String
        package var frame: Rect
    }

    /// One string placed: its frame is its measured size at its origin.
    package struct Box: Equatable {
        package var text: String
        package var style: TextStyle
        package var colour: RGBA
        package var frame: Rect
        /// Index into `columns`.
        package var column: Int

        package init(text: String, style: TextStyle, colour: RGBA, frame: Rect, column: Int) {
            self.text = text
            self.style = style
            self.colour = colour
            self.frame = frame
            self.column = column
        }
    }

    /// A small filled square (a view's identity colour).
    package struct Swatch: Equatable {
        package var frame: Rect
        package var colour: RGBA
    }

    /// The layout's least size, the window's at one point a pixel.
    package static let baseSize = Size(width: 960, height: 600)

    /// The columns and the timeline panel for a layout of `size` (at least `baseSize`). At 960×600: the
    /// state column right of the phone, the delegate events above the timeline, the footer under both,
    /// the title above the phone. Room past that goes three tenths to the state column (its names cell)
    /// and the rest to the events and the timeline; extra height to the columns' feet (more callbacks
    /// listed) and, for the most part, to the timeline.
    package struct Frames: Equatable {
        package var state, events, footer, title: Column
        package var timeline: Rect

        package init(size: Size) {
            let extraWidth = Swift.max(0, size.width - HUDLayout.baseSize.width)
            let extraHeight = Swift.max(0, size.height - HUDLayout.baseSize.height)
            let stateGrowth = (extraWidth * 0.3).rounded(.down)
            let eventsHeight = 284 + (extraHeight * 0.4).rounded(.down)
            let rightX = 616 + stateGrowth, rightWidth = 332 + extraWidth - stateGrowth
            state = Column(name: "state", frame: Rect(x: 352, y: 8, width: 252 + stateGrowth, height: 530 + extraHeight))
            events = Column(name: "events", frame: Rect(x: rightX, y: 8, width: rightWidth, height: eventsHeight))
            footer = Column(name: "footer", frame: Rect(x: 352, y: 540 + extraHeight, width: 596 + extraWidth, height: 58))
            title = Column(name: "title", frame: Rect(x: 20, y: 8, width: 320, height: 44))
            timeline = Rect(x: rightX, y: 12 + eventsHeight, width: rightWidth, height: 238 + extraHeight - (eventsHeight - 284))
        }
    }

    /// Width of the label cell of a `label value` row, at the least.
    package static let labelWidth = 88.0
    /// The longest labels of the state column's rows: the label cell is as wide as the widest of these and
    /// of the scene's own rows, as measured at the window's resolution, so no label is ever cut.
    package static let longestLabels = ["touches U X", "fades·stale", "loads done", "rate D · T", "network L", "latency L", "paging P"]
    /// Cells of the policy table (policy, loads, wasted, blank, settle) at 960×600: widths in pixels; the
    /// policy cell takes what a wider state column adds.
    package static let tableCells: [Double] = [76, 44, 48, 44, 40]

    /// The title's index in `columns`.
    package static let titleColumn = 3
    /// State, events, footer and title, in that order (a box's `column` indexes it).
    package let columns: [Column]
    /// The timeline panel (drawn by `TimelinePlot`), under the events.
    package let timelineFrame: Rect
    /// This layout's policy table cells.
    private let tableCells: [Double]
    /// This layout's label cell.
    private let labelCell: Double
    package private(set) var boxes: [Box] = []
    package private(set) var swatches: [Swatch] = []
    /// The pass (an index in the passes tried) the state column was set with: the first whose policy table
    /// has room for every row, or the last.
    package private(set) var statePass = 0
    /// Whether the policy table's rows all found room in that pass (folded rows count as placed).
    package private(set) var stateFits = true
    private let metrics: TextMetrics
    /// The lines laid out in earlier frames, when given (`HUDLayoutMemo`).
    private let memo: HUDLayoutMemo?

    /// Lays out the HUD for one frame in a layout of `size` points; the footer and the events' list come from
    /// `memo` when what they show has not changed (the same boxes). The state column tries `passes` (at least
    /// one) roomiest first (`Pass.all`; the last is taken whatever it leaves out).
    package init(_ s: SceneSnapshot, events: EventLog, status: HUDStatus, metrics: TextMetrics, size: Size = HUDLayout.baseSize,
         memo: HUDLayoutMemo? = nil, passes: [Pass] = Pass.all) {
        // Each style's line height asked once a layout, not at every text placed.
        let lineHeights = TextStyle.allCases.map(metrics.lineHeight)
        self.metrics = TextMetrics(width: metrics.width, lineHeight: { lineHeights[$0.rawValue] })
        self.memo = memo
        let frames = Frames(size: size)
        columns = [frames.state, frames.events, frames.footer, frames.title]
        timelineFrame = frames.timeline
        var cells = Self.tableCells
        cells[0] += frames.state.frame.width - Frames(size: Self.baseSize).state.frame.width  // the names cell grows
        tableCells = cells
        let labels = Self.longestLabels + s.rows.map(\.label) + (s.inner?.rows.map(\.label) ?? [])
        labelCell = labels.reduce(Self.labelWidth) { Swift.max($0, metrics.width($1, .label).rounded(.up) + 6) }
        layOutState(s, status: status, passes: passes)
        layOutEvents(events, memo: memo)
        layOutFooter(status, scene: s, memo: memo)
        let title = columns[Self.titleColumn].frame
        let used = put("ScrollLab", .heading, .text, column: Self.titleColumn, x: title.minX, y: title.minY + 6, width: title.width)
        put("drag or wheel · H for keys", .label, .dimText, column: Self.titleColumn, x: title.minX + used + 12,
            y: title.minY + 6, width: title.width - used - 12)
    }

    // MARK: Placing text

    /// Places `text` with its top-left at (x, y) in column `column`, elided to `width` (right-aligned
    /// in that width when `alignRight`). Nothing is placed when the line would run below the column.
    /// Returns the width used.
    @discardableResult
    private mutating func put(_ text: String, _ style: TextStyle, _ colour: RGBA, column: Int,
                              x: Double, y: Double, width: Double, alignRight: Bool = false) -> Double {
        guard let fitted = fit(text, style, column: column, x: x, y: y, width: width) else { return 0 }
        let left = alignRight ? x + fitted.available - fitted.used : x
        boxes.append(Box(text: fitted.shown, style: style, colour: colour,
                         frame: Rect(x: left, y: y, width: fitted.used, height: fitted.height), column: column))
        return fitted.used
    }

    /// What `put` would place, without placing it: the text as elided, its width, its line's height and the
    /// width it was fitted to; nil when nothing would be placed.
    private func fit(_ text: String, _ style: TextStyle, column: Int, x: Double, y: Double, width: Double)
        -> (shown: String, used: Double, height: Double, available: Double)? {
        let frame = columns[column].frame
        let height = metrics.lineHeight(style)
        guard y >= frame.minY, y + height <= frame.maxY, let measured = measure(text, style, column: column, x: x, width: width) else {
            return nil
        }
        return (measured.shown, measured.used, height, measured.available)
    }

    /// `fit` on any line inside the column: the same text and width wherever the line is.
    private func measure(_ text: String, _ style: TextStyle, column: Int, x: Double, width: Double)
        -> (shown: String, used: Double, available: Double)? {
        let available = Swift.min(width, columns[column].frame.maxX - x)
        guard !text.isEmpty, available > 0 else { return nil }
        let shown = metrics.elideMeasuring(text, style: style, toWidth: available)
        guard !shown.text.isEmpty else { return nil }
        return (shown.text, shown.width, available)
    }

    /// Height of a `label value` row.
    private var rowHeight: Double {
        Swift.max(metrics.lineHeight(.label), metrics.lineHeight(.mono)) + 1
    }

    // MARK: State column

    /// How closely the state column is set (`layOutState` tries them roomiest first). Every pass keeps
    /// every heading: a section never loses its name to make room.
    package struct Pass {
        /// Rows and headings closer, the pool's views three to a row.
        package var tight = false
        /// A value too long for its row carried over a second line.
        package var wraps = true
        /// The policy rows that find no room folded into a count.
        package var folds = false
        /// Rows the table keeps at the least when it folds; fewer, and the pass gives way to the next.
        package var keepsRows = 0

        /// Untried policy rows fold into a count before a value is cut (a folded row is still named, an
        /// elided value is lost), as long as eight rows stay in the table.
        package static let all = [
            Pass(), Pass(tight: true), Pass(tight: true, folds: true, keepsRows: 8), Pass(tight: true, wraps: false, folds: true),
        ]
    }

    /// Lays out the state column roomy, or, when that leaves the policy table no room for every row (seed-problem
    /// variants under a network at 960×600, more policies), tighter pass by pass (`Pass`); the last folds the
    /// table's rows that still find no room into a count. Every section stays. A pass is first walked without
    /// placing anything (`placing` false: the same rows, so the same heights and the same wrapped values) and
    /// set only when its table fits, so a pass that gives way costs its walk, not its text.
    private mutating func layOutState(_ s: SceneSnapshot, status: HUDStatus, passes: [Pass]) {
        var measured: [RowMeasure] = []
        statePass = passes.count - 1
        for index in passes.indices.dropLast() {
            if layOutState(s, status: status, passes[index], placing: false, measured: &measured) {
                statePass = index
                break
            }
        }
        stateFits = layOutState(s, status: status, passes[statePass], placing: true, measured: &measured)
    }

    /// What a walk measured of a `label value` row, for the walks of the next passes: every pass has the
    /// same rows in the same order, only set more or less closely.
    private struct RowMeasure {
        var label: String
        var value: String
        /// The label's width on a line inside the column (0: nothing of it shows).
        var labelWidth: Double
        var valueWidth: Double
        /// Whether the value breaks after a " · ", once asked.
        var breaks: Bool?
    }

    /// Returns false when the policy table's rows did not all fit. Not `placing`: places nothing, and measures
    /// only what moves a row down (a label's width, a value's, and whether it breaks, for its wrap), once
    /// a layout (`measured`).
    @discardableResult
    private mutating func layOutState(_ s: SceneSnapshot, status: HUDStatus, _ pass: Pass, placing: Bool,
                                      measured: inout [RowMeasure]) -> Bool {
        let (tight, wraps) = (pass.tight, pass.wraps)
        var rowIndex = 0
        let c = 0, frame = columns[c].frame, x = frame.minX
        var y = frame.minY + (tight ? 0 : 4)
        let rowHeight = tight ? Swift.max(metrics.lineHeight(.label), metrics.lineHeight(.mono)) : self.rowHeight
        func heading(_ title: String, note: @autoclosure () -> String? = nil) {
            y += tight ? 2 : 4
            if placing {
                let used = put(title, .heading, .heading, column: c, x: x, y: y, width: frame.width)
                if let note = note() { put(note, .label, .dimText, column: c, x: x + used + 8, y: y, width: frame.width - used - 8) }
            }
            y += metrics.lineHeight(.heading) + (tight ? 1 : 2)
        }
        // `row` placing nothing: the same height from the same measurements (the label's width counts where
        // `put` would place it, on a line inside the column).
        func walkRow(_ label: String, _ value: String) {
            let index = rowIndex
            rowIndex += 1
            if index == measured.count || measured[index].label != label || measured[index].value != value {
                let fresh = RowMeasure(label: label, value: value,
                                       labelWidth: measure(label, .label, column: c, x: x, width: labelCell - 4)?.used ?? 0,
                                       valueWidth: metrics.width(value, .mono))
                if index == measured.count { measured.append(fresh) } else { measured[index] = fresh }
            }
            let used = y >= frame.minY && y + metrics.lineHeight(.label) <= frame.maxY ? measured[index].labelWidth : 0
            if wraps, measured[index].valueWidth > frame.maxX - (x + used + 8) {
                if measured[index].breaks == nil { measured[index].breaks = value.contains(" · ") }
                if measured[index].breaks == true {
                    y += rowHeight
                    y += rowHeight
                    return
                }
            }
            y += rowHeight
        }
        func row(_ label: String, _ value: String, _ colour: RGBA = .text) {
            guard placing else {
                walkRow(label, value)
                return
            }
            let used = put(label, .label, .dimText, column: c, x: x, y: y, width: labelCell - 4)
            // A value wider than its cell takes the room its label leaves, right-aligned; wider still, it
            // goes on over a second line, broken after a " · ". Never cut where it can be shown whole.
            let valueWidth = metrics.width(value, .mono)
            if wraps, valueWidth > frame.maxX - (x + used + 8), case let parts = value.split(separator: " · ", omittingEmptySubsequences: false).map(String.init), parts.count > 1 {
                var split = parts.count - 1
                while split > 1, metrics.width(parts[..<split].joined(separator: " · ") + " ·", .mono) > frame.width - labelCell { split -= 1 }
                put(parts[..<split].joined(separator: " · ") + " ·", .mono, colour, column: c, x: x + labelCell, y: y + 1,
                    width: frame.width - labelCell)
                y += rowHeight
                put(parts[split...].joined(separator: " · "), .mono, colour, column: c, x: x + labelCell, y: y + 1,
                    width: frame.width - labelCell)
                y += rowHeight
                return
            }
            let valueX = valueWidth <= frame.width - labelCell ? x + labelCell : Swift.max(x + used + 8, frame.maxX - valueWidth)
            put(value, .mono, colour, column: c, x: valueX, y: y + 1, width: frame.maxX - valueX)
            y += rowHeight
        }

        heading("Scene", note: s.name + " (S)")
        for own in s.rows { row(own.label, own.value) }
        row("rate D · T", s.decelerationRate + " · " + (status.slowMotion ?? "1×"))
        row("physics", status.physics)

        // UIKit's three state flags in a row, lit when on.
        func flags(tracking: Bool, dragging: Bool, decelerating: Bool) {
            guard placing else {
                y += rowHeight
                return
            }
            let flags = [("tracking", tracking), ("dragging", dragging), ("decel", decelerating)]
            let flagWidth = frame.width / Double(flags.count)
            for (index, (name, on)) in flags.enumerated() {
                put((on ? "●" : "○") + name, .mono, on ? .active : .dimText, column: c,
                    x: x + Double(index) * flagWidth, y: y, width: flagWidth - 4)
            }
            y += rowHeight
        }

        heading("State")
        flags(tracking: s.isTracking, dragging: s.isDragging, decelerating: s.isDecelerating)
        row("velocity", HUDFormat.point(s.velocity, decimals: 0) + " pt/s")
        row("offset", HUDFormat.point(s.contentOffset, decimals: 1))
        row("target", s.targetContentOffset.map { HUDFormat.point($0, decimals: 1) } ?? "—",
            s.targetContentOffset == nil ? .dimText : .ghost)
        if let inner = s.inner {
            // The nested scroll view (the zoomed photo) has its own state: its callbacks are marked with its name.
            heading(inner.name.prefix(1).uppercased() + inner.name.dropFirst(),
                    note: inner.drivesTimeline ? "on the timeline" : "inner")
            flags(tracking: inner.isTracking, dragging: inner.isDragging, decelerating: inner.isDecelerating)
            row("velocity", HUDFormat.point(inner.velocity, decimals: 0) + " pt/s")
            row("offset", HUDFormat.point(inner.contentOffset, decimals: 1))
            for own in inner.rows { row(own.label, own.value) }
        }

        // The pool's views, two to a row ("#0 item 12"), tight three ("#0 12", the item's name without its kind).
        heading("Views", note: "\(s.viewsCreated) made · \(s.rebindCount) rebinds")
        let perRow = tight ? 3 : 2
        let cell = frame.width / Double(perRow)
        let tiles = s.tiles
        for (index, tile) in tiles.enumerated() {
            guard placing else {
                if index % perRow == perRow - 1 || index == tiles.count - 1 { y += rowHeight }
                continue
            }
            let cellX = x + Double(index % perRow) * cell
            if y + rowHeight <= frame.maxY {
                swatches.append(Swatch(frame: Rect(x: cellX, y: y + 4, width: 10, height: 10),
                                       colour: TilePalette.colour(ofView: tile.view)))
            }
            // The scene names what its views show (the pager's pages from 1, as on the bubbles).
            let name = tile.item.map(s.itemNaming.name) ?? "unbound"
            let shown = tight ? Self.lastWord(name) : name
            put("#\(tile.view) " + shown, .mono, .text, column: c, x: cellX + 14, y: y + 1, width: cell - 18)
            if index % perRow == perRow - 1 || index == tiles.count - 1 { y += rowHeight }
        }

        heading("Loading", note: s.loading == nil ? nil : "since \(SceneKind.policyKeysLabel), A or R")
        guard let loading = s.loading else {
            if placing { put("no load metrics in this scene", .label, .dimText, column: c, x: x, y: y, width: frame.width) }
            return true
        }
        if let network = status.network {
            if network.hasPrefix("HTTP ") {
                // `--source` ("HTTP host:port"): the server's network sets the pace, L does nothing here.
                row("HTTP", String(network.dropFirst(5)) + (status.diskWarm ? " · disk warm" : ""))
            } else {
                row("network L", network + (status.diskWarm ? " · disk warm" : "") + (status.diskCache ? " · C/K clear" : " · C clears"))
                if let transport = status.transport { row("protocol", transport) }
            }
        } else if let latency = status.latencyMs {
            row("latency L", HUDFormat.number(latency, decimals: 0) + " ms · C clears")
        }
        for (label, value) in loading.metrics { row(label, value) }

        return layOutPolicyTable(loading, y: y + (tight ? 0 : 4), traffic: status.network != nil, folds: pass.folds, keepsRows: pass.keepsRows,
                                 placing: placing)
    }

    /// The comparison table: a heading that names the columns, then a fixed row for every policy (tried
    /// or not, "–" for untried) and the seed-problem and shipped variants tried, the current one in green.
    /// When the column's foot is near, the rows tighten to the numbers' line height, then to the small
    /// face; when even that does not hold them all and `folds` (the tightest pass), the rows that find no
    /// room are folded into a last line that counts and names them ("+3 more: texture, flutter, glide"),
    /// keeping the current row, then the tried ones, in the table's order. Returns false when not every
    /// row found room (folded rows count as placed). Not `placing`: the same answer, nothing placed.
    private mutating func layOutPolicyTable(_ loading: LoadingSection, y top: Double, traffic: Bool, folds: Bool, keepsRows: Int = 0,
                                            placing: Bool = true) -> Bool {
        let c = 0, frame = columns[c].frame
        var y = top
        // The heading row: the title over the name column, each column's name over its unit over its numbers.
        let small = metrics.lineHeight(.small)
        let headingHeight = Swift.max(metrics.lineHeight(.heading), 2 * small)
        if placing {
            let key = HUDLayoutMemo.TableLineKey(policy: nil, traffic: traffic, face: .small, y: y, frame: frame)
            placeTableLine(0, key) { layout in
                layout.put("Policies", .heading, .heading, column: c, x: frame.minX, y: y + headingHeight - layout.metrics.lineHeight(.heading),
                           width: layout.tableCells[0])
                var x = frame.minX + layout.tableCells[0]
                for (index, (name, unit)) in Self.tableHeader(traffic: traffic).enumerated() {
                    let width = layout.tableCells[index + 1] - (index == 3 ? 0 : 4)
                    layout.put(name, .small, .dimText, column: c, x: x, y: y + headingHeight - 2 * small, width: width, alignRight: true)
                    layout.put(unit, .small, .dimText, column: c, x: x, y: y + headingHeight - small, width: width, alignRight: true)
                    x += layout.tableCells[index + 1]
                }
            }
        }
        y += headingHeight + 1
        var rows = loading.policyRows
        var folded: [PolicyComparison.Row] = []
        let room = Int(((frame.maxY - y) / small).rounded(.down))
        if folds, rows.count > room {
            if room - 1 < Swift.min(keepsRows, rows.count) { return false }
            (rows, folded) = Self.fold(rows, keeping: Swift.max(0, room - 1), current: loading.currentPolicy)
        }
        // As roomy as the column's foot allows: the numbers' line, tighter, then the small face.
        let roomy = Swift.max(metrics.lineHeight(.mono), metrics.lineHeight(.label))
        let fit = (frame.maxY - y) / Double(Swift.max(1, rows.count + (folded.isEmpty ? 0 : 1)))
        let line = Swift.max(small, Swift.min(roomy, fit.rounded(.down)))
        let face: TextStyle = line >= metrics.lineHeight(.mono) ? .mono : .small
        for (index, row) in rows.enumerated() {
            guard placing else {
                y += line
                continue
            }
            let m = row.metrics
            let current = row.policy == loading.currentPolicy
            let tried = row.segments > 0 || current
            // The live row's wasted count may still fall (a cached image shown later): "≤" says so.
            let live = current && m.loadsWastedPending > 0
            let last = traffic ? Double(m.networkBytes) / 1000 : m.settleLatency * 1000
            let key = HUDLayoutMemo.TableLineKey(policy: row.policy, issued: m.loadsIssued, wasted: m.loadsWasted,
                                                 blankBits: m.blankTileSeconds.bitPattern, lastBits: last.bitPattern, current: current,
                                                 tried: tried, live: live, traffic: traffic, face: face, y: y, frame: frame)
            placeTableLine(index + 1, key) { layout in
                let values = !tried ? ["–", "–", "–", "–"] : [
                    "\(m.loadsIssued)", (live ? "≤" : "") + "\(m.loadsWasted)", HUDFormat.compact(m.blankTileSeconds),
                    HUDFormat.compact(last, integer: true),
                ]
                let colour: RGBA = current ? .active : tried ? .text : .dimText
                layout.put(HUDFormat.policyName(row.policy), face, colour, column: c, x: frame.minX, y: y, width: layout.tableCells[0] - 4)
                var x = frame.minX + layout.tableCells[0]
                for (index, value) in values.enumerated() {
                    let width = layout.tableCells[index + 1]
                    layout.put(value, face, colour, column: c, x: x, y: y, width: index == values.count - 1 ? width : width - 4, alignRight: true)
                    x += width
                }
            }
            y += line
        }
        if !folded.isEmpty, placing {
            put("+\(folded.count) more: " + folded.map { HUDFormat.policyName($0.policy) }.joined(separator: ", "), .small, .dimText,
                column: c, x: frame.minX, y: y, width: frame.width)
        }
        if !folded.isEmpty { y += line }
        return y <= frame.maxY
    }

    /// The last of `name`'s words (runs without a space), "" when it has none: `name.split(separator: " ").last`
    /// without the array.
    package static func lastWord(_ name: String) -> String {
        var end = name.endIndex
        while end > name.startIndex, name[name.index(before: end)] == " " { end = name.index(before: end) }
        let start = name[..<end].lastIndex(of: " ").map { name.index(after: $0) } ?? name.startIndex
        return String(name[start..<end])
    }

    /// Places line `index` of the policy table: its boxes kept for `key` (`memo`), else as `place` puts them,
    /// then kept.
    private mutating func placeTableLine(_ index: Int, _ key: HUDLayoutMemo.TableLineKey, _ place: (inout HUDLayout) -> Void) {
        guard let memo else { return place(&self) }
        if let kept = memo.tableLine(index, for: key) { return boxes.append(contentsOf: kept) }
        let start = boxes.count
        place(&self)
        memo.keepTableLine(index, Array(boxes[start...]), for: key)
    }

    /// `rows` split into the `count` shown, in their order, and the rest: the current row first, then
    /// the tried rows, then the untried, earliest in the table first.
    package static func fold(_ rows: [PolicyComparison.Row], keeping count: Int, current: String?)
        -> (shown: [PolicyComparison.Row], folded: [PolicyComparison.Row]) {
        // The rows ranked once, then taken rank by rank in the table's order (what sorting by rank, then
        // place, and keeping the first `count` would keep), without the sort or a set.
        let ranks = rows.map { $0.policy == current ? 0 : $0.segments > 0 ? 1 : 2 }
        var kept = [Bool](repeating: false, count: rows.count)
        var left = count
        for rank in 0...2 {
            for i in rows.indices where left > 0 && ranks[i] == rank {
                kept[i] = true
                left -= 1
            }
        }
        var shown: [PolicyComparison.Row] = [], folded: [PolicyComparison.Row] = []
        shown.reserveCapacity(rows.count)
        for i in rows.indices {
            if kept[i] { shown.append(rows[i]) } else { folded.append(rows[i]) }
        }
        return (shown, folded)
    }

    /// The policy table's columns after the name: each one's name and unit. Under a network the last
    /// column is the data moved instead of the settle latency.
    package static func tableHeader(traffic: Bool) -> [(name: String, unit: String)] {
        [("loads", "issued"), ("wasted", "loads"), ("blank", "tile·s"), traffic ? ("data", "kB") : ("settle", "ms")]
    }

    // MARK: Events column

    private mutating func layOutEvents(_ events: EventLog, memo: HUDLayoutMemo?) {
        let c = 1, frame = columns[c].frame, x = frame.minX
        var y = frame.minY + 8
        put("Delegate events (newest first)", .heading, .heading, column: c, x: x, y: y, width: frame.width)
        y += metrics.lineHeight(.heading) + 2
        put("didScroll × \(events.didScrollCount)", .mono, .dimText, column: c, x: x, y: y, width: frame.width)
        y += metrics.lineHeight(.mono) + 4
        // As many callbacks (two lines each) as the column holds.
        let rows = Swift.max(0, Int((frame.maxY - y) / (2 * metrics.lineHeight(.mono) + 1)))
        let key = HUDLayoutMemo.EventsKey(entries: Array(events.entries.prefix(rows)), frame: frame)
        if let kept = memo?.events(for: key) {
            boxes += kept
            return
        }
        let start = boxes.count
        layOutEventList(key.entries, y: y)
        memo?.keepEvents(Array(boxes[start...]), for: key)
    }

    /// The callbacks `entries`, newest first, two lines each from `y` down.
    private mutating func layOutEventList(_ entries: [ScrollEventRecord], y top: Double) {
        let c = 1, frame = columns[c].frame, x = frame.minX
        var y = top
        let line = metrics.lineHeight(.mono)
        for (index, record) in entries.enumerated() {
            let time = HUDFormat.number(record.time, decimals: 3)
            var used = put(String(repeating: " ", count: Swift.max(0, 8 - time.count)) + time + " ", .mono,
                           index == 0 ? .text : RGBA(200, 203, 210), column: c, x: x, y: y, width: frame.width)
            // The timeline's abbreviation in the marker's colour, then the full name: a live legend.
            let marker = TimelineMarker(time: record.time, offset: 0, event: record.event)
            used += put(marker.label + " ", .mono, marker.colour, column: c, x: x + used, y: y,
                        width: frame.width - used)
            put(record.event.name, .mono, index == 0 ? .text : RGBA(200, 203, 210), column: c, x: x + used, y: y,
                width: frame.width - used)
            y += line
            // A nested scroll view's callback leads with its name (its offset is its own).
            let owner = record.scrollViewName.map { $0 + ": " } ?? ""
            let forms = HUDFormat.argumentForms(of: record).map { "  " + owner + $0 }
            let text = forms.first { metrics.width($0, .mono) <= frame.width } ?? forms[forms.count - 1]
            put(text, .mono, .dimText, column: c, x: x, y: y, width: frame.width)
            y += line + 1
        }
    }

    // MARK: Footer

    private mutating func layOutFooter(_ status: HUDStatus, scene s: SceneSnapshot, memo: HUDLayoutMemo?) {
        let key = HUDLayoutMemo.FooterKey(status: status, scene: s.name, frame: columns[2].frame)
        if let kept = memo?.footer(for: key) {
            boxes += kept
            return
        }
        let start = boxes.count
        layOutFooter(status, sceneName: s.name)
        memo?.keepFooter(Array(boxes[start...]), for: key)
    }

    /// The footer: the renderer's line, the key hints, the frame line (or the video's, or the resting note).
    private mutating func layOutFooter(_ status: HUDStatus, sceneName: String) {
        let c = 2, frame = columns[c].frame, x = frame.minX
        let line = (frame.height - 4) / 3
        let input = status.eventClock.isEmpty ? [] : ["input: " + status.eventClock + " clock"]
        put(fitting(status.renderer.components(separatedBy: " · ") + input, width: frame.width), .label, .dimText,
            column: c, x: x, y: frame.minY, width: frame.width)
        put(fitting(Self.keyHints(sceneName: sceneName), width: frame.width, keeping: "H all keys"), .label, .dimText, column: c, x: x,
            y: frame.minY + line, width: frame.width)
        if let video = status.videoLine {
            put(video, .mono, .dimText, column: c, x: x, y: frame.minY + 2 * line + 1, width: frame.width)
            return
        }
        if status.isWaitingForInput {
            // Nothing is drawn until an event: the frame figures would be stale.
            put("resting: nothing moves, no frames drawn until input", .mono, .dimText, column: c, x: x, y: frame.minY + 2 * line + 1,
                width: frame.width)
            return
        }
        // The interval p99 says when its slow frames came at rest: the hitch ratio counts the frames of
        // motion only, so a slow p99 beside a good hitch ratio is not a contradiction.
        let p99 = String(format: "p99 %.1f ms", status.frames.intervalP99Ms) + (status.frames.slowFramesAtRest ? Self.slowFramesAtRestNote : "")
        let used = put(String(format: "%.1f fps · %@ · work %.1f (p99 %.1f) · ", status.frames.fps, p99,
                              status.frames.frameMs, status.frames.frameP99Ms), .mono, .dimText, column: c, x: x, y: frame.minY + 2 * line + 1,
                       width: frame.width)
        // Apple's hitch time ratio, coloured by its band (good < 5 ≤ warning < 10 ≤ critical ms/s).
        let band = HitchMeter.Band(ratio: status.frames.hitchRatio)
        put(String(format: "hitch %.1f ms/s", status.frames.hitchRatio), .mono, Self.colour(of: band), column: c, x: x + used,
            y: frame.minY + 2 * line + 1, width: frame.width - used)
    }

    /// After the interval p99 when it is over the period but the frames of motion kept time.
    package static let slowFramesAtRestNote = " (at rest)"

    /// A hitch band's colour: green, amber, red.
    package static func colour(of band: HitchMeter.Band) -> RGBA {
        switch band {
        case .good: return RGBA(110, 200, 120)
        case .warning: return RGBA(235, 180, 60)
        case .critical: return RGBA(235, 90, 80)
        }
    }

    /// The footer's key hints: the scene's own keys first (the policy keys in the grid), then the common
    /// ones (the state rows name D, T and the others in their labels).
    package static func keyHints(sceneName: String) -> [String] {
        guard let kind = SceneKind.named(sceneName) else { return ["H all keys"] }
        return KeyTable.window.footerHints(for: kind).components(separatedBy: " · ")
    }

    /// `parts` joined by " · ", as many whole parts as fit `width` in the label face, in their order (a
    /// part that does not fit is left out, never cut); `keeping` is always among them.
    package func fitting(_ parts: [String], width: Double, keeping kept: String? = nil) -> String {
        let separator = " · "
        let reserve = kept.map { parts.contains($0) ? metrics.width(separator + $0, .label) : 0 } ?? 0
        var shown: [String] = []
        var keptShown = false
        for part in parts {
            let isKept = part == kept
            let candidate = (shown + [part]).joined(separator: separator)
            if metrics.width(candidate, .label) + (keptShown || isKept ? 0 : reserve) <= width {
                shown.append(part)
                keptShown = keptShown || isKept
            }
        }
        return shown.joined(separator: separator)
    }
}
