import Testing
@testable import ScrollKit
import ScrollKitTestSupport

/// A delegate that logs every callback in the order it is called and may act from inside any of them.
private final class TakeoverDelegate: ScrollViewDelegate {
    var names: [String] = []
    var onDidScroll: (ScrollView) -> Void = { _ in }
    var onWillBeginDragging: (ScrollView) -> Void = { _ in }
    var onWillEndDragging: (ScrollView, Point) -> Void = { _, _ in }
    var onDidEndDragging: (ScrollView) -> Void = { _ in }
    var onDidEndDecelerating: (ScrollView) -> Void = { _ in }
    var onDidEndScrollingAnimation: (ScrollView) -> Void = { _ in }

    func scrollViewDidScroll(_ scrollView: ScrollView) { onDidScroll(scrollView) }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) {
        names.append("willBeginDragging")
        onWillBeginDragging(scrollView)
    }
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point) {
        names.append("willEndDragging")
        onWillEndDragging(scrollView, targetContentOffset)
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        names.append("didEndDragging")
        onDidEndDragging(scrollView)
    }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { names.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
        names.append("didEndDecelerating")
        onDidEndDecelerating(scrollView)
    }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {
        names.append("didEndScrollingAnimation")
        onDidEndScrollingAnimation(scrollView)
    }
}

/// A delegate that takes over from inside a callback (a new offset, an animation, a touch) owns what
/// follows: the scroll view neither finishes the motion it replaced nor sends that motion's callbacks.
@Suite struct ScrollViewTakeoverTests {
    static let start = Point(x: 160, y: 400)

    static func makeView() -> ScrollView {
        ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480), contentSize: Size(width: 320, height: 20000))
    }

    /// Feeds `events`, then steps 60 Hz frames until nothing moves.
    static func run(_ view: ScrollView, _ events: [PointerEvent]) {
        for event in events {
            view.advance(to: event.time)
            view.handle(event)
        }
        var time = events.last?.time ?? 0
        while view.isMoving, time < 60 {
            time += 1.0 / 60
            view.advance(to: time)
        }
    }

    static func fling(at time: Double = 1) -> [PointerEvent] {
        SyntheticGesture.drag(from: start, velocity: Point(x: 0, y: -2000), duration: 0.096, at: time)
    }

    /// `ScrollView+Release`: an animation started from `didEndDragging(willDecelerate: true)` replaces the
    /// fling. The fling is stopped (its `didEndDecelerating`), no `willBeginDecelerating` follows, and the
    /// animation runs to its end.
    @Test func animationFromDidEndDraggingReplacesTheFling() {
        let view = Self.makeView()
        let delegate = TakeoverDelegate()
        view.delegate = delegate
        delegate.onDidEndDragging = { $0.setContentOffset(Point(x: 0, y: 50), animated: true, time: $0.currentTime) }
        Self.run(view, Self.fling())
        #expect(delegate.names == ["willBeginDragging", "willEndDragging", "didEndDragging",
                                   "didEndDecelerating", "didEndScrollingAnimation"])
        #expect(view.contentOffset == Point(x: 0, y: 50))
        #expect(!view.isMoving)
    }

    /// `ScrollView+Touch`: an offset set from `willBeginDragging` holds; the drag continues from there
    /// instead of moving the content back to where the stale drag would have put it.
    @Test func offsetSetFromWillBeginDraggingHolds() {
        let view = Self.makeView()
        let delegate = TakeoverDelegate()
        view.delegate = delegate
        delegate.onWillBeginDragging = { $0.setContentOffset(Point(x: 0, y: 1000), animated: false, time: $0.currentTime) }
        view.handle(PointerEvent(time: 1, position: Self.start, phase: .down))
        view.handle(PointerEvent(time: 1.01, position: Point(x: 160, y: 380), phase: .move))  // past the 10 pt slop
        #expect(delegate.names == ["willBeginDragging"])
        #expect(view.contentOffset == Point(x: 0, y: 1000))
        view.handle(PointerEvent(time: 1.02, position: Point(x: 160, y: 350), phase: .move))
        #expect(view.contentOffset == Point(x: 0, y: 1030))  // 30 pt further up from the new anchor
    }

    /// `ScrollView+Motion`, deceleration: an animation started from the `didScroll` of the frame that lands
    /// on the target replaces the ending fling. One `didEndDecelerating` (from the stop), and the animation
    /// is not cancelled by the fling's own ending.
    @Test func animationFromTheLastDecelerationFrameRuns() {
        let view = Self.makeView()
        let delegate = TakeoverDelegate()
        view.delegate = delegate
        var target = Point.zero
        delegate.onWillEndDragging = { _, proposed in target = proposed }
        delegate.onDidScroll = { view in
            guard view.isDecelerating, view.contentOffset == target else { return }
            view.setContentOffset(target + Point(x: 0, y: 100), animated: true, time: view.currentTime)
        }
        Self.run(view, Self.fling())
        #expect(target.y > 1000)
        #expect(delegate.names == ["willBeginDragging", "willEndDragging", "didEndDragging", "willBeginDecelerating",
                                   "didEndDecelerating", "didEndScrollingAnimation"])
        #expect(view.contentOffset == target + Point(x: 0, y: 100))
    }

    /// `ScrollView+Motion`, animation: a new animation started from the `didScroll` of the frame that
    /// ends the running one replaces it; only the new one ends with `didEndScrollingAnimation`.
    @Test func animationFromTheLastAnimationFrameRuns() {
        let view = Self.makeView()
        let delegate = TakeoverDelegate()
        view.delegate = delegate
        let first = Point(x: 0, y: 300), second = Point(x: 0, y: 600)
        delegate.onDidScroll = { view in
            guard view.contentOffset == first else { return }
            view.setContentOffset(second, animated: true, time: view.currentTime)
        }
        view.setContentOffset(first, animated: true, time: 0)
        Self.run(view, [])
        #expect(delegate.names == ["didEndScrollingAnimation"])
        #expect(view.contentOffset == second)
    }

    /// A touch from inside `didEndDecelerating` starts a new drag on the resting view: the slop applies,
    /// and the next moves drag the content.
    @Test func touchFromDidEndDeceleratingStartsADrag() {
        let view = Self.makeView()
        let delegate = TakeoverDelegate()
        view.delegate = delegate
        delegate.onDidEndDecelerating = { view in
            delegate.onDidEndDecelerating = { _ in }
            #expect(view.touchDown(at: Self.start, time: view.currentTime))
        }
        Self.run(view, Self.fling())
        #expect(view.isTracking && !view.isDragging)
        let rest = view.contentOffset
        view.handle(PointerEvent(time: view.currentTime + 0.01, position: Point(x: 160, y: 370), phase: .move))
        #expect(view.isDragging)
        #expect(view.contentOffset == rest + Point(x: 0, y: 20))  // 30 pt minus the 10 pt slop
    }
}
