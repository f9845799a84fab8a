/// Frame stepping and programmatic offset changes.
public extension ScrollView {
    /// Steps the motion to model time `time` (one frame): sends `didScroll` when the offset changed, and
    /// `didEndDecelerating` / `didEndScrollingAnimation` when the motion arrived exactly on its target;
    /// a paged wheel scroll gone quiet settles on its page first (`settleWheelScroll(at:)`).
    /// A time earlier than the latest one seen, or not finite, is ignored.
    func advance(to time: Double) {
        guard time.isFinite, time >= currentTime else { return }
        settleWheelScroll(at: time)
        fireContentTouchDelay(upTo: time)
        currentTime = time
        advanceZoom(to: time)
        switch activity {
        case .ballistic(let shared):
            let done = shared.motion.isDone(at: time)
            let generation = activityGeneration
            moveContentOffset(to: done ? shared.motion.target : shared.motion.offset(at: time))
            guard done, generation == activityGeneration else { return }
            activity = .idle
            send(.didEndDecelerating)
        case .animation(let animation):
            let done = animation.isDone(at: time)
            let generation = activityGeneration
            moveContentOffset(to: done ? animation.target : animation.offset(at: time))
            guard done, generation == activityGeneration else { return }
            activity = .idle
            send(.didEndScrollingAnimation)
        case .idle, .drag:
            break
        }
    }

    /// Sets the content offset (clamped to the content range) at model time `time`.
    ///
    /// `animated: false` moves at once. `animated: true` runs an ease-in-out animation (`didScroll` per
    /// frame, then `didEndScrollingAnimation`); asking for the offset already shown animates nothing and
    /// sends nothing, and asking again for the target of the running animation keeps it running.
    /// Either way a running deceleration stops first and gets its `didEndDecelerating`, so the callback
    /// order stays valid; a running animation that is replaced gets no `didEndScrollingAnimation`.
    /// While a pointer is down the offset moves at once and the drag continues from there.
    func setContentOffset(_ offset: Point, animated: Bool, time: Double) {
        guard offset.isFinite else { return }
        tick(time)
        let target = clamped(offset)
        if case .drag(var drag) = activity {
            drag.startOffset = target
            drag.anchor = drag.lastPointer
            activity = .drag(drag)
            moveContentOffset(to: target)
            return
        }
        stopDeceleration()
        if animated {
            if case .animation(let running) = activity, running.target == target { return }
            if case .animation = activity { activity = .idle }
            guard target != contentOffset else { return }
            activity = .animation(AnimationActivity(startTime: currentTime, from: contentOffset, to: target,
                                                    duration: configuration.animationDuration))
        } else {
            if case .animation = activity { activity = .idle }
            moveContentOffset(to: target)
        }
    }

    /// Scrolls by `delta` points of content offset at once (mouse wheel), clamped to the content range.
    /// Ignored while a pointer is down; otherwise stops any motion as `setContentOffset(_:animated: false)` does.
    func scroll(by delta: Point, time: Double) {
        guard delta.isFinite else { return }
        if case .drag = activity { return }
        tick(time)
        stopDeceleration()
        if case .animation = activity { activity = .idle }
        moveContentOffset(to: clamped(contentOffset + scrollableOnly(delta)))
    }
}

extension ScrollView {
    /// Stops a running deceleration where it is shown and sends its `didEndDecelerating`.
    func stopDeceleration() {
        guard case .ballistic = activity else { return }
        activity = .idle
        send(.didEndDecelerating)
    }
}
