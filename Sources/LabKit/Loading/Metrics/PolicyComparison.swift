/// The loading policies tried in one run of the window, compared live (B-POL-2): the metrics of each
/// policy since the last reset, every stretch of time under one policy (a *segment*) counted only for
/// that policy.
///
/// A policy used twice (1, 2, 1) under one condition has its two segments added up, so the table's row
/// for it covers all the time it was active. Conditions never mix (B-COND-1): a row is one policy under
/// one `LoadCondition`, and the same policy under another network, latency, physics, refresh rate or
/// pipeline is another row. The current segment is not stored until it ends: `rows(current:live:)`
/// adds it to the finished ones.
public struct PolicyComparison: Sendable {
    /// One policy's metrics, summed over its segments.
    public struct Row: Equatable, Sendable {
        /// The policy as the HUD names it (`deferred`, `deferred · problem 1`).
        public var policy: String
        /// Its metrics over all its segments.
        public var metrics: LoadMetrics
        /// How many segments were added.
        public var segments: Int
        /// The condition its segments ran under (nil: not stated).
        public var condition: LoadCondition?

        /// Makes a row.
        public init(policy: String, metrics: LoadMetrics, segments: Int, condition: LoadCondition? = nil) {
            self.policy = policy
            self.metrics = metrics
            self.segments = segments
            self.condition = condition
        }
    }

    /// Finished segments summed per policy, in the order the policies were first used.
    public private(set) var finished: [Row] = []

    /// An empty comparison.
    public init() {}

    /// A segment of `policy` under `condition` ended with `metrics`: added to that policy's row under that
    /// condition, never to a row of another condition.
    public mutating func add(policy: String, metrics: LoadMetrics, condition: LoadCondition? = nil) {
        if let index = finished.firstIndex(where: { $0.policy == policy && $0.condition == condition }) {
            finished[index].metrics = finished[index].metrics.adding(metrics)
            finished[index].segments += 1
        } else {
            finished.append(Row(policy: policy, metrics: metrics, segments: 1, condition: condition))
        }
    }

    /// The table: every finished policy and the current one, whose live segment `live` (under
    /// `condition`) is added to its row (or appended as a new row when it was not used before).
    public func rows(current policy: String, live: LoadMetrics, condition: LoadCondition? = nil) -> [Row] {
        var withLive = self
        withLive.add(policy: policy, metrics: live, condition: condition)
        return withLive.finished
    }

    /// The conditions of the finished rows, in the order first met.
    public var conditions: [LoadCondition?] {
        var out: [LoadCondition?] = []
        for row in finished where !out.contains(row.condition) { out.append(row.condition) }
        return out
    }

    /// The table under one condition (the rows of `condition` only, when given) with a fixed row for every
    /// policy, in `LoadingPolicyKind.allCases` order, tried or not (an untried one has `segments` 0), each
    /// followed by its `@shipped` variant and seed-problem variants that were tried: a table that never
    /// reorders or drops a policy, and never mixes conditions.
    public static func fixedRows(_ tried: [Row], condition: LoadCondition? = nil) -> [Row] {
        let tried = condition == nil ? tried : tried.filter { $0.condition == condition }
        var out: [Row] = []
        for kind in LoadingPolicyKind.allCases {
            out.append(tried.first { $0.policy == kind.rawValue }
                       ?? Row(policy: kind.rawValue, metrics: LoadMetrics(), segments: 0, condition: condition))
            out += tried.filter { $0.policy.hasPrefix(kind.rawValue + PolicyVariant.shippedSuffix) }.sorted { $0.policy < $1.policy }
            out += tried.filter { $0.policy.hasPrefix(kind.rawValue + " · problem ") }.sorted { $0.policy < $1.policy }
        }
        return out
    }

    /// Forgets every segment (R).
    public mutating func removeAll() {
        finished.removeAll()
    }
}

extension LoadMetrics {
    /// The metrics of two runs one after the other: counts, blank time, blank area and traffic add up, the
    /// settle latency and the ready-on-appear share are over both runs' events, maxima, the peaks, the
    /// memory limit and the hitch figures take the larger value, the time to the first image is the first run's.
    public func adding(_ other: LoadMetrics) -> LoadMetrics {
        var sum = self
        sum.loadsIssued += other.loadsIssued
        sum.loadsCompleted += other.loadsCompleted
        sum.loadsCancelled += other.loadsCancelled
        sum.loadsWasted += other.loadsWasted
        sum.blankTileSeconds += other.blankTileSeconds
        let count = settleCount + other.settleCount
        sum.settleLatency = count == 0 ? 0
            : (settleLatency * Double(settleCount) + other.settleLatency * Double(other.settleCount)) / Double(count)
        sum.settleCount = count
        sum.settleLatencyMax = Swift.max(settleLatencyMax, other.settleLatencyMax)
        sum.cacheHitFades += other.cacheHitFades
        sum.staleFrames += other.staleFrames
        sum.peakDecodedBytes = Swift.max(peakDecodedBytes, other.peakDecodedBytes)
        sum.appearances += other.appearances
        sum.readyOnAppear += other.readyOnAppear
        sum.readyOnAppearShare = sum.appearances == 0 ? 1 : Double(sum.readyOnAppear) / Double(sum.appearances)
        sum.blankAreaPt2s += other.blankAreaPt2s
        sum.maxBlankAreaPt2 = Swift.max(maxBlankAreaPt2, other.maxBlankAreaPt2)
        sum.wrongImages += other.wrongImages
        sum.flickers += other.flickers
        sum.networkBytes += other.networkBytes
        sum.requests += other.requests
        sum.memoryHits += other.memoryHits
        sum.diskHits += other.diskHits
        sum.failedLoads += other.failedLoads
        sum.failuresByReason.merge(other.failuresByReason, uniquingKeysWith: +)
        sum.timeToFirstImage = timeToFirstImage ?? other.timeToFirstImage
        sum.diskCorrupt += other.diskCorrupt
        sum.wastedBytes += other.wastedBytes
        sum.radioJoules += other.radioJoules
        sum.radioActiveSeconds += other.radioActiveSeconds
        // The hitch figures are per run's frames: the worse run's stands for both.
        sum = sum.addingCosts(of: other)
        // Only the later run can still change (a live segment).
        sum.loadsWastedPending = other.loadsWastedPending
        return sum
    }
}

extension LoadMetrics {
    /// These metrics with `other`'s phone figures (B-COST-1) added as `adding(_:)` adds them.
    func addingCosts(of other: LoadMetrics) -> LoadMetrics {
        var sum = self
        sum.peakResidentBytes = Swift.max(peakResidentBytes, other.peakResidentBytes)
        sum.redownloadedBytes += other.redownloadedBytes
        sum.memoryLimitExceeded = Swift.max(memoryLimitExceeded, other.memoryLimitExceeded)
        sum.hitchTimeRatioMsPerS = Swift.max(hitchTimeRatioMsPerS, other.hitchTimeRatioMsPerS)
        sum.frameOverrunMsP99 = [frameOverrunMsP99, other.frameOverrunMsP99].compactMap { $0 }.max()
        sum.mainThreadMs += other.mainThreadMs
        return sum
    }
}
