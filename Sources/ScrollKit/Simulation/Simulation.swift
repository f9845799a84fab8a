/// A one-dimensional motion over time, in the spirit of Flutter's `Simulation`.
///
/// Time is relative to the start of the simulation, in seconds. Positions are in points and
/// velocities in points per second. Once `isDone(at:)` is true, `position(at:)` is exactly
/// `finalPosition` and `velocity(at:)` is zero, so a motion ends exactly where it said it would.
public protocol Simulation: Sendable {
    /// Where the motion is `time` seconds after it started.
    func position(at time: Double) -> Double
    /// How fast it moves (points per second) `time` seconds after it started.
    func velocity(at time: Double) -> Double
    /// True once the motion has come to rest (and stays there).
    func isDone(at time: Double) -> Bool
    /// Where the motion comes to rest.
    var finalPosition: Double { get }
}
