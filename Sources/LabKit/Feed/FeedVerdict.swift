import ScrollKit

/// The verdict for feeds (B-FEED-1): every policy on the same gestures over a feed in each layout, and
/// the policy the lab recommends for each — so one table shows how the recommendation moves from the
/// grid to a list or a masonry. Each row gives the radio's energy too (B-COST-2), and the condition may be
/// Low Data Mode (B-COST-4).
///
/// Blank time is measured as blank *area* (`blankAreaPt2s`, in screens·s: points² × s over the
/// 320×450 view), since items differ in size; bytes are what crossed the network. The recommendation:
/// the least blank area among the policies that move at most `byteAllowance` × the fewest bytes any
/// policy moved (a frugal policy must not be beaten by one that simply downloads everything), never
/// one the phone rules out (B-COST-3): a hitch ratio that is critical (over 10 ms/s, the mean over the
/// gestures) or a gesture whose decoded bytes passed the device's memory limit.
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
        /// The images' sizes of the feed (the web's, or camera photos').
        public var images: FeedImageSizes = .web
        /// The phone's figures (B-COST-3): the mean hitch time ratio over the gestures, ms/s; the largest
        /// peak of resident decoded bytes; the gestures whose bytes passed the memory limit.
        public var hitchTimeRatioMsPerS = 0.0
        public var peakResidentBytes = 0
        public var memoryLimitExceeded = 0
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

        /// The feed's name in tables: the layout, `masonry-photos` for camera photos.
        public var feedName: String { layout.rawValue + (images == .photos ? "-photos" : "") }

        /// Why the phone rules this row out, or nil.
        public var ruledOutBecause: String? {
            var reasons: [String] = []
            if hitchTimeRatioMsPerS > MainThreadMeter.criticalRatio {
                reasons.append("hitch \(SweepRecommendation.fixed(hitchTimeRatioMsPerS, 1)) ms/s")
            }
            if memoryLimitExceeded > 0 { reasons.append("past the memory limit") }
            return reasons.isEmpty ? nil : reasons.joined(separator: ", ")
        }

        /// The row as a JSON line.
        public var json: JSONValue {
            .object([("layout", .string(layout.rawValue)), ("policy", .string(policy.rawValue)),
                     ("blankScreenSeconds", .number(blankScreenSeconds)), ("networkBytes", .int(networkBytes)),
                     ("loads", .int(loads)), ("recommended", .bool(isRecommended)), ("radioJoules", .number(radioJoules))]
                    + (images == .web ? [] : [("images", .string(images.rawValue))])
                    + [("hitchTimeRatioMsPerS", .number(hitchTimeRatioMsPerS)), ("peakResidentBytes", .int(peakResidentBytes)),
                       ("memoryLimitExceeded", .int(memoryLimitExceeded))])
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
                     policies: [LoadingPolicyKind] = LoadingPolicyKind.allCases, images: FeedImageSizes = .web) -> [Row] {
        var condition = self.condition
        condition.layout = layout
        let bench = GridBench(configuration: condition.gridConfiguration(feed: feed), replay: condition.replayClock)
        var rows: [Row] = policies.map { Row(layout: layout, policy: $0, blankScreenSeconds: 0, networkBytes: 0, loads: 0) }
        for i in rows.indices { rows[i].images = images }
        for events in gestures {
            for i in rows.indices {
                let metrics = bench.run(events, policy: rows[i].policy).metrics
                rows[i].blankScreenSeconds += metrics.blankAreaPt2s / Self.screenArea
                rows[i].networkBytes += metrics.networkBytes
                rows[i].loads += metrics.loadsIssued
                rows[i].hitchTimeRatioMsPerS += metrics.hitchTimeRatioMsPerS / Double(gestures.count)
                rows[i].peakResidentBytes = Swift.max(rows[i].peakResidentBytes, metrics.peakResidentBytes)
                rows[i].memoryLimitExceeded += metrics.memoryLimitExceeded
                rows[i].radioJoules += metrics.radioJoules
            }
        }
        if let pick = Self.recommendation(rows) { rows[pick].isRecommended = true }
        return rows
    }

    /// The index of the recommended row: least blank area within the byte allowance (ties: fewer
    /// bytes, then the order given) among the rows the phone does not rule out (all of them if it rules
    /// out every one); nil for no rows.
    public static func recommendation(_ rows: [Row]) -> Int? {
        let allowed = rows.indices.filter { rows[$0].ruledOutBecause == nil }
        let candidates = allowed.isEmpty ? Array(rows.indices) : allowed
        guard let fewest = candidates.map({ rows[$0].networkBytes }).min() else { return nil }
        let limit = Double(fewest) * byteAllowance
        return candidates.filter { Double(rows[$0].networkBytes) <= limit }.min { a, b in
            (rows[a].blankScreenSeconds, rows[a].networkBytes, a) < (rows[b].blankScreenSeconds, rows[b].networkBytes, b)
        }
    }
}
