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
    /// The content's size changed under a deceleration. UIKit steps its deceleration against the content's
    /// edges every frame, so a fling runs on over content that grew (an endless feed appending in
    /// `didScroll`) and bounces at an end that came closer; here the motion is planned at the release, so
    /// the motion is planned again from where it is, at the speed it has, with no callback, when the change
    /// concerns it: an axis stopped by the old end when the content grew past it, or an axis whose target
    /// the new content no longer holds (a page is kept, moved inside). The motion starts anew at the
    /// change, so an axis still in motion beside it is planned again too (a decay goes on as it was).
    ///
    /// An animated `setContentOffset` (or a paged wheel scroll's settle) whose target the new content no
    /// longer holds (a zoom that settled smaller, or content that shrank) goes on to the nearest offset it
    /// holds, in the time it had left: a target clamped at one zoom scale is clamped again at the next.
    func contentSizeDidChange(from old: Size) {
        guard contentSize != old else { return }
        if case .animation(let animation) = activity {
            let inside = clamped(animation.target)
            guard inside != animation.target else { return }
            let left = animation.vertical.duration - (currentTime - animation.startTime)
            activity = .animation(AnimationActivity(startTime: currentTime, from: contentOffset, to: inside,
                                                    duration: left > 0 ? left : 0))
            return
        }
        guard case .ballistic(let shared) = activity else { return }
        let motion = shared.motion
        let offset = motion.offset(at: currentTime), velocity = motion.velocity(at: currentTime)
        let oldUpper = Point(x: Self.extent(old.width - frame.width), y: Self.extent(old.height - frame.height))
        let upper = maximumContentOffset
        let concerned = Axis.allCases.contains { axis in
            let target = motion.target[axis]
            let grewPastStop = !isPagingEnabled && upper[axis] > oldUpper[axis] && abs(target - oldUpper[axis]) < 0.5 && velocity[axis] > 0
            return target < 0 || target > upper[axis] || grewPastStop
        }
        guard concerned else { return }
        func planned(_ axis: Axis) -> AxisMotion {
            if velocity[axis] == 0, offset[axis] == motion.target[axis], (0...upper[axis]).contains(offset[axis]) { return .still(offset[axis]) }
            if isPagingEnabled {
                return self.motion(axis, from: offset[axis], velocity: velocity[axis],
                                   to: Swift.min(Swift.max(motion.target[axis], 0), upper[axis]), natural: false)
            }
            return self.motion(axis, from: offset[axis], velocity: velocity[axis],
                               to: proposedTarget(axis, offset: offset[axis], velocity: velocity[axis]), natural: true)
        }
        activity = .ballistic(SharedMotion(BallisticActivity(startTime: currentTime, horizontal: planned(.horizontal),
                                                             vertical: planned(.vertical))))
    }

    /// Stops a running deceleration where it is shown and sends its `didEndDecelerating`.
    func stopDeceleration() {
        guard case .ballistic = activity else { return }
        activity = .idle
        send(.didEndDecelerating)
    }
}
