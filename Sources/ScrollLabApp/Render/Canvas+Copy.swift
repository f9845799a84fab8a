import ScrollLabCore
import CSDL
import ScrollKit

/// Pixels the window already holds, copied to where this frame wants them (the HUD's events list moved down
/// a callback): a row copy instead of clearing and drawing the same text again.
extension Canvas {
    /// Copies the window's pixels in each pair's `from` rect to its `to` rect (the same size), pair after pair,
    /// each pair's rows in the order that reads every row before writing over it; false (nothing copied) where
    /// the window's pixels cannot be written here (`directSurface`), the window is scaled, or a rect is not on
    /// whole pixels inside them.
    func copyPixels(_ pairs: [(from: Rect, to: Rect)]) -> Bool {
        guard isUnscaled, let surface = directSurface(), let bounds = surface.bounds else { return false }
        var rows: [(from: SDL_Rect, to: SDL_Rect)] = []
        rows.reserveCapacity(pairs.count)
        for pair in pairs {
            let from = Self.snap(pair.from), to = Self.snap(pair.to)
            guard Self.pixelRect(from) == pair.from, Self.pixelRect(to) == pair.to, from.w == to.w, from.h == to.h,
                  Self.intersection(from, bounds).map({ Self.same($0, from) }) == true,
                  Self.intersection(to, bounds).map({ Self.same($0, to) }) == true else { return false }
            rows.append((from, to))
        }
        for (from, to) in rows {
            let down = to.y > from.y
            for step in 0..<Int(from.h) {
                let row = down ? Int(from.h) - 1 - step : step
                let source = surface.base + (Int(from.y) + row) * surface.pitch + Int(from.x)
                let target = surface.base + (Int(to.y) + row) * surface.pitch + Int(to.x)
                target.update(from: source, count: Int(from.w))
            }
        }
        return true
    }

    /// `r` as a rect of points at one pixel a point.
    private static func pixelRect(_ r: SDL_Rect) -> Rect {
        Rect(x: Double(r.x), y: Double(r.y), width: Double(r.w), height: Double(r.h))
    }

    private static func same(_ a: SDL_Rect, _ b: SDL_Rect) -> Bool {
        a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h
    }
}
