import ScrollLabCore
import CSDL
import ScrollKit
import Testing
@testable import ScrollLabApp

/// Translucent fills blended by `Canvas` give exactly the pixels SDL's software renderer gives.
@MainActor @Suite struct CanvasBlendTests {
    /// Every channel value under each of the app's translucent colours (and the extremes of alpha), on an
    /// RGB888 surface as the window's: `blendRGB888` equals SDL's blended fill pixel for pixel, including the
    /// 1–7 pixels past the last whole group of eight.
    @Test func blendingEqualsSDLsBlendedFill() throws {
        let colours = [RGBA(255, 80, 60, 28), RGBA(248, 248, 250, 245), RGBA(255, 255, 255, 210), RGBA(0, 0, 0, 150),
                       RGBA(80, 80, 90, 230), RGBA(60, 20, 20, 220), RGBA(1, 2, 3, 1), RGBA(254, 253, 252, 254)]
        // A long row (whole groups of eight and three past them) and every short one: each end a vector blends.
        for c in colours {
            for width in [259] + Array(1...17) { try expectBlendIsSDLs(c, width: Int32(width)) }
        }
    }

    /// `blendRGB888` over three rows `width` pixels wide equals SDL's blended fill of them.
    private func expectBlendIsSDLs(_ c: RGBA, width: Int32) throws {
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
        #expect(ours == sdl, "colour \(c), \(width) pixels")
    }

    /// A row of 1 to 16 opaque pixels stored without a call writes exactly those pixels: none before, none after.
    @Test func shortOpaqueRowsWriteTheirPixelsOnly() {
        for count in 1...16 {
            var row = [UInt32](repeating: 7, count: 32)
            row.withUnsafeMutableBufferPointer { buffer in
                let start = buffer.baseAddress! + 8
                if count <= 4 { Canvas.store(0x00AB_CDEF, at: start, count: count) }
                else { Canvas.storeOverlapping(0x00AB_CDEF, at: start, count: count) }
            }
            let expected = Array(repeating: UInt32(7), count: 8) + Array(repeating: 0x00AB_CDEF, count: count)
                + Array(repeating: UInt32(7), count: 24 - count)
            #expect(row == expected, "\(count) pixels")
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

    /// Fills drawn straight into a software window's surface follow each new clip rect and the window's new
    /// surface after a resize, though the surface found is kept from fill to fill.
    @Test func directFillsFollowTheClipAndTheWindowsSize() throws {
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen")
        try #require(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
        let window = try #require(SDL_CreateWindow("clip", 0, 0, 40, 30, SDL_WINDOW_HIDDEN.rawValue))
        defer { SDL_DestroyWindow(window) }
        let renderer = try #require(SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue))
        defer { SDL_DestroyRenderer(renderer) }
        let canvas = Canvas(renderer: renderer)
        /// The output after clearing it to black and filling the whole layout twice inside `clip`: a row of
        /// `#` (filled) and `.` for each row of pixels.
        func filled(clip: Rect?, translucent: Bool) -> [String] {
            var width: Int32 = 0, height: Int32 = 0
            SDL_GetRendererOutputSize(renderer, &width, &height)
            canvas.clip(nil)
            canvas.clear(RGBA(0, 0, 0))
            canvas.clip(clip)
            let c = translucent ? RGBA(200, 100, 50, 128) : RGBA(200, 100, 50)
            canvas.fill(Rect(x: 0, y: 0, width: 100, height: 100), c)
            canvas.fill(Rect(x: 0, y: 0, width: 100, height: 100), c)  // the second fill on the kept surface
            var pixels = [UInt32](repeating: 0, count: Int(width * height))
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_RGB888.rawValue, &pixels, width * 4)
            return (0..<Int(height)).map { y in String((0..<Int(width)).map { x in pixels[y * Int(width) + x] != 0 ? "#" : "." }) }
        }
        func expected(_ width: Int, _ height: Int, inside r: (x: Range<Int>, y: Range<Int>)) -> [String] {
            (0..<height).map { y in String((0..<width).map { x in r.x.contains(x) && r.y.contains(y) ? "#" : "." }) }
        }
        for translucent in [false, true] {
            #expect(filled(clip: Rect(x: 2, y: 3, width: 10, height: 5), translucent: translucent)
                    == expected(40, 30, inside: (2..<12, 3..<8)))
            #expect(filled(clip: Rect(x: 20, y: 10, width: 15, height: 12), translucent: translucent)
                    == expected(40, 30, inside: (20..<35, 10..<22)))
            #expect(filled(clip: nil, translucent: translucent) == expected(40, 30, inside: (0..<40, 0..<30)))
        }
        SDL_SetWindowSize(window, 64, 20)
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {}
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &width, &height)
        try #require(width == 64 && height == 20)
        #expect(filled(clip: nil, translucent: false) == expected(64, 20, inside: (0..<64, 0..<20)))
        #expect(filled(clip: Rect(x: 50, y: 1, width: 30, height: 4), translucent: true) == expected(64, 20, inside: (50..<64, 1..<5)))
    }

    @Test func intersectionIsSDLs() {
        let a = SDL_Rect(x: 10, y: 10, w: 20, h: 5)
        #expect(Canvas.intersection(a, SDL_Rect(x: 25, y: 0, w: 100, h: 12)).map { [$0.x, $0.y, $0.w, $0.h] } == [25, 10, 5, 2])
        #expect(Canvas.intersection(a, SDL_Rect(x: 30, y: 10, w: 5, h: 5)) == nil)
        #expect(Canvas.intersection(a, SDL_Rect(x: 0, y: 0, w: 0, h: 50)) == nil)
    }
}
