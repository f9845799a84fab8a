/// Frame timings of the run, in seconds, summarised as percentiles for the trace's last line.
public struct FrameStats: Sendable {
    /// No frames yet.
    public init() {}

    /// Work per frame: from the start of the frame's work (model step, drawing) until
    /// `SDL_RenderPresent` is called.
    public private(set) var frameTimes: [Double] = []
    /// Time spent inside `SDL_RenderPresent` (the GL renderer rasterizes there; with vsync it may wait).
    public private(set) var presentTimes: [Double] = []
    /// Time from one frame's start to the next one's.
    public private(set) var intervals: [Double] = []

    /// Records one frame.
    public mutating func record(frameTime: Double, presentTime: Double, interval: Double?) {
        frameTimes.append(frameTime)
        presentTimes.append(presentTime)
        if let interval { intervals.append(interval) }
    }

    /// Presented frames per second over the recorded intervals.
    public var presentedFPS: Double { Self.fps(of: intervals) }

    /// Frames per second of a run of frame intervals (seconds), 0 when empty.
    public static func fps(of intervals: some Collection<Double>) -> Double {
        let total = intervals.reduce(0, +)
        return total > 0 ? Double(intervals.count) / total : 0
    }

    /// Drops everything recorded (the R key).
    public mutating func reset() {
        frameTimes.removeAll(keepingCapacity: true)
        presentTimes.removeAll(keepingCapacity: true)
        intervals.removeAll(keepingCapacity: true)
    }

    /// The `p`-th percentile (0…100, nearest rank) of `values`, or 0 when empty.
    public static func percentile(_ p: Double, of values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[Swift.min(Swift.max(rank, 0), sorted.count - 1)]
    }
}
