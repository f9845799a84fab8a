import ScrollLabCore
import CSDL
import Testing
@testable import ScrollLabApp

/// Text textures: pre-blended on a solid background they give the pixels blended text gives there, and
/// a frame rasterizes only a few changing monospaced strings whole.
@MainActor @Suite struct TextCacheTests {
    /// A 32-bit memory surface drawn by SDL's software renderer, as the window's software path draws.
    final class Target {
        let surface: UnsafeMutablePointer<SDL_Surface>
        let renderer: OpaquePointer

        init(width: Int32, height: Int32) throws {
            surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGB888.rawValue))
            renderer = try #require(SDL_CreateSoftwareRenderer(surface))
        }

        deinit {
            SDL_DestroyRenderer(renderer)
            SDL_FreeSurface(surface)
        }

        func clear(_ c: RGBA) {
            SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, 255)
            SDL_RenderClear(renderer)
        }

        /// The pixels, after drawing what is queued.
        func pixels() -> [UInt32] {
            SDL_RenderFlush(renderer)
            let count = Int(surface.pointee.pitch / 4) * Int(surface.pointee.h)
            return Array(UnsafeBufferPointer(start: surface.pointee.pixels.assumingMemoryBound(to: UInt32.self), count: count))
        }
    }

    /// Draws `lines` (text, style) blended (`on` nil) or pre-blended on the background, twice (the
    /// second time monospaced lines come whole, not as glyph runs); the pixels of each pass.
    func render(_ lines: [(String, TextStyle)], on background: RGBA?, fonts: FontSet) throws -> [[UInt32]] {
        let target = try Target(width: 420, height: 24 * Int32(lines.count))
        let text = TextCache(renderer: target.renderer, fonts: fonts)
        defer { text.removeAll() }
        return (0..<2).map { _ in
            text.beginFrame()
            target.clear(.background)
            for (i, (line, style)) in lines.enumerated() {
                text.draw(line, style: style, colour: .text, on: background, x: 4, y: Int32(2 + 24 * i))
            }
            return target.pixels()
        }
    }

    @Test func textOnASolidBackgroundGivesTheBlendedPixels() throws {
        let fonts = try FontSet()
        let lines: [(String, TextStyle)] = [("Delegate events (newest first)", .heading), ("velocity", .label),
                                                ("(0, -1234.5) pt/s", .mono), ("1.865 wBDec willBeginDecelerating", .mono)]
        let blended = try render(lines, on: nil, fonts: fonts)
        let opaque = try render(lines, on: .background, fonts: fonts)
        // Both passes (glyph runs first, whole strings second), pixel for pixel.
        let differing = zip(opaque.joined(), blended.joined()).filter { $0 != $1 }.count
        #expect(opaque.map(\.count) == blended.map(\.count))
        #expect(differing == 0)
        let background = blended[0][0]
        #expect(blended[0].filter { $0 != background }.count > 1000)   // the text is there
    }

    /// The HUD leaves a line's pixels in the window while it does not change (`HUDBands`), so a monospaced
    /// line left there as a glyph run must be the line drawn whole: the same pixels and the same size.
    @Test func aMonospacedLineAsAGlyphRunIsTheWholeLine() throws {
        let fonts = try FontSet()
        let lines: [(String, TextStyle)] = [("(0, -1234.5) pt/s", .mono), ("  1.865 wBDec willBeginDecelerating", .mono),
                                                ("didScroll × 123456", .mono), ("60.0 fps · p99 16.7 ms · work 2.1 (p99 3.4) · ", .mono),
                                                ("●tracking ○dragging", .mono), ("  v(0, -56.78) t(0, 1234567) …", .mono)]
        for background in [RGBA?.none, .background] {
            let target = try Target(width: 420, height: 24 * Int32(lines.count))
            let text = TextCache(renderer: target.renderer, fonts: fonts)
            defer { text.removeAll() }
            // First sight: glyph runs; then two lines a frame come whole, until every one does.
            let passes = (0..<5).map { _ in
                let before = text.rasterized
                text.beginFrame()
                target.clear(.background)
                let sizes = lines.enumerated().map { i, line in
                    text.draw(line.0, style: line.1, colour: .text, on: background, x: 4, y: Int32(2 + 24 * i))
                }
                return (pixels: target.pixels(), widths: sizes.map(\.width), heights: sizes.map(\.height),
                        rasterized: text.rasterized - before)
            }
            #expect(passes[4].rasterized == 0)   // every line whole by now
            #expect(passes[0].pixels == passes[4].pixels)
            #expect(passes[0].widths == passes[4].widths)
            #expect(passes[0].heights == passes[4].heights)
        }
    }

    @Test func aFrameRasterizesAtMostTwoChangingMonospacedStringsWhole() throws {
        let fonts = try FontSet()
        let target = try Target(width: 200, height: 20)
        let text = TextCache(renderer: target.renderer, fonts: fonts)
        defer { text.removeAll() }
        let numbers = (0..<5).map { "0.\($0)5" }
        func frame() -> Int {
            let before = text.rasterized
            text.beginFrame()
            for n in numbers { text.draw(n, style: .mono, colour: .text, x: 0, y: 0) }
            return text.rasterized - before
        }
        #expect(frame() == 7)   // first sight: glyph runs; only the characters 0 . 1 2 3 4 5 are rasterized
        #expect(frame() == 2)   // seen again: two of them whole, the others still glyph runs
        #expect(frame() == 2)
        #expect(frame() == 1)
        #expect(frame() == 0)
    }

    /// A glyph met before in another opaque colour comes from its mask, not from SDL_ttf again: the same pixels
    /// as SDL_ttf gives in the new colour (a cache that never saw the glyph), blended and pre-blended.
    @Test func aGlyphInANewColourComesFromItsMaskWithSDLTTFsPixels() throws {
        let fonts = try FontSet()
        let lines = ["(0, -1234.5) pt/s", "1.865 wBDec willBeginDecelerating", "●tracking ○dragging · p99 16.7 ms"]
        let colours = [RGBA(255, 80, 60), RGBA(110, 220, 120), RGBA(20, 120, 130)]
        func frame(_ cache: TextCache, _ target: Target, colour: RGBA, on background: RGBA?) -> [UInt32] {
            cache.beginFrame()
            target.clear(.background)
            for (i, line) in lines.enumerated() { cache.draw(line, style: .mono, colour: colour, on: background, x: 4, y: Int32(2 + 24 * i)) }
            return target.pixels()
        }
        for background in [RGBA?.none, .background] {
            let target = try Target(width: 420, height: 24 * Int32(lines.count))
            let cache = TextCache(renderer: target.renderer, fonts: fonts)
            defer { cache.removeAll() }
            _ = frame(cache, target, colour: .text, on: background)
            let shaped = cache.glyphsRendered
            #expect(shaped == Set(lines.joined().filter { $0.isASCII }).count)
            for colour in colours {
                let fromMasks = frame(cache, target, colour: colour, on: background)
                #expect(cache.glyphsRendered == shaped)   // no glyph shaped again
                let fresh = try Target(width: 420, height: 24 * Int32(lines.count))
                let alone = TextCache(renderer: fresh.renderer, fonts: fonts)
                defer { alone.removeAll() }
                let rendered = frame(alone, fresh, colour: colour, on: background)
                #expect(alone.glyphsRendered == shaped)
                #expect(fromMasks == rendered)
                #expect(fromMasks.filter { $0 != fromMasks[0] }.count > 500)   // the text is there
            }
        }
    }

    /// A full cache makes room by dropping its least recently used textures a few at a time (a thirty-second of
    /// its capacity): after 300 strings in a cache of 64, the last 62 are all still kept, and the first is gone.
    @Test func aFullCacheDropsOnlyItsOldestFew() throws {
        let target = try Target(width: 200, height: 24)
        let cache = TextCache(renderer: target.renderer, fonts: try FontSet(), capacity: 64)
        for k in 0..<300 { cache.draw("label \(k)", style: .label, colour: .text, x: 0, y: 0) }
        #expect(cache.rasterized == 300)
        for k in 238..<300 { cache.draw("label \(k)", style: .label, colour: .text, x: 0, y: 0) }
        #expect(cache.rasterized == 300)
        cache.draw("label 0", style: .label, colour: .text, x: 0, y: 0)
        #expect(cache.rasterized == 301)
    }

    /// A glyph run's characters are rasterized once for its style and colours, whatever string they come in;
    /// past `glyphTableLimit` colours the tables are dropped and made again.
    @Test func glyphRunsRasterizeACharacterOncePerColour() throws {
        let target = try Target(width: 200, height: 20)
        let cache = TextCache(renderer: target.renderer, fonts: try FontSet())
        defer { cache.removeAll() }
        let first = RGBA(1, 2, 3)
        cache.draw("ab", style: .mono, colour: first, x: 0, y: 0)
        #expect(cache.rasterized == 2)
        cache.draw("ba", style: .mono, colour: first, x: 0, y: 0)
        cache.draw("abba", style: .mono, colour: first, x: 0, y: 0)
        #expect(cache.rasterized == 2)
        for k in 0..<TextCache.glyphTableLimit { cache.draw("ab", style: .mono, colour: RGBA(UInt8(k), 9, 9), x: 0, y: 0) }
        #expect(cache.rasterized == 2 + 2 * TextCache.glyphTableLimit)
        cache.draw("bab", style: .mono, colour: first, x: 0, y: 0)
        #expect(cache.rasterized == 2 + 2 * TextCache.glyphTableLimit + 2)
    }

    /// A phone's figures line: `fitLine` gives `TextMetrics.elide`'s text at every width, a line that fits is
    /// rasterized once (not measured, then shaped again), the slot's texture is drawn again while its text
    /// stays, and its pixels are `draw`'s.
    @Test func aLineSlotIsTheElidedLineDrawnOnce() throws {
        let fonts = try FontSet()
        let full = "14 loads · 265 kB · blank 0.63 · ready 92%"
        let whole = fonts.width(full, style: .small)
        let target = try Target(width: 420, height: 24)
        let cache = TextCache(renderer: target.renderer, fonts: fonts)
        defer { cache.removeAll() }
        for width in [400, whole, whole - 1, 120, 12, 0] {
            #expect(cache.fitLine(full, slot: 0, style: .small, colour: .dimText, toWidth: width)
                    == fonts.metrics.elide(full, style: .small, toWidth: width))
        }
        let before = cache.rasterized
        #expect(cache.fitLine(full, slot: 1, style: .small, colour: .dimText, toWidth: whole) == full)
        #expect(cache.rasterized == before + 1)
        // Drawn from the slot twice, then as `draw` draws it: the same pixels each time (counted, not listed).
        let passes = (0..<3).map { pass in
            target.clear(.background)
            if pass < 2 {
                #expect(Double(cache.drawLine(full, slot: 1, style: .small, colour: .dimText, x: 4, y: 2).width) == whole)
            } else {
                #expect(cache.rasterized == before + 1)
                cache.draw(full, style: .small, colour: .dimText, x: 4, y: 2)
            }
            return target.pixels()
        }
        #expect(zip(passes[0], passes[1]).filter { $0 != $1 }.count == 0)
        #expect(zip(passes[0], passes[2]).filter { $0 != $1 }.count == 0)
        #expect(passes[0].filter { $0 != passes[0][0] }.count > 100)   // the text is there
        // Another text replaces the slot's.
        cache.drawLine("15 loads", slot: 1, style: .small, colour: .dimText, x: 4, y: 2)
        cache.drawLine(full, slot: 1, style: .small, colour: .dimText, x: 4, y: 2)
        #expect(cache.rasterized == before + 4)   // one for `draw`'s own texture
    }
}
