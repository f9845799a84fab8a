/// The release: velocity, proposed target, the delegate's rewrite, and the motion that ends on the target.
extension ScrollView {
    /// Ends the drag `drag` (already begun) at the current time and offset; `pointerVelocity` is the
    /// tracker's estimate at the lift and `decisionVelocity` the reading the release is judged by
    /// (`VelocityTracker.decisionVelocity(releasedAt:)`; nil: `pointerVelocity`), pointer points per second.
    ///
    /// Order (B-EVT-1/3): `willEndDragging`, `didEndDragging(willDecelerate:)`, then
    /// `willBeginDecelerating` when a motion follows; or, when none follows and the touch had caught a
    /// deceleration, the owed `didEndDecelerating`.
    func release(_ drag: DragActivity, pointerVelocity: Point, decisionVelocity: Point? = nil) {
        let offset = contentOffset
        var velocity = releaseVelocity(pointer: pointerVelocity, decision: decisionVelocity ?? pointerVelocity)
        for axis in Axis.allCases {
            // A flick that catches a fling adds to it (B-DEC-3): the flick is clamped to the fastest fling, the
            // sum is not (as Flutter's ScrollDragController adds it), so flick after flick a list goes faster.
            velocity[axis] = configuration.momentum.fling(velocity[axis], carrying: drag.carriedVelocity[axis])
        }
        var proposed = Point.zero
        for axis in Axis.allCases {
            proposed[axis] = proposedTarget(axis, offset: offset[axis], velocity: velocity[axis])
        }
        let target = askForTarget(velocity: velocity, proposed: proposed)
        let horizontal = motion(.horizontal, from: offset.x, velocity: velocity.x, to: target.x,
                                natural: !isPagingEnabled && target.x == proposed.x)
        let vertical = motion(.vertical, from: offset.y, velocity: velocity.y, to: target.y,
                              natural: !isPagingEnabled && target.y == proposed.y)
        if horizontal.isStill && vertical.isStill {
            activity = .idle
            send(.didEndDragging(willDecelerate: false))
            if drag.interruptsDeceleration { send(.didEndDecelerating) }
        } else {
            activity = .ballistic(SharedMotion(BallisticActivity(startTime: currentTime, horizontal: horizontal,
                                                                 vertical: vertical)))
            let generation = activityGeneration
            send(.didEndDragging(willDecelerate: true))
            // A delegate that replaced the motion from didEndDragging owns what follows.
            guard generation == activityGeneration else { return }
            send(.willBeginDecelerating)
        }
    }

    /// The content velocity at release, points per second: the negated `pointer` velocity on scrollable axes,
    /// clamped to the fling limits and scaled by the rubber band's slope while overscrolled (the speed the
    /// content really shows); zero when the release is under the minimum fling speed in effect.
    ///
    /// UIKit's physics without paging judges the release as UIScrollView does (B-DEC-5): by the speed
    /// of `decision` (the recognizer's last reading, put through the same steps), both scrollable axes
    /// together; under `minimumFlingVelocity` nothing flings, otherwise the release flings at `pointer`'s
    /// velocity, less any axis too slow to travel (at or under the deceleration's 10 pt/s stop).
    /// Paging and the other physics judge each axis of `pointer`'s velocity by their own minimum.
    /// `lastReleaseSpeed` keeps the speed that was judged.
    func releaseVelocity(pointer: Point, decision: Point) -> Point {
        var result = contentVelocity(pointer: pointer)
        if !isPagingEnabled && configuration.physics == .ios {
            let judged = contentVelocity(pointer: decision)
            lastReleaseSpeed = (judged.x * judged.x + judged.y * judged.y).squareRoot()
            guard lastReleaseSpeed >= configuration.minimumFlingVelocity else { return .zero }
            for axis in Axis.allCases where abs(result[axis]) <= DecaySimulation.stopVelocity { result[axis] = 0 }
            return result
        }
        lastReleaseSpeed = Swift.max(abs(result.x), abs(result.y))
        let minimum = minimumFlingVelocityInEffect
        for axis in Axis.allCases where abs(result[axis]) < minimum { result[axis] = 0 }
        return result
    }

    /// The negated `pointer` velocity on scrollable axes, clamped to the fling limits, scaled by the rubber
    /// band's slope while overscrolled; zero on other axes and for non-finite components.
    func contentVelocity(pointer: Point) -> Point {
        let raw = rawOffset(forDisplayed: contentOffset)
        var result = Point.zero
        for axis in Axis.allCases where canScroll(axis) {
            var v = -pointer[axis]
            guard v.isFinite else { continue }
            let limit = configuration.physics.maximumFlingVelocity(configuration.maximumFlingVelocity, rate: decelerationRate)
            v = Swift.min(Swift.max(v, -limit), limit)
            let beyond = overscroll(axis, offset: raw[axis])
            if beyond != 0 {
                v *= configuration.rubberBand.slope(overscroll: beyond, dimension: frame.size[axis])
            }
            result[axis] = v
        }
        return result
    }

    /// The target the scroll view proposes along `axis`: where the fling stops (B-DEC-1) rounded to the device
    /// pixel grid and clamped to the content,
    /// or with paging the page chosen by B-PAGE-1 from the offset at the release: the next page in the fling
    /// direction above `pagingVelocityThreshold`, else the nearest; so never more than a page away, and never
    /// against the fling (a drag may have carried the content past a page: the pager's touch area is wider
    /// than its frame), whatever page the touch began on.
    func proposedTarget(_ axis: Axis, offset: Double, velocity: Double) -> Double {
        let upper = maximumContentOffset[axis]
        let pageSize = frame.size[axis]
        guard isPagingEnabled, pageSize > 0, canScroll(axis) else {
            guard velocity != 0 else { return Swift.min(Swift.max(offset, 0), upper) }
            if configuration.physics != .ios {
                return platformFling(axis, from: offset, velocity: velocity).finalPosition
            }
            let end = offset + DecaySimulation.projectedDistance(velocity: velocity, rate: decelerationRate)
            let scale = configuration.displayScale
            let onGrid = scale > 0 && scale.isFinite ? (end * scale).rounded() / scale : end
            return Swift.min(Swift.max(onGrid, 0), upper)
        }
        let position = offset / pageSize
        var page: Double
        if velocity >= configuration.pagingVelocityThreshold {
            page = position.rounded(.down) + 1
        } else if velocity <= -configuration.pagingVelocityThreshold {
            page = position.rounded(.up) - 1
        } else {
            page = position.rounded()
        }
        return Swift.min(Swift.max(page * pageSize, 0), upper)
    }

    /// The motion of one axis from `offset` at `velocity` that ends exactly on `target`.
    ///
    /// `natural` means the target is the scroll view's own projection (no rewrite, no paging): a natural
    /// decay, or a bounce (decay, then spring back) when the projection ran past an edge (B-BNC-2). Otherwise
    /// the decay is re-timed to end on the target (B-DEC-2); when that would be absurd (target behind the
    /// release direction, too slow, time constant too long) a spring takes it there, starting at the release
    /// velocity plus, when released out of bounds, the spring-back's start velocity (B-BNC-2).
    func motion(_ axis: Axis, from offset: Double, velocity: Double, to target: Double, natural: Bool) -> AxisMotion {
        if velocity == 0 && offset == target { return .still(target) }
        // Clamping physics released at an edge towards it fling nothing: Flutter's `ClampingScrollPhysics`
        // makes no ballistic simulation there, and RecyclerView gives a pulled edge effect the velocity.
        if natural && !configuration.physics.bounces && offset == target
            && ((velocity < 0 && offset <= 0) || (velocity > 0 && offset >= maximumContentOffset[axis])) {
            return .still(target)
        }
        if configuration.physics != .ios && (natural || (velocity == 0 && overscroll(axis, offset: offset) != 0)) {
            return platformFling(axis, from: offset, velocity: velocity)
        }
        if natural && velocity != 0 {
            let end = offset + DecaySimulation.projectedDistance(velocity: velocity, rate: decelerationRate)
            if end >= 0 && end <= maximumContentOffset[axis],
               let decay = DecaySimulation(position: offset, velocity: velocity, target: target,
                                           maximumTimeConstant: .infinity) {
                return .decay(decay)
            }
            if let bounce = BouncingSimulation(position: offset, velocity: velocity, rate: decelerationRate,
                                               edge: target, spring: configuration.spring) {
                return .bouncing(bounce)
            }
        } else {
            let limit = isPagingEnabled ? configuration.maximumPagingTimeConstant
                : configuration.maximumRetimedTimeConstant
            if let decay = DecaySimulation(position: offset, velocity: velocity, target: target,
                                           maximumTimeConstant: limit) {
                return .decay(decay)
            }
        }
        let start = velocity - configuration.springBackStartRate * overscroll(axis, offset: offset)
        return .spring(SpringSimulation(spring: configuration.spring, position: offset, velocity: start, target: target))
    }

    /// How far `offset` lies outside the content range along `axis` (negative before 0, zero inside).
    func overscroll(_ axis: Axis, offset: Double) -> Double {
        let upper = maximumContentOffset[axis]
        return offset < 0 ? offset : (offset > upper ? offset - upper : 0)
    }

    /// The natural fling of the configured physics (B-PHYS-1) along `axis`: its declaration's.
    func platformFling(_ axis: Axis, from offset: Double, velocity: Double) -> AxisMotion {
        configuration.physics.fling(FlingStart(position: offset, velocity: velocity, lower: 0,
                                               upper: maximumContentOffset[axis], rate: decelerationRate))
    }
}
