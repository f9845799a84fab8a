/// Where a scroll view's motion after a release goes, and when: a read-only view of the simulations
/// the scroll view runs (or, from inside `willEndDragging`, would run for a target), so a client that
/// plans ahead (a loading policy) follows the very curve the content will follow, a delegate's
/// rewritten target and its re-timed decay included.
public struct MotionForecast: Sendable {
    /// The motion, shared with the scroll view's activity (no simulation is copied).
    let shared: SharedMotion

    /// Model time at which the motion starts.
    public var startTime: Double { shared.motion.startTime }

    /// Where the motion stops: the scroll view's `targetContentOffset`.
    public var target: Point { shared.motion.target }

    /// Model time at which the motion ends on its target; nil when an axis springs (a spring's end is
    /// found by stepping it, not by a formula).
    public var endTime: Double? {
        guard let x = shared.motion.horizontal.duration, let y = shared.motion.vertical.duration else { return nil }
        return startTime + Swift.max(x, y)
    }

    /// The content offset at model time `time`.
    public func offset(at time: Double) -> Point { shared.motion.offset(at: time) }

    /// The content velocity (points per second) at model time `time`.
    public func velocity(at time: Double) -> Point { shared.motion.velocity(at: time) }

    /// The decay that moves `axis` (time zero at `startTime`), when that axis decelerates; nil when it
    /// rests or springs (an edge, a paging spring).
    public func decay(along axis: Axis) -> DecaySimulation? {
        if case .decay(let decay) = axis == .horizontal ? shared.motion.horizontal : shared.motion.vertical { return decay }
        return nil
    }
}

/// A motion after a release held by reference: the scroll view's `.ballistic` activity and every
/// `MotionForecast` of it share one, so copying the activity or handing out a forecast copies no
/// simulation (a motion may hold any physics' own fling, an existential, whose copies go through its
/// value witnesses).
final class SharedMotion: Sendable {
    /// The motion.
    let motion: BallisticActivity

    init(_ motion: BallisticActivity) { self.motion = motion }
}

public extension ScrollView {
    /// The running motion after a release (deceleration, spring-back, paging); nil otherwise.
    var motionForecast: MotionForecast? {
        guard activityFlags.isMoving, !activityFlags.isScrollingAnimation else { return nil }
        if case .ballistic(let shared) = activity { return MotionForecast(shared: shared) }
        return nil
    }

    /// The motion a release now, at `velocity` (points per millisecond, as `willEndDragging` gives it),
    /// would run to `target` (clamped to the content): what a `willEndDragging` delegate's target leads
    /// to, re-timed when it was rewritten, before the scroll view has started it.
    func forecast(withVelocity velocity: Point, target: Point) -> MotionForecast {
        let offset = contentOffset
        let target = clamped(target)
        func along(_ axis: Axis) -> AxisMotion {
            let v = velocity[axis] * 1000
            let proposed = proposedTarget(axis, offset: offset[axis], velocity: v)
            return motion(axis, from: offset[axis], velocity: v, to: target[axis],
                          natural: !isPagingEnabled && target[axis] == proposed)
        }
        return MotionForecast(shared: SharedMotion(BallisticActivity(startTime: currentTime, horizontal: along(.horizontal),
                                                                     vertical: along(.vertical))))
    }
}

extension AxisMotion {
    /// Seconds from the start to the end on the target; nil for a spring.
    var duration: Double? {
        switch self {
        case .still: return 0
        case .decay(let s): return s.duration
        case .spring, .bouncing: return nil
        case .flutterBouncing(let s): return s.springBack == nil ? s.friction?.duration : nil
        case .clamped(let s): return s.duration
        case .fling(let s): return s.duration
        }
    }
}
