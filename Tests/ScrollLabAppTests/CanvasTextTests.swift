import CSDL
import ScrollKit
import ScrollLabCore
import Testing
@testable import ScrollLabApp

/// Text blended in place by `Canvas.blendARGB` gives exactly the pixels SDL's software renderer gives drawing
/// the text's texture.
@MainActor @Suite struct CanvasTextTests {
    /// Every alpha over every pair of byte values in each channel, the window's unused top byte included: a
    /// texture of 256 source values (columns) by 256 alphas (rows), drawn by SDL's software renderer over a
    /// window whose bytes are shifted by one more at each of 256 passes, and `blendARGB` over the same bytes (by
    /// whole rows, and by pieces of three pixels).
    @Test func textBlendedInPlaceIsSDLsTextureDrawn() throws {
        let width: Int32 = 256, height: Int32 = 256
        let text = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(text) }
        let window = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGB888.rawValue))
        defer { SDL_FreeSurface(window) }
        let renderer = try #require(SDL_CreateSoftwareRenderer(window))
        defer { SDL_DestroyRenderer(renderer) }
        let textPitch = Int(text.pointee.pitch / 4), pitch = Int(window.pointee.pitch / 4)
        let textBytes = text.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        // Source column x: red x, green 255 − x, blue 7x (every value once, 7 being odd); row y: alpha y.
        for y in 0..<Int(height) {
            for x in 0..<Int(width) {
                let v = UInt32(x)
                textBytes[y * textPitch + x] = UInt32(y) << 24 | v << 16 | (255 - v) << 8 | (v &* 7) & 0xFF
            }
        }
        let pixels = try #require(TextPixels(copying: text))
        let texture = try #require(SDL_CreateTextureFromSurface(renderer, text))
        defer { SDL_DestroyTexture(texture) }
        let windowBytes = window.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        var differing = 0
        for pass in 0..<256 {
            let k = UInt32(pass)
            for y in 0..<Int(height) {
                for x in 0..<Int(width) {
                    let v = UInt32(x)
                    let top = (3 &* k &+ v) & 0xFF, red = (v &+ k) & 0xFF, green = (3 &* v &+ k) & 0xFF, blue = (5 &* v &+ k) & 0xFF
                    windowBytes[y * pitch + x] = top << 24 | red << 16 | green << 8 | blue
                }
            }
            // Whole rows (four pixels at a time), and the same rows in pieces of three (the pixels one by one).
            var ours = Array(UnsafeBufferPointer(start: windowBytes, count: pitch * Int(height)))
            var byOne = ours
            var all = SDL_Rect(x: 0, y: 0, w: width, h: height)
            SDL_RenderCopy(renderer, texture, nil, &all)
            SDL_RenderFlush(renderer)
            ours.withUnsafeMutableBufferPointer { buffer in
                for y in 0..<Int(height) {
                    Canvas.blendARGB(pixels.base + y * pixels.width, over: buffer.baseAddress! + y * pitch, count: Int(width))
                }
            }
            byOne.withUnsafeMutableBufferPointer { buffer in
                for y in 0..<Int(height) {
                    for x in stride(from: 0, to: Int(width), by: 3) {
                        Canvas.blendARGB(pixels.base + y * pixels.width + x, over: buffer.baseAddress! + y * pitch + x,
                                         count: Swift.min(3, Int(width) - x))
                    }
                }
            }
            for i in ours.indices where ours[i] != windowBytes[i] || byOne[i] != windowBytes[i] { differing += 1 }
        }
        #expect(differing == 0)
    }

    /// In a software window (SDL's offscreen driver): a text with empty rows, margins and gaps blended in place at
    /// whole pixels, partly outside the window and inside a clip rect, is SDL's texture drawn there (the window's
    /// surface found once and kept across the clip's changes).
    @Test func textBlendedInAWindowIsSDLsTextureDrawn() throws {
        guard Canvas.blendsDirectly else { return }  // a debug build draws its text through SDL
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen")
        try #require(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
        let width: Int32 = 48, height: Int32 = 20
        let window = try #require(SDL_CreateWindow("text", 0, 0, width, height, SDL_WINDOW_HIDDEN.rawValue))
        defer { SDL_DestroyWindow(window) }
        let renderer = try #require(SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue))
        defer { SDL_DestroyRenderer(renderer) }
        let canvas = Canvas(renderer: renderer)
        // 37×9: rows 0, 1 and 8 empty, ink from column 5 to 30 with a gap at every seventh column.
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 37, 9, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(surface) }
        let pitch = Int(surface.pointee.pitch / 4), bytes = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<9 {
            for x in 0..<37 {
                let empty = [0, 1, 8].contains(y) || x < 5 || x > 30 || x % 7 == 3
                let alpha = empty ? 0 : UInt32((x * 37 + y * 11) % 255 + 1)
                bytes[y * pitch + x] = alpha << 24 | UInt32(x * 6) << 16 | UInt32(255 - y * 20) << 8 | UInt32((x * y) % 256)
            }
        }
        let text = try #require(TextPixels(copying: surface))
        let texture = try #require(SDL_CreateTextureFromSurface(renderer, surface))
        defer { SDL_DestroyTexture(texture) }
        func drawn(clip: Rect?, _ body: () -> Void) -> [UInt32] {
            canvas.clip(nil)
            for i in 0..<6 { canvas.fill(Rect(x: Double(i * 8), y: 0, width: 8, height: Double(height)), RGBA(UInt8(40 * i), 200, UInt8(255 - 30 * i))) }
            canvas.clip(clip)
            body()
            var pixels = [UInt32](repeating: 0, count: Int(width * height))
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_RGB888.rawValue, &pixels, width * 4)
            return pixels
        }
        for (x, y) in [(3, 2), (-5, 1), (30, -3), (0, 11), (-40, 0)] as [(Int32, Int32)] {
            for clip in [nil, Rect(x: 4, y: 3, width: 20, height: 10)] {
                let ours = drawn(clip: clip) { #expect(canvas.blendText(text, x: x, y: y)) }
                let sdl = drawn(clip: clip) {
                    var dst = SDL_Rect(x: x, y: y, w: 37, h: 9)
                    SDL_RenderCopy(renderer, texture, nil, &dst)
                }
                #expect(ours == sdl, "at (\(x), \(y)), clip \(String(describing: clip))")
            }
        }
    }

    /// The pixels kept are SDL_ttf's surface row by row, whatever its pitch; a surface of another format is not kept.
    @Test func textPixelsCopyTheSurfaceRows() throws {
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 3, 2, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(surface) }
        let pitch = Int(surface.pointee.pitch / 4)
        let bytes = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<2 { for x in 0..<3 { bytes[y * pitch + x] = UInt32(0x1000_0000 * (y + 1) + x) } }
        let kept = try #require(TextPixels(copying: surface))
        #expect(kept.width == 3 && kept.height == 2)
        #expect(Array(UnsafeBufferPointer(start: kept.base, count: 6)) == [0x1000_0000, 0x1000_0001, 0x1000_0002, 0x2000_0000, 0x2000_0001, 0x2000_0002])
        let rgb = try #require(SDL_CreateRGBSurfaceWithFormat(0, 3, 2, 32, SDL_PIXELFORMAT_RGB888.rawValue))
        defer { SDL_FreeSurface(rgb) }
        #expect(TextPixels(copying: rgb) == nil)
    }
}
