import CSDL
import ScrollKit

/// A texture stretched over a rect far larger than the output (a feed's 1×10 000 pt item is a 150 pt wide,
/// 1 500 000 pt tall tile in a masonry), drawn by copying only the part that can be seen.
///
/// SDL's software renderer stretches a copy whose destination leaves the window into a temporary surface of
/// the whole destination, then blits the part inside: for such a tile, gigabytes to allocate and fill each
/// frame (0.7–10 s frames, 700 MB resident). Cut to the visible part, a copy costs what a tile on screen costs.
extension Canvas {
    /// Draws `texture` stretched into `rect` at opacity `alpha`, as `draw(texture:in:alpha:opaque:)` does;
    /// when `rect` is larger than the output and leaves it, only the texture's pixels that land inside the
    /// output and the clip are copied, each where the whole stretch would put it.
    func drawVisible(texture: OpaquePointer, in rect: Rect, alpha: Double, opaque: Bool = false) {
        let bounds = drawnBounds
        let inside = rect.minX >= bounds.minX && rect.minY >= bounds.minY && rect.maxX <= bounds.maxX && rect.maxY <= bounds.maxY
        guard !inside, rect.width * rect.height > bounds.width * bounds.height else {
            return draw(texture: texture, in: rect, alpha: alpha, opaque: opaque)
        }
        var width: Int32 = 0, height: Int32 = 0
        guard SDL_QueryTexture(texture, nil, nil, &width, &height) == 0, width > 0, height > 0,
              let visible = rect.intersection(bounds) else { return }
        let alphaMod = UInt8(Swift.min(Swift.max(alpha, 0), 1) * 255)
        SDL_SetTextureAlphaMod(texture, alphaMod)
        if opaque { SDL_SetTextureBlendMode(texture, alphaMod == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND) }
        let columns = Self.visibleSpans(start: rect.minX, length: rect.width, pixels: Int(width), visible: visible.minX, visible.maxX)
        let rows = Self.visibleSpans(start: rect.minY, length: rect.height, pixels: Int(height), visible: visible.minY, visible.maxY)
        for column in columns {
            for row in rows {
                var source = SDL_Rect(x: Int32(column.pixels.lowerBound), y: Int32(row.pixels.lowerBound),
                                      w: Int32(column.pixels.count), h: Int32(row.pixels.count))
                var target = grid.fit.pixels(Rect(x: column.from, y: row.from, width: column.to - column.from, height: row.to - row.from))
                guard target.w > 0, target.h > 0 else { continue }
                SDL_RenderCopy(renderer, texture, &source, &target)
            }
        }
    }

    /// The part of the output drawn into, in the canvas's coordinates (points): the viewport, within the clip if set.
    var drawnBounds: Rect {
        let fit = grid.fit
        var viewport = SDL_Rect()
        SDL_RenderGetViewport(renderer, &viewport)
        let whole = fit.points(SDL_Rect(x: 0, y: 0, w: viewport.w, h: viewport.h))
        guard SDL_RenderIsClipEnabled(renderer) == SDL_TRUE else { return whole }
        var clip = SDL_Rect()
        SDL_RenderGetClipRect(renderer, &clip)
        return fit.points(clip).intersection(whole) ?? Rect(x: 0, y: 0, width: 0, height: 0)
    }

    /// One piece of a stretched texture along an axis: its source pixels and where they land.
    struct Span: Equatable {
        var pixels: Range<Int>
        var from: Double
        var to: Double
    }

    /// Along one axis, `pixels` texture pixels stretched over `start ..< start + length`, cut to
    /// `low ..< high`: the first and the last pixel seen (each only the part of its stretch that is seen)
    /// and the whole pixels between them, at most three pieces, in order.
    nonisolated static func visibleSpans(start: Double, length: Double, pixels: Int, visible low: Double, _ high: Double) -> [Span] {
        guard pixels > 0, length > 0, high > low else { return [] }
        let step = length / Double(pixels)
        func edge(_ i: Int) -> Double { start + Double(i) * step }
        func pixel(at v: Double) -> Int { Swift.min(Swift.max(Int(((v - start) / step).rounded(.down)), 0), pixels - 1) }
        let from = Swift.max(low, start), to = Swift.min(high, start + length)
        guard to > from else { return [] }
        // The division may land a hair off an edge: the first pixel ends after `from`, the last starts before `to`.
        var first = pixel(at: from)
        if first + 1 < pixels, edge(first + 1) <= from { first += 1 }
        var last = Swift.max(first, pixel(at: to.nextDown))
        if last > first, edge(last) >= to { last -= 1 }
        if first == last { return [Span(pixels: first..<first + 1, from: from, to: to)] }
        var spans = [Span(pixels: first..<first + 1, from: from, to: edge(first + 1))]
        if last > first + 1 { spans.append(Span(pixels: first + 1..<last, from: edge(first + 1), to: edge(last))) }
        spans.append(Span(pixels: last..<last + 1, from: edge(last), to: to))
        return spans
    }
}
