/// How long a load takes, as an app can know it: from its own requests' measured durations (request to
/// decoded image), never from the network's settings.
///
/// Before any measurement it is `prior`; the first measurement replaces the prior, later ones move the
/// estimate by `weight` of their difference (an exponentially weighted moving average, so a network that
/// changes mid-session is followed within a few loads). Loads served from the app's disk cache are not
/// measured: an app tells them apart (`URLSessionTaskMetrics.resourceFetchType == .localCache`).
public struct LoadDurationEstimate: Hashable, Sendable {
    /// The estimate before any load finished, seconds.
    public static let defaultPrior = 0.5
    /// The weight of each new measurement.
    public static let weight = 0.25

    /// The current estimate, seconds.
    public private(set) var mean: Double
    /// Loads measured so far.
    public private(set) var samples = 0

    /// An estimate that starts at `prior` seconds.
    public init(prior: Double = Self.defaultPrior) {
        mean = Swift.max(0, prior)
    }

    /// Adds one measured duration (seconds).
    public mutating func record(_ duration: Double) {
        let d = Swift.max(0, duration)
        mean = samples == 0 ? d : mean + Self.weight * (d - mean)
        samples += 1
    }

    /// The estimate at `time` while a measured load that began at `oldestStart` is still running: at
    /// least that load's age, so a stall is seen before it ends (nil: none running).
    public func value(at time: Double, oldestStart: Double?) -> Double {
        guard let oldestStart else { return mean }
        return Swift.max(mean, time - oldestStart)
    }
}
