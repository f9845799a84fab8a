import Histogram
import LabKit

/// Frame timings of the run, summarised as percentiles for the trace's last line and the HUD.
///
/// The whole run goes into HdrHistograms (microseconds, three significant digits: a percentile is
/// within 0.1% of the recorded value), so a session of any length holds the same small memory; the
/// last seconds are also kept as they were, for the HUD's live line.
public struct FrameStats: Sendable {
    /// The longest time a histogram records, microseconds (60 s); longer frames count as 60 s.
    static let longestMicroseconds: UInt64 = 60_000_000

    private var frameHistogram = FrameStats.histogram()
    private var presentHistogram = FrameStats.histogram()
    private var intervalHistogram = FrameStats.histogram()
    private var intervalTotal = 0.0
    /// Work per frame of the newest frames (seconds, oldest first): from the start of the frame's work
    /// (model step, drawing) until `SDL_RenderPresent` is called.
    public private(set) var recentFrameTimes = RingBuffer(capacity: 300, filler: 0.0)
    /// Time between the newest presented frames (seconds, oldest first).
    public private(set) var recentIntervals = RingBuffer(capacity: 60, filler: 0.0)
    /// Frames recorded.
    public private(set) var frames = 0

    /// No frames yet.
    public init() {}

    private static func histogram() -> Histogram<UInt64> {
        Histogram(lowestDiscernibleValue: 1, highestTrackableValue: longestMicroseconds, numberOfSignificantValueDigits: .three)
    }

    private static func record(_ seconds: Double, in histogram: inout Histogram<UInt64>) {
        guard seconds.isFinite else { return }
        let micros = Swift.min(Swift.max(seconds * 1_000_000, 0), Double(longestMicroseconds)).rounded()
        _ = histogram.record(UInt64(micros))
    }

    /// Records one frame: its work, its present, and the interval since the previous present (nil for the first).
    public mutating func record(frameTime: Double, presentTime: Double, interval: Double?) {
        frames += 1
        Self.record(frameTime, in: &frameHistogram)
        Self.record(presentTime, in: &presentHistogram)
        recentFrameTimes.append(frameTime)
        if let interval, interval.isFinite {
            Self.record(interval, in: &intervalHistogram)
            intervalTotal += interval
            recentIntervals.append(interval)
        }
    }

    /// The `p`-th percentile (0…100) of the whole run's frame work, present or interval, milliseconds
    /// (0 with no frames).
    public func frameMs(percentile p: Double) -> Double { Self.ms(p, frameHistogram) }
    public func presentMs(percentile p: Double) -> Double { Self.ms(p, presentHistogram) }
    public func intervalMs(percentile p: Double) -> Double { Self.ms(p, intervalHistogram) }

    private static func ms(_ p: Double, _ histogram: Histogram<UInt64>) -> Double {
        histogram.totalCount == 0 ? 0 : Double(histogram.valueAtPercentile(p)) / 1000
    }

    /// Presented frames per second over the whole run.
    public var presentedFPS: Double {
        intervalTotal > 0 ? Double(intervalHistogram.totalCount) / intervalTotal : 0
    }

    /// Frames per second of a run of frame intervals (seconds), 0 when empty.
    public static func fps(of intervals: some Collection<Double>) -> Double {
        let total = intervals.reduce(0, +)
        return total > 0 ? Double(intervals.count) / total : 0
    }

    /// Drops everything recorded.
    public mutating func reset() { self = FrameStats() }

    /// The `p`-th percentile (0…100, nearest rank) of `values`, or 0 when empty (for short series such as
    /// the HUD's last second).
    public static func percentile(_ p: Double, of values: some Collection<Double>) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[Swift.min(Swift.max(rank, 0), sorted.count - 1)]
    }
}
