/// While the finger is down, Adaptive loads each row ahead (Prefetch's window) once the drag will reach it
/// within the horizon: a few load durations, so a drag that stops short costs nothing; with slow loads
/// at once, as the drag starts (a slow reader reaches the rows ahead anyway).
public struct DragAheadRule: Hashable, Sendable {
    /// Rows ahead.
    public var rows: Int
    /// Drag speed (pt/s) above which nothing is loaded ahead; nil: no limit.
    public var speedLimit: Double?
    /// A fixed horizon, seconds; nil: from the load duration.
    public var horizon: Double?
    /// The horizon in load durations.
    public var horizonLoads: Double
    /// The horizon in load durations when loads are slow.
    public var slowHorizonLoads: Double
    /// The least horizon, seconds.
    public var minimumHorizon: Double
    /// From this load duration (seconds) loads are slow.
    public var slowLoadMinimum: Double

    /// The rule of `tuning`.
    public init(_ tuning: AdaptiveTuning) {
        rows = tuning.dragRows
        speedLimit = tuning.speedLimit
        horizon = tuning.dragHorizon
        horizonLoads = tuning.dragHorizonLoads
        slowHorizonLoads = tuning.slowDragHorizonLoads
        minimumHorizon = tuning.minimumDragHorizon
        slowLoadMinimum = tuning.slowLoadMinimum
    }

    /// The horizon (seconds) with loads of `duration`.
    public func horizon(duration: Double) -> Double {
        horizon ?? Swift.max(minimumHorizon, (duration >= slowLoadMinimum ? slowHorizonLoads : horizonLoads) * duration)
    }

    /// The direction to load ahead in at drag speed `speed` (pt/s): +1, −1, `current` when still, 0 above
    /// the speed limit.
    public func direction(speed: Double, current: Int) -> Int {
        abs(speed) > (speedLimit ?? .infinity) ? 0 : (speed > 0 ? 1 : (speed < 0 ? -1 : current))
    }
}
