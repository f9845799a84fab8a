/// Pointer input: touch-down catches motion (B-EVT-3), moves drag with a rubber band (B-BNC-1).
public extension ScrollView {
    /// A pointer went down at `point` (phone-viewport points) at `time`.
    ///
    /// Returns false, and ignores the touch, when `point` is outside `touchArea` or a pointer is already down.
    /// On a resting view the drag begins only after the touch slop. On a moving view (deceleration,
    /// spring-back, paging or an animated `setContentOffset`) the touch stops the motion at once at the
    /// displayed offset and the drag begins at once: `willBeginDragging` is sent now. A caught deceleration
    /// owes its `didEndDecelerating` (delivered after a release that does not decelerate again); a caught
    /// animation gets no `didEndScrollingAnimation`. A zoom in progress ends where it was going (with its
    /// `didEndZooming`). On a resting view a touch on content is held back or delivered (B-TCH-1).
    @discardableResult
    func touchDown(at point: Point, time: Double) -> Bool {
        guard point.isFinite, touchArea.contains(point) else { return false }
        if case .drag = activity { return false }
        tick(time)
        finishZoom()
        contentTouch = nil
        lastReleaseSpeed = 0
        tracker.reset()
        tracker.addSample(time: time, position: point)
        var drag = DragActivity(anchor: point, startOffset: rawOffset(forDisplayed: contentOffset),
                                lastPointer: point, hasBegun: false, interruptsDeceleration: false,
                                lastMoveTime: currentTime)
        switch activity {
        case .idle, .drag:
            activity = .drag(drag)
            contentTouchDown(at: point, time: time)
        case .ballistic(let shared):
            drag.hasBegun = true
            drag.interruptsDeceleration = true
            // Kept to 0.001 pt/s, so a replay on a shifted clock carries exactly the same.
            let glide = configuration.physics.carriesMomentum ? shared.motion.velocity(at: currentTime) : .zero
            drag.carriedVelocity = Point(x: (configuration.momentum.carried(from: glide.x) * 1000).rounded() / 1000,
                                         y: (configuration.momentum.carried(from: glide.y) * 1000).rounded() / 1000)
            activity = .drag(drag)
            send(.willBeginDragging)
        case .animation:
            drag.hasBegun = true
            activity = .drag(drag)
            send(.willBeginDragging)
        }
        return true
    }

    /// The pointer moved to `point` at `time`. Ignored when no pointer is down.
    func touchMoved(to point: Point, time: Double) {
        guard case .drag(var drag) = activity, point.isFinite else { return }
        fireContentTouchDelay(upTo: time)
        tick(time)
        if point != drag.lastPointer {
            noteMove(of: &drag, at: currentTime)
            activity = .drag(drag)
        }
        tracker.addSample(time: time, position: point)
        follow(pointer: point)
    }

    /// The pointer lifted at `point` at `time`: the release (velocity, target, motion). Ignored when no pointer is down.
    func touchUp(at point: Point, time: Double) {
        guard case .drag(var drag) = activity else { return }
        fireContentTouchDelay(upTo: time)
        tick(time)
        noteMove(of: &drag, at: currentTime)  // a rest just before the lift loses the momentum too
        activity = .drag(drag)
        // The lift's position moves the content but is not a velocity sample; its time is (a pointer
        // that rested more than 40 ms before the lift has no velocity).
        let position = point.isFinite ? point : drag.lastPointer
        if position != drag.lastPointer { follow(pointer: position) }
        guard case .drag(let current) = activity else { return }
        guard current.hasBegun else {
            activity = .idle  // a tap: no drag, no scroll callbacks; the content view may hear it
            contentTouchUp(at: position, time: currentTime)
            return
        }
        release(current, pointerVelocity: tracker.velocity(releasedAt: time),
                decisionVelocity: tracker.decisionVelocity(releasedAt: time))
    }

    /// The pointer was lost (window focus): treated as a release at the last known position.
    func touchCancelled(time: Double) {
        guard case .drag(let drag) = activity else { return }
        cancelContentTouch()
        touchUp(at: drag.lastPointer, time: time)
    }
}

extension ScrollView {
    /// Records that the pointer of `drag` moves (or lifts) at `time`: a rest longer than the momentum's
    /// `maximumRest` since the last move drops the carried velocity (B-DEC-3).
    func noteMove(of drag: inout DragActivity, at time: Double) {
        if time - drag.lastMoveTime > configuration.momentum.maximumRest { drag.carriedVelocity = .zero }
        drag.lastMoveTime = time
    }

    /// Moves the drag to `pointer`: begins it once past the slop, then maps the finger to the displayed offset.
    func follow(pointer: Point) {
        guard case .drag(var drag) = activity else { return }
        drag.lastPointer = pointer
        if !drag.hasBegun {
            let delta = scrollableOnly(pointer - drag.anchor)
            let distance = delta.length
            guard distance > 0, distance >= configuration.touchSlop, contentTouchYieldsToDrag() else {
                activity = .drag(drag)
                return
            }
            // Start counting from the slop circle, so the content does not jump by the slop.
            drag.anchor = drag.anchor + delta * (configuration.touchSlop / distance)
            drag.hasBegun = true
            activity = .drag(drag)
            let generation = activityGeneration
            send(.willBeginDragging)
            guard generation == activityGeneration else { return }
        } else {
            activity = .drag(drag)
        }
        let raw = drag.startOffset - scrollableOnly(pointer - drag.anchor)
        let shown = displayedOffset(forRaw: raw)
        if !configuration.physics.bounces, shown != raw, case .drag(var held) = activity {
            // A clamping platform spends a drag past the edge on its edge effect: moving back moves at once.
            held.startOffset = held.startOffset + (shown - raw)
            activity = .drag(held)
        }
        moveContentOffset(to: shown)
    }
}
