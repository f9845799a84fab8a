import CSDL

/// Text blended straight into the software renderer's window surface.
///
/// SDL's software renderer draws a text texture (SDL_ttf's blended ARGB8888 pixels, at alpha 255) with its MMX
/// per-pixel-alpha blitter, about 14 instructions a pixel of a line's box: a pixel of alpha 0 leaves the window's,
/// one of 255 replaces it whole, and any other makes each byte (the window's unused top one too)
/// `(s·m >> 8) + (d·(255 − a) >> 8)`, m being the alpha for the colours and 255 for the top byte. Here the same
/// arithmetic runs on four pixels at once, and four pixels of alpha 0 cost a load and a test: the same
/// pixels (the unit tests hold every alpha over every pair of byte values to SDL's), in a fraction of the time.
extension Canvas {
    /// Blends `text` with its top-left at output pixel (`x`, `y`) into the window surface, clipped as SDL's blit
    /// clips; false (nothing drawn) where the window's pixels cannot be written here (`directSurface`).
    func blendText(_ text: TextPixels, x: Int32, y: Int32) -> Bool {
        guard let surface = directSurface() else { return false }
        let target = SDL_Rect(x: x, y: y, w: Int32(text.width), h: Int32(text.height))
        guard let bounds = surface.bounds, let cut = Self.intersection(target, bounds) else { return true }
        for row in Int(cut.y)..<Int(cut.y + cut.h) {
            let from = text.base + (row - Int(y)) * text.width + Int(cut.x - x)
            Self.blendARGB(from, over: surface.base + row * surface.pitch + Int(cut.x), count: Int(cut.w))
        }
        return true
    }

    /// Blends `count` ARGB8888 pixels of `source` over `pixels` as SDL's per-pixel-alpha blitter does (above):
    /// four pixels at a time, each byte in a 16-bit lane (a byte times a weight of at most 256 stays below 2¹⁶), four pixels
    /// of alpha 0 (much of a line's box) skipped with one test; the last 1–3 pixels one by one. SDL's two special
    /// cases need no select here: at alpha 0 the window's weight is 256 (`d·256 >> 8` is `d`), at 255 the
    /// text's is (`s·256 >> 8` is `s`), and in between the weights are SDL's.
    nonisolated static func blendARGB(_ source: UnsafePointer<UInt32>, over pixels: UnsafeMutablePointer<UInt32>, count: Int) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(pixels)
        let low = SIMD8<UInt16>(repeating: 0xFF), none = SIMD4<UInt32>(repeating: 0)
        var i = 0
        while i &+ 4 <= count {
            let s = from.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            let a = s &>> 24
            if a != none {
                let d = to.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                let opaque = (a &+ 1) &>> 8, clear = (a &- 1) &>> 31   // 1 where a is 255, where a is 0
                let weight = a &+ opaque, rest = 255 &- a &+ clear
                // Lanes, pixel by pixel: blue and red in `x`, green and the top byte in `y`.
                let s16 = unsafeBitCast(s, to: SIMD8<UInt16>.self), d16 = unsafeBitCast(d, to: SIMD8<UInt16>.self)
                let colourWeight = unsafeBitCast(weight | weight &<< 16, to: SIMD8<UInt16>.self)
                let topWeight = unsafeBitCast(weight | (255 &+ opaque) &<< 16, to: SIMD8<UInt16>.self)
                let restWeight = unsafeBitCast(rest | rest &<< 16, to: SIMD8<UInt16>.self)
                let x = (((s16 & low) &* colourWeight) &>> 8) &+ (((d16 & low) &* restWeight) &>> 8)
                let y = (((s16 &>> 8) &* topWeight) &>> 8) &+ (((d16 &>> 8) &* restWeight) &>> 8)
                to.storeBytes(of: x | y &<< 8, toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            }
            i &+= 4
        }
        while i < count {
            let s = source[i]
            let a = s &>> 24
            if a == 255 {
                pixels[i] = s
            } else if a != 0 {
                let d = pixels[i], rest = 255 &- a
                let redBlue = ((((s & 0xFF00FF) &* a) &>> 8) & 0xFF00FF) &+ ((((d & 0xFF00FF) &* rest) &>> 8) & 0xFF00FF)
                let green = ((((s & 0xFF00) &* a) &>> 8) & 0xFF00) &+ ((((d & 0xFF00) &* rest) &>> 8) & 0xFF00)
                let top = (((a &* 255) &>> 8) &+ (((d &>> 24) &* rest) &>> 8)) &<< 24
                pixels[i] = top | redBlue | green
            }
            i &+= 1
        }
    }
}
