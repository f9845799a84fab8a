/// A programmatic move over a fixed duration with an ease-in-out curve, for `setContentOffset(_:animated: true)`.
///
/// The curve is the cubic smoothstep `s²·(3 − 2s)`: zero speed at both ends. At and after `duration`
/// the position is `finalPosition` exactly.
public struct TimedAnimation: Simulation, Hashable {
    /// UIKit-like duration of an animated content-offset change, in seconds.
    public static let defaultDuration = 0.3

    /// Position at `t = 0`.
    public let startPosition: Double
    /// Where the animation ends.
    public let finalPosition: Double
    /// Length of the animation in seconds.
    public let duration: Double

    /// Makes an animation from `from` to `to` over `duration` seconds (non-positive durations end at once).
    public init(from: Double, to: Double, duration: Double = TimedAnimation.defaultDuration) {
        startPosition = from.isFinite ? from : to
        finalPosition = to
        self.duration = duration.isFinite ? Swift.max(duration, 0) : 0
    }

    public func position(at time: Double) -> Double {
        guard !isDone(at: time) else { return finalPosition }
        let s = Swift.max(time, 0) / duration
        return startPosition + (finalPosition - startPosition) * s * s * (3 - 2 * s)
    }

    public func velocity(at time: Double) -> Double {
        guard !isDone(at: time) else { return 0 }
        let s = Swift.max(time, 0) / duration
        return (finalPosition - startPosition) * 6 * s * (1 - s) / duration
    }

    public func isDone(at time: Double) -> Bool { !(time < duration) }
}
