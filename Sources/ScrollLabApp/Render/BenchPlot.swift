import CSDL
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// `bench --plot`: loads issued (x) against blank tile-seconds (y, log scale) for every policy and
/// both bounds, one panel per gesture, the frontier of undominated policies joined and ringed. Drawn
/// with the lab's own canvas and fonts by SDL's software renderer into a surface, then saved as PNG.
@MainActor
package struct BenchPlot {
    /// One gesture's bench rows.
    package struct Panel {
        var gesture: String
        var rows: [GridBenchRow]
        /// Each policy's label also gives the megabytes it moved over the network.
        var showsBytes = false

        package init(gesture: String, rows: [GridBenchRow], showsBytes: Bool = false) {
            self.gesture = gesture
            self.rows = rows
            self.showsBytes = showsBytes
        }
    }

    /// The panels, in bench order.
    var panels: [Panel]
    /// The line under the title (latency, concurrency, cache).
    var subtitle: String

    package init(panels: [Panel], subtitle: String) {
        self.panels = panels
        self.subtitle = subtitle
    }

    static let columns = 3
    static let panelSize = (width: 520.0, height: 400.0)
    static let titleHeight = 64.0
    static let paper = RGBA(255, 255, 255)
    static let ink = RGBA(30, 32, 36)
    static let grid = RGBA(226, 228, 232)
    static let axis = RGBA(120, 124, 130)

    /// The colour of each policy (a `@shipped` variant its policy's), from its declaration; the bounds are drawn in ink.
    static func colour(_ policy: String) -> RGBA {
        guard let c = PolicyVariant(name: policy)?.kind.declaration.colour else { return ink }
        return RGBA(c.red, c.green, c.blue)
    }

    /// The image size.
    var size: (width: Int32, height: Int32) {
        let rows = (panels.count + 1 + Self.columns - 1) / Self.columns    // one cell for the legend
        return (Int32(Double(Self.columns) * Self.panelSize.width), Int32(Self.titleHeight + Double(rows) * Self.panelSize.height))
    }

    /// Draws the plot and writes it to `path` (opened in place; "-" is standard output). Returns an
    /// error line on failure.
    package func write(to path: String) -> String? {
        PlotPen.render(size: size, to: path, draw)
    }

    private func draw(_ pen: PlotPen) {
        pen.canvas.clear(Self.paper)
        let title = panels.allSatisfy(\.showsBytes) && !panels.isEmpty
            ? "Loads issued against blank tile-seconds, per network profile (every gesture summed; MB over the network by each name) — lower left is better"
            : "Loads issued against blank tile-seconds, per gesture — lower left is better"
        pen.text.draw(title, style: .heading, colour: Self.ink, x: 20, y: 14)
        pen.text.draw(subtitle, style: .label, colour: Self.axis, x: 20, y: 38)
        for (index, panel) in panels.enumerated() {
            let origin = cell(index)
            drawPanel(panel, in: Rect(x: origin.x, y: origin.y, width: Self.panelSize.width, height: Self.panelSize.height), pen: pen)
        }
        let legend = cell(panels.count)
        drawLegend(at: legend, pen: pen)
    }

    private func cell(_ index: Int) -> Point {
        Point(x: Double(index % Self.columns) * Self.panelSize.width,
              y: Self.titleHeight + Double(index / Self.columns) * Self.panelSize.height)
    }

    /// One gesture: axes, grid, the min-loads line, the frontier, the points and their labels.
    private func drawPanel(_ panel: Panel, in cell: Rect, pen: PlotPen) {
        let plot = Rect(x: cell.minX + 66, y: cell.minY + 56, width: cell.width - 90, height: cell.height - 116)
        let policies = panel.rows.filter { !$0.isBound }
        let oracle = panel.rows.first { $0.policy == "bound-oracle" }
        let minLoads = panel.rows.first { $0.policy == "bound-min-loads" }?.metrics.loadsIssued
        let plotted = policies + (oracle.map { [$0] } ?? [])
        let maxLoads = Double(plotted.map(\.metrics.loadsIssued).max() ?? 1)
        let xScale = PlotAxis.linear(upTo: maxLoads * 1.05)
        let blanks = plotted.map(\.metrics.blankTileSeconds).filter { $0 > 0 }
        let yScale = PlotAxis.log(from: blanks.min() ?? 0.1, to: blanks.max() ?? 1)
        func x(_ v: Double) -> Double { plot.minX + xScale.fraction(v) * plot.width }
        func y(_ v: Double) -> Double { plot.maxY - yScale.fraction(Swift.max(v, yScale.lower)) * plot.height }

        pen.text.draw(panel.gesture, style: .heading, colour: Self.ink, x: Int32(cell.minX + 20), y: Int32(cell.minY + 6))
        for tick in xScale.ticks {
            pen.line(from: Point(x: x(tick), y: plot.minY), to: Point(x: x(tick), y: plot.maxY), Self.grid)
            pen.text.drawCentred(PlotAxis.label(tick), style: .mono, colour: Self.axis, centreX: Int32(x(tick)), y: Int32(plot.maxY + 6))
        }
        for tick in yScale.ticks {
            pen.line(from: Point(x: plot.minX, y: y(tick)), to: Point(x: plot.maxX, y: y(tick)), Self.grid)
            let label = PlotAxis.label(tick)
            let width = pen.text.size(label, style: .mono).width
            pen.text.draw(label, style: .mono, colour: Self.axis, x: Int32(plot.minX) - width - 6, y: Int32(y(tick)) - 8)
        }
        pen.canvas.stroke(plot, width: 1, Self.axis)
        pen.text.drawCentred("loads issued", style: .label, colour: Self.ink, centreX: Int32(plot.center.x), y: Int32(plot.maxY + 26))
        pen.text.draw("blank tile·s (log)", style: .label, colour: Self.ink, x: Int32(plot.minX) - 56, y: Int32(plot.minY) - 22)

        var taken: [Rect] = []
        if let minLoads { pen.dashedLine(x: x(Double(minLoads)), from: plot.minY, to: plot.maxY, Self.ink) }
        // The frontier: undominated policies joined in order of loads, each ringed.
        let frontier = GridBenchRow.frontier(panel.rows)
        let points = frontier.map { Point(x: x(Double($0.metrics.loadsIssued)), y: y($0.metrics.blankTileSeconds)) }
        for (a, b) in zip(points, points.dropFirst()) {
            let corner = Point(x: b.x, y: a.y)
            pen.line(from: a, to: corner, Self.ink, width: 2)
            pen.line(from: corner, to: b, Self.ink, width: 2)
            taken.append(Rect(x: a.x, y: a.y - 1, width: corner.x - a.x, height: 2))
            taken.append(Rect(x: corner.x - 1, y: Swift.min(corner.y, b.y), width: 2, height: abs(b.y - corner.y)))
        }
        for p in points {
            pen.ring(at: p, radius: 10, Self.ink)
            taken.append(Rect(x: p.x - 11, y: p.y - 11, width: 22, height: 22))
        }

        // Points, adaptive last so it is on top; rows on the same spot share one label ("a = b"),
        // adaptive's placed first so it gets the best place.
        var groups: [(names: [String], at: Point, colour: RGBA)] = []
        for row in plotted.sorted(by: { ($0.policy == "adaptive" ? 1 : 0) < ($1.policy == "adaptive" ? 1 : 0) }) {
            let p = Point(x: x(Double(row.metrics.loadsIssued)), y: y(row.metrics.blankTileSeconds))
            pen.marker(for: row.policy, at: p)
            taken.append(Rect(x: p.x - 7, y: p.y - 7, width: 14, height: 14))
            var name = row.policy == "bound-oracle" ? "oracle"
                : row.policy.hasPrefix("bound-oracle@") ? "oracle (" + row.policy.dropFirst("bound-oracle@".count) + ")" : row.policy
            if panel.showsBytes, !row.isBound { name += String(format: " %.1f MB", Double(row.metrics.networkBytes) / 1e6) }
            if let i = groups.firstIndex(where: { abs($0.at.x - p.x) < 1 && abs($0.at.y - p.y) < 1 }) {
                groups[i].names.insert(name, at: 0)
                groups[i].colour = Self.colour(row.policy)
            } else {
                groups.append(([name], p, Self.colour(row.policy)))
            }
        }
        // The min-loads line's label once every point is down, clear of them, before the points' own.
        if let minLoads {
            taken.append(pen.label("min loads \(minLoads)", near: Point(x: x(Double(minLoads)), y: plot.minY + 8), avoiding: taken,
                                   within: plot, colour: Self.ink))
        }
        for group in groups.reversed() {
            let label = group.names.joined(separator: " = ")
            taken.append(pen.label(label, near: group.at, avoiding: taken, within: plot, colour: group.colour))
        }
    }

    /// The key: colours and shapes, the frontier, the min-loads line, how to read it.
    private func drawLegend(at origin: Point, pen: PlotPen) {
        var y = origin.y + 40
        let x = origin.x + 40
        pen.text.draw("Key", style: .heading, colour: Self.ink, x: Int32(x), y: Int32(origin.y + 8))
        // 24 px a policy, closer when more would push the key's last lines (112 px) out of its cell.
        let kinds = LoadingPolicyKind.allCases
        let step = Swift.min(24, (Self.panelSize.height - 40 - 112) / Double(Swift.max(1, kinds.count)))
        for kind in kinds {
            pen.marker(for: kind.rawValue, at: Point(x: x + 8, y: y + 8))
            let what = kind.system.isEmpty ? (kind.declaration.origin == .lab ? "the lab's own" : "seed policy") : kind.system
            pen.text.draw("\(kind.rawValue) — \(what)", style: .label, colour: Self.ink, x: Int32(x + 24), y: Int32(y))
            y += step
        }
        pen.marker(for: "bound-oracle", at: Point(x: x + 8, y: y + 8))
        pen.text.draw("oracle: least blank time any schedule reaches", style: .label, colour: Self.ink, x: Int32(x + 24), y: Int32(y))
        y += 24
        pen.dashedLine(x: x + 8, from: y, to: y + 16, Self.ink)
        pen.text.draw("min loads: images seen at rest", style: .label, colour: Self.ink, x: Int32(x + 24), y: Int32(y))
        y += 24
        pen.line(from: Point(x: x, y: y + 8), to: Point(x: x + 16, y: y + 8), Self.ink, width: 2)
        pen.ring(at: Point(x: x + 8, y: y + 8), radius: 7, Self.ink)
        pen.text.draw("frontier: policies no other dominates", style: .label, colour: Self.ink, x: Int32(x + 24), y: Int32(y))
        y += 20
        pen.text.draw("axes at once (fewer-or-equal loads and blank)", style: .label, colour: Self.ink, x: Int32(x + 24), y: Int32(y))
        y += 24
        pen.text.draw("circles: seed policies and the lab's own · squares: peers", style: .label, colour: Self.axis, x: Int32(x), y: Int32(y))
    }
}

/// An axis scale: where a value falls (0…1) and where the ticks go.
struct PlotAxis {
    var lower: Double
    var upper: Double
    var isLog: Bool
    var ticks: [Double]

    /// 0 to a round number at or above `max`, with 4–6 round ticks.
    static func linear(upTo max: Double) -> PlotAxis {
        let raw = Swift.max(max, 1) / 5
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        let upper = ceil(Swift.max(max, 1) / step) * step
        return PlotAxis(lower: 0, upper: upper, isLog: false, ticks: stride(from: 0, through: upper + step / 2, by: step).map { $0 })
    }

    /// Whole decades around `min`…`max`, ticks at 1, 2 and 5 of each.
    static func log(from min: Double, to max: Double) -> PlotAxis {
        let lo = pow(10, floor(log10(Swift.max(min, 1e-3)))), hi = pow(10, ceil(log10(Swift.max(max, lo * 10))))
        var ticks: [Double] = []
        var decade = lo
        while decade < hi * 1.001 {
            for m in [1.0, 2, 5] where decade * m <= hi * 1.001 { ticks.append(decade * m) }
            decade *= 10
        }
        return PlotAxis(lower: lo, upper: hi, isLog: true, ticks: ticks)
    }

    /// Where `value` falls between the ends, 0…1.
    func fraction(_ value: Double) -> Double {
        let f = isLog ? log10(value / lower) / log10(upper / lower) : (value - lower) / (upper - lower)
        return Swift.min(1, Swift.max(0, f.isFinite ? f : 0))
    }

    /// A tick label without needless decimals.
    static func label(_ v: Double) -> String {
        v >= 1 || v == 0 ? String(format: "%.0f", v) : String(format: v >= 0.1 ? "%.1f" : "%.2f", v)
    }
}

/// The few shapes the plot needs, over the lab's canvas and text cache.
@MainActor
struct PlotPen {
    let canvas: Canvas
    let text: TextCache

    /// Draws a plot of `size` pixels with SDL's software renderer into a surface and writes it as a PNG to
    /// `path` (in place; "-" is standard output). Returns an error line on failure.
    static func render(size: (width: Int32, height: Int32), to path: String, _ draw: (PlotPen) -> Void) -> String? {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, size.width, size.height, 32, CSDL_PIXELFORMAT_ARGB8888) else {
            return "cannot allocate the plot: \(sdlErrorText())"
        }
        defer { SDL_FreeSurface(surface) }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else { return "cannot create a software renderer: \(sdlErrorText())" }
        defer { SDL_DestroyRenderer(renderer) }
        let fonts: FontSet
        do { fonts = try FontSet() } catch { return error.message }
        defer { fonts.close() }
        let text = TextCache(renderer: renderer, fonts: fonts)
        defer { text.removeAll() }
        draw(PlotPen(canvas: Canvas(renderer: renderer), text: text))
        SDL_RenderPresent(renderer)
        return Screenshot.write(surface, to: path)
    }

    /// A straight line `width` pixels thick.
    func line(from a: Point, to b: Point, _ c: RGBA, width: Int = 1) {
        canvas.setColour(c)
        let dx = abs(b.x - a.x) >= abs(b.y - a.y)
        for k in 0..<width {
            let o = Double(k) - Double(width - 1) / 2
            SDL_RenderDrawLineF(canvas.renderer, Float(a.x + (dx ? 0 : o)), Float(a.y + (dx ? o : 0)),
                                Float(b.x + (dx ? 0 : o)), Float(b.y + (dx ? o : 0)))
        }
    }

    /// A vertical dashed line at `x`.
    func dashedLine(x: Double, from y0: Double, to y1: Double, _ c: RGBA) {
        var y = y0
        while y < y1 {
            line(from: Point(x: x, y: y), to: Point(x: x, y: Swift.min(y + 5, y1)), c, width: 2)
            y += 9
        }
    }

    /// A filled disc, a row of pixels at a time.
    func disc(at p: Point, radius r: Double, _ c: RGBA) {
        var dy = -r
        while dy <= r {
            let half = (r * r - dy * dy).squareRoot()
            canvas.fill(Rect(x: p.x - half, y: p.y + dy, width: 2 * half, height: 1), c)
            dy += 1
        }
    }

    /// A circle outline two pixels wide.
    func ring(at p: Point, radius r: Double, _ c: RGBA) {
        canvas.setColour(c)
        let steps = 64
        for ring in [r, r - 1] {
            for i in 0..<steps {
                let a0 = Double(i) / Double(steps) * 2 * .pi, a1 = Double(i + 1) / Double(steps) * 2 * .pi
                SDL_RenderDrawLineF(canvas.renderer, Float(p.x + ring * cos(a0)), Float(p.y + ring * sin(a0)),
                                    Float(p.x + ring * cos(a1)), Float(p.y + ring * sin(a1)))
            }
        }
    }

    /// The marker of a policy: a disc for the seeds' and the lab's policies (adaptive larger), a
    /// square for the peers, a diamond for the oracle.
    func marker(for policy: String, at p: Point) {
        let c = BenchPlot.colour(policy)
        if policy.hasPrefix("bound-oracle") {
            var dy = -7.0
            while dy <= 7 {
                let half = 7 - abs(dy)
                canvas.fill(Rect(x: p.x - half, y: p.y + dy, width: 2 * half + 1, height: 1), c)
                dy += 1
            }
        } else if PolicyVariant(name: policy)?.kind.isPeer == true {
            canvas.fill(Rect(x: p.x - 5, y: p.y - 5, width: 11, height: 11), c)
        } else {
            disc(at: p, radius: policy == "adaptive" ? 7 : 5, c)
        }
    }

    /// Draws `name` where `PlotLabel` places it beside `p`, with its leader line when further out; returns
    /// the rect used (empty if none fit).
    func label(_ name: String, near p: Point, avoiding taken: [Rect], within bounds: Rect, colour: RGBA) -> Rect {
        let (w, h) = text.size(name, style: .label)
        guard let placed = PlotLabel.place(width: Double(w), height: Double(h), near: p, avoiding: taken, within: bounds) else {
            return Rect(x: p.x, y: p.y, width: 0, height: 0)
        }
        if let end = placed.leaderEnd { line(from: p, to: end, colour) }
        // On paper: an interval bar under the label stops at it instead of striking it through.
        canvas.fill(placed.rect.insetBy(dx: -2, dy: 0), BenchPlot.paper)
        text.draw(name, style: .label, colour: colour, x: Int32(placed.rect.minX), y: Int32(placed.rect.minY))
        return placed.rect
    }
}
