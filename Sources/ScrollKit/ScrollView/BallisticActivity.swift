/// Free motion after a release: one simulation per axis, started at the release time.
struct BallisticActivity: Sendable {
    /// Model time of the release (the simulations' time zero).
    var startTime: Double
    /// Motion along x.
    var horizontal: AxisMotion
    /// Motion along y.
    var vertical: AxisMotion

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
