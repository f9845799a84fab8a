import ScrollKit

/// The loading bench (issue 4): one gesture replayed headless through the grid under every policy,
/// plus the two bounds each policy reads against.
///
/// - `bound-min-loads`: the distinct images visible while the view is at rest — no policy that shows
///   every resting screen can load fewer.
/// - `bound-oracle`: the least blank time any schedule reaches on the run's frames, knowing them in
///   advance, with the lab's load time, 4 loads at once and no load before the run starts
///   (`BlankTimeOracle`: the exact optimum of a relaxation with an unbounded cache, so a lower bound);
///   its loads are the relaxation's, one per image ever on screen. Policies that run more loads at
///   once than the lab (texture, flutter) are bound by the oracle at their own concurrency
///   (`oracle(_:maxConcurrent:)`), which this row does not show.
/// The bounds depend only on the gesture (the scroll physics does not depend on the policy).
public struct GridBench: Sendable {
    /// Scene settings (latency, cache, …); the policy is set per run.
    public var configuration: GridSceneConfiguration
    /// The replay clock.
    public var replay: HeadlessReplay

    /// A bench with the given scene settings.
    public init(configuration: GridSceneConfiguration = .init(), replay: HeadlessReplay = .init()) {
        self.configuration = configuration
        self.replay = replay
    }

    /// Replays `events` under one policy; returns the finished scene. `afterFrame` sees each frame.
    public func run(_ events: [PointerEvent], policy: LoadingPolicyKind,
                    afterFrame: (GridScene, Double) -> Void = { _, _ in }) -> GridScene {
        var config = configuration
        config.policy = policy
        let scene = GridScene(configuration: config)
        _ = replay.run(events, on: scene) { afterFrame(scene, $0) }
        return scene
    }

    /// The oracle for `events` at `maxConcurrent` loads at once (default: the lab's): the frames of one
    /// replay (any policy: the motion is the same) and the screen at the start.
    public func oracle(_ events: [PointerEvent], maxConcurrent: Int? = nil) -> BlankTimeOracle {
        var frames: [BlankTimeOracle.Frame] = []
        let scene = run(events, policy: .eager) { scene, time in
            frames.append(.init(time: time, visibleItems: scene.visibleItems))
        }
        let start = scene.startScreen ?? (frames.first?.time ?? 0, frames.first?.visibleItems ?? [])
        if frames.first?.time != start.time { frames.insert(.init(time: start.time, visibleItems: start.visibleItems), at: 0) }
        return BlankTimeOracle(frames: frames, startTime: start.time, assetCount: configuration.assetCount,
                               loadDuration: fastestLoad,
                               maxConcurrent: maxConcurrent ?? configuration.maxConcurrentLoads,
                               cacheCapacity: configuration.cacheByteLimit / Swift.max(1, configuration.bytesPerImage))
    }

    /// The shortest a load can take: the constant latency and the decode, or under a network a round
    /// trip on an open connection and the smallest image at the whole downlink, then the decode. Every
    /// real load takes at least this long, so the oracle stays a lower bound.
    public var fastestLoad: Double {
        let c = configuration
        guard let profile = c.network else { return c.latency + c.decodeCost }
        let smallest = c.assetByteSizes.prefix(c.assetCount).min() ?? GridSceneConfiguration.defaultTransferBytes
        return profile.roundTrip + Double(smallest) / profile.downlinkBytesPerSecond + c.decodeCost
    }

    /// One row per policy (in `LoadingPolicyKind.allCases` order), then the two bounds.
    public func rows(_ events: [PointerEvent]) -> [GridBenchRow] {
        var stored: Set<Int> = []
        return rows(events, diskAssets: &stored)
    }

    /// The rows; `diskAssets` gains the assets each run's disk cache holds at its end.
    public func rows(_ events: [PointerEvent], diskAssets: inout Set<Int>) -> [GridBenchRow] {
        var rows: [GridBenchRow] = []
        var minLoads = 0
        for kind in LoadingPolicyKind.allCases {
            let scene = run(events, policy: kind)
            diskAssets.formUnion(scene.diskCacheAssets ?? [])
            rows.append(GridBenchRow(policy: kind.rawValue, metrics: scene.metrics))
            minLoads = scene.boundMinLoads
        }
        var min = LoadMetrics()
        min.loadsIssued = minLoads
        min.loadsCompleted = minLoads
        rows.append(GridBenchRow(policy: "bound-min-loads", metrics: min, hasTiming: false, hasMemory: false))
        let bound = oracle(events)
        var oracle = LoadMetrics()
        oracle.loadsIssued = bound.loads
        oracle.loadsCompleted = bound.loads
        oracle.blankTileSeconds = bound.blankTileSeconds
        rows.append(GridBenchRow(policy: "bound-oracle", metrics: oracle, hasTiming: true, hasSettle: false, hasMemory: false))
        return rows
    }
}

/// One row of the loading bench: a policy's metrics on one gesture, or one of the two bounds.
///
/// Bound rows leave the metrics that have no meaning for them as nil (JSON null, "-" in the table).
public struct GridBenchRow: Hashable, Sendable {
    /// Policy name (`eager` … `glide`) or `bound-min-loads` / `bound-oracle`.
    public var policy: String
    /// The measurements.
    public var metrics: LoadMetrics
    /// Blank tile-seconds are meaningful.
    public var hasTiming: Bool
    /// Settle latency is meaningful (not for the oracle, whose schedule has no settle).
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
            case _ where LoadMetrics.popInKeys.contains(key) || LoadMetrics.trafficKeys.contains(key):
                out.append((key, isBound ? .null : value))
            default: out.append((key, value))
            }
        }
        return .object(out)
    }
}

extension GridBenchRow {
    /// Row by row sums over several gestures' rows (the same policies in the same order): loads, blank
    /// time, settle totals, traffic; the peak is the largest. Rows missing from a gesture are skipped.
    public static func totals(_ runs: [[GridBenchRow]]) -> [GridBenchRow] {
        guard let first = runs.first else { return [] }
        return first.map { template in
            var total = template
            total.metrics = LoadMetrics()
            for rows in runs {
                guard let m = rows.first(where: { $0.policy == template.policy })?.metrics else { continue }
                total.metrics.loadsIssued += m.loadsIssued
                total.metrics.loadsCompleted += m.loadsCompleted
                total.metrics.loadsCancelled += m.loadsCancelled
                total.metrics.loadsWasted += m.loadsWasted
                total.metrics.blankTileSeconds += m.blankTileSeconds
                total.metrics.networkBytes += m.networkBytes
                total.metrics.requests += m.requests
                total.metrics.memoryHits += m.memoryHits
                total.metrics.diskHits += m.diskHits
                total.metrics.failedLoads += m.failedLoads
                total.metrics.peakDecodedBytes = Swift.max(total.metrics.peakDecodedBytes, m.peakDecodedBytes)
            }
            return total
        }
    }
}

/// Dominance between bench rows: the frontier `bench --plot` marks.
extension GridBenchRow {
    /// One of the two bounds, not a policy.
    public var isBound: Bool { policy.hasPrefix("bound-") }

    /// True when `other` issues no more loads and shows no more blank time than this row, and is
    /// strictly better on one of the two (within `tolerance` tile-seconds).
    public func isDominated(by other: GridBenchRow, tolerance: Double = 1e-9) -> Bool {
        let a = metrics, b = other.metrics
        let noWorse = b.loadsIssued <= a.loadsIssued && b.blankTileSeconds <= a.blankTileSeconds + tolerance
        let better = b.loadsIssued < a.loadsIssued || b.blankTileSeconds < a.blankTileSeconds - tolerance
        return noWorse && better
    }

    /// The policy rows no other policy row dominates, by loads issued (the bounds are not policies).
    public static func frontier(_ rows: [GridBenchRow]) -> [GridBenchRow] {
        let policies = rows.filter { !$0.isBound }
        return policies.filter { row in !policies.contains { row.isDominated(by: $0) } }
            .sorted { ($0.metrics.loadsIssued, $0.metrics.blankTileSeconds) < ($1.metrics.loadsIssued, $1.metrics.blankTileSeconds) }
    }
}
