/// An animated `setContentOffset(_:animated: true)` in flight.
struct AnimationActivity: Sendable {
    /// Model time at which the animation started.
    var startTime: Double
    /// Animation along x.
    var horizontal: TimedAnimation
    /// Animation along y.
    var vertical: TimedAnimation

    /// Makes an animation from `from` to `to` starting at `startTime`.
    init(startTime: Double, from: Point, to: Point, duration: Double) {
        self.startTime = startTime
        horizontal = TimedAnimation(from: from.x, to: to.x, duration: duration)
        vertical = TimedAnimation(from: from.y, to: to.y, duration: duration)
    }

    /// Where the animation ends.
    var target: Point { Point(x: horizontal.finalPosition, y: vertical.finalPosition) }

    /// The content offset at model time `time`.
    func offset(at time: Double) -> Point {
        Point(x: horizontal.position(at: time - startTime), y: vertical.position(at: time - startTime))
    }

    /// The content velocity (points per second) at model time `time`.
    func velocity(at time: Double) -> Point {
        Point(x: horizontal.velocity(at: time - startTime), y: vertical.velocity(at: time - startTime))
    }

    /// True once the animation has arrived.
    func isDone(at time: Double) -> Bool {
        horizontal.isDone(at: time - startTime) && vertical.isDone(at: time - startTime)
    }
}
