import LabKit

/// Apple's hitch measure (B-HITCH-1; WWDC20 "Eliminate animation hitches with XCTest", MetricKit's
/// `scrollHitchTimeRatio`): a frame is late by how much its presentation missed its expected slot, one
/// display period after the previous presentation; the hitch time ratio is the late milliseconds per
/// second of motion (scrolling or decelerating).
///
/// A frame counts as late when it misses its slot by more than half a period (less is scheduling
/// jitter within the slot); it is then late by `interval − period`.
public struct HitchMeter: Sendable, Equatable {
    /// Apple's bands for the hitch time ratio.
    public enum Band: String, Sendable, Equatable {
        /// Under 5 ms/s: users rarely notice.
        case good
        /// 5 to 10 ms/s: noticeable interruptions.
        case warning
        /// 10 ms/s and over: a poor experience.
        case critical

        /// The band of `ratio` ms/s as printed, to a tenth (`MainThreadMeter.band(ofRatio:)`'s rule).
        public init(ratio: Double) {
            let shown = (ratio * 10).rounded() / 10
            self = shown < 5 ? .good : (shown < 10 ? .warning : .critical)
        }
    }

    /// Late milliseconds of the frames presented during motion.
    public private(set) var hitchMs = 0.0
    /// Seconds of motion covered by the frames recorded.
    public private(set) var motionSeconds = 0.0
    /// Late frames during motion.
    public private(set) var hitchCount = 0
    /// The latest of them, milliseconds late.
    public private(set) var longestHitchMs = 0.0

    /// No frames yet.
    public init() {}

    /// Records a presented frame that came `interval` seconds after the previous one on a display whose
    /// period is `period`; only frames of motion count.
    public mutating func record(interval: Double, period: Double, isMoving: Bool) {
        guard isMoving, interval.isFinite, interval > 0, period > 0 else { return }
        motionSeconds += interval
        let late = interval - period
        guard late > period / 2 else { return }
        hitchMs += late * 1000
        hitchCount += 1
        longestHitchMs = Swift.max(longestHitchMs, late * 1000)
    }

    /// Late milliseconds per second of motion (0 with no motion).
    public var ratioMsPerS: Double { motionSeconds > 0 ? hitchMs / motionSeconds : 0 }

    /// Apple's band of the ratio.
    public var band: Band { Band(ratio: ratioMsPerS) }

    /// The trace summary's keys: `hitchTimeRatioMsPerS`, `hitchCount`, `longestHitchMs`.
    public var summary: [(String, JSONValue)] {
        [("hitchTimeRatioMsPerS", .number((ratioMsPerS * 100).rounded() / 100)), ("hitchCount", .int(hitchCount)),
         ("longestHitchMs", .number((longestHitchMs * 100).rounded() / 100))]
    }

    /// Drops everything recorded (the R key).
    public mutating func reset() { self = HitchMeter() }
}
