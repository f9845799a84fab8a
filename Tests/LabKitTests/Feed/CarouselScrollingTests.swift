import Testing
@testable import LabKit
import ScrollKit
import ScrollKitTestSupport

/// Nested scrolling in a carousels feed: UIKit's rule, a row takes a touch moving along its axis, the
/// list one moving along its own.
@Suite struct CarouselScrollingTests {
    func scene() -> GridScene {
        var config = GridSceneConfiguration()
        config.use(FeedGenerator(layout: .carousels, seed: 8).feed(count: 200))
        return GridScene(configuration: config)
    }

    func replay(_ s: GridScene, _ events: [PointerEvent]) {
        _ = HeadlessReplay().run(events, on: s) { _ in }
    }

    @Test func aSidewaysFlingInARowMovesTheRowNotTheList() {
        let s = scene()
        let row0 = s.layout.rowFrame(0)
        // Row 0 lies under the title bar's 30 pt, from y 30 to 30 + its height.
        let y = 30 + row0.height / 2
        replay(s, SyntheticGesture.drag(from: Point(x: 280, y: y), velocity: Point(x: -2000, y: -150), duration: 0.1, at: 0))
        #expect(s.scrollView.contentOffset == .zero)
        #expect(s.layout.rowOffsets[0] > 200)   // a drag of 200 pt, then the row's own deceleration
        #expect(s.layout.rowOffsets.dropFirst().allSatisfy { $0 == 0 })
        #expect(s.layout.rowOffsets[0] <= s.layout.rowContentWidth(0) - 320)
        // The items on screen follow the row: the first is gone, and every visible item has a view.
        #expect(!s.visibleItems.contains(0))
        #expect(Set(s.pool.items.compactMap { $0 }) == Set(s.visibleItems))
        #expect(s.summary.first { $0.0 == "rowOffsets" } != nil)
    }

    @Test func aVerticalFlingOnARowMovesTheListNotTheRow() {
        let s = scene()
        replay(s, SyntheticGesture.drag(from: Point(x: 160, y: 100), velocity: Point(x: 150, y: -2000), duration: 0.1, at: 0))
        #expect(s.scrollView.contentOffset.y > 200)
        #expect(s.layout.rowOffsets.allSatisfy { $0 == 0 })
    }

    @Test func aTapOnARowReachesTheList() {
        let s = scene()
        replay(s, [PointerEvent(time: 0, position: Point(x: 60, y: 80), phase: .down),
                   PointerEvent(time: 0.05, position: Point(x: 61, y: 80), phase: .up)])
        #expect(s.scrollView.contentOffset == .zero && s.layout.rowOffsets.allSatisfy { $0 == 0 })
        #expect(s.selectedItem == 0)
    }

    @Test func aFlingingRowIsCaughtByTheNextTouch() {
        let s = scene()
        let fling = SyntheticGesture.drag(from: Point(x: 280, y: 80), velocity: Point(x: -3000, y: 0), duration: 0.08, at: 0)
        let release = fling.last!.time
        // A touch 0.1 s after the release, held still, then lifted: the row stops where it was caught.
        let hold = [PointerEvent(time: release + 0.1, position: Point(x: 160, y: 80), phase: .down),
                    PointerEvent(time: release + 0.6, position: Point(x: 160, y: 80), phase: .up)]
        var caught: Double?
        var afterLift: Double?
        _ = HeadlessReplay().run(fling + hold, on: s) { t in
            if t >= release + 0.15, caught == nil { caught = s.layout.rowOffsets[0] }
            if t >= release + 0.55 { afterLift = s.layout.rowOffsets[0] }
        }
        #expect(caught != nil && afterLift != nil)
        #expect(abs((afterLift ?? 0) - (caught ?? -1)) < 1)
        #expect(s.scrollView.contentOffset == .zero)
    }
}
