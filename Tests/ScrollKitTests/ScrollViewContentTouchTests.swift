import Testing
@testable import ScrollKit
import ScrollKitTestSupport

/// Content touches (B-TCH-1): the 150 ms delay, scroll-or-track, cancelling, controls, `touchesShouldBegin`.
@Suite struct ScrollViewContentTouchTests {
    /// A column of 150×220 tiles at x 5…155, each with a 30×30 ♥ control at its bottom-right corner.
    final class Tiles: ScrollViewContent {
        var refuseBegin = false
        var heard: [(ContentTouchPhase, Int, Bool)] = []

        func contentView(at point: Point) -> ContentView? {
            guard point.x >= 5, point.x < 155, point.y >= 0 else { return nil }
            let item = Int(point.y / 230)
            let frame = Rect(x: 5, y: Double(item) * 230, width: 150, height: 220)
            guard frame.contains(point) else { return nil }
            let heart = Rect(x: frame.maxX - 30, y: frame.maxY - 30, width: 30, height: 30)
            if heart.contains(point) { return ContentView(item: item, view: item % 6, frame: heart, isControl: true) }
            return ContentView(item: item, view: item % 6, frame: frame)
        }

        func touchesShouldBegin(_ point: Point, with time: Double, in view: ContentView) -> Bool { !refuseBegin }

        func contentView(_ view: ContentView, received phase: ContentTouchPhase) {
            heard.append((phase, view.item, view.isControl))
        }
    }

    let tiles = Tiles()
    let view: ScrollView
    let driver: FrameDriver

    init() {
        view = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480), contentSize: Size(width: 320, height: 20000))
        view.content = tiles
        driver = FrameDriver(view)
    }

    /// Callback names and content phases, no didScroll.
    var names: [String] { driver.names }

    /// A slow drag from `start`: `steps` moves of `step` pt, one every 16 ms, starting `after` s after the down at `time`.
    func slowDrag(from start: Point, step: Point, steps: Int, after: Double, at time: Double = 1) -> [PointerEvent] {
        var events = [PointerEvent(time: time, position: start, phase: .down)]
        var p = start
        for k in 0..<steps {
            p = p + step
            events.append(PointerEvent(time: time + after + Double(k) * 0.016, position: p, phase: .move))
        }
        events.append(PointerEvent(time: time + after + Double(steps) * 0.016 + 0.1, position: p, phase: .up))
        return events
    }

    @Test func aHeldTouchBeginsTrackingAfter150msAndALiftIsATap() {
        driver.play([PointerEvent(time: 1, position: Point(x: 60, y: 100), phase: .down),
                     PointerEvent(time: 1.4, position: Point(x: 60, y: 100), phase: .up)])
        #expect(names == ["touchesBegan", "touchesEnded", "tap"])
        let began = driver.records.first { $0.event.name == "touchesBegan" }
        #expect(abs((began?.time ?? 0) - 1.15) < 1e-9)
        #expect(view.contentOffset == .zero)
        #expect(tiles.heard.map(\.1) == [0, 0, 0])
    }

    @Test func theViewTracksBetweenTheDelayAndTheLift() {
        driver.deliver(PointerEvent(time: 1, position: Point(x: 60, y: 300), phase: .down))
        view.advance(to: 1.1)
        #expect(view.trackingContentView == nil)
        view.advance(to: 1.2)
        #expect(view.trackingContentView?.item == 1)
    }

    @Test func aQuickTapInsideTheDelayIsDeliveredAtTheLift() {
        driver.play([PointerEvent(time: 1, position: Point(x: 60, y: 100), phase: .down),
                     PointerEvent(time: 1.08, position: Point(x: 61, y: 101), phase: .up)])
        #expect(names == ["touchesBegan", "touchesEnded", "tap"])
        #expect(driver.records.allSatisfy { abs($0.time - 1.08) < 1e-9 })
    }

    @Test func aFlickPastTheSlopBeforeTheDelayScrollsAndTheContentNeverHears() {
        driver.play(SyntheticGesture.drag(from: Point(x: 60, y: 400), velocity: Point(x: 0, y: -2000),
                                          duration: 0.096, at: 1))
        driver.settle()
        #expect(tiles.heard.isEmpty)
        #expect(names.first == "willBeginDragging")
        #expect(!names.contains("touchesBegan"))
        #expect(view.contentOffset.y > 500)
    }

    @Test func aSlowDragOnATrackingTileCancelsItAndScrolls() {
        driver.play(slowDrag(from: Point(x: 60, y: 300), step: Point(x: 0, y: -2), steps: 40, after: 0.2))
        #expect(names.prefix(3) == ["touchesBegan", "touchesCancelled", "willBeginDragging"])
        #expect(!names.contains("tap"))
        // 80 pt of finger travel, the first 10 pt the slop.
        #expect(view.contentOffset.y == 70)
    }

    @Test func withCanCancelOffASlowDragOnATrackingTileNeverScrolls() {
        view.canCancelContentTouches = false
        driver.play(slowDrag(from: Point(x: 60, y: 300), step: Point(x: 0, y: -2), steps: 40, after: 0.2))
        #expect(names == ["touchesBegan", "touchesEnded"])  // lifted 80 pt away, outside the tile: no tap
        #expect(view.contentOffset == .zero)
    }

    @Test func withCanCancelOffAFlickBeforeTheDelayStillScrolls() {
        view.canCancelContentTouches = false
        driver.play(SyntheticGesture.drag(from: Point(x: 60, y: 400), velocity: Point(x: 0, y: -2000),
                                          duration: 0.096, at: 1))
        #expect(tiles.heard.isEmpty)
        #expect(view.contentOffset.y > 100)
    }

    @Test func aControlKeepsItsTouchAndALiftInsideIsATap() {
        // The ♥ of item 0 spans (125…155, 190…220); a 6 pt wobble inside it, then a slow drag along it.
        driver.play(slowDrag(from: Point(x: 140, y: 205), step: Point(x: 0, y: -0.5), steps: 24, after: 0.2))
        #expect(names == ["touchesBegan", "touchesEnded", "tap"])
        #expect(tiles.heard.allSatisfy { $0.2 })
        #expect(view.contentOffset == .zero)
    }

    @Test func aControlDraggedFarStillNeverScrolls() {
        driver.play(slowDrag(from: Point(x: 140, y: 205), step: Point(x: 0, y: -3), steps: 30, after: 0.2))
        #expect(names == ["touchesBegan", "touchesEnded"])
        #expect(view.contentOffset == .zero)
    }

    @Test func withoutTheDelayTheTouchBeginsAtOnceAndAFlickCancelsIt() {
        view.delaysContentTouches = false
        driver.play(SyntheticGesture.drag(from: Point(x: 60, y: 400), velocity: Point(x: 0, y: -2000),
                                          duration: 0.096, at: 1))
        #expect(names.prefix(3) == ["touchesBegan", "touchesCancelled", "willBeginDragging"])
        #expect(driver.records.first?.time == 1)
    }

    @Test func withoutTheDelayAndWithoutCancellingAFlickOnATileNeverScrolls() {
        view.delaysContentTouches = false
        view.canCancelContentTouches = false
        driver.play(SyntheticGesture.drag(from: Point(x: 60, y: 400), velocity: Point(x: 0, y: -2000),
                                          duration: 0.096, at: 1))
        #expect(names == ["touchesBegan", "touchesEnded"])
        #expect(view.contentOffset == .zero)
    }

    @Test func touchesShouldBeginFalseLeavesTheTouchToTheScrollView() {
        tiles.refuseBegin = true
        driver.play([PointerEvent(time: 1, position: Point(x: 60, y: 100), phase: .down),
                     PointerEvent(time: 1.4, position: Point(x: 60, y: 100), phase: .up)])
        #expect(names.isEmpty)
        view.canCancelContentTouches = false
        driver.play(slowDrag(from: Point(x: 60, y: 300), step: Point(x: 0, y: -2), steps: 40, after: 0.2, at: 3))
        #expect(tiles.heard.isEmpty)
        #expect(view.contentOffset.y == 70)
    }

    @Test func aTouchBetweenTilesReachesNoContent() {
        driver.play([PointerEvent(time: 1, position: Point(x: 250, y: 100), phase: .down),
                     PointerEvent(time: 1.4, position: Point(x: 250, y: 100), phase: .up)])
        #expect(names.isEmpty)
    }

    @Test func aTouchThatCatchesADecelerationIsTheScrollViewsAlone() {
        driver.play(SyntheticGesture.drag(from: Point(x: 60, y: 400), velocity: Point(x: 0, y: -2000),
                                          duration: 0.096, at: 1))
        driver.run(until: 1.5)
        #expect(view.isDecelerating)
        driver.play([PointerEvent(time: 1.5, position: Point(x: 60, y: 100), phase: .down),
                     PointerEvent(time: 2.0, position: Point(x: 60, y: 100), phase: .up)])
        #expect(tiles.heard.isEmpty)
    }

    @Test func aLostPointerCancelsTheTrackingView() {
        driver.deliver(PointerEvent(time: 1, position: Point(x: 60, y: 100), phase: .down))
        view.advance(to: 1.2)
        view.touchCancelled(time: 1.3)
        #expect(names == ["touchesBegan", "touchesCancelled"])
    }

    @Test func withNoContentObjectNothingChanges() {
        view.content = nil
        driver.play([PointerEvent(time: 1, position: Point(x: 60, y: 100), phase: .down),
                     PointerEvent(time: 1.4, position: Point(x: 60, y: 100), phase: .up)])
        #expect(names.isEmpty)
    }
}
