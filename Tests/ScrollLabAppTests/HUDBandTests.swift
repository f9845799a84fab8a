import CSDL
import ScrollKit
import ScrollLabCore
import Testing
@testable import ScrollLabApp

/// The HUD's columns cut into bands, and the HUD drawn over what the last frame left in the pixels: the
/// pixels of a HUD drawn whole on a cleared window, frame after frame.
@MainActor @Suite struct HUDBandTests {
    let fixture = HUDLayoutTests()

    @Test(arguments: [true, false])
    func bandsCoverEachColumnOnceAndHoldTheirText(tracking: Bool) throws {
        let fonts = try FontSet()
        let layout = HUDLayout(fixture.worstGrid(tracking: tracking), events: fixture.worstEvents(), status: fixture.worstStatus,
                               metrics: fonts.metrics)
        let height = { (style: TextStyle) in Double(fonts.textHeight(style)) }
        let bands = try #require(HUDBand.bands(of: layout, shift: 340, textHeight: height))
        for column in HUDBand.columns {
            let frame = layout.columns[column].frame.offsetBy(Point(x: 340, y: 0))
            let own = bands.filter { frame.encloses($0.rect) }
            // Top to bottom, each band where the last ends, the first at the column's top, the last at its foot.
            #expect(own.first?.rect.minY == frame.minY)
            #expect(own.last?.rect.maxY == frame.maxY)
            for (a, b) in zip(own, own.dropFirst()) { #expect(a.rect.maxY == b.rect.minY) }
            #expect(own.allSatisfy { $0.rect.minX == frame.minX && $0.rect.width == frame.width && $0.rect.height > 0 })
            // Every line of the column in one band, its drawn text inside it.
            let boxes = layout.boxes.filter { $0.column == column }
            #expect(own.map(\.boxes.count).reduce(0, +) == boxes.count)
            for band in own {
                for box in band.boxes {
                    let drawn = Rect(x: (box.frame.minX + 340).rounded(), y: box.frame.minY.rounded(), width: box.frame.width,
                                     height: height(box.style))
                    #expect(band.rect.encloses(drawn), "\"\(box.text)\" at \(drawn) leaves its band \(band.rect)")
                }
            }
        }
        #expect(bands.map(\.swatches.count).reduce(0, +) == layout.swatches.count)
    }

    @Test func aMovingOffsetChangesOnlyItsOwnBands() throws {
        let fonts = try FontSet()
        let height = { (style: TextStyle) in Double(fonts.textHeight(style)) }
        var s = fixture.worstGrid(tracking: true)
        let events = fixture.worstEvents()
        let before = try #require(HUDBand.bands(of: HUDLayout(s, events: events, status: fixture.worstStatus, metrics: fonts.metrics),
                                                shift: 0, textHeight: height))
        s.contentOffset.y += 1.5
        let after = try #require(HUDBand.bands(of: HUDLayout(s, events: events, status: fixture.worstStatus, metrics: fonts.metrics),
                                               shift: 0, textHeight: height))
        #expect(before.map(\.rect) == after.map(\.rect))
        let changed = zip(before, after).filter { $0 != $1 }.map(\.1)
        #expect(changed.count == 1)
        #expect(changed.first?.boxes.contains { $0.text == "offset" } == true)
    }

    /// A software renderer drawing into a memory surface, as the window's does (its textures go with it).
    final class Window {
        let surface: UnsafeMutablePointer<SDL_Surface>
        let renderer: OpaquePointer

        init(size: Size) throws {
            surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, Int32(size.width), Int32(size.height), 32,
                                                                   SDL_PIXELFORMAT_RGB888.rawValue))
            renderer = try #require(SDL_CreateSoftwareRenderer(surface))
        }

        deinit {
            SDL_DestroyRenderer(renderer)
            SDL_FreeSurface(surface)
        }

        func pixels() -> [UInt32] {
            SDL_RenderFlush(renderer)
            let count = Int(surface.pointee.pitch / 4) * Int(surface.pointee.h)
            return Array(UnsafeBufferPointer(start: surface.pointee.pixels.assumingMemoryBound(to: UInt32.self), count: count))
        }
    }

    @Test func theHUDOverWhatTheLastFrameLeftIsTheHUDDrawnWhole() throws {
        let size = Size(width: 960 + 340, height: 600)
        let keeping = try Window(size: size), whole = try Window(size: size)
        let fonts = try FontSet()
        let keepingText = TextCache(renderer: keeping.renderer, fonts: fonts), wholeText = TextCache(renderer: whole.renderer, fonts: fonts)
        let memo = HUDLayoutMemo()
        var kept: HUDPixels?
        var s = fixture.worstGrid(tracking: true)
        var events = EventLog(capacity: 24)
        var status = fixture.worstStatus
        var reused = 0
        for frame in 0..<40 {
            // A fling: the offset and velocity every frame, a callback now and then, the frame line every 15.
            s.contentOffset.y += 13.25
            s.velocity.y = -2000 + Double(frame) * 37
            events.append(ScrollEventRecord(time: Double(frame) / 60, offset: s.contentOffset, event: .didScroll))
            if frame % 9 == 4 { events.append(ScrollEventRecord(time: Double(frame) / 60, offset: s.contentOffset, event: .willBeginDecelerating)) }
            if frame % 15 == 0 { status.frames.frameMs = Double(frame) / 7 }
            if frame == 20 { s.isTracking = false; s.isDragging = false; s.isDecelerating = true }
            let canvas = Canvas(renderer: keeping.renderer)
            canvas.fill(Rect(origin: .zero, size: size), except: kept?.columns ?? [], .background)
            let drawn = HUDRenderer(canvas: canvas, text: keepingText, fonts: fonts, memo: memo)
                .draw(s, events: events, status: status, size: Size(width: 960, height: 600), shift: 340, kept: kept)
            if kept != nil { reused += 1 }
            kept = drawn.pixels
            let plain = Canvas(renderer: whole.renderer)
            plain.clear(.background)
            HUDRenderer(canvas: plain, text: wholeText, fonts: fonts)
                .draw(s, events: events, status: status, size: Size(width: 960, height: 600), shift: 340)
            #expect(keeping.pixels() == whole.pixels(), "frame \(frame)")
        }
        #expect(reused == 39)
    }
}
