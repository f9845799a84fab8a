import CSDL
import ScrollKit
import ScrollLabCore
import Testing
@testable import ScrollLabApp

/// A dashed line's dashes written as rects (`Canvas.horizontalDashRects`) are the pixels SDL's window renderer
/// draws for them as lines.
@MainActor @Suite struct CanvasLinesTests {
    /// On a software window (SDL's offscreen driver, as `--video` draws), inside a clip that cuts the ends: every
    /// start and length in eighths of a pixel, both directions, the timeline's dash lengths and odd ones, rows
    /// at whole and fractional heights. Truncating each end instead (the rule SDL's surface line drawing
    /// follows) gives other pixels for some of them, so the cases tell the two rules apart.
    @Test func horizontalDashRectsAreTheWindowRenderersLines() throws {
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen")
        try #require(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
        let width: Int32 = 48, height: Int32 = 4
        let window = try #require(SDL_CreateWindow("lines", 0, 0, width, height, SDL_WINDOW_HIDDEN.rawValue))
        defer { SDL_DestroyWindow(window) }
        let renderer = try #require(SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue))
        defer { SDL_DestroyRenderer(renderer) }
        let canvas = Canvas(renderer: renderer)
        var clip = SDL_Rect(x: 3, y: 0, w: 38, h: height)
        func drawn(_ body: () -> Void) -> [UInt32] {
            SDL_RenderSetClipRect(renderer, nil)
            canvas.clear(RGBA(0, 0, 0))
            SDL_RenderSetClipRect(renderer, &clip)
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
            SDL_SetRenderDrawColor(renderer, 255, 80, 60, 255)
            body()
            var pixels = [UInt32](repeating: 0, count: Int(width * height))
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_RGB888.rawValue, &pixels, width * 4)
            return pixels
        }
        var cases = 0, drewSomething = 0, endsTruncatedDiffer = 0
        for start in stride(from: -2.0, through: 2.0, by: 0.125) {
            for length in stride(from: 0.125, through: 44.0, by: 1.375) {
                for dash in [2.0, 3, 5, 0.7] {
                    for y in [1.0, 2.5] {
                        for reversed in [false, true] {
                            let a = Point(x: reversed ? start + length : start, y: y), b = Point(x: reversed ? start : start + length, y: y)
                            let rects = try #require(Canvas.horizontalDashRects(from: a, to: b, dash: dash))
                            let lines = drawn {
                                let step = (b - a) / length
                                var s = 0.0
                                while s < length {
                                    canvas.drawLine(from: a + step * s, to: a + step * Swift.min(s + dash, length))
                                    s += 2 * dash
                                }
                            }
                            let fills = drawn { rects.withUnsafeBufferPointer { _ = SDL_RenderFillRects(renderer, $0.baseAddress, Int32($0.count)) } }
                            #expect(fills == lines, "from \(a.x) to \(b.x) at y \(y), dash \(dash)")
                            let ends = drawn {
                                let step = (b - a) / length
                                var s = 0.0
                                while s < length {
                                    let p = Int32(Float((a + step * s).x)), q = Int32(Float((a + step * Swift.min(s + dash, length)).x))
                                    var rect = SDL_Rect(x: Swift.min(p, q), y: Int32(Float(y)), w: Int32((p - q).magnitude) + 1, h: 1)
                                    SDL_RenderFillRect(renderer, &rect)
                                    s += 2 * dash
                                }
                            }
                            cases += 1
                            if lines.contains(where: { $0 != 0 }) { drewSomething += 1 }
                            if ends != lines { endsTruncatedDiffer += 1 }
                        }
                    }
                }
            }
        }
        #expect(cases == 33 * 32 * 4 * 2 * 2)
        #expect(drewSomething > cases * 9 / 10)
        #expect(endsTruncatedDiffer > 0)
        // Not horizontal, or beyond the pixels SDL's int casts hold: no rects (the canvas draws lines).
        #expect(Canvas.horizontalDashRects(from: Point(x: 0, y: 0), to: Point(x: 10, y: 1), dash: 2) == nil)
        #expect(Canvas.horizontalDashRects(from: Point(x: 0, y: 0), to: Point(x: 2e6, y: 0), dash: 2) == nil)
    }
}
