import CSDL
import ScrollKit
import ScrollLabCore

/// Thin drawing helpers over an SDL renderer. Coordinates are layout points, mapped here to whole output
/// pixels by the layout's fit to the output (`grid`: one pixel a point in an unscaled window), edge by
/// edge, so edges never shimmer between two pixels and the renderer itself always draws unscaled.
@MainActor
struct Canvas {
    /// The SDL renderer drawn into (at one output pixel a unit: no logical size, no render scale).
    let renderer: OpaquePointer
    /// The layout's fit to the output, shared with the text and changed when the window's size does.
    let grid: PixelGrid
    /// True for SDL's software renderer, whose fills may be written here (`fillOnSurface`).
    let isSoftware: Bool
    /// Shapes that come back every frame (the phones' bodies), as computed the first time.
    private let shapes = ShapeCache()
    /// The storage fills reuse (their rects in points and in pixels), so a shape drawn every frame, a tile's
    /// heart, allocates nothing.
    private let buffers = FillBuffers()

    /// A canvas drawing with `renderer` through `grid` (one pixel a point when not given).
    init(renderer: OpaquePointer, grid: PixelGrid = PixelGrid()) {
        self.renderer = renderer
        self.grid = grid
        var info = SDL_RendererInfo()
        isSoftware = SDL_GetRendererInfo(renderer, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
    }

    /// Snaps a rect to whole pixels (edges rounded, so adjacent rects stay adjacent). Coordinates are
    /// kept within ±1e6 and NaN becomes 0, so a bad value can never trap the conversion.
    @inline(__always)
    nonisolated static func snap(_ rect: Rect) -> SDL_Rect {
        let x0 = pixelEdge(rect.minX), y0 = pixelEdge(rect.minY)
        let x1 = pixelEdge(rect.maxX), y1 = pixelEdge(rect.maxY)
        // Within ±1e6: nothing to check.
        return SDL_Rect(x: Int32(truncatingIfNeeded: x0), y: Int32(truncatingIfNeeded: y0),
                        w: Int32(truncatingIfNeeded: x1 &- x0), h: Int32(truncatingIfNeeded: y1 &- y0))
    }

    /// The pixel edge nearest to `v`: `roundedHalfAway` of `v` kept within ±1e6, NaN taken as 0. Inside that range
    /// (every edge a frame has) it truncates and looks at the exact fraction, with no checks: each fill maps its
    /// rects' four edges with it, a few thousand a frame.
    @inline(__always)
    nonisolated static func pixelEdge(_ v: Double) -> Int {
        guard Swift.abs(v) < 1e6 else { return v.isNaN ? 0 : (v < 0 ? -1_000_000 : 1_000_000) }
        let whole = Int(v)   // truncation toward zero: exact below 1e6
        let fraction = v - Double(whole)   // exact, the same sign as v
        return fraction >= 0.5 ? whole &+ 1 : fraction <= -0.5 ? whole &- 1 : whole
    }

    /// `v.rounded()` (halves away from zero) for |v| ≤ 1e6, without the C library's `round` call that `rounded()`
    /// compiles to here (a few hundred thousand a frame): the floor of |v| and its exact fraction decide.
    @inline(__always)
    nonisolated static func roundedHalfAway(_ v: Double) -> Int {
        let magnitude = Swift.abs(v)
        let whole = Int(magnitude)   // truncation: the floor of a non-negative value
        let up = magnitude - Double(whole) >= 0.5 ? 1 : 0
        return v < 0 ? -(whole + up) : whole + up
    }

    /// `v.rounded()` for v ≥ 0, without the C library's call for the values a shape has (under 1e6).
    @inline(__always)
    nonisolated static func rounded(_ v: Double) -> Double {
        v < 1e6 ? Double(roundedHalfAway(v)) : v.rounded()
    }

    /// Draws `texture` stretched into `rect` with opacity `alpha` (0…1). An `opaque` texture (no alpha
    /// channel) at full opacity is copied without blending: the same pixels, and SDL's software
    /// renderer then stretches it with a plain copy instead of a per-pixel blend.
    ///
    /// In a scaled window an image is made at its tile's size in pixels rounded up, and the tile's pixels
    /// are that or one fewer (its edges are rounded where they fall): a texture at most a pixel wider or
    /// taller than its rect is copied at its own size, its last column or row left out, instead of
    /// stretched (SDL's software renderer copies several times faster than it stretches).
    func draw(texture: OpaquePointer, in rect: Rect, alpha: Double, opaque: Bool = false) {
        let alphaMod = UInt8(Swift.min(Swift.max(alpha, 0), 1) * 255)
        SDL_SetTextureAlphaMod(texture, alphaMod)
        if opaque { SDL_SetTextureBlendMode(texture, alphaMod == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND) }
        let fit = grid.fit
        var r = fit.pixels(rect)
        var width: Int32 = 0, height: Int32 = 0
        if !fit.isIdentity, SDL_QueryTexture(texture, nil, nil, &width, &height) == 0,
           var source = Self.cropped(texture: (width, height), to: r) {
            SDL_RenderCopy(renderer, texture, &source, &r)
            return
        }
        SDL_RenderCopy(renderer, texture, nil, &r)
    }

    /// The part of a texture of `size` pixels copied unstretched onto `target`: its top-left `target`-sized
    /// part when it is as large or at most a pixel larger each way; nil otherwise (stretched whole).
    nonisolated static func cropped(texture size: (width: Int32, height: Int32), to target: SDL_Rect) -> SDL_Rect? {
        guard target.w > 0, target.h > 0, (0...1).contains(size.width - target.w), (0...1).contains(size.height - target.h) else { return nil }
        return SDL_Rect(x: 0, y: 0, w: target.w, h: target.h)
    }

    /// Sets the draw colour. An opaque colour is drawn without blending: the pixels are the same as
    /// blended at alpha 255, and SDL's software renderer fills them many times faster (a plain fill
    /// instead of a per-pixel blend).
    func setColour(_ c: RGBA) {
        SDL_SetRenderDrawBlendMode(renderer, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
    }

    /// True when the layout is drawn at one output pixel per point from the output's corner (no window scaling).
    var isUnscaled: Bool { grid.fit.isIdentity }

    /// Fills the whole target.
    func clear(_ c: RGBA) {
        setColour(c)
        SDL_RenderClear(renderer)
    }

    /// Fills `area` with `c` except `holes` (rects that another opaque fill covers whole later in the frame),
    /// in non-overlapping pieces whose edges are the holes' own, so each pixel is written once.
    /// The pieces are cut in two arrays the canvas keeps, hole after hole, so a background cut around a
    /// frame's tiles allocates nothing.
    func fill(_ area: Rect, except holes: [Rect], _ c: RGBA) {
        var pieces = rectBuffer()
        pieces.append(area)
        var cut = buffers.pieces
        buffers.pieces = []
        for hole in holes {
            cut.removeAll(keepingCapacity: true)
            for piece in pieces { piece.appendSubtracting(hole, to: &cut) }
            swap(&pieces, &cut)
        }
        buffers.pieces = cut
        fill(recycling: pieces, c)
    }

    /// Fills a rect.
    func fill(_ rect: Rect, _ c: RGBA) {
        var pixels = takePixels()
        Self.appendPixels(of: rect, grid.fit, to: &pixels)
        fill(pixels: pixels, c)
        buffers.pixels = pixels
    }

    /// Fills several rects of one colour with one renderer command (SDL's software renderer then fills
    /// them in one call instead of one command each). The rects must not overlap when `c` is translucent.
    ///
    /// Each rect's edges are mapped to the output's pixels one by one (`LayoutFit.pixels`), so rects that
    /// touch in points (a rounded corner's rows, the heart's) still touch in a scaled window and nothing
    /// is drawn twice; there a rect that covers no whole pixel is not drawn (unscaled, SDL fills it one
    /// pixel wide, as it always did).
    func fill(_ rects: [Rect], _ c: RGBA) {
        var pixels = takePixels()
        Self.appendPixels(of: rects, grid.fit, to: &pixels)
        fill(pixels: pixels, c)
        buffers.pixels = pixels
    }

    /// The kept pixel rects, emptied (their storage kept), taken out so they stay uniquely referenced while
    /// refilled; given back after the fill (`fill(recyclingPixels:_:)`).
    func takePixels() -> [SDL_Rect] {
        var pixels = buffers.pixels
        buffers.pixels = []
        pixels.removeAll(keepingCapacity: true)
        return pixels
    }

    /// An empty array for a shape's rects, with the storage of the last one given back to
    /// `fill(recycling:_:)`: a shape built in it every frame allocates nothing.
    func rectBuffer() -> [Rect] {
        var rects = buffers.rects
        buffers.rects = []
        rects.removeAll(keepingCapacity: true)
        return rects
    }

    /// Fills `rects` as `fill(_:_:)` does, then keeps their storage for the next `rectBuffer()`.
    func fill(recycling rects: consuming [Rect], _ c: RGBA) {
        fill(rects, c)
        buffers.rects = rects
    }

    /// Fills `pixels` (rects in output pixels, from `takePixels()`) as `fill` fills its rects, then keeps their
    /// storage for the next `takePixels()`.
    func fill(recyclingPixels pixels: consuming [SDL_Rect], _ c: RGBA) {
        fill(pixels: pixels, c)
        buffers.pixels = pixels
    }

    /// Fills rects already in output pixels (`Canvas.pixels`) as `fill` fills its rects.
    private func fill(pixels snapped: [SDL_Rect], _ c: RGBA) {
        setColour(c)
        // Straight into a software window's pixels (blended when translucent): the same pixels, faster.
        if fillOnSurface(snapped, c) { return }
        snapped.withUnsafeBufferPointer { _ = SDL_RenderFillRects(renderer, $0.baseAddress, Int32($0.count)) }
    }

    /// `rects` in output pixels at `fit` as `fill` draws them: snapped one pixel a point, else mapped.
    nonisolated static func pixels(_ rects: [Rect], _ fit: LayoutFit) -> [SDL_Rect] {
        var out: [SDL_Rect] = []
        appendPixels(of: rects, fit, to: &out)
        return out
    }

    /// Appends `pixels(rects, fit)` to `out`: snapped one pixel a point, else mapped edge by edge, the rects that
    /// cover no whole pixel left out.
    nonisolated static func appendPixels(of rects: [Rect], _ fit: LayoutFit, to out: inout [SDL_Rect]) {
        out.reserveCapacity(out.count + rects.count)
        if fit.isIdentity {
            for rect in rects { out.append(snap(rect)) }
        } else {
            for rect in rects { appendPixels(of: rect, fit, to: &out) }
        }
    }

    /// Appends one rect's pixels as `appendPixels(of:_:to:)` does.
    @inline(__always)
    nonisolated static func appendPixels(of rect: Rect, _ fit: LayoutFit, to out: inout [SDL_Rect]) {
        if fit.isIdentity { return out.append(snap(rect)) }
        let r = fit.pixels(rect)
        if r.w > 0, r.h > 0 { out.append(r) }
    }

    /// Fills a rounded rectangle except `hole` (a rect inside it that is drawn over anyway): each pixel is
    /// written once, which matters to a software renderer where filling costs ~1 ns a pixel.
    /// The rects are computed once for each shape (a phone's body is the same every frame).
    func fillRounded(_ rect: Rect, radius: Double, _ c: RGBA, around hole: Rect) {
        fill(pixels: shapes.pixels(for: ShapeCache.Key(rect: rect, radius: radius, hole: hole, fit: grid.fit)) {
            Self.roundedRects(rect, radius: radius).flatMap { $0.subtracting(hole) }
        }, c)
    }

    /// Strokes a rect's border `width` pixels thick, inside the rect.
    func stroke(_ rect: Rect, width: Double, _ c: RGBA) {
        fill([Rect(x: rect.minX, y: rect.minY, width: rect.width, height: width),
              Rect(x: rect.minX, y: rect.maxY - width, width: rect.width, height: width),
              Rect(x: rect.minX, y: rect.minY + width, width: width, height: rect.height - 2 * width),
              Rect(x: rect.maxX - width, y: rect.minY + width, width: width, height: rect.height - 2 * width)], c)
    }

    /// Strokes a dashed border: dashes of `dash` pixels separated by gaps of the same length, all in one
    /// fill (in the order they were once drawn one by one, so even a translucent colour blends the same).
    func strokeDashed(_ rect: Rect, width: Double, dash: Double, _ c: RGBA) {
        var dashes: [Rect] = []
        dashes.reserveCapacity(2 * Int(((rect.width + rect.height) / (2 * dash)).rounded(.up)) + 4)
        var x = rect.minX
        while x < rect.maxX {
            let len = Swift.min(dash, rect.maxX - x)
            dashes.append(Rect(x: x, y: rect.minY, width: len, height: width))
            dashes.append(Rect(x: x, y: rect.maxY - width, width: len, height: width))
            x += 2 * dash
        }
        var y = rect.minY
        while y < rect.maxY {
            let len = Swift.min(dash, rect.maxY - y)
            dashes.append(Rect(x: rect.minX, y: y, width: width, height: len))
            dashes.append(Rect(x: rect.maxX - width, y: y, width: width, height: len))
            y += 2 * dash
        }
        fill(dashes, c)
    }

    /// Restricts drawing to `rect` (nil: the whole layout), never past the layout: a letterboxed window's
    /// bars stay as cleared, as SDL's viewport kept them.
    func clip(_ rect: Rect?) {
        let fit = grid.fit
        grid.keptSurface = nil   // its bounds were the old clip's
        if var r = rect.map(fit.pixels) {
            if !fit.coversOutput, let inside = Self.intersection(r, fit.area.sdl) { r = inside }
            SDL_RenderSetClipRect(renderer, &r)
        } else if fit.coversOutput {
            SDL_RenderSetClipRect(renderer, nil)
        } else {
            var area = fit.area.sdl
            SDL_RenderSetClipRect(renderer, &area)
        }
    }
}

/// The storage a canvas's fills reuse: the rects of a shape being built (`Canvas.rectBuffer`) and the pixel
/// rects of the fill under way.
@MainActor
final class FillBuffers {
    // Taken out and given back by the canvas alone, one access at a time: not checked for exclusive access.
    @exclusivity(unchecked) var rects: [Rect] = []
    /// The pieces of an area cut around holes, one hole on (`Canvas.fill(_:except:_:)`).
    @exclusivity(unchecked) var pieces: [Rect] = []
    @exclusivity(unchecked) var pixels: [SDL_Rect] = []
}

/// The pixels of the last few rounded shapes with a hole a canvas filled, so that a shape drawn every frame
/// at the same place (a phone's body, whole or in the parts of the background filled anew) is computed and
/// mapped to pixels once: the same rects at the same fit, so the same pixels.
@MainActor
final class ShapeCache {
    struct Key: Equatable {
        var rect: Rect
        var radius: Double
        var hole: Rect
        /// The fit the rects were mapped to output pixels at.
        var fit: LayoutFit
    }

    /// How many shapes are kept: four phones' bodies, and room.
    static let capacity = 8
    private var entries: [(key: Key, pixels: [SDL_Rect])] = []

    /// The pixel rects of `key` (`Canvas.pixels` of the rects `make` gives), made when not kept (the oldest is
    /// dropped past `capacity`).
    func pixels(for key: Key, make: () -> [Rect]) -> [SDL_Rect] {
        if let hit = entries.first(where: { $0.key == key }) { return hit.pixels }
        let pixels = Canvas.pixels(make(), key.fit)
        if entries.count >= Self.capacity { entries.removeFirst() }
        entries.append((key, pixels))
        return pixels
    }
}

extension Rect {
    /// This rect without `other`: up to four non-overlapping pieces (above, below, left, right of it).
    func subtracting(_ other: Rect) -> [Rect] {
        var pieces: [Rect] = []
        appendSubtracting(other, to: &pieces)
        return pieces
    }

    /// Appends `subtracting(other)` to `pieces`, in its order.
    @inline(__always)
    func appendSubtracting(_ other: Rect, to pieces: inout [Rect]) {
        guard let cut = intersection(other), cut.width > 0, cut.height > 0 else { return pieces.append(self) }
        func keep(_ piece: Rect) { if piece.width > 0 && piece.height > 0 { pieces.append(piece) } }
        keep(Rect(x: minX, y: minY, width: width, height: cut.minY - minY))
        keep(Rect(x: minX, y: cut.maxY, width: width, height: maxY - cut.maxY))
        keep(Rect(x: minX, y: cut.minY, width: cut.minX - minX, height: cut.height))
        keep(Rect(x: cut.maxX, y: cut.minY, width: maxX - cut.maxX, height: cut.height))
    }
}
