import ScrollLabCore
import CSDL
import Testing
@testable import ScrollLabApp

/// Translucent fills blended by `Canvas` give exactly the pixels SDL's software renderer gives.
@MainActor @Suite struct CanvasBlendTests {
    /// Every channel value under each of the app's translucent colours (and the extremes of alpha), on an
    /// RGB888 surface as the window's: `blendRGB888` equals SDL's blended fill pixel for pixel, including the
    /// 1–3 pixels past the last whole group of four.
    @Test func blendingEqualsSDLsBlendedFill() throws {
        let colours = [RGBA(255, 80, 60, 28), RGBA(248, 248, 250, 245), RGBA(255, 255, 255, 210), RGBA(0, 0, 0, 150),
                       RGBA(80, 80, 90, 230), RGBA(60, 20, 20, 220), RGBA(1, 2, 3, 1), RGBA(254, 253, 252, 254)]
        let width: Int32 = 259
        for c in colours {
            let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, 3, 32, SDL_PIXELFORMAT_RGB888.rawValue))
            defer { SDL_FreeSurface(surface) }
            let renderer = try #require(SDL_CreateSoftwareRenderer(surface))
            defer { SDL_DestroyRenderer(renderer) }
            let pitch = Int(surface.pointee.pitch / 4)
            let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
            // Row y, pixel x: channels x, 255 − x and x·7 mod 256, so every byte value meets every channel.
            for y in 0..<3 {
                for x in 0..<Int(width) {
                    let v = UInt32((x + y * 85) % 256)
                    pixels[y * pitch + x] = (v << 16) | ((255 - v) << 8) | ((v * 7) & 0xFF)
                }
            }
            let before = Array(UnsafeBufferPointer(start: pixels, count: pitch * 3))
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
            SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
            var all = SDL_Rect(x: 0, y: 0, w: width, h: 3)
            SDL_RenderFillRect(renderer, &all)
            SDL_RenderFlush(renderer)
            let sdl = Array(UnsafeBufferPointer(start: pixels, count: pitch * 3))
            var ours = before
            ours.withUnsafeMutableBufferPointer { buffer in
                for y in 0..<3 { Canvas.blendRGB888(buffer.baseAddress! + y * pitch, count: Int(width), c) }
            }
            #expect(ours == sdl, "colour \(c)")
        }
    }

    /// `RGBA.blended(over:)`, the colour a translucent fill leaves on a solid one (the title bar filled opaque
    /// with it), is the pixel SDL's software renderer leaves there.
    @Test func blendedColourIsSDLsPixel() throws {
        let fills = [RGBA.titleBar.withAlpha(245), RGBA(255, 80, 60, 28), RGBA(0, 0, 0, 150), RGBA(1, 2, 3, 1)]
        let unders = [RGBA.screen, RGBA.background, RGBA(0, 0, 0), RGBA(255, 255, 255), RGBA(17, 130, 254)]
        for fill in fills {
            for under in unders {
                let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 1, 1, 32, SDL_PIXELFORMAT_RGB888.rawValue))
                defer { SDL_FreeSurface(surface) }
                let renderer = try #require(SDL_CreateSoftwareRenderer(surface))
                defer { SDL_DestroyRenderer(renderer) }
                SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
                SDL_SetRenderDrawColor(renderer, under.r, under.g, under.b, 255)
                SDL_RenderClear(renderer)
                SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
                SDL_SetRenderDrawColor(renderer, fill.r, fill.g, fill.b, fill.a)
                var all = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
                SDL_RenderFillRect(renderer, &all)
                SDL_RenderFlush(renderer)
                let pixel = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self).pointee
                let sdl = RGBA(UInt8((pixel >> 16) & 0xFF), UInt8((pixel >> 8) & 0xFF), UInt8(pixel & 0xFF))
                #expect(fill.blended(over: under) == sdl, "\(fill) over \(under)")
            }
        }
    }

    /// An opaque fill written directly is the pixel SDL's software renderer writes for it on an RGB888 surface.
    @Test func opaquePixelIsSDLs() throws {
        for c in [RGBA.background, .screen, .phoneBody, RGBA(230, 40, 70), RGBA(0, 0, 0), RGBA(255, 255, 255), RGBA(1, 128, 254)] {
            let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 2, 1, 32, SDL_PIXELFORMAT_RGB888.rawValue))
            defer { SDL_FreeSurface(surface) }
            let renderer = try #require(SDL_CreateSoftwareRenderer(surface))
            defer { SDL_DestroyRenderer(renderer) }
            surface.pointee.pixels.assumingMemoryBound(to: UInt32.self).update(repeating: 0xFFFF_FFFF, count: 2)
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
            SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
            var one = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
            SDL_RenderFillRect(renderer, &one)
            SDL_RenderFlush(renderer)
            #expect(surface.pointee.pixels.assumingMemoryBound(to: UInt32.self).pointee == Canvas.rgb888(c), "\(c)")
        }
    }

    @Test func intersectionIsSDLs() {
        let a = SDL_Rect(x: 10, y: 10, w: 20, h: 5)
        #expect(Canvas.intersection(a, SDL_Rect(x: 25, y: 0, w: 100, h: 12)).map { [$0.x, $0.y, $0.w, $0.h] } == [25, 10, 5, 2])
        #expect(Canvas.intersection(a, SDL_Rect(x: 30, y: 10, w: 5, h: 5)) == nil)
        #expect(Canvas.intersection(a, SDL_Rect(x: 0, y: 0, w: 0, h: 50)) == nil)
    }
}
