import CSDL
import ScrollKit

/// Where the layout (points) lies on the output (pixels): magnified by `scale` and letterboxed by a whole-pixel
/// offset, exactly as SDL's logical size would place it (`UpdateLogicalSize`: the same float scale, the same
/// bars), so a window looks and takes input as it did when SDL scaled every draw call.
///
/// The drawing applies it itself (`Canvas`, `TextCache`) and the renderer stays at one output pixel a point:
/// SDL's software renderer then fills and copies on its unscaled paths, and the canvas's own fast fills
/// (`fillOnSurface`) and fades work at any window size. Edges are rounded to whole pixels one by one, so rects
/// that touch in points touch in pixels, with no gap and no pixel drawn twice.
struct LayoutFit: Equatable, Sendable {
    /// Output pixels per point (SDL's float scale, widened).
    var scale: Double
    /// The part of the output the layout covers (SDL's viewport), pixels: its corner is the letterbox's left
    /// and top bars.
    var area: PixelRect
    /// True when the layout covers the whole output.
    var coversOutput: Bool

    /// One pixel a point on an output the layout's size.
    static let identity = LayoutFit(scale: 1, area: PixelRect(x: 0, y: 0, w: 0, h: 0), coversOutput: true)

    /// The layout's top-left corner on the output, pixels.
    var originX: Int { Int(area.x) }
    var originY: Int { Int(area.y) }

    /// The layout of `layout` points fitted to an output of `width`×`height` pixels as SDL 2's letterboxing logical
    /// size fits it: the scale of the tighter side (a float), the other side's spare pixels split into two bars
    /// (the left or top one the smaller).
    static func fitting(layout: Size, width: Int32, height: Int32) -> LayoutFit {
        let lw = Int32(layout.width), lh = Int32(layout.height)
        guard lw > 0, lh > 0, width > 0, height > 0 else { return .identity }
        let want = Float(lw) / Float(lh), real = Float(width) / Float(height)
        let scale: Float
        var area = PixelRect(x: 0, y: 0, w: width, h: height)
        if abs(want - real) < 0.0001 {
            scale = Float(width) / Float(lw)
        } else if want > real {
            scale = Float(width) / Float(lw)
            area.h = Int32((Float(lh) * scale).rounded(.down))
            area.y = (height - area.h) / 2
        } else {
            scale = Float(height) / Float(lh)
            area.w = Int32((Float(lw) * scale).rounded(.down))
            area.x = (width - area.w) / 2
        }
        return LayoutFit(scale: Double(scale), area: area, coversOutput: area.x == 0 && area.y == 0 && area.w == width && area.h == height)
    }

    /// One pixel a point, no bars: drawing maps nothing (the very calls of an unscaled window).
    var isIdentity: Bool { scale == 1 && originX == 0 && originY == 0 }

    /// The pixel edge nearest to layout coordinate `v` along x (or y): halves away from zero; kept within ±1e6
    /// and NaN taken as 0, so a bad value never traps.
    @inline(__always)
    func edgeX(_ v: Double) -> Int { originX &+ Canvas.pixelEdge(v * scale) }
    @inline(__always)
    func edgeY(_ v: Double) -> Int { originY &+ Canvas.pixelEdge(v * scale) }

    /// `rect` (points) in whole output pixels, edge by edge: at the identity, `Canvas.snap(rect)`.
    @inline(__always)
    func pixels(_ rect: Rect) -> SDL_Rect {
        let x0 = edgeX(rect.minX), y0 = edgeY(rect.minY)
        let x1 = edgeX(rect.maxX), y1 = edgeY(rect.maxY)
        // The edges are within ±1e6 of a corner that is an `Int32`'s: nothing to check.
        return SDL_Rect(x: Int32(truncatingIfNeeded: x0), y: Int32(truncatingIfNeeded: y0),
                        w: Int32(truncatingIfNeeded: x1 &- x0), h: Int32(truncatingIfNeeded: y1 &- y0))
    }

    /// A point of the layout on the output, in (fractional) pixels: for lines and triangles.
    func pixelPoint(_ p: Point) -> SDL_FPoint {
        SDL_FPoint(x: Float(Double(originX) + p.x * scale), y: Float(Double(originY) + p.y * scale))
    }

    /// A rect of whole output pixels back in layout points.
    func points(_ r: SDL_Rect) -> Rect {
        Rect(x: (Double(r.x) - Double(originX)) / scale, y: (Double(r.y) - Double(originY)) / scale,
             width: Double(r.w) / scale, height: Double(r.h) / scale)
    }

    /// A window position (pointer, in window units) in layout points, computed as `SDL_RenderWindowToLogical`
    /// computed it with this logical size set: divided by `unitsPerPixel` (window units per output pixel, SDL's
    /// `dpi_scale`: 1 on X11), the bars taken off, divided by the scale, each step in SDL's float and double
    /// arithmetic.
    func layoutPoint(windowX: Int32, windowY: Int32, unitsPerPixel: (x: Float, y: Float)) -> (x: Float, y: Float) {
        let physicalX = Float(windowX) / unitsPerPixel.x, physicalY = Float(windowY) / unitsPerPixel.y
        let scale = Float(self.scale)
        return (Float((Double(physicalX) - Double(originX)) / Double(scale)),
                Float((Double(physicalY) - Double(originY)) / Double(scale)))
    }
}

/// A rect of whole pixels (`SDL_Rect`'s fields), comparable.
struct PixelRect: Equatable, Sendable {
    var x: Int32
    var y: Int32
    var w: Int32
    var h: Int32

    init(x: Int32, y: Int32, w: Int32, h: Int32) {
        self.x = x
        self.y = y
        self.w = w
        self.h = h
    }

    init(_ r: SDL_Rect) {
        self.init(x: r.x, y: r.y, w: r.w, h: r.h)
    }

    /// The same rect for SDL.
    var sdl: SDL_Rect { SDL_Rect(x: x, y: y, w: w, h: h) }
}

/// The canvas's and the text's one fit of the layout to the output, changed when the window's size does.
@MainActor
final class PixelGrid {
    /// The fit in use. Read by every fill and text copy and written only on a resize, never while a read is
    /// under way: not checked for exclusive access (the checks were a percent of a four-phone frame).
    @exclusivity(unchecked) var fit: LayoutFit
    /// The window surface the fills last found to draw into directly (`Canvas.directSurface()`), kept here as
    /// every canvas drawing to this output shares the grid: a clip set through one is seen by all.
    @exclusivity(unchecked) var keptSurface: Canvas.KeptSurface?

    init(_ fit: LayoutFit = .identity) {
        self.fit = fit
    }
}
