import Testing
@testable import ScrollKit
import ScrollKitTestSupport

@Suite struct ScrollViewEventOrderTests {
    static let flingNames = ["willBeginDragging", "willEndDragging", "didEndDragging", "willBeginDecelerating"]
    /// The pointer moves up at 2000 pt/s: content offset grows.
    static let flick = Point(x: 0, y: -2000)
    static let start = Point(x: 160, y: 400)

    static func makeView(contentHeight: Double = 20000) -> ScrollView {
        ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480), contentSize: Size(width: 320, height: contentHeight))
    }

    static func fling(at time: Double, velocity: Point = flick) -> [PointerEvent] {
        SyntheticGesture.drag(from: start, velocity: velocity, duration: 0.096, at: time)
    }

    static func expectValidGrammar(_ driver: FrameDriver) {
        var grammar = CallbackGrammar()
        for record in driver.records { grammar.accept(record) }
        #expect(grammar.violations == [])
        #expect(grammar.state == .idle)
    }

    @Test func oneFling() {
        let view = Self.makeView()
        let driver = FrameDriver(view, startFrame: 60)
        driver.play(Self.fling(at: 1.0))
        #expect(view.isDragging && view.isDecelerating && !view.isTracking)
        driver.settle()
        #expect(driver.names == Self.flingNames + ["didEndDecelerating"])
        #expect(driver.willDecelerate == [true])
        let release = driver.releases[0]
        #expect(abs(release.velocity.y - 2.0) < 1e-6)  // pt/ms
        #expect(release.velocity.x == 0)
        // 13 samples of 16 pt, minus the 10 pt slop, then 2000 pt/s travels (2000 − 10)·τ = 994.005 pt,
        // rounded to the @3x pixel grid.
        #expect(abs(release.target.y - 1192) < 1e-9)
        #expect(view.contentOffset == release.target)
        #expect(!view.isDragging && !view.isDecelerating && !view.isMoving)
        #expect(view.targetContentOffset == nil)
        #expect(driver.records.filter { $0.event == .didScroll }.count > 100)
        Self.expectValidGrammar(driver)
    }

    @Test func twoRapidFlingsFollowTheSeedOrder() {
        let view = Self.makeView()
        let driver = FrameDriver(view, startFrame: 60)
        driver.play(Self.fling(at: 1.0) + Self.fling(at: 1.4))
        driver.settle()
        #expect(driver.names == Self.flingNames + Self.flingNames + ["didEndDecelerating"])
        // The second drag began at touch-down (no slop), on the offset the last frame showed.
        let begins = driver.records.indices.filter { driver.records[$0].event == .willBeginDragging }
        #expect(driver.records[begins[1]].time == 1.4)
        #expect(driver.records[begins[1]].offset == driver.records[begins[1] - 1].offset)
        #expect(view.contentOffset == driver.releases[1].target)
        Self.expectValidGrammar(driver)
    }

    @Test func nRapidFlingsGiveOneDidEndDeceleratingAtTheEnd() {
        let view = Self.makeView(contentHeight: 100_000)
        let driver = FrameDriver(view, startFrame: 60)
        let n = 6
        driver.play((0..<n).flatMap { Self.fling(at: 1.0 + 0.35 * Double($0)) })
        driver.settle()
        #expect(driver.names == Array((0..<n).map { _ in Self.flingNames }.joined()) + ["didEndDecelerating"])
        #expect(driver.willDecelerate == Array(repeating: true, count: n))
        Self.expectValidGrammar(driver)
    }

    @Test func aTouchThatStopsAFlingThenLiftsGetsTheLeftOverDidEndDecelerating() {
        let view = Self.makeView()
        let driver = FrameDriver(view, startFrame: 60)
        driver.play(Self.fling(at: 1.0))
        driver.run(until: 1.3)
        let shown = view.contentOffset
        let hold = SyntheticGesture.drag(from: Self.start, velocity: .zero, duration: 0.2, at: 1.31)
        driver.play(Array(hold.dropLast()))
        // Caught at once, on the shown offset; while the pointer is down both flags are true (B-EVT-3).
        #expect(view.contentOffset == shown)
        #expect(view.isTracking && view.isDragging && view.isDecelerating && !view.isMoving)
        driver.play([hold[hold.count - 1]])
        #expect(driver.names == Self.flingNames
            + ["willBeginDragging", "willEndDragging", "didEndDragging", "didEndDecelerating"])
        #expect(driver.willDecelerate == [true, false])
        #expect(driver.releases[1].velocity == .zero)
        #expect(driver.releases[1].target == shown)
        #expect(!view.isDragging && !view.isDecelerating && !view.isMoving)
        driver.run(until: 3)
        #expect(view.contentOffset == shown)
        Self.expectValidGrammar(driver)
    }

    @Test func aStillReleaseDoesNotDecelerate() {
        let view = Self.makeView()
        let driver = FrameDriver(view, startFrame: 60)
        driver.play(SyntheticGesture.drag(from: Self.start, velocity: Point(x: 0, y: -1000), duration: 0.2,
                                          at: 1.0, hold: 0.1))
        driver.run(until: 3)
        #expect(driver.names == ["willBeginDragging", "willEndDragging", "didEndDragging"])
        #expect(driver.willDecelerate == [false])
        #expect(driver.releases[0].velocity == .zero)
        #expect(driver.releases[0].target == view.contentOffset)
        #expect(driver.records.last?.event == .didEndDragging(willDecelerate: false))
        #expect(view.contentOffset == Point(x: 0, y: 190))
        #expect(!view.isDragging && !view.isTracking)
        Self.expectValidGrammar(driver)
    }

    @Test func aReleaseOutOfBoundsSpringsBackEvenWithoutVelocity() {
        let view = Self.makeView()
        let driver = FrameDriver(view, startFrame: 60)
        // Pull down 200 pt past the top (190 after the slop), hold, lift.
        driver.play(SyntheticGesture.drag(from: Point(x: 160, y: 100), velocity: Point(x: 0, y: 1000),
                                          duration: 0.2, at: 1.0, hold: 0.1))
        let shown = -RubberBand().displayed(overscroll: 190, dimension: 480)
        #expect(abs(driver.releases[0].target.y) == 0)
        #expect(driver.releases[0].velocity == .zero)
        #expect(abs(driver.records.first { $0.event.name == "willEndDragging" }!.offset.y - shown) < 1e-9)
        driver.settle()
        #expect(driver.names == Self.flingNames + ["didEndDecelerating"])
        #expect(driver.willDecelerate == [true])
        #expect(view.contentOffset == .zero)
        // The spring-back never crosses the edge and never oscillates.
        let ys = driver.records.filter { $0.event == .didScroll }.map(\.offset.y)
        #expect(ys.allSatisfy { $0 <= 0 && $0 >= -480 })
        Self.expectValidGrammar(driver)
    }

    @Test func rubberBandWhileDraggingPastTheTop() {
        let view = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 600), contentSize: Size(width: 320, height: 5000))
        view.touchDown(at: Point(x: 100, y: 100), time: 0)
        view.touchMoved(to: Point(x: 100, y: 110), time: 0.01)  // the slop
        for (finger, shown) in [(100.0, 50.4), (300, 129.4), (600, 212.9)] {
            view.touchMoved(to: Point(x: 100, y: 110 + finger), time: 0.02)
            #expect(abs(view.contentOffset.y + shown) <= 0.1)
        }
        view.touchMoved(to: Point(x: 100, y: 1e9), time: 0.03)
        #expect(view.contentOffset.y > -600)
    }

    @Test func aTapSendsNothingAndTheSlopHoldsTheDrag() {
        let view = Self.makeView()
        let driver = FrameDriver(view)
        #expect(view.touchDown(at: Self.start, time: 0.1))
        view.touchMoved(to: Self.start + Point(x: 30, y: -6), time: 0.11)  // x cannot scroll: only 6 pt count
        #expect(view.isTracking && !view.isDragging && view.contentOffset == .zero)
        view.touchUp(at: Self.start, time: 0.12)
        #expect(driver.records.isEmpty && !view.isTracking)
        #expect(!view.touchDown(at: Point(x: 400, y: 10), time: 0.2))  // outside the touch area
        #expect(!view.isTracking)
        view.touchDown(at: Self.start, time: 0.3)
        view.touchMoved(to: Self.start + Point(x: 0, y: -25), time: 0.31)
        #expect(driver.names == ["willBeginDragging"])
        #expect(view.contentOffset == Point(x: 0, y: 15))  // moved past the slop circle, no jump
    }

    @Test func aRewrittenTargetIsHitExactlyWithNoVelocityJump() {
        let view = Self.makeView()
        let delegate = RewritingDelegate { _, proposed in Point(x: proposed.x, y: 731.37) }
        view.delegate = delegate
        let driver = FrameDriver(view, startFrame: 60)
        let events = Self.fling(at: 1.0)
        driver.play(Array(events.dropLast()))
        let lift = events[events.count - 1]
        view.touchUp(at: lift.position, time: lift.time)
        // Right at the release the motion runs at the release velocity (points per second).
        #expect(view.currentTime == lift.time)
        #expect(abs(view.velocity.y - driver.releases[0].velocity.y * 1000) < 1e-9)
        #expect(abs(view.velocity.y - 2000) < 1e-6)
        #expect(view.targetContentOffset == Point(x: 0, y: 731.37))
        driver.settle()
        #expect(abs(view.contentOffset.y - 731.37) < 0.01)
        #expect(view.contentOffset.y == 731.37)
        #expect(abs(driver.releases[0].proposed.y - 1192) < 1e-9)
        #expect(driver.releases[0].target.y == 731.37)
        #expect(delegate.names == Self.flingNames + ["didEndDecelerating"])
        let ys = driver.records.filter { $0.event == .didScroll }.map(\.offset.y)
        #expect(zip(ys, ys.dropFirst()).allSatisfy { $0 < $1 })  // no overshoot on the way
        Self.expectValidGrammar(driver)
    }

    @Test func aTargetBehindTheReleaseFallsBackToASpringAndOutOfRangeTargetsAreClamped() {
        let view = Self.makeView()
        let behind = RewritingDelegate { _, _ in Point(x: 0, y: 50) }
        view.delegate = behind
        let driver = FrameDriver(view, startFrame: 60)
        driver.play(Self.fling(at: 1.0))
        driver.settle()
        #expect(view.contentOffset == Point(x: 0, y: 50))
        #expect(driver.willDecelerate == [true])
        #expect(behind.names.last == "didEndDecelerating")

        let other = Self.makeView()
        let rewriter = RewritingDelegate { _, _ in Point(x: -40, y: -500) }
        other.delegate = rewriter
        let second = FrameDriver(other, startFrame: 60)
        second.play(Self.fling(at: 1.0))
        #expect(second.releases[0].target == .zero)
        second.settle()
        #expect(other.contentOffset == .zero)
        Self.expectValidGrammar(second)
    }

    @Test func aFlingPastTheEndBouncesBackToTheEdge() {
        let view = Self.makeView(contentHeight: 1000)  // maximum offset 520
        let driver = FrameDriver(view, startFrame: 60)
        driver.play(Self.fling(at: 1.0, velocity: Point(x: 0, y: -3000)))
        #expect(driver.releases[0].target.y == 520)
        driver.settle()
        let ys = driver.records.filter { $0.event == .didScroll }.map(\.offset.y)
        let peak = ys.max() ?? 0
        #expect(peak > 520 && peak < 520 + 480)
        #expect(view.contentOffset.y == 520)
        #expect(driver.names == Self.flingNames + ["didEndDecelerating"])
        Self.expectValidGrammar(driver)
    }

    @Test func catchingASpringBackDoesNotJump() {
        let view = Self.makeView()
        let driver = FrameDriver(view, startFrame: 60)
        driver.play(SyntheticGesture.drag(from: Point(x: 160, y: 100), velocity: Point(x: 0, y: 1000),
                                          duration: 0.2, at: 1.0, hold: 0.1))
        driver.run(until: driver.time + 3.0 / 60)
        let shown = view.contentOffset
        #expect(shown.y < -10)
        view.touchDown(at: Point(x: 160, y: 300), time: driver.time + 0.001)
        #expect(view.contentOffset == shown)
        view.touchMoved(to: Point(x: 160, y: 305), time: driver.time + 0.01)
        #expect(view.contentOffset.y < shown.y && view.contentOffset.y > shown.y - 5)
    }

    @Test func animatedSetContentOffsetEndsWithDidEndScrollingAnimation() {
        let view = Self.makeView()
        let driver = FrameDriver(view, startFrame: 60)
        view.setContentOffset(Point(x: 0, y: 300), animated: true, time: 1.0)
        #expect(view.isScrollingAnimation && view.isMoving && !view.isDecelerating)
        #expect(view.targetContentOffset == Point(x: 0, y: 300))
        driver.settle()
        let scrolls = driver.records.filter { $0.event == .didScroll }
        #expect(scrolls.count == 18)  // one per frame over 0.3 s
        #expect(driver.names == ["didEndScrollingAnimation"])
        #expect(view.contentOffset == Point(x: 0, y: 300))
        // Asking for the shown offset animates nothing and says nothing.
        view.setContentOffset(Point(x: 0, y: 300), animated: true, time: 2)
        #expect(!view.isMoving)
        Self.expectValidGrammar(driver)
    }

    @Test func nonAnimatedSetContentOffsetStopsADecelerationWithItsDidEndDecelerating() {
        let view = Self.makeView()
        let driver = FrameDriver(view, startFrame: 60)
        driver.play(Self.fling(at: 1.0))
        driver.run(until: 1.5)
        view.setContentOffset(Point(x: 0, y: 5000), animated: false, time: 1.51)
        #expect(!view.isMoving && !view.isDecelerating && !view.isDragging)
        #expect(Array(driver.records.suffix(2).map(\.event)) == [.didEndDecelerating, .didScroll])
        #expect(view.contentOffset == Point(x: 0, y: 5000))
        view.setContentOffset(Point(x: 30, y: 1e9), animated: false, time: 1.6)
        #expect(view.contentOffset == Point(x: 0, y: 20000 - 480))
        Self.expectValidGrammar(driver)
    }

    @Test func aTouchCatchesAnAnimationWithoutDidEndScrollingAnimation() {
        let view = Self.makeView()
        let driver = FrameDriver(view, startFrame: 60)
        view.setContentOffset(Point(x: 0, y: 1000), animated: true, time: 1.0)
        driver.run(until: 1.1)
        let shown = view.contentOffset
        view.touchDown(at: Self.start, time: 1.105)
        #expect(view.contentOffset == shown && !view.isMoving && view.isDragging && !view.isDecelerating)
        view.touchUp(at: Self.start, time: 1.2)
        driver.run(until: 2)
        #expect(driver.names == ["willBeginDragging", "willEndDragging", "didEndDragging"])
        #expect(view.contentOffset == shown)
        Self.expectValidGrammar(driver)
    }

    @Test func wheelScrollsAtOnceClampedAndStopsMotion() {
        let view = Self.makeView(contentHeight: 1000)
        let driver = FrameDriver(view, startFrame: 60)
        view.scroll(by: Point(x: 50, y: 120), time: 1)
        #expect(view.contentOffset == Point(x: 0, y: 120))
        view.scroll(by: Point(x: 0, y: 1e6), time: 1.1)
        #expect(view.contentOffset == Point(x: 0, y: 520))
        view.scroll(by: Point(x: 0, y: .nan), time: 1.2)
        #expect(view.contentOffset == Point(x: 0, y: 520))
        view.touchDown(at: Self.start, time: 1.3)
        view.scroll(by: Point(x: 0, y: -100), time: 1.31)
        #expect(view.contentOffset == Point(x: 0, y: 520))  // ignored while tracking
        view.touchUp(at: Self.start, time: 1.32)
        driver.run(until: 2)
        driver.play(Self.fling(at: 2.0, velocity: Point(x: 0, y: 2000)))
        driver.run(until: 2.3)
        #expect(view.isDecelerating)
        view.scroll(by: Point(x: 0, y: 10), time: 2.31)
        #expect(!view.isMoving)
        #expect(Array(driver.records.suffix(2).map(\.event)) == [.didEndDecelerating, .didScroll])
        Self.expectValidGrammar(driver)
    }

    @Test func touchCancelledIsAReleaseAtTheLastPosition() {
        let view = Self.makeView()
        let driver = FrameDriver(view, startFrame: 60)
        let events = Self.fling(at: 1.0)
        driver.play(Array(events.dropLast()))
        view.touchCancelled(time: events[events.count - 2].time + 0.008)
        #expect(!view.isTracking)
        #expect(abs(driver.releases[0].velocity.y - 2.0) < 1e-6)
        driver.settle()
        #expect(driver.names == Self.flingNames + ["didEndDecelerating"])
    }

    @Test func absurdTimesNeverProduceNaN() {
        let view = Self.makeView()
        let driver = FrameDriver(view, startFrame: 60)
        driver.play(Self.fling(at: 1.0))
        view.advance(to: 0.5)  // earlier: ignored
        view.advance(to: .nan)
        #expect(view.currentTime == driver.time)
        view.touchDown(at: Self.start, time: -50)
        view.touchMoved(to: Self.start + Point(x: 0, y: -100), time: -50)
        view.touchMoved(to: Self.start + Point(x: 0, y: -300), time: -50)
        view.touchUp(at: Self.start + Point(x: 0, y: -400), time: .infinity)
        #expect(view.contentOffset.isFinite && view.velocity.isFinite)
        view.advance(to: 1e12)
        #expect(view.contentOffset.isFinite && !view.isMoving)
        Self.expectValidGrammar(driver)
    }
}
