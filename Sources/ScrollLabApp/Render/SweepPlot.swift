import CSDL
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// `sweep report --plot`: for each factor, two heatmaps (policy × value: mean blank tile-seconds, mean
/// loads or, under a network, kB; darker is more), then one panel per condition (every factor's value,
/// never pooled): each policy's mean blank time against its mean bytes (under a network) or loads, with
/// 95% interval bars both ways, the frontier joined and the recommended policy ringed. Drawn with the software renderer into
/// a surface (no display needed), like `bench --plot`.
@MainActor
package struct SweepPlot {
    /// The report's rows (per factor value).
    var rows: [SweepSummary.Row]
    /// Each condition (every swept factor's value; never pooled): its policies and frontier.
    var conditions: [SweepRecommendation]
    var title: String

    package init(rows: [SweepSummary.Row], conditions: [SweepRecommendation], title: String) {
        self.rows = rows
        self.conditions = conditions
        self.title = title
    }

    static let width = 1400.0
    static let heatmapHeight = 300.0
    static let panelHeight = 460.0
    static let top = 70.0
    /// Condition panels side by side.
    static let panelColumns = 2

    var factors: [String] {
        var seen: Set<String> = []
        return rows.map(\.factor).filter { seen.insert($0).inserted }
    }

    var size: (width: Int32, height: Int32) {
        let panelRows = (conditions.count + Self.panelColumns - 1) / Self.panelColumns
        return (Int32(Self.width), Int32(Self.top + Double(factors.count) * Self.heatmapHeight + Double(panelRows) * Self.panelHeight))
    }

    /// Draws the plot and writes it to `path` (in place; "-" is standard output); an error line on failure.
    package func write(to path: String) -> String? {
        PlotPen.render(size: size, to: path, draw)
    }

    private func draw(_ pen: PlotPen) {
        pen.canvas.clear(BenchPlot.paper)
        pen.text.draw("Policies across the sweep's factors: mean per session (darker is more), then each condition's frontier with 95% intervals",
                      style: .heading, colour: BenchPlot.ink, x: 20, y: 14)
        pen.text.draw(title, style: .label, colour: BenchPlot.axis, x: 20, y: 40)
        var y = Self.top
        for factor in factors {
            let mine = rows.filter { $0.factor == factor }
            let half = Self.width / 2
            heatmap(mine, factor: factor, metric: "blank tile·s", value: \.blankTileSeconds.mean,
                    in: Rect(x: 0, y: y, width: half, height: Self.heatmapHeight), pen: pen)
            // Under a network the cost is bytes, and the second map shows them (the rows of other sources: none).
            if mine.contains(where: { $0.networkBytes != nil }) {
                heatmap(mine.filter { $0.networkBytes != nil }, factor: factor, metric: "kB over the network", value: \.kilobytes,
                        in: Rect(x: half, y: y, width: half, height: Self.heatmapHeight), pen: pen)
            } else {
                heatmap(mine, factor: factor, metric: "loads issued", value: \.loadsIssued.mean,
                        in: Rect(x: half, y: y, width: half, height: Self.heatmapHeight), pen: pen)
            }
            y += Self.heatmapHeight
        }
        let panelWidth = Self.width / Double(Self.panelColumns)
        for (k, condition) in conditions.enumerated() {
            let cell = Rect(x: Double(k % Self.panelColumns) * panelWidth, y: y + Double(k / Self.panelColumns) * Self.panelHeight,
                            width: panelWidth, height: Self.panelHeight)
            panel(condition, in: cell, pen: pen)
        }
    }

    private func heatmap(_ rows: [SweepSummary.Row], factor: String, metric: String, value: KeyPath<SweepSummary.Row, Double>,
                         in cell: Rect, pen: PlotPen) {
        var policies: [String] = [], values: [String] = []
        for r in rows where !r.isBound {
            if !policies.contains(r.policy) { policies.append(r.policy) }
            if !values.contains(r.value) { values.append(r.value) }
        }
        pen.text.draw("\(metric) by \(factor)", style: .heading, colour: BenchPlot.ink, x: Int32(cell.minX + 20), y: Int32(cell.minY + 8))
        guard !policies.isEmpty, !values.isEmpty else { return }
        let grid = Rect(x: cell.minX + 110, y: cell.minY + 56, width: cell.width - 140, height: cell.height - 76)
        let w = grid.width / Double(values.count), h = grid.height / Double(policies.count)
        let all = rows.filter { !$0.isBound }.map { $0[keyPath: value] }
        let lo = all.min() ?? 0, hi = all.max() ?? 1
        for (j, label) in Self.columnLabels(values, width: Int32(w) - 6, pen: pen).enumerated() {
            pen.text.drawCentred(label, style: .mono, colour: BenchPlot.axis, centreX: Int32(grid.minX + (Double(j) + 0.5) * w),
                                 y: Int32(grid.minY - 20))
        }
        for (i, p) in policies.enumerated() {
            pen.text.draw(p, style: .label, colour: BenchPlot.colour(p), x: Int32(cell.minX + 20), y: Int32(grid.minY + (Double(i) + 0.5) * h - 9))
            for (j, v) in values.enumerated() {
                guard let r = rows.first(where: { $0.policy == p && $0.value == v }) else { continue }
                let x = r[keyPath: value]
                let f = hi > lo ? (x - lo) / (hi - lo) : 0
                let shade = RGBA(UInt8(255 - 200 * f), UInt8(250 - 170 * f), UInt8(240 - 100 * f))
                let box = Rect(x: grid.minX + Double(j) * w + 1, y: grid.minY + Double(i) * h + 1, width: w - 2, height: h - 2)
                pen.canvas.fill(box, shade)
                pen.text.drawCentred(PlotAxis.label(x), style: .mono, colour: f > 0.55 ? BenchPlot.paper : BenchPlot.ink,
                                     centreX: Int32(box.center.x), y: Int32(box.center.y - 8))
            }
        }
    }

    /// One condition's panel: every policy's mean blank time against its mean bytes (under a network)
    /// or loads, 95% intervals both ways, the frontier joined and the recommended policy ringed; the
    /// condition's factors in the title.
    private func panel(_ c: SweepRecommendation, in cell: Rect, pen: PlotPen) {
        let bytes = c.costName == "bytes"
        let sessions = c.points.map(\.sessions).max() ?? 0
        // The condition, wrapped at its commas to the panel's width (a long one ran into the next panel's),
        // then what is plotted.
        var top = cell.minY + 4
        for line in Self.wrapped(c.conditionText, width: Int32(cell.width - 40), pen: pen) {
            pen.text.draw(line, style: .heading, colour: BenchPlot.ink, x: Int32(cell.minX + 20), y: Int32(top))
            top += 20
        }
        pen.text.draw("blank tile·s against \(bytes ? "kB" : "loads") (\(sessions) sessions)",
                      style: .label, colour: BenchPlot.axis, x: Int32(cell.minX + 20), y: Int32(top))
        let unit = bytes ? 1000.0 : 1
        let plotTop = Swift.max(cell.minY + 56, top + 48)
        let plot = Rect(x: cell.minX + 90, y: plotTop, width: cell.width - 130, height: cell.maxY - 54 - plotTop)
        let xScale = PlotAxis.linear(upTo: (c.points.map(\.cost.upper).max() ?? 1) / unit * 1.05)
        let yScale = PlotAxis.linear(upTo: (c.points.map(\.blankTileSeconds.upper).max() ?? 1) * 1.05)
        func x(_ v: Double) -> Double { plot.minX + xScale.fraction(v / unit) * plot.width }
        func y(_ v: Double) -> Double { plot.maxY - yScale.fraction(v) * plot.height }
        for t in xScale.ticks {
            pen.line(from: Point(x: x(t * unit), y: plot.minY), to: Point(x: x(t * unit), y: plot.maxY), BenchPlot.grid)
            pen.text.drawCentred(PlotAxis.label(t), style: .mono, colour: BenchPlot.axis, centreX: Int32(x(t * unit)), y: Int32(plot.maxY + 6))
        }
        for t in yScale.ticks {
            pen.line(from: Point(x: plot.minX, y: y(t)), to: Point(x: plot.maxX, y: y(t)), BenchPlot.grid)
            let label = PlotAxis.label(t)
            pen.text.draw(label, style: .mono, colour: BenchPlot.axis, x: Int32(plot.minX) - pen.text.size(label, style: .mono).width - 6,
                          y: Int32(y(t)) - 8)
        }
        pen.canvas.stroke(plot, width: 1, BenchPlot.axis)
        pen.text.drawCentred(bytes ? "kB over the network per session" : "loads issued per session", style: .label, colour: BenchPlot.ink,
                             centreX: Int32(plot.center.x), y: Int32(plot.maxY + 26))
        pen.text.draw("blank tile·s", style: .label, colour: BenchPlot.ink, x: Int32(plot.minX) - 70, y: Int32(plot.minY) - 24)
        for (a, b) in zip(c.frontier, c.frontier.dropFirst()) {
            let p = Point(x: x(a.cost.mean), y: y(a.blankTileSeconds.mean)), q = Point(x: x(b.cost.mean), y: y(b.blankTileSeconds.mean))
            pen.line(from: p, to: Point(x: q.x, y: p.y), BenchPlot.ink, width: 2)
            pen.line(from: Point(x: q.x, y: p.y), to: q, BenchPlot.ink, width: 2)
        }
        // Markers and their interval bars first, so no label covers a point.
        var taken: [Rect] = []
        for r in c.points {
            let col = BenchPlot.colour(r.policy)
            let p = Point(x: x(r.cost.mean), y: y(r.blankTileSeconds.mean))
            pen.line(from: Point(x: x(r.cost.lower), y: p.y), to: Point(x: x(r.cost.upper), y: p.y), col, width: 2)
            pen.line(from: Point(x: p.x, y: y(r.blankTileSeconds.lower)), to: Point(x: p.x, y: y(r.blankTileSeconds.upper)), col, width: 2)
            pen.marker(for: r.policy, at: p)
            // The recommended point's ring is taken whole (with its stroke), so its label stands clear of it.
            let reach = r.policy == c.recommended.policy ? 15.0 : 9.0
            if r.policy == c.recommended.policy { pen.ring(at: p, radius: 12, BenchPlot.ink) }
            taken.append(Rect(x: p.x - reach, y: p.y - reach, width: 2 * reach, height: 2 * reach))
        }
        for r in c.points {
            let p = Point(x: x(r.cost.mean), y: y(r.blankTileSeconds.mean))
            let name = r.policy == c.recommended.policy ? r.policy + " (recommended)" : r.policy
            taken.append(pen.label(name, near: p, avoiding: taken, within: plot, colour: BenchPlot.colour(r.policy)))
        }
    }
}

extension SweepPlot {
    /// `text` in lines no wider than `width` in the heading style, broken after its commas (a part wider
    /// than the line stays whole).
    /// A heatmap's column headers within `width` each: the values as they are when all fit; else the
    /// latencies without their word ("80 ms": the heading names the factor); then each cut to fit with "…".
    static func columnLabels(_ values: [String], width: Int32, pen: PlotPen) -> [String] {
        func fit(_ labels: [String]) -> Bool { labels.allSatisfy { pen.text.size($0, style: .mono).width <= width } }
        if fit(values) { return values }
        let short = values.map { $0.hasPrefix("latency ") ? String($0.dropFirst(8)) : $0 }
        if fit(short) { return short }
        return short.map { label in
            var cut = label
            while cut.count > 1, pen.text.size(cut + "…", style: .mono).width > width { cut.removeLast() }
            return cut == label ? label : cut + "…"
        }
    }

    static func wrapped(_ text: String, width: Int32, pen: PlotPen) -> [String] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var lines: [String] = [], line = ""
        for (i, part) in parts.enumerated() {
            let piece = (line.isEmpty ? part.drop { $0 == " " }.description : part) + (i < parts.count - 1 ? "," : "")
            if !line.isEmpty, pen.text.size(line + piece, style: .heading).width > width {
                lines.append(line)
                line = String(piece.drop { $0 == " " })
            } else {
                line += piece
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

private extension SweepSummary.Row {
    /// Mean kB over the network (0 without a network).
    var kilobytes: Double { (networkBytes?.mean ?? 0) / 1000 }
}
