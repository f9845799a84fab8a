/// Each distinct value seen and how often, for an exact percentile by nearest rank in memory that grows
/// with the distinct values, not with the samples: a run's frames repeat a few overruns (every frame
/// without charges has the same one), so an hours-long session keeps a handful of entries where a list
/// kept one a frame. Equal values (−0 and +0 too) share an entry; a NaN is not counted.
public struct ValueTally: Hashable, Sendable {
    /// Values counted.
    public private(set) var count = 0
    /// How often each value was seen, but for the current run of equal values.
    private var counts: [Double: Int] = [:]
    /// The latest value and how many times in a row it came (0: none yet), added to `counts` when
    /// another comes: consecutive equal values cost no lookup.
    private var runValue = 0.0
    private var runCount = 0

    /// Nothing counted yet.
    public init() {}

    /// Counts `value`.
    public mutating func add(_ value: Double) {
        guard !value.isNaN else { return }
        count += 1
        if runCount > 0, runValue == value {
            runCount += 1
            return
        }
        if runCount > 0 { counts[runValue, default: 0] += runCount }
        runValue = value
        runCount = 1
    }

    /// Every distinct value and its count, in ascending order.
    public var ascending: [(value: Double, count: Int)] {
        var all = counts
        if runCount > 0 { all[runValue, default: 0] += runCount }
        return all.sorted { $0.key < $1.key }.map { (value: $0.key, count: $0.value) }
    }

    /// The value a sort of every value counted puts at `index` (0-based, clamped to the values); nil
    /// when nothing was counted.
    public func value(atSortedIndex index: Int) -> Double? {
        guard count > 0 else { return nil }
        let wanted = Swift.max(0, Swift.min(count - 1, index))
        var seen = 0
        for entry in ascending {
            seen += entry.count
            if seen > wanted { return entry.value }
        }
        return nil
    }

    /// The nearest-rank percentile `p` (0–100]: the value at rank ⌈p/100 · count⌉; nil when empty.
    public func percentile(_ p: Double) -> Double? {
        value(atSortedIndex: Int((p / 100 * Double(count)).rounded(.up)) - 1)
    }

    /// The percentile `p` (0–100) interpolated between ranks, as Android's Macrobenchmark reports
    /// `frameOverrunMs` (androidx.benchmark `MetricResult.getPercentile`): at the 0-based sorted index
    /// p/100 · (count − 1), linearly between the two values around it; nil when empty.
    public func interpolatedPercentile(_ p: Double) -> Double? {
        guard count > 0 else { return nil }
        let ideal = Swift.max(0, Swift.min(100, p)) / 100 * Double(count - 1)
        let first = Int(ideal)
        guard let low = value(atSortedIndex: first) else { return nil }
        let high = first + 1 < count ? value(atSortedIndex: first + 1) ?? low : low
        let fraction = ideal - Double(first)
        return fraction == 0 ? low : low + (high - low) * fraction
    }
}
