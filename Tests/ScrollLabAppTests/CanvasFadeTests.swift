import ScrollLabCore
import CSDL
import Testing
@testable import ScrollLabApp

/// An opaque image fading in, blended by `Canvas.fadeRGB888`, gives exactly the pixels SDL's software renderer
/// gives drawing its texture at that alpha.
@MainActor @Suite struct CanvasFadeTests {
    /// Every alpha below 255 over every pair of channel values (and the window's unused byte set or not), on
    /// RGB888 surfaces as the window's and the decoder's: the texture SDL makes from the image, drawn at the
    /// alpha by its software renderer, and `fadeRGB888`, pixel for pixel: rows of eight pixels a turn, a last four
    /// and the 1–3 pixels past them.
    @Test func fadingEqualsSDLsTextureDrawnAtAnAlpha() throws {
        let width: Int32 = 263, height: Int32 = 4
        let image = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGB888.rawValue))
        let window = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGB888.rawValue))
        defer { SDL_FreeSurface(window) }
        let renderer = try #require(SDL_CreateSoftwareRenderer(window))
        defer { SDL_DestroyRenderer(renderer) }
        let pitch = Int(window.pointee.pitch / 4)
        let imagePixels = image.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let windowPixels = window.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        // Image pixel x of row y: channels x, 255 − x, x·7; under it the window's channels (x + 85·y), x·3, 255 − x·5:
        // every byte value meets many others in every channel, above and below.
        for y in 0..<Int(height) {
            for x in 0..<Int(width) {
                let v = UInt32(x % 256)
                imagePixels[y * Int(image.pointee.pitch / 4) + x] = (v << 16) | ((255 - v) << 8) | ((v * 7) & 0xFF)
            }
        }
        let pixels = try #require(TexturePixels(taking: image))   // frees the image with it
        defer { withExtendedLifetime(pixels) {} }
        let texture = try #require(SDL_CreateTextureFromSurface(renderer, image))
        defer { SDL_DestroyTexture(texture) }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        func under(_ x: Int, _ y: Int) -> UInt32 {
            let w = UInt32((x + 85 * y) % 256)
            let top: UInt32 = y % 2 == 0 ? 0 : 0xAB00_0000
            let red = w << 16, green = ((w * 3) & 0xFF) << 8, blue = (255 &- w &* 5) & 0xFF
            return top | red | green | blue
        }
        for alpha in 0..<255 {
            for y in 0..<Int(height) { for x in 0..<Int(width) { windowPixels[y * pitch + x] = under(x, y) } }
            let before = Array(UnsafeBufferPointer(start: windowPixels, count: pitch * Int(height)))
            SDL_SetTextureAlphaMod(texture, UInt8(alpha))
            var all = SDL_Rect(x: 0, y: 0, w: width, h: height)
            SDL_RenderCopy(renderer, texture, nil, &all)
            SDL_RenderFlush(renderer)
            let sdl = Array(UnsafeBufferPointer(start: windowPixels, count: pitch * Int(height)))
            var ours = before
            ours.withUnsafeMutableBufferPointer { buffer in
                for y in 0..<Int(height) {
                    Canvas.fadeRGB888(pixels.base + y * pixels.pitch, over: buffer.baseAddress! + y * pitch,
                                      count: Int(width), FadeLanes(alpha: UInt8(alpha)))
                }
            }
            #expect(ours == sdl, "alpha \(alpha)")
        }
    }

    /// At full opacity SDL's software renderer copies the texture it makes of an opaque RGB888 image byte for
    /// byte, the unused top byte too: what `drawKept` does from the image's kept pixels, row by row.
    @Test func atFullOpacityTheKeptPixelsAreCopiedAsSDLCopiesTheTexture() throws {
        let width: Int32 = 37, height: Int32 = 5
        let image = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGB888.rawValue))
        let window = try #require(SDL_CreateRGBSurfaceWithFormat(0, 64, 16, 32, SDL_PIXELFORMAT_RGB888.rawValue))
        defer { SDL_FreeSurface(window) }
        let renderer = try #require(SDL_CreateSoftwareRenderer(window))
        defer { SDL_DestroyRenderer(renderer) }
        let imagePitch = Int(image.pointee.pitch / 4), pitch = Int(window.pointee.pitch / 4)
        let imagePixels = image.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let windowPixels = window.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<Int(height) {
            for x in 0..<Int(width) { imagePixels[y * imagePitch + x] = UInt32(truncatingIfNeeded: (x * 2_654_435_761) ^ (y &* 40_503)) }
        }
        for i in 0..<pitch * 16 { windowPixels[i] = UInt32(truncatingIfNeeded: i &* 2_246_822_519) }
        let pixels = try #require(TexturePixels(taking: image))
        let texture = try #require(SDL_CreateTextureFromSurface(renderer, pixels.surface))
        defer { SDL_DestroyTexture(texture) }
        let before = Array(UnsafeBufferPointer(start: windowPixels, count: pitch * 16))
        // As `draw(texture:in:alpha:opaque:)` draws an opaque texture at full opacity, at an offset and clipped
        // on the right and at the bottom.
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        SDL_SetTextureAlphaMod(texture, 255)
        var target = SDL_Rect(x: 40, y: 13, w: width, h: height)
        SDL_RenderCopy(renderer, texture, nil, &target)
        SDL_RenderFlush(renderer)
        let sdl = Array(UnsafeBufferPointer(start: windowPixels, count: pitch * 16))
        var ours = before
        for y in 13..<16 {
            for x in 40..<64 { ours[y * pitch + x] = pixels.base[(y - 13) * pixels.pitch + (x - 40)] }
        }
        #expect(ours == sdl)
        #expect(ours != before)
    }

    @Test func theKeptPixelsAreTheImages() throws {
        let image = try #require(SDL_CreateRGBSurfaceWithFormat(0, 3, 2, 32, SDL_PIXELFORMAT_RGB888.rawValue))
        let rowPitch = Int(image.pointee.pitch / 4)
        let source = image.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let values: [UInt32] = [0x10_2030, 0x20_4060, 0x30_6090, 0x40_80C0, 0x50_A0F0, 0x60_C010]
        for (i, value) in values.enumerated() { source[(i / 3) * rowPitch + i % 3] = value }
        let kept = try #require(TexturePixels(taking: image))
        #expect(kept.width == 3)
        #expect(kept.height == 2)
        #expect((0..<6).map { kept.base[($0 / 3) * kept.pitch + $0 % 3] } == values)
        let blended = try #require(SDL_CreateRGBSurfaceWithFormat(0, 3, 2, 32, SDL_PIXELFORMAT_ABGR8888.rawValue))
        defer { SDL_FreeSurface(blended) }   // not taken
        #expect(TexturePixels(taking: blended) == nil)
    }
}
