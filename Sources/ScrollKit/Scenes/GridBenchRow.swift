/// One row of the loading bench: a policy's metrics on one gesture, or one of the two bounds.
///
/// Bound rows leave the metrics that have no meaning for them as nil (JSON null, "-" in the table).
public struct GridBenchRow: Hashable, Sendable {
    /// Policy name (`eager` … `adaptive`) or `bound-min-loads` / `bound-clairvoyant`.
    public var policy: String
    /// The measurements.
    public var metrics: LoadMetrics
    /// Blank tile-seconds are meaningful.
    public var hasTiming: Bool
    /// Settle latency is meaningful (not for the clairvoyant bound, whose schedule has no settle).
    public var hasSettle: Bool
    /// Peak decoded bytes is meaningful.
    public var hasMemory: Bool

    /// Makes a row.
    public init(policy: String, metrics: LoadMetrics, hasTiming: Bool = true, hasSettle: Bool? = nil, hasMemory: Bool = true) {
        self.policy = policy
        self.metrics = metrics
        self.hasTiming = hasTiming
        self.hasSettle = hasSettle ?? hasTiming
        self.hasMemory = hasMemory
    }

    /// The `bench --json` line: gesture, policy, then the B-POL-2 keys.
    public func json(gesture: String) -> JSONValue {
        guard case let .object(pairs) = metrics.json else { return .null }
        var out: [(String, JSONValue)] = [("gesture", .string(gesture)), ("policy", .string(policy))]
        for (key, value) in pairs {
            switch key {
            case "blankTileSeconds": out.append((key, hasTiming ? value : .null))
            case "settleLatency": out.append((key, hasSettle ? value : .null))
            case "peakDecodedBytes": out.append((key, hasMemory ? value : .null))
            default: out.append((key, value))
            }
        }
        return .object(out)
    }
}
