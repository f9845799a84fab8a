import ScrollLabCore
import CSDL
import ScrollKit

/// An opaque image drawn straight into the software renderer's window surface: copied at full opacity,
/// blended while it fades in.
///
/// At full opacity SDL copies an opaque RGB888 texture onto the RGB888 window row by row, every byte as it
/// is; so does `drawKept`, from the decoded surface the texture would have been made from, so uploading an
/// image copies nothing (`TextureStore` makes the texture only when a draw needs one).
///
/// SDL's software renderer blends an opaque RGB888 texture drawn at an alpha below 255 one pixel at a time
/// (about 14 instructions a pixel, 1.26 M of four phones' 8.25 M a frame while images fade in). Its result, as
/// found against SDL for every alpha (`CanvasFadeTests`), is its MMX blitter's: each channel `d + ((s − d)·a
/// mod 2¹⁶ >> 8)` mod 256, the unused top byte kept from the window, except at alpha 128 (SDL's halving special
/// case, the same channels), where it is 0. The same arithmetic runs here four pixels at a time (about 10
/// instructions a pixel: Swift's vectors compile to a few shuffles here): the same pixels. Only where
/// `fillOnSurface` may write (the software renderer's window, optimized builds) and the texture is drawn at
/// its own size in output pixels (SDL scales it otherwise); it needs the texture's pixels, which
/// `TextureStore` keeps for the software renderer (each opaque texture's decoded surface, at the tile's size).
extension Canvas {
    /// Draws `image` (an opaque texture's pixels) into `rect` at opacity `alpha` (0…1), as `draw(texture:in:alpha:
    /// opaque:)` draws its texture; false (nothing drawn) where it cannot be drawn here.
    func drawKept(_ image: TexturePixels, in rect: Rect, alpha: Double) -> Bool {
        let alphaMod = UInt8(Swift.min(Swift.max(alpha, 0), 1) * 255)
        let fit = grid.fit
        let target = fit.pixels(rect)
        // Scaled, an image a pixel larger than its rect is drawn cropped, as `draw(texture:in:alpha:opaque:)` draws it.
        let fits = fit.isIdentity ? Int(target.w) == image.width && Int(target.h) == image.height
            : Self.cropped(texture: (Int32(image.width), Int32(image.height)), to: target) != nil
        guard fits, let surface = directSurface() else { return false }
        // Clipped as SDL's blit clips: the same part of the image lands on the same pixels.
        guard let bounds = surface.bounds, let cut = Self.intersection(target, bounds) else { return true }
        let lanes = FadeLanes(alpha: alphaMod)
        for row in Int(cut.y)..<Int(cut.y + cut.h) {
            let from = image.base + (row - Int(target.y)) * image.pitch + Int(cut.x - target.x)
            let to = surface.base + row * surface.pitch + Int(cut.x)
            if alphaMod == 255 { to.update(from: from, count: Int(cut.w)) } else { Self.fadeRGB888(from, over: to, count: Int(cut.w), lanes) }
        }
        return true
    }

    /// Blends `count` opaque RGB888 pixels of `source` over `pixels` at the alpha of `lanes` (0…254) as SDL's
    /// software renderer does (see above).
    ///
    /// Each channel in a 16-bit lane as SDL's MMX blitter has them: `t = ((s − d)·a mod 2¹⁶) >> 8`, then the
    /// channel is `d + t` mod 256; four pixels (one vector register) at a time.
    nonisolated static func fadeRGB888(_ source: UnsafePointer<UInt32>, over pixels: UnsafeMutablePointer<UInt32>, count: Int,
                                       _ lanes: FadeLanes) {
        let low = SIMD8<UInt16>(repeating: 0xFF)
        @inline(__always) func blend(_ s: SIMD8<UInt16>, _ d: SIMD8<UInt16>) -> SIMD8<UInt16> {
            let sx = s & low, dx = d & low, sy = s &>> 8, dy = d &>> 8
            let x = (dx &+ (((sx &- dx) &* lanes.low) &>> 8)) & low
            let y = (dy &+ (((sy &- dy) &* lanes.high) &>> 8)) & low
            return (x | y &<< 8) & lanes.keep
        }
        var i = 0
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(pixels)
        // Eight pixels a turn, then four: a row is a few hundred pixels, so the loop's own counting and
        // checks (no overflow possible below `count`) are a fifth of its instructions a turn of four.
        while i &+ 8 <= count {
            let s0 = from.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            let d0 = to.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            let s1 = from.loadUnaligned(fromByteOffset: i &* 4 &+ 16, as: SIMD8<UInt16>.self)
            let d1 = to.loadUnaligned(fromByteOffset: i &* 4 &+ 16, as: SIMD8<UInt16>.self)
            to.storeBytes(of: blend(s0, d0), toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            to.storeBytes(of: blend(s1, d1), toByteOffset: i &* 4 &+ 16, as: SIMD8<UInt16>.self)
            i &+= 8
        }
        if i &+ 4 <= count {
            let s = from.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            let d = to.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            to.storeBytes(of: blend(s, d), toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            i &+= 4
        }
        // The last pixels (fewer than four) through the same lanes, copied in and out.
        let rest = count - i
        guard rest > 0 else { return }
        var s = SIMD4<UInt32>(repeating: 0), d = SIMD4<UInt32>(repeating: 0)
        for k in 0..<rest {
            s[k] = source[i + k]
            d[k] = pixels[i + k]
        }
        let out = unsafeBitCast(blend(unsafeBitCast(s, to: SIMD8<UInt16>.self), unsafeBitCast(d, to: SIMD8<UInt16>.self)),
                                to: SIMD4<UInt32>.self)
        for k in 0..<rest { pixels[i + k] = out[k] }
    }
}

/// The per-lane factors of a fade at one alpha, for four pixels' lanes (low bytes: blue, red; high bytes:
/// green, the unused byte), made once a draw and passed in, so the blending loop is compiled for any lanes.
struct FadeLanes {
    /// The low bytes' alpha.
    let low: SIMD8<UInt16>
    /// Green's alpha, and 0 for the unused byte (it keeps the window's).
    let high: SIMD8<UInt16>
    /// The lanes kept: all, but at alpha 128 the unused byte is cleared (SDL's halving special case).
    let keep: SIMD8<UInt16>

    init(alpha: UInt8) {
        let a = UInt16(alpha)
        low = SIMD8(repeating: a)
        high = SIMD8(a, 0, a, 0, a, 0, a, 0)
        keep = alpha == 128 ? SIMD8(0xFFFF, 0xFF, 0xFFFF, 0xFF, 0xFFFF, 0xFF, 0xFFFF, 0xFF) : SIMD8(repeating: 0xFFFF)
    }
}
