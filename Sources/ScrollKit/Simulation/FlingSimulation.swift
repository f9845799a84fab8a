/// A physics' own fling along one axis, for a `ScrollPhysicsKind` whose motion is none of the bundled
/// ones (a decay, Flutter's bouncing simulation, a fling clamped at the edge): a `Simulation` that
/// also says how long it runs, so a `MotionForecast` can tell when it ends.
public protocol FlingSimulation: Simulation {
    /// Seconds from its start to rest on `finalPosition`; nil when only stepping it finds that (a spring).
    var duration: Double? { get }
}
