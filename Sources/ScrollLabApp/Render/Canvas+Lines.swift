import CSDL
import ScrollKit

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
