import CSDL
import LabKit
import ScrollKit
import ScrollLabCore
import Testing
@testable import ScrollLabApp

/// The background a frame leaves: what it draws over outside the phones' screens and the HUD's columns is
/// inside the rects the next frame fills (`BackgroundLeft.drawnOver`), and those rects never reach a
/// screen or a column the HUD keeps.
@MainActor @Suite struct KeptPixelsTests {
    @Test(arguments: [1, 2, 3, 4])
    func theRectsDrawnOverMissEveryScreenAndKeptColumn(phones: Int) {
        let layout = PhoneViewport.layoutBase(phones: phones)
        let screens = (0..<phones).map { PhoneViewport(phone: $0).frame }
        let shift = Double(phones - 1) * PhoneViewport.pitch
        let frames = HUDLayout.Frames(size: Size(width: layout.width - shift, height: layout.height))
        let columns = [frames.state, frames.events, frames.footer].map { $0.frame.offsetBy(Point(x: shift, y: 0)) }
        let timeline = frames.timeline.offsetBy(Point(x: shift, y: 0))
        let rects = BackgroundLeft.drawnOver(hudTitle: frames.title.frame, timeline: timeline, layout: layout, phones: screens)
        #expect(rects.count == 2 + phones)
        for rect in rects {
            #expect(rect.width > 0 && rect.height > 0)
            #expect(Rect(origin: .zero, size: layout).encloses(rect), "\(rect) inside the layout")
            for other in screens + columns { #expect(!rect.intersects(other), "\(rect) misses \(other)") }
        }
        // A phone's title line, its swatch and the focus underline, inside its band; bands of neighbours meet.
        for (screen, band) in zip(screens, rects.dropFirst(2)) {
            #expect(band.encloses(Rect(x: screen.minX, y: PhoneTitle.top, width: screen.width, height: screen.minY - PhoneTitle.top)))
        }
        for (a, b) in zip(rects.dropFirst(2), rects.dropFirst(3)) { #expect(a.maxX == b.minX) }
    }

    /// The timeline's panel draws only inside its frame (its caption row may run on to the layout's edge), and
    /// covers its box whole: the caption row is all that a kept frame fills again.
    @Test func theTimelineDrawsOnlyInItsFrameAndFillsItsBox() throws {
        let size = Size(width: 960, height: 600)
        let window = try HUDBandTests.Window(size: size)
        let fonts = try FontSet()
        let text = TextCache(renderer: window.renderer, fonts: fonts)
        let canvas = Canvas(renderer: window.renderer)
        let sentinel = RGBA(1, 2, 3)
        canvas.fill(Rect(origin: .zero, size: size), sentinel)
        var timeline = Timeline(axis: .vertical)
        for k in 0..<180 {
            let t = Double(k) / 60
            timeline.record(time: t, contentOffset: Point(x: 0, y: 900 * t - 120 * t * t), velocity: Point(x: 0, y: 900 - 240 * t))
        }
        let frame = HUDLayout.Frames(size: size).timeline
        var layout = TimelineLayout()
        TimelinePlot(canvas: canvas, text: text).draw(timeline, now: 3, in: frame, status: "1× · replay · frozen",
                                                       recording: "REC → ./recordings/", layout: &layout)
        let pixels = window.pixels()
        let pitch = Int(window.surface.pointee.pitch / 4)
        let box = Canvas.snap(TimelinePlot.box(in: frame)), panel = Canvas.snap(frame)
        // The caption row as a kept frame fills it again: to the layout's right edge.
        let caption = Canvas.snap(BackgroundLeft.drawnOver(hudTitle: .zero, timeline: frame, layout: size, phones: [])[1])
        var outside = 0, boxLeftAsWas = 0
        for y in 0..<Int(size.height) {
            for x in 0..<Int(size.width) {
                let untouched = pixels[y * pitch + x] == Canvas.rgb888(sentinel)
                let inPanel = x >= panel.x && x < panel.x + panel.w && y >= panel.y && y < panel.y + panel.h
                let inCaption = x >= caption.x && x < caption.x + caption.w && y >= caption.y && y < caption.y + caption.h
                let inBox = x >= box.x && x < box.x + box.w && y >= box.y && y < box.y + box.h
                if !inPanel && !inCaption && !untouched { outside += 1 }
                if inBox && untouched { boxLeftAsWas += 1 }
            }
        }
        #expect(outside == 0)
        #expect(boxLeftAsWas == 0)
        #expect(TimelinePlot.box(in: frame).minY > frame.minY && TimelinePlot.box(in: frame).maxY == frame.maxY)
    }
}
