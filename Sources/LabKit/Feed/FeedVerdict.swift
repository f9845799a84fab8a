import ScrollKit

/// The verdict for feeds (B-FEED-1): every policy on the same gestures over a feed in each layout, and
/// the policy the lab recommends for each — so one table shows how the recommendation moves from the
/// grid to a list or a masonry. Each row gives the radio's energy too (B-COST-2), and the condition may be
/// Low Data Mode (B-COST-4).
///
/// Blank time is measured as blank *area* (`blankAreaPt2s`, in screens·s: points² × s over the
/// 320×450 view), since items differ in size; bytes are what crossed the network. The recommendation:
/// the least blank area among the policies that move at most `byteAllowance` × the fewest bytes any
/// policy moved (a frugal policy must not be beaten by one that simply downloads everything).
public struct FeedVerdict: Sendable {
    /// One policy's totals over the gestures in one layout.
    public struct Row: Hashable, Sendable {
        public var layout: FeedLayoutKind
        public var policy: LoadingPolicyKind
        /// Blank area summed over the gestures, screens × seconds.
        public var blankScreenSeconds: Double
        /// Bytes over the network, summed over the gestures.
        public var networkBytes: Int
        /// Loads issued, summed.
        public var loads: Int
        /// Whether this is the layout's recommendation.
        public var isRecommended = false
        /// The radio's joules for the transfers, summed (B-COST-2).
        public var radioJoules = 0.0

        /// Makes a row.
        public init(layout: FeedLayoutKind, policy: LoadingPolicyKind, blankScreenSeconds: Double, networkBytes: Int, loads: Int,
                    isRecommended: Bool = false) {
            self.layout = layout
            self.policy = policy
            self.blankScreenSeconds = blankScreenSeconds
            self.networkBytes = networkBytes
            self.loads = loads
            self.isRecommended = isRecommended
        }

        /// The row as a JSON line.
        public var json: JSONValue {
            .object([("layout", .string(layout.rawValue)), ("policy", .string(policy.rawValue)),
                     ("blankScreenSeconds", .number(blankScreenSeconds)), ("networkBytes", .int(networkBytes)),
                     ("loads", .int(loads)), ("recommended", .bool(isRecommended)), ("radioJoules", .number(radioJoules))])
        }
    }

    /// How many times the fewest bytes a recommended policy may move.
    public static let byteAllowance = 1.25
    /// The view's area, points²: a screen.
    public static let screenArea = GridScene.scrollFrame.width * GridScene.scrollFrame.height

    /// The condition every run measures under (network, latency, cache, refresh rate); the feed, its
    /// layout and the policy are set per run.
    public var condition: RunCondition

    /// A verdict under `condition`.
    public init(condition: RunCondition) {
        self.condition = condition
    }

    /// Every policy's row for `feed` laid out as `layout` over `gestures`, the recommendation marked.
    public func rows(feed: Feed, layout: FeedLayoutKind, gestures: [[PointerEvent]],
                     policies: [LoadingPolicyKind] = LoadingPolicyKind.allCases) -> [Row] {
        var condition = self.condition
        condition.layout = layout
        let bench = GridBench(configuration: condition.gridConfiguration(feed: feed), replay: condition.replayClock)
        var rows: [Row] = policies.map { Row(layout: layout, policy: $0, blankScreenSeconds: 0, networkBytes: 0, loads: 0) }
        for events in gestures {
            for i in rows.indices {
                let metrics = bench.run(events, policy: rows[i].policy).metrics
                rows[i].blankScreenSeconds += metrics.blankAreaPt2s / Self.screenArea
                rows[i].networkBytes += metrics.networkBytes
                rows[i].loads += metrics.loadsIssued
                rows[i].radioJoules += metrics.radioJoules
            }
        }
        if let pick = Self.recommendation(rows) { rows[pick].isRecommended = true }
        return rows
    }

    /// The index of the recommended row: least blank area within the byte allowance (ties: fewer
    /// bytes, then the order given); nil for no rows.
    public static func recommendation(_ rows: [Row]) -> Int? {
        guard let fewest = rows.map(\.networkBytes).min() else { return nil }
        let limit = Double(fewest) * byteAllowance
        return rows.indices.filter { Double(rows[$0].networkBytes) <= limit }.min { a, b in
            (rows[a].blankScreenSeconds, rows[a].networkBytes, a) < (rows[b].blankScreenSeconds, rows[b].networkBytes, b)
        }
    }
}
