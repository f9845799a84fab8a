import CSDL
import ScrollKit
import ScrollLabCore

/// Lines and triangles in layout points, mapped to the output's pixels as the rects are (`LayoutFit`).
///
/// Unscaled, SDL is called with the very coordinates given (the same pixels as ever). Scaled, the points are
/// mapped to pixels and a line is drawn as many pixels thick as a point is wide (rounded, at least one):
/// SDL drew a scaled line as rects of the scale's size, a thin line at 0.97, two pixels at 2.
extension Canvas {
    /// A line from `a` to `b` in the current colour.
    func drawLine(from a: Point, to b: Point) {
        drawLines([a, b])
    }

    /// A dashed line from `a` to `b` in `c`: dashes `dash` points long with gaps as long, the first at `a`,
    /// each drawn as a line from its start to its end.
    ///
    /// A horizontal opaque line on a software window at one pixel a point (the timeline's zero line and
    /// targets, a hundred dashes and more a frame) is written straight into the window's pixels in one pass,
    /// each dash as the rect SDL draws for it (`horizontalDashRects`). Otherwise every dash is a line.
    func drawDashed(from a: Point, to b: Point, dash: Double, _ c: RGBA) {
        setColour(c)
        let length = (b - a).length
        guard length > 0, dash > 0 else { return }
        if c.a == 255, grid.fit.isIdentity, Self.linesAreRects, let rows = Self.horizontalDashRects(from: a, to: b, dash: dash),
           fillOnSurface(rows, c) {
            return
        }
        let step = (b - a) / length
        var s = 0.0
        while s < length {
            drawLine(from: a + step * s, to: a + step * Swift.min(s + dash, length))
            s += 2 * dash
        }
    }

    /// The rects SDL fills for the dashes of a horizontal line from `a` to `b` (as `drawDashed` splits it),
    /// when its window renderer draws lines as rects (`linesAreRects`); nil when the line is not horizontal
    /// or lies past a million pixels. SDL (`RenderDrawLinesWithRectsF`) fills a horizontal line from its left
    /// end, as wide as its length plus one, in floats, then truncates each figure to a whole pixel
    /// (`SW_QueueFillRects`): not each end truncated.
    nonisolated static func horizontalDashRects(from a: Point, to b: Point, dash: Double) -> [SDL_Rect]? {
        let length = (b - a).length
        guard a.y == b.y, length > 0, dash > 0, Swift.abs(a.y) < 1e6, Swift.abs(a.x) < 1e6, Swift.abs(b.x) < 1e6 else { return nil }
        let step = (b - a) / length
        var rows: [SDL_Rect] = []
        rows.reserveCapacity(Int(length / (2 * dash)) + 1)
        let y = Int32(Float(a.y))
        var s = 0.0
        while s < length {
            let p = Float((a + step * s).x), q = Float((a + step * Swift.min(s + dash, length)).x)
            let left = Swift.min(p, q)
            rows.append(SDL_Rect(x: Int32(left), y: y, w: Swift.max(Int32(Swift.max(p, q) - left + 1), 1), h: 1))
            s += 2 * dash
        }
        return rows
    }

    /// True when SDL draws a window renderer's lines as rects (`SDL_RenderDrawLinesF`'s points method, its
    /// default): the hint unset, 0 or 1.
    private static var linesAreRects: Bool {
        guard let hint = SDL_GetHint(SDL_HINT_RENDER_LINE_METHOD) else { return true }
        let method = atoi(hint)
        return method == 0 || method == 1
    }

    /// Connected lines through `points` in the current colour.
    func drawLines(_ points: [Point]) {
        guard points.count > 1 else { return }
        let fit = grid.fit
        if fit.isIdentity {
            // A loop, not `map`: a closure formed here is the main actor's, and Swift checks the executor on
            // each call of one (about 850 instructions a point, a sixth of the timeline's cost).
            var fpoints: [SDL_FPoint] = []
            fpoints.reserveCapacity(points.count)
            for point in points { fpoints.append(SDL_FPoint(x: Float(point.x), y: Float(point.y))) }
            SDL_RenderDrawLinesF(renderer, &fpoints, Int32(fpoints.count))
            return
        }
        let mapped = points.map(fit.pixelPoint)
        let thickness = Swift.max(1, Int(fit.scale.rounded()))
        var shifted = mapped
        for dy in 0..<thickness {
            for dx in 0..<thickness {
                for i in mapped.indices { shifted[i] = SDL_FPoint(x: mapped[i].x + Float(dx), y: mapped[i].y + Float(dy)) }
                SDL_RenderDrawLinesF(renderer, &shifted, Int32(shifted.count))
            }
        }
    }

    /// Triangles of `vertices` (positions in points; `indices` into them, or nil: each three in turn), untextured,
    /// blended.
    func drawGeometry(_ vertices: [SDL_Vertex], indices: [Int32]? = nil) {
        let fit = grid.fit
        var mapped = vertices
        if !fit.isIdentity {
            for i in mapped.indices {
                mapped[i].position = fit.pixelPoint(Point(x: Double(vertices[i].position.x), y: Double(vertices[i].position.y)))
            }
        }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        if let indices {
            SDL_RenderGeometry(renderer, nil, mapped, Int32(mapped.count), indices, Int32(indices.count))
        } else {
            SDL_RenderGeometry(renderer, nil, mapped, Int32(mapped.count), nil, 0)
        }
    }
}
