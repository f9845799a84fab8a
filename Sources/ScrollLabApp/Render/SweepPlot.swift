import CSDL
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// `sweep report --plot`: for each factor, two heatmaps (policy × value: mean blank tile-seconds, mean
/// loads; darker is more), then every policy's mean loads against mean blank time over all results with
/// 95% interval bars both ways and the undominated policies joined. Drawn with the software renderer into
/// a surface (no display needed), like `bench --plot`.
@MainActor
package struct SweepPlot {
    /// The report's rows (per factor value).
    var rows: [SweepSummary.Row]
    /// One row per policy over every result (factor "all").
    var overall: [SweepSummary.Row]
    var title: String

    package init(rows: [SweepSummary.Row], overall: [SweepSummary.Row], title: String) {
        self.rows = rows
        self.overall = overall
        self.title = title
    }

    static let width = 1400.0
    static let heatmapHeight = 300.0
    static let frontierHeight = 520.0
    static let top = 70.0

    var factors: [String] {
        var seen: Set<String> = []
        return rows.map(\.factor).filter { seen.insert($0).inserted }
    }

    var size: (width: Int32, height: Int32) {
        (Int32(Self.width), Int32(Self.top + Double(factors.count) * Self.heatmapHeight + Self.frontierHeight))
    }

    /// Draws the plot and writes it to `path` (in place; "-" is standard output); an error line on failure.
    package func write(to path: String) -> String? {
        PlotPen.render(size: size, to: path, draw)
    }

    private func draw(_ pen: PlotPen) {
        pen.canvas.clear(BenchPlot.paper)
        pen.text.draw("Policies across the sweep's factors: mean per session (darker is more), then loads against blank time with 95% intervals",
                      style: .heading, colour: BenchPlot.ink, x: 20, y: 14)
        pen.text.draw(title, style: .label, colour: BenchPlot.axis, x: 20, y: 40)
        var y = Self.top
        for factor in factors {
            let mine = rows.filter { $0.factor == factor }
            let half = Self.width / 2
            heatmap(mine, factor: factor, metric: "blank tile·s", value: \.blankTileSeconds.mean,
                    in: Rect(x: 0, y: y, width: half, height: Self.heatmapHeight), pen: pen)
            heatmap(mine, factor: factor, metric: "loads issued", value: \.loadsIssued.mean,
                    in: Rect(x: half, y: y, width: half, height: Self.heatmapHeight), pen: pen)
            y += Self.heatmapHeight
        }
        frontier(in: Rect(x: 0, y: y, width: Self.width, height: Self.frontierHeight), pen: pen)
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
        for (j, v) in values.enumerated() {
            let label = v.count > 14 ? String(v.prefix(13)) + "…" : v
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

    private func frontier(in cell: Rect, pen: PlotPen) {
        pen.text.draw("Every result: mean loads against mean blank tile·s, 95% bootstrap intervals; the undominated joined",
                      style: .heading, colour: BenchPlot.ink, x: Int32(cell.minX + 20), y: Int32(cell.minY + 8))
        let bounds = overall.filter(\.isBound)
        let overall = self.overall.filter { !$0.isBound }
        guard !overall.isEmpty else { return }
        let plot = Rect(x: cell.minX + 90, y: cell.minY + 50, width: cell.width - 140, height: cell.height - 100)
        let xScale = PlotAxis.linear(upTo: (overall.map(\.loadsIssued.upper).max() ?? 1) * 1.05)
        let yScale = PlotAxis.linear(upTo: (overall.map(\.blankTileSeconds.upper).max() ?? 1) * 1.05)
        func x(_ v: Double) -> Double { plot.minX + xScale.fraction(v) * plot.width }
        func y(_ v: Double) -> Double { plot.maxY - yScale.fraction(v) * plot.height }
        for t in xScale.ticks {
            pen.line(from: Point(x: x(t), y: plot.minY), to: Point(x: x(t), y: plot.maxY), BenchPlot.grid)
            pen.text.drawCentred(PlotAxis.label(t), style: .mono, colour: BenchPlot.axis, centreX: Int32(x(t)), y: Int32(plot.maxY + 6))
        }
        for t in yScale.ticks {
            pen.line(from: Point(x: plot.minX, y: y(t)), to: Point(x: plot.maxX, y: y(t)), BenchPlot.grid)
            let label = PlotAxis.label(t)
            pen.text.draw(label, style: .mono, colour: BenchPlot.axis, x: Int32(plot.minX) - pen.text.size(label, style: .mono).width - 6,
                          y: Int32(y(t)) - 8)
        }
        pen.canvas.stroke(plot, width: 1, BenchPlot.axis)
        pen.text.drawCentred("loads issued per session", style: .label, colour: BenchPlot.ink, centreX: Int32(plot.center.x), y: Int32(plot.maxY + 26))
        pen.text.draw("blank tile·s per session", style: .label, colour: BenchPlot.ink, x: Int32(plot.minX) - 70, y: Int32(plot.minY) - 24)
        // The frontier of the means.
        let undominated = overall.filter { a in
            !overall.contains { b in
                b.policy != a.policy && b.loadsIssued.mean <= a.loadsIssued.mean && b.blankTileSeconds.mean <= a.blankTileSeconds.mean
                    && (b.loadsIssued.mean < a.loadsIssued.mean || b.blankTileSeconds.mean < a.blankTileSeconds.mean)
            }
        }.sorted { $0.loadsIssued.mean < $1.loadsIssued.mean }
        for (a, b) in zip(undominated, undominated.dropFirst()) {
            let p = Point(x: x(a.loadsIssued.mean), y: y(a.blankTileSeconds.mean)), q = Point(x: x(b.loadsIssued.mean), y: y(b.blankTileSeconds.mean))
            pen.line(from: p, to: Point(x: q.x, y: p.y), BenchPlot.ink, width: 2)
            pen.line(from: Point(x: q.x, y: p.y), to: q, BenchPlot.ink, width: 2)
        }
        var taken: [Rect] = []
        // The bounds: the fewest loads possible (dashed, vertical) and the oracle's least blank time (horizontal).
        if let m = bounds.first(where: { $0.policy == "bound-min-loads" }) {
            pen.dashedLine(x: x(m.loadsIssued.mean), from: plot.minY, to: plot.maxY, BenchPlot.ink)
            taken.append(pen.label(String(format: "min loads %.0f", m.loadsIssued.mean), near: Point(x: x(m.loadsIssued.mean), y: plot.minY + 10),
                                   avoiding: taken, within: plot, colour: BenchPlot.ink))
        }
        if let o = bounds.first(where: { $0.policy == "bound-oracle" }) {
            pen.line(from: Point(x: plot.minX, y: y(o.blankTileSeconds.mean)), to: Point(x: plot.maxX, y: y(o.blankTileSeconds.mean)), BenchPlot.ink)
            taken.append(pen.label(String(format: "oracle %.2f", o.blankTileSeconds.mean), near: Point(x: plot.minX + 60, y: y(o.blankTileSeconds.mean)),
                                   avoiding: taken, within: plot, colour: BenchPlot.ink))
        }
        for r in overall {
            let c = BenchPlot.colour(r.policy)
            let p = Point(x: x(r.loadsIssued.mean), y: y(r.blankTileSeconds.mean))
            pen.line(from: Point(x: x(r.loadsIssued.lower), y: p.y), to: Point(x: x(r.loadsIssued.upper), y: p.y), c, width: 2)
            pen.line(from: Point(x: p.x, y: y(r.blankTileSeconds.lower)), to: Point(x: p.x, y: y(r.blankTileSeconds.upper)), c, width: 2)
            pen.marker(for: r.policy, at: p)
            if undominated.contains(where: { $0.policy == r.policy }) { pen.ring(at: p, radius: 10, BenchPlot.ink) }
            taken.append(Rect(x: p.x - 8, y: p.y - 8, width: 16, height: 16))
        }
        for r in overall {
            let p = Point(x: x(r.loadsIssued.mean), y: y(r.blankTileSeconds.mean))
            let label = r.policy + String(format: " %.0f%%", (r.undominatedShare ?? 0) * 100)
            taken.append(pen.label(label, near: p, avoiding: taken, within: plot, colour: BenchPlot.colour(r.policy)))
        }
        pen.text.draw("label: share of sessions undominated", style: .label, colour: BenchPlot.axis, x: Int32(plot.maxX) - 280,
                      y: Int32(plot.minY) - 24)
    }
}
