/// Estimates a pointer's velocity from its recent timestamped positions (B-VEL-1).
///
/// The scroll view feeds every down and move sample and asks for `velocity(releasedAt:)` with the up's
/// time; the `scrolllab velocity` port feeds a gesture file through the same type in the same way.
/// The up's position is not a sample (a lift is not a motion), but its time is: a pointer that was
/// still for more than 40 ms before the release has no velocity. Still means not moving, whether or not
/// samples came: a digitizer (or `--touch-hz`) that reports a resting finger at its rate gives samples at
/// one place, and the 40 ms count from the last one that moved. The tracker keeps the last
/// `historySize` samples in a ring and reads no clock.
///
/// Input repair, so that the estimate is always finite:
/// - samples with a NaN or infinite time or position are dropped;
/// - a time earlier than the previous sample's is clamped to that time (backwards clocks);
/// - repeated times are kept; when they leave the fit undetermined the velocity is zero;
/// - a non-finite result (absurd magnitudes) is reported as zero.
public struct VelocityTracker: Sendable {
    /// How many samples the ring keeps, and the most the fit uses.
    public static let historySize = 20
    /// Samples older than this (ms before the newest) are not used.
    public static let horizonMilliseconds = 100.0
    /// A gap longer than this (ms) between consecutive samples means the pointer had stopped:
    /// the history before it is not used.
    public static let assumePointerMoveStoppedMilliseconds = 40.0
    /// The least-squares fit needs at least this many samples; with fewer the velocity is zero.
    public static let minimumSampleCount = 3

    /// The estimator used by `velocity()`.
    public var kind: VelocityEstimatorKind

    /// Ring storage; `nil` slots have not been filled since the last reset.
    var samples: [TimedPosition?]
    /// Slot of the newest sample.
    var newestIndex = 0
    /// Time of the newest sample at another place than the one before it (the first sample's when none
    /// moved), whole microseconds; nil when empty.
    var lastMovedMicroseconds: Double?

    /// Makes an empty tracker using `kind` (the UIKit-like `ios` estimator by default).
    public init(kind: VelocityEstimatorKind = .ios) {
        self.kind = kind
        self.samples = Array(repeating: nil, count: Self.historySize)
    }

    /// Records where the pointer was at `time` (seconds). See the type's notes for how bad input is repaired.
    public mutating func addSample(time: Double, position: Point) {
        guard time.isFinite, position.isFinite else { return }
        var microseconds = (time * 1_000_000).rounded()
        guard microseconds.isFinite else { return }
        if let newest = samples[newestIndex], microseconds < newest.microseconds {
            microseconds = newest.microseconds
        }
        if samples[newestIndex]?.position != position || lastMovedMicroseconds == nil { lastMovedMicroseconds = microseconds }
        newestIndex = (newestIndex + 1) % Self.historySize
        samples[newestIndex] = TimedPosition(microseconds: microseconds, position: position)
    }

    /// Forgets every sample (a new gesture begins).
    public mutating func reset() {
        for i in samples.indices { samples[i] = nil }
        newestIndex = 0
        lastMovedMicroseconds = nil
    }

    /// How many samples the ring holds (at most `historySize`).
    public var sampleCount: Int { samples.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    /// The pointer's velocity at the newest sample, in points per second; zero when it cannot be estimated.
    ///
    /// With `releaseTime` (the up's time, seconds), a pointer that has not moved for more than
    /// `assumePointerMoveStoppedMilliseconds` before it gives zero. This is the pointer's velocity,
    /// not the content's: the scroll view negates it.
    public func velocity(releasedAt releaseTime: Double? = nil) -> Point {
        guard !stopped(before: releaseTime) else { return .zero }
        let estimate: Point
        switch kind {
        case .leastSquares: estimate = leastSquaresVelocity()
        case .ios: estimate = iosVelocity()
        }
        return estimate.isFinite ? estimate : .zero
    }

    /// The velocity a release is judged by, points per second (B-DEC-5): whether it flings at all.
    ///
    /// With the `ios` estimator it is the reading UIKit's pan recognizer gives at the last touch
    /// (0.8 × the second-newest pair's two-point velocity + 0.2 × the newest's), which UIScrollView compares
    /// with its minimum before it blends the readings into the velocity it flings with (`velocity(releasedAt:)`).
    /// The two differ when the pointer sped up or slowed down over its last samples, so a release reported
    /// at 300 pt/s may not fling and one at 230 pt/s may. With `leastSquares` it is the estimate itself, as
    /// Flutter judges. Zero as `velocity(releasedAt:)` is.
    public func decisionVelocity(releasedAt releaseTime: Double? = nil) -> Point {
        guard !stopped(before: releaseTime) else { return .zero }
        let estimate: Point
        switch kind {
        case .leastSquares: estimate = leastSquaresVelocity()
        case .ios: estimate = recognizerVelocity()
        }
        return estimate.isFinite ? estimate : .zero
    }

    /// True when the pointer was still (no sample at a new place) for more than
    /// `assumePointerMoveStoppedMilliseconds` before `releaseTime`.
    func stopped(before releaseTime: Double?) -> Bool {
        guard let releaseTime, let moved = lastMovedMicroseconds else { return false }
        let stillMilliseconds = (releaseTime * 1_000_000).rounded() / 1000 - moved / 1000
        return !(stillMilliseconds.isFinite && stillMilliseconds <= Self.assumePointerMoveStoppedMilliseconds)
    }

    /// The sample `stepsBack` slots before the newest one (0 is the newest), wrapping around the ring.
    func sample(stepsBack: Int) -> TimedPosition? {
        let n = Self.historySize
        return samples[((newestIndex - stepsBack) % n + n) % n]
    }
}
