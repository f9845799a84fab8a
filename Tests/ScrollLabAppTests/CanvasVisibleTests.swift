import CSDL
import ScrollKit
import Testing
@testable import ScrollLabApp

/// A texture stretched far past the output is drawn by its visible part alone, each pixel where the whole
/// stretch puts it.
@MainActor @Suite struct CanvasVisibleTests {
    /// The pieces cover the visible part of the stretch without gaps, in order, and each source pixel lies
    /// where the stretch puts it.
    @Test func spansCoverTheVisiblePartWhereTheStretchPutsIt() {
        for (start, length, pixels, low, high) in [(-1_500_000.0, 3_000_000.0, 440, 0.0, 480.0), (-100.0, 880.0, 440, 0.0, 480.0),
                                                   (10.0, 50.0, 7, 0.0, 480.0), (-3.3, 10_000.0, 3, 5.0, 6.0), (500.0, 10.0, 4, 0.0, 480.0)] {
            let spans = Canvas.visibleSpans(start: start, length: length, pixels: pixels, visible: low, high)
            let from = max(low, start), to = min(high, start + length)
            guard to > from else {
                #expect(spans.isEmpty)
                continue
            }
            #expect(spans.count <= 3)
            #expect(spans.first?.from == from && spans.last?.to == to)
            let step = length / Double(pixels)
            for (a, b) in zip(spans, spans.dropFirst()) {
                #expect(a.to == b.from && a.pixels.upperBound == b.pixels.lowerBound)
            }
            for span in spans {
                #expect(span.from < span.to && !span.pixels.isEmpty)
                // Within the stretch of its pixels.
                #expect(span.from >= start + Double(span.pixels.lowerBound) * step - 1e-6)
                #expect(span.to <= start + Double(span.pixels.upperBound) * step + 1e-6)
            }
        }
    }

    /// A 4×8 texture, each row its own colour, stretched over 20 × 80 000 px from 10 000 px above a 40×30
    /// software window: the visible rows show the source row the stretch puts there, and nothing lands outside
    /// the destination's columns.
    @Test func aHugeStretchShowsTheRowsThatLandOnScreen() throws {
        let window = try #require(SDL_CreateRGBSurfaceWithFormat(0, 40, 30, 32, SDL_PIXELFORMAT_RGB888.rawValue))
        defer { SDL_FreeSurface(window) }
        let renderer = try #require(SDL_CreateSoftwareRenderer(window))
        defer { SDL_DestroyRenderer(renderer) }
        let image = try #require(SDL_CreateRGBSurfaceWithFormat(0, 4, 8, 32, SDL_PIXELFORMAT_RGB888.rawValue))
        defer { SDL_FreeSurface(image) }
        let rowColour: (Int) -> UInt32 = { UInt32(0x10_20_30 * ($0 + 1)) & 0xFF_FF_FF }
        for y in 0..<8 {
            for x in 0..<4 { image.pointee.pixels.assumingMemoryBound(to: UInt32.self)[y * Int(image.pointee.pitch / 4) + x] = rowColour(y) }
        }
        let texture = try #require(SDL_CreateTextureFromSurface(renderer, image))
        defer { SDL_DestroyTexture(texture) }
        let canvas = Canvas(renderer: renderer)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        // Rows are 10 000 px tall: row 1 covers y in [−10 000 + 10 000, … + 20 000), the whole window.
        canvas.drawVisible(texture: texture, in: Rect(x: 5, y: -10_000, width: 20, height: 80_000), alpha: 1, opaque: true)
        SDL_RenderFlush(renderer)
        let pixels = window.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let pitch = Int(window.pointee.pitch / 4)
        for y in 0..<30 {
            for x in 0..<40 {
                let expected: UInt32 = (5..<25).contains(x) ? rowColour(1) : 0
                #expect(pixels[y * pitch + x] & 0xFF_FF_FF == expected, "pixel (\(x), \(y))")
            }
        }
        // Rows 4 px tall, from 8 px above: rows 2 to 7 show from y 0, each 4 px, then black below 24.
        SDL_RenderClear(renderer)
        canvas.drawVisible(texture: texture, in: Rect(x: -30, y: -8, width: 100, height: 32), alpha: 1, opaque: true)
        SDL_RenderFlush(renderer)
        for y in 0..<30 {
            let expected: UInt32 = y < 24 ? rowColour(2 + y / 4) : 0
            #expect(pixels[y * pitch + 10] & 0xFF_FF_FF == expected, "row \(y)")
        }
    }
}
