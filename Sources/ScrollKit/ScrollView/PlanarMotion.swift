/// A motion of the content offset made of one simulation per axis, started at a model time.
///
/// The two motion activities are this type: `BallisticActivity` (free motion after a release) and
/// `AnimationActivity` (an animated `setContentOffset`). Generic rather than existential, so a frame
/// evaluates it without boxing or allocating.
struct PlanarMotion<AxisSimulation: Simulation>: Sendable {
    /// Model time at which the motion started (the simulations' time zero).
    var startTime: Double
    /// Motion along x.
    var horizontal: AxisSimulation
    /// Motion along y.
    var vertical: AxisSimulation

    /// Where the motion ends: the scroll view's `targetContentOffset`.
    var target: Point { Point(x: horizontal.finalPosition, y: vertical.finalPosition) }

    /// The content offset at model time `time`.
    func offset(at time: Double) -> Point {
        Point(x: horizontal.position(at: time - startTime), y: vertical.position(at: time - startTime))
    }

    /// The content velocity (points per second) at model time `time`.
    func velocity(at time: Double) -> Point {
        Point(x: horizontal.velocity(at: time - startTime), y: vertical.velocity(at: time - startTime))
    }

    /// True when both axes are at rest at model time `time`.
    func isDone(at time: Double) -> Bool {
        horizontal.isDone(at: time - startTime) && vertical.isDone(at: time - startTime)
    }
}

/// Free motion after a release: one simulation per axis, started at the release time.
typealias BallisticActivity = PlanarMotion<AxisMotion>

/// An animated `setContentOffset(_:animated: true)` in flight.
typealias AnimationActivity = PlanarMotion<TimedAnimation>

extension PlanarMotion where AxisSimulation == TimedAnimation {
    /// An animation from `from` to `to` starting at `startTime`.
    init(startTime: Double, from: Point, to: Point, duration: Double) {
        self.init(startTime: startTime,
                  horizontal: TimedAnimation(from: from.x, to: to.x, duration: duration),
                  vertical: TimedAnimation(from: from.y, to: to.y, duration: duration))
    }
}
