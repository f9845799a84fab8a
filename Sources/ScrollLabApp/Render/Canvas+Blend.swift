import ScrollLabCore
import CSDL
#if canImport(Glibc)
import Glibc
#endif

/// Fills written straight into the software renderer's window surface: translucent ones blended, opaque ones
/// written.
///
/// SDL's software renderer blends a translucent fill one pixel at a time (`SDL_BlendFillRect`: for each
/// channel `d·(255−a)/255 + c·a/255`, integer division), about 20 instructions a pixel; the ghost of the
/// deceleration target alone covers each phone's scroll view, a third of four phones' frame. Here the same
/// arithmetic runs on 8 pixels at once (the division by 255 done exactly as `(x + 1 + x >> 8) >> 8`, which
/// equals `x / 255` for every product of two bytes): the same pixels, written several times faster. Used only where the result is certain to be SDL's: the software renderer drawing
/// to its window (no target texture, no viewport offset: the canvas maps the layout to the output's pixels
/// itself, whatever the window's size), on a 32-bit RGB888 surface; everywhere else SDL fills as before. Debug builds leave every fill to SDL: unoptimized,
/// this loop costs far more than SDL's own (a 34 ms frame in the window tests); the unit tests still hold
/// it to SDL's pixels.
extension Canvas {
    /// True where the fills may be blended here: optimized builds.
    nonisolated static let blendsDirectly: Bool = {
        #if DEBUG
        return false
        #else
        return true
        #endif
    }()

    /// Fills `rects` (already snapped, as `SDL_RenderFillRects` takes them) of colour `c` straight into the
    /// window surface — blended when `c` is translucent, written when opaque; false (nothing drawn) when this
    /// renderer or target cannot be drawn into directly.
    ///
    /// Opaque fills come here too: the phones' shapes are many rects a pixel high (a heart is fifty, a rounded
    /// corner one a row), and SDL spends far more on each rect (its command, its clipping, its fill routine's
    /// setup) than on its pixels. An opaque pixel is the colour as `SDL_MapRGBA` gives it on this surface
    /// (`0x00RRGGBB`): the very value SDL writes.
    func fillOnSurface(_ rects: [SDL_Rect], _ c: RGBA) -> Bool {
        guard let surface = directSurface() else { return false }
        guard let bounds = surface.bounds else { return true }
        let pitch = surface.pitch
        let base = surface.base
        let opaque = c.a == 255
        let value = Self.rgb888(c), wide = wchar_t(bitPattern: value)
        // The blend's vectors are made once a fill: a heart's box is a hundred short rows.
        let blend = RowBlend(c)
        for rect in rects {
            // SDL's software renderer fills a rect of no width or height one pixel wide or high.
            let r = SDL_Rect(x: rect.x, y: rect.y, w: Swift.max(rect.w, 1), h: Swift.max(rect.h, 1))
            guard let cut = Self.intersection(r, bounds) else { continue }
            let width = Int(cut.w)
            var start = base + (Int(cut.y) * pitch + Int(cut.x))
            if !opaque {
                for _ in 0..<Int(cut.h) { blend.apply(to: start, count: width); start += pitch }
            } else if width <= 4 {
                // A tile's stroke sides (4 px) and a shape's edges: stored here, not by a call a row.
                for _ in 0..<Int(cut.h) {
                    Self.store(value, at: start, count: width)
                    start += pitch
                }
            } else if width <= 16 {
                // A heart's rows: two overlapping vector stores, cheaper than the C library's call and dispatch.
                for _ in 0..<Int(cut.h) {
                    Self.storeOverlapping(value, at: start, count: width)
                    start += pitch
                }
            } else {
                // The C library's wide-character fill: 32-bit stores a vector at a time.
                for _ in 0..<Int(cut.h) {
                    wmemset(UnsafeMutableRawPointer(start).assumingMemoryBound(to: wchar_t.self), wide, width)
                    start += pitch
                }
            }
        }
        return true
    }

    /// Writes `value` to the `count` (1 to 4) pixels at `start`: plain stores, as a general loop here compiles to
    /// vector code whose set-up costs more than four pixels.
    @inline(__always)
    nonisolated static func store(_ value: UInt32, at start: UnsafeMutablePointer<UInt32>, count: Int) {
        switch count {
        case 1: start[0] = value
        case 2: start[0] = value; start[1] = value
        case 3: start[0] = value; start[1] = value; start[2] = value
        default: start[0] = value; start[1] = value; start[2] = value; start[3] = value
        }
    }

    /// Writes `value` to the `count` (5 to 16) pixels at `start`: a vector at each end, overlapping in the middle.
    @inline(__always)
    nonisolated static func storeOverlapping(_ value: UInt32, at start: UnsafeMutablePointer<UInt32>, count: Int) {
        let raw = UnsafeMutableRawPointer(start)
        if count <= 8 {
            let v = SIMD4<UInt32>(repeating: value)
            raw.storeBytes(of: v, as: SIMD4<UInt32>.self)
            raw.storeBytes(of: v, toByteOffset: (count - 4) * 4, as: SIMD4<UInt32>.self)
        } else {
            let v = SIMD8<UInt32>(repeating: value)
            raw.storeBytes(of: v, as: SIMD8<UInt32>.self)
            raw.storeBytes(of: v, toByteOffset: (count - 8) * 4, as: SIMD8<UInt32>.self)
        }
    }

    /// The software renderer's window surface, to be drawn into directly.
    struct DirectSurface {
        /// Its pixels, rows `pitch` pixels apart.
        var base: UnsafeMutablePointer<UInt32>
        var pitch: Int
        /// Where SDL draws: the surface inside the viewport, and inside the clip rect when one is set; nil: nowhere.
        var bounds: SDL_Rect?
    }

    /// The window surface as the frame has drawn it so far (what is queued is drawn first), when this renderer
    /// and target may be drawn into directly: SDL's software renderer drawing to its window (no target
    /// texture), no viewport offset, a 32-bit RGB888 surface not RLE-encoded, in an optimized build.
    ///
    /// Every fill and text copy asks, about a thousand times a four-phone frame, so what was found is kept
    /// (`PixelGrid.keptSurface`) while the window's surface is the same one at the same size and the clip rect
    /// stays (`clip(_:)` forgets it): then only the queue is flushed.
    func directSurface() -> DirectSurface? {
        guard Self.blendsDirectly, isSoftware else { return nil }
        if let kept = grid.keptSurface, SDL_GetRenderTarget(renderer) == nil, kept.isCurrent {
            SDL_RenderFlush(renderer)
            return kept.found
        }
        grid.keptSurface = nil
        guard SDL_GetRenderTarget(renderer) == nil, let window = SDL_RenderGetWindow(renderer) else { return nil }
        var viewport = SDL_Rect()
        SDL_RenderGetViewport(renderer, &viewport)
        guard viewport.x == 0, viewport.y == 0 else { return nil }
        // Everything queued so far lands first, then the surface is the frame as drawn up to here.
        SDL_RenderFlush(renderer)
        guard let surface = SDL_GetWindowSurface(window), let format = surface.pointee.format,
              format.pointee.format == SDL_PIXELFORMAT_RGB888.rawValue, format.pointee.BytesPerPixel == 4,
              surface.pointee.flags & UInt32(SDL_RLEACCEL) == 0, let pixels = surface.pointee.pixels else { return nil }
        // SDL draws inside the viewport, and inside the clip rect (relative to the viewport) when one is set.
        var bounds = Self.intersection(SDL_Rect(x: 0, y: 0, w: surface.pointee.w, h: surface.pointee.h), viewport)
        if let inside = bounds, SDL_RenderIsClipEnabled(renderer) == SDL_TRUE {
            var clip = SDL_Rect()
            SDL_RenderGetClipRect(renderer, &clip)
            bounds = Self.intersection(clip, inside)
        }
        let found = DirectSurface(base: pixels.assumingMemoryBound(to: UInt32.self), pitch: Int(surface.pointee.pitch) / 4, bounds: bounds)
        grid.keptSurface = KeptSurface(window: window, surface: surface, size: viewport, found: found)
        return found
    }

    /// A direct surface found, and what it was found on: the window, its surface and the viewport then. The
    /// surface is made anew when the window's size changes (the viewport with it), and the renderer draws into
    /// whichever the window has; this renderer never sets a viewport of its own, nor a target.
    struct KeptSurface {
        var window: OpaquePointer
        var surface: UnsafeMutablePointer<SDL_Surface>
        var size: SDL_Rect
        var found: DirectSurface

        /// True while the window's surface is the one found, its pixels and size unchanged.
        var isCurrent: Bool {
            guard let now = SDL_GetWindowSurface(window), now == surface else { return false }
            return now.pointee.pixels == UnsafeMutableRawPointer(found.base) && Int(now.pointee.pitch) / 4 == found.pitch
                && now.pointee.w == size.w && now.pointee.h == size.h
        }
    }

    /// The pixel value of opaque `c` on an RGB888 surface (the top byte unused, 0), as `SDL_MapRGBA` maps it.
    nonisolated static func rgb888(_ c: RGBA) -> UInt32 {
        UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
    }

    /// `a ∩ b`, nil when empty (as `SDL_IntersectRect`).
    nonisolated static func intersection(_ a: SDL_Rect, _ b: SDL_Rect) -> SDL_Rect? {
        guard a.w > 0, a.h > 0, b.w > 0, b.h > 0 else { return nil }
        let x0 = Swift.max(a.x, b.x), y0 = Swift.max(a.y, b.y)
        let x1 = Swift.min(a.x + a.w, b.x + b.w), y1 = Swift.min(a.y + a.h, b.y + b.h)
        guard x1 > x0, y1 > y0 else { return nil }
        return SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
    }

    /// Blends `c` over `count` RGB888 pixels as `SDL_BlendFillRect` does: each channel becomes
    /// `d·(255−a)/255 + c·a/255` (integer divisions), the unused top byte 0.
    nonisolated static func blendRGB888(_ pixels: UnsafeMutablePointer<UInt32>, count: Int, _ c: RGBA) {
        RowBlend(c).apply(to: pixels, count: count)
    }
}

/// A translucent colour made ready to blend rows of RGB888 pixels as `SDL_BlendFillRect` does (`Canvas.blendRGB888`):
/// its weights and addends, scalar and in vectors, worked out once for all the rows of a fill.
///
/// Eight pixels at a time in vector registers, each channel in a 16-bit lane (a product of two bytes fits);
/// the last one to seven pixels of a row copied into a vector and blended the same way.
struct RowBlend {
    private let inva: UInt32
    private let addRB: UInt32
    private let addG: UInt32
    /// Eight pixels as sixteen 16-bit lanes, each pixel (G·256 + B, X·256 + R): the low bytes are blue and red,
    /// the high bytes green and the unused byte, each weighted in a 16-bit lane of its own.
    private let add: SIMD16<UInt16>
    private let keep: SIMD16<UInt16>
    private let weight: SIMD16<UInt16>

    init(_ c: RGBA) {
        let a = UInt32(c.a)
        inva = 255 - a
        addRB = (UInt32(c.r) * a / 255) << 16 | UInt32(c.b) * a / 255
        addG = UInt32(c.g) * a / 255
        var add = SIMD16<UInt16>(repeating: 0), keep = SIMD16<UInt16>(repeating: 0)
        for lane in 0..<8 {
            add[2 * lane] = UInt16(addRB & 0xFF) | UInt16(addG) << 8
            add[2 * lane + 1] = UInt16(addRB >> 16)
            keep[2 * lane] = 0xFFFF
            keep[2 * lane + 1] = 0x00FF
        }
        self.add = add
        self.keep = keep
        weight = SIMD16<UInt16>(repeating: UInt16(inva))
    }

    /// Eight pixels blended: each channel `(d·(255−a) + 1 + (d·(255−a) >> 8)) >> 8`, which equals `d·(255−a)/255`
    /// for every product of two bytes, plus the colour's part.
    @inline(__always)
    private func blended(_ d: SIMD16<UInt16>) -> SIMD16<UInt16> {
        let low = SIMD16<UInt16>(repeating: 0xFF)
        let x = (d & low) &* weight, y = (d &>> 8) &* weight
        let qx = (x &+ 1 &+ (x &>> 8)) &>> 8, qy = (y &+ 1 &+ (y &>> 8)) &>> 8
        return ((qx | qy &<< 8) &+ add) & keep
    }

    /// Blends the colour over the `count` pixels at `pixels`.
    func apply(to pixels: UnsafeMutablePointer<UInt32>, count: Int) {
        var i = 0
        let raw = UnsafeMutableRawPointer(pixels)
        while i + 8 <= count {
            raw.storeBytes(of: blended(raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt16>.self)),
                           toByteOffset: i * 4, as: SIMD16<UInt16>.self)
            i += 8
        }
        let rest = count - i
        if rest == 1 {
            let d = pixels[i]
            let rb = (d & 0x00FF_00FF) &* inva, g = ((d >> 8) & 0xFF) &* inva
            let outRB = (((rb &+ 0x0001_0001 &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF) &+ addRB
            pixels[i] = outRB | (((g &+ 1 &+ (g >> 8)) >> 8) &+ addG) << 8
        } else if rest > 1 {
            // The row's end in a vector of its own: never a pixel past it read or written.
            var tail = SIMD8<UInt32>(repeating: 0)
            for k in 0..<rest { tail[k] = pixels[i + k] }
            let out = unsafeBitCast(blended(unsafeBitCast(tail, to: SIMD16<UInt16>.self)), to: SIMD8<UInt32>.self)
            for k in 0..<rest { pixels[i + k] = out[k] }
        }
    }
}
