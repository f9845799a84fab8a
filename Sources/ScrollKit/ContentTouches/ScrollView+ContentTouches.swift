/// Touches inside the content (B-TCH-1, seed 004): does a touch mean "scroll" or "track the view under it"?
///
/// UIKit's rules: on a resting scroll view a touch-down on a content view is held back for
/// `contentTouchDelay` (150 ms) while `delaysContentTouches` is on. If the pointer moves past the slop first,
/// the drag begins and the view never hears of the touch. Otherwise the view begins tracking
/// (`touchesBegan`, asked first through `touchesShouldBegin`), and a lift is `touchesEnded` then `tap`
/// (a quick tap inside the delay is delivered at the lift: `touchesBegan`, `touchesEnded`, `tap`).
/// Once the view tracks, moving past the slop cancels it (`touchesCancelled`) and scrolls only if
/// `canCancelContentTouches` is on and `touchesShouldCancel(in:)` agrees; otherwise the view keeps the
/// touch and the scroll view does not move for it. A touch that catches a moving view is the scroll view's.
public extension ScrollView {
    /// UIKit's delay before a content touch is delivered while `delaysContentTouches` is on: 150 ms.
    static let contentTouchDelay = 0.150

    /// The view tracking the current touch (its pressed state), or nil.
    var trackingContentView: ContentView? {
        guard let touch = contentTouch, touch.state == .tracking else { return nil }
        return touch.view
    }

    /// `point` (scroll-view frame coordinates, as pointer input) in content coordinates, unzoomed.
    func contentPoint(for point: Point) -> Point {
        zoomAnchor(under: point)
    }
}

extension ScrollView {
    /// A touch-down on a resting view at `point`: finds the content view under it and holds the touch back
    /// (delay on) or delivers it at once (delay off).
    func contentTouchDown(at point: Point, time: Double) {
        contentTouch = nil
        guard let content, let view = content.contentView(at: contentPoint(for: point)) else { return }
        let touch = ContentTouch(view: view, point: contentPoint(for: point),
                                 state: .delayed(deadline: time + Self.contentTouchDelay))
        contentTouch = touch
        if !delaysContentTouches { deliverContentTouch(time: time) }
    }

    /// Delivers a delayed touch whose deadline is at or before `time` (the timer fired), at the deadline.
    func fireContentTouchDelay(upTo time: Double) {
        guard let touch = contentTouch, case .delayed(let deadline) = touch.state, deadline <= time else { return }
        tick(deadline)
        deliverContentTouch(time: deadline)
    }

    /// Asks `touchesShouldBegin` and, if it agrees, sends `touchesBegan`; otherwise forgets the touch.
    func deliverContentTouch(time: Double) {
        guard var touch = contentTouch, let content else { return }
        guard content.touchesShouldBegin(touch.point, with: time, in: touch.view) else {
            contentTouch = nil
            return
        }
        touch.state = .tracking
        contentTouch = touch
        sendContentTouch(.touchesBegan, to: touch.view)
    }

    /// The drag is about to begin (pointer past the slop): true when it may. A held-back touch is
    /// dropped (the view never hears of it); a tracked one is cancelled if `canCancelContentTouches` and
    /// `touchesShouldCancel(in:)` allow, else the view keeps it and the drag must not begin.
    func contentTouchYieldsToDrag() -> Bool {
        guard let touch = contentTouch else { return true }
        switch touch.state {
        case .delayed:
            contentTouch = nil
            return true
        case .tracking:
            guard canCancelContentTouches, content?.touchesShouldCancel(in: touch.view) ?? true else { return false }
            contentTouch = nil
            sendContentTouch(.touchesCancelled, to: touch.view)
            return true
        }
    }

    /// The pointer lifted at `point` with no drag: a held-back touch is delivered now, then the view's
    /// `touchesEnded`, and `tap` when the lift is inside the view.
    func contentTouchUp(at point: Point, time: Double) {
        guard let touch = contentTouch else { return }
        if case .delayed = touch.state { deliverContentTouch(time: time) }
        guard contentTouch?.state == .tracking else { return }
        contentTouch = nil
        sendContentTouch(.touchesEnded, to: touch.view)
        if touch.view.frame.contains(contentPoint(for: point)) { sendContentTouch(.tap, to: touch.view) }
    }

    /// The pointer was lost: a tracking view gets `touchesCancelled`, a held-back touch is dropped.
    func cancelContentTouch() {
        guard let touch = contentTouch else { return }
        contentTouch = nil
        if touch.state == .tracking { sendContentTouch(.touchesCancelled, to: touch.view) }
    }

    /// Tells the content and records the callback.
    func sendContentTouch(_ phase: ContentTouchPhase, to view: ContentView) {
        content?.contentView(view, received: phase)
        eventHandler?(ScrollEventRecord(time: currentTime, offset: contentOffset, event: .contentTouch(phase, view), tag: tag))
    }
}
