import CSDL
import ScrollKit
import ScrollLabCore

/// Rounded rectangles: cut into a body, two side strips and the quarter discs a row at a time
/// (`RoundedPieces`), and filled as one span a row of pixels wherever those pieces' pixels meet edge to edge.
extension Canvas {
    /// Fills a rect with its four corners cut by `radius` points (a cheap rounded rectangle) in one command,
    /// each pixel once: a row's span in one piece where the pieces meet (`appendRoundedPixels`).
    func fillRounded(_ rect: Rect, radius: Double, _ c: RGBA) {
        var pixels = takePixels()
        Self.appendRoundedPixels(rect, radius: radius, grid.fit, to: &pixels)
        fill(recyclingPixels: pixels, c)
    }

    /// The non-overlapping rects a rounded rectangle is filled with.
    nonisolated static func roundedRects(_ rect: Rect, radius: Double) -> [Rect] {
        var rects: [Rect] = []
        appendRoundedRects(rect, radius: radius, to: &rects)
        return rects
    }

    /// Appends `roundedRects(rect, radius:)` to `rects` (a shape of several parts in one array, one fill).
    nonisolated static func appendRoundedRects(_ rect: Rect, radius: Double, to rects: inout [Rect]) {
        let shape = RoundedPieces(rect, radius: radius)
        rects.reserveCapacity(rects.count + 3 + 4 * Int(Swift.min(shape.r, 1e6)))
        shape.forEachPiece { rects.append($0) }
    }

    /// Appends the pixels of `roundedRects(rect, radius:)` at `fit` to `out`, each once: the pieces' pixel rects
    /// (`appendPixels(of:_:to:)`'s) that cover a whole pixel, in fewer rects. (Unscaled, `appendPixels` keeps a rect
    /// that covers none, which SDL fills a pixel wide: a piece snapped to nothing would be blended over another.)
    ///
    /// Where the pieces' pixel rects meet edge to edge (each row's corner piece, body and corner piece side by
    /// side; the corner rows, the strips' rows and the body's rows the same rows), each row of pixels is one
    /// span and rows of the same span are one rect: a tile's heart box (36 points, radius 8, unscaled) is 9 rects
    /// and 36 rows to fill instead of 35 rects and 108. Where they do not (an edge a rounding apart) the pieces
    /// are appended one by one.
    nonisolated static func appendRoundedPixels(_ rect: Rect, radius: Double, _ fit: LayoutFit, to out: inout [SDL_Rect]) {
        let shape = RoundedPieces(rect, radius: radius)
        let start = out.count
        if shape.r < 100_000, shape.appendRowSpans(fit, to: &out) { return }
        out.removeSubrange(start...)
        shape.forEachPiece { piece in
            let pixels = fit.isIdentity ? snap(piece) : fit.pixels(piece)
            if pixels.w > 0, pixels.h > 0 { out.append(pixels) }
        }
    }
}

/// A rounded rectangle cut into pieces that do not overlap: the body (the rect narrowed by the radius on
/// both sides), the two side strips between the corners, and each corner row by row, a row's width the
/// quarter disc's at the row's middle, rounded.
struct RoundedPieces {
    let rect: Rect
    /// The corners' radius: `radius` rounded to a whole number within half the shorter side. Rounded past that
    /// half (a 3-point scroll indicator's 1.5 to 2), the pieces would overlap and a translucent colour be blended
    /// twice there: it is taken one lower.
    let r: Double

    init(_ rect: Rect, radius: Double) {
        self.rect = rect
        let half = Swift.min(rect.width, rect.height) / 2
        let r = Swift.max(0, Swift.min(radius, half)).rounded()
        self.r = r > half ? r - 1 : r
    }

    var body: Rect { rect.insetBy(dx: r, dy: 0) }
    var leftStrip: Rect { Rect(x: rect.minX, y: rect.minY + r, width: r, height: rect.height - 2 * r) }
    var rightStrip: Rect { Rect(x: rect.maxX - r, y: rect.minY + r, width: r, height: rect.height - 2 * r) }

    /// The width of the corners' row `row` (0: the outermost).
    @inline(__always) func width(row: Double) -> Double {
        let dy = r - row - 0.5
        return Canvas.rounded((r * r - dy * dy).squareRoot())
    }

    /// A corner row's left end at width `dx` (its top-left and bottom-left pieces'), the right corners' left end,
    /// and the top and bottom corner rows' top edges: the pieces' edges, each one expression, so that a row's
    /// span is mapped from the very values its pieces are.
    @inline(__always) func leftX(width dx: Double) -> Double { rect.minX + r - dx }
    @inline(__always) var rightX: Double { rect.maxX - r }
    @inline(__always) func topY(row: Double) -> Double { rect.minY + row }
    @inline(__always) func bottomY(row: Double) -> Double { rect.maxY - row - 1 }

    func topLeft(row: Double, width dx: Double) -> Rect { Rect(x: leftX(width: dx), y: topY(row: row), width: dx, height: 1) }
    func topRight(row: Double, width dx: Double) -> Rect { Rect(x: rightX, y: topY(row: row), width: dx, height: 1) }
    func bottomLeft(row: Double, width dx: Double) -> Rect { Rect(x: leftX(width: dx), y: bottomY(row: row), width: dx, height: 1) }
    func bottomRight(row: Double, width dx: Double) -> Rect { Rect(x: rightX, y: bottomY(row: row), width: dx, height: 1) }

    /// Every piece in order: the body, the strips, then each corner row's four pieces, outermost first. A body
    /// of no width (a disc's) and strips of no width or height (no radius; a pill's) are left out: unscaled, SDL
    /// would fill them a pixel wide or high, over the other pieces.
    func forEachPiece(_ body: (Rect) -> Void) {
        if self.body.width > 0 { body(self.body) }
        if r > 0, leftStrip.height > 0 {
            body(leftStrip)
            body(rightStrip)
        }
        var row = 0.0
        while row < r {
            let dx = width(row: row)
            body(topLeft(row: row, width: dx))
            body(topRight(row: row, width: dx))
            body(bottomLeft(row: row, width: dx))
            body(bottomRight(row: row, width: dx))
            row += 1
        }
    }

    /// Appends the pieces' pixels at `fit` as spans, top to bottom, and returns true when the pieces' own
    /// pixel rects tile the shape: in each band of rows (a corner row, the strips) the left piece ends where
    /// the body begins and the body where the right piece begins, and the bands follow one another down the
    /// body's rows with no row between or twice. False (with `out` partly appended) otherwise.
    ///
    /// Each edge is mapped once (`LayoutFit.edgeX`, `edgeY`: at the identity `Canvas.snap`'s), from the
    /// expression its pieces' rects hold: a row's left end is its left pieces' `minX`, `minX + dx` their `maxX`.
    func appendRowSpans(_ fit: LayoutFit, to out: inout [SDL_Rect]) -> Bool {
        let body = self.body, strip = leftStrip
        let bodyX0 = fit.edgeX(body.minX), bodyX1 = fit.edgeX(body.maxX)
        let bodyY0 = fit.edgeY(body.minY), bodyY1 = fit.edgeY(body.maxY)
        let stripY0 = fit.edgeY(strip.minY), stripY1 = fit.edgeY(strip.maxY)
        let leftX0 = fit.edgeX(strip.minX), leftX1 = fit.edgeX(strip.maxX)
        let right = rightStrip, rightX0 = fit.edgeX(right.minX), rightX1 = fit.edgeX(right.maxX)
        // A piece that maps to no pixel adds none (it is not appended); one of negative size would overlap another.
        guard bodyX1 >= bodyX0, bodyY1 >= bodyY0, stripY1 >= stripY0, leftX1 >= leftX0, rightX1 >= rightX0,
              leftX1 == bodyX0, bodyX1 == rightX0 else { return false }
        let start = out.count
        var y = bodyY0
        /// The band of rows `y0..<y1` from `x0` to `x1`, after the last: false unless it starts where the last ended.
        @inline(__always) func band(_ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int) -> Bool {
            guard y0 == y, y1 >= y0 else { return false }
            y = y1
            guard y1 > y0, x1 > x0 else { return true }
            let last = out.count - 1
            if last >= start, Int(out[last].x) == x0, Int(out[last].w) == x1 - x0, Int(out[last].y + out[last].h) == y0 {
                out[last].h += Int32(truncatingIfNeeded: y1 - y0)
            } else {
                out.append(SDL_Rect(x: Int32(truncatingIfNeeded: x0), y: Int32(truncatingIfNeeded: y0),
                                    w: Int32(truncatingIfNeeded: x1 - x0), h: Int32(truncatingIfNeeded: y1 - y0)))
            }
            return true
        }
        /// A corner row's pieces at width `dx`: its left end and the right pieces' right end, both checked
        /// against the body; nil when they do not meet it.
        @inline(__always) func corners(_ dx: Double) -> (x0: Int, x1: Int)? {
            // The right pieces start where the right strip does (`rightX`), which meets the body.
            let lx = leftX(width: dx), x0 = fit.edgeX(lx), x1 = fit.edgeX(lx + dx), right1 = fit.edgeX(rightX + dx)
            guard x1 >= x0, right1 >= rightX0, x1 == bodyX0 else { return nil }
            return (x0, right1)
        }
        let rows = Int(r)
        for i in 0..<rows {
            let row = Double(i), top = topY(row: row)
            guard let (x0, x1) = corners(width(row: row)),
                  band(x0, x1, fit.edgeY(top), fit.edgeY(top + 1)) else { return false }
        }
        guard band(leftX0, rightX1, stripY0, stripY1) else { return false }
        for i in stride(from: rows - 1, through: 0, by: -1) {
            let row = Double(i), bottom = bottomY(row: row)
            guard let (x0, x1) = corners(width(row: row)),
                  band(x0, x1, fit.edgeY(bottom), fit.edgeY(bottom + 1)) else { return false }
        }
        return y == bodyY1
    }
}
