import ScrollKit

/// The loading bench (issue 4): one gesture replayed headless through the grid under every policy,
/// plus the two bounds each policy reads against.
///
/// - `bound-min-loads`: the distinct images visible while the view is at rest — no policy that shows
///   every resting screen can load fewer.
/// - `bound-oracle`: the least blank time any schedule reaches on the run's frames, knowing them in
///   advance, on the rows' pipeline — the shared one every policy runs on (B-PIPE-1): its loads at once,
///   connections, HTTP version, the network's round trip and downlink — with no load before the run
///   starts (`BlankTimeOracle`: a relaxation with an unbounded cache, so a lower bound); its loads are
///   the relaxation's, one per image ever on screen. A `@shipped` variant among the rows runs on its
///   system's pipeline and gets an oracle row of its own, `bound-oracle@texture@shipped` (B-ORACLE-2):
///   no row ever has less blank time than the oracle of its pipeline.
/// The bounds depend only on the gesture and the pipeline (the scroll physics does not depend on the policy).
public struct GridBench: Sendable {
    /// Scene settings (latency, cache, …); the policy is set per run.
    public var configuration: GridSceneConfiguration
    /// The replay clock.
    public var replay: HeadlessReplay
    /// The runs' images from a real server instead of the model (nil: the model). The bounds stay the model's.
    public var external: ExternalImageSource?

    /// A bench with the given scene settings.
    public init(configuration: GridSceneConfiguration = .init(), replay: HeadlessReplay = .init()) {
        self.configuration = configuration
        self.replay = replay
    }

    /// Replays `events` under one policy on the shared pipeline; returns the finished scene. `afterFrame`
    /// sees each frame.
    public func run(_ events: [PointerEvent], policy: LoadingPolicyKind,
                    afterFrame: (GridScene, Double) -> Void = { _, _ in }) -> GridScene {
        run(events, variant: PolicyVariant(policy), afterFrame: afterFrame)
    }

    /// Replays `events` under one policy variant (a `@shipped` one on its system's pipeline).
    public func run(_ events: [PointerEvent], variant: PolicyVariant,
                    afterFrame: (GridScene, Double) -> Void = { _, _ in }) -> GridScene {
        var config = configuration
        config.policyVariant = variant
        let made = external?.made(for: config)
        let scene = GridScene(configuration: config, source: made?.source)
        // Streamed rather than `replay.run`: the callbacks are not kept (a sweep would only drop them).
        withoutActuallyEscaping(afterFrame) { afterFrame in
            let stream = HeadlessReplayStream(replay, scene: scene, afterFrame: { afterFrame(scene, $0) })
            for event in events { stream.push(event) }
            _ = stream.finish()
        }
        if let made {
            made.finish()
            scene.noteTrafficNow()
        }
        return scene
    }

    /// The oracle for `events` on the pipeline of `variant` (default: the shared one every policy runs
    /// on): the frames of one replay (any policy: the motion is the same) and the screen at the start.
    public func oracle(_ events: [PointerEvent], variant: PolicyVariant = PolicyVariant(.eager)) -> BlankTimeOracle {
        oracle(screens: oracleScreens(events), variant: variant)
    }

    /// The oracle at `maxConcurrent` loads at once (default: the shared pipeline's) and, under HTTP/1.1,
    /// `connections` per host (default: the shared pipeline's).
    public func oracle(_ events: [PointerEvent], maxConcurrent: Int?, connections: Int? = nil) -> BlankTimeOracle {
        oracle(screens: oracleScreens(events), maxConcurrent: maxConcurrent, connections: connections)
    }

    /// The oracle on `screens` (from `oracleScreens(_:)`, shared by every pipeline of one gesture) for
    /// `variant`'s pipeline.
    public func oracle(screens: OracleScreens, variant: PolicyVariant = PolicyVariant(.eager)) -> BlankTimeOracle {
        oracle(screens: screens, maxConcurrent: configuration.loadsAtOnce(variant), connections: configuration.hostConnections(variant))
    }

    func oracle(screens: OracleScreens, maxConcurrent: Int?, connections: Int?) -> BlankTimeOracle {
        // A disk cache that starts with images (`--disk-cache DIR`) can serve a load with no network at
        // all: the bound then allows every load the decode alone, so it stays below every row.
        let warmDisk = configuration.network != nil && configuration.diskCacheByteLimit != nil && !configuration.diskCacheEntries.isEmpty
        return BlankTimeOracle(frames: screens.frames, startTime: screens.startTime, assetCount: configuration.assetCount,
                               loadDuration: warmDisk ? configuration.decodeCost : fastestLoad,
                               maxConcurrent: maxConcurrent ?? configuration.loadsAtOnce(),
                               cacheCapacity: configuration.cacheByteLimit / Swift.max(1, configuration.bytesPerImage),
                               link: warmDisk ? nil : link(connections: connections ?? configuration.connections))
    }

    /// The screens of a gesture the oracle reads: the start, then every frame of the replay's clock.
    public struct OracleScreens: Sendable {
        public var startTime: Double
        public var frames: [BlankTimeOracle.Frame]
    }

    /// The screens of one replay of `events` (any policy: the motion is the same), on *every* frame of the
    /// replay's clock. A replay skips the frames of a settled scene (no motion, every tile shown), and
    /// which frames it skips depends on the policy; a row's blank time is charged frame by frame, so the
    /// oracle's frames must be at least as fine as any row's — each skipped frame is put back showing the
    /// screen of the frame before it (the view was at rest), on the replay's own `ModelClock`. Only up to `fillSpan` after the first frame:
    /// by then the oracle has every image in (no key's earliest finish is later), so finer frames change nothing.
    public func oracleScreens(_ events: [PointerEvent]) -> OracleScreens {
        var collector = ScreenCollector(self)
        // The screens follow the motion alone: replayed on the model, never over a real source (a run
        // against a server would cost it real time and bytes no row reports).
        var modelled = self
        modelled.external = nil
        let scene = modelled.run(events, policy: .eager) { collector.frame($0, time: $1) }
        return collector.screens(of: scene)
    }

    /// Collects the oracle's screens from the frames of an Eager replay on the shared pipeline, as it runs
    /// (`oracleScreens(_:)`; the bench's own Eager row is that replay).
    struct ScreenCollector {
        let clock: ModelClock
        let span: Double
        var frames: [BlankTimeOracle.Frame] = []
        /// The last frame's visible items and their images: a frame that shows the same items shares them.
        private var lastItems: [Int] = []
        private var lastAssets: [Int] = []

        init(_ bench: GridBench) {
            clock = ModelClock(rate: bench.replay.frameRate)
            span = bench.fillSpan
        }

        mutating func frame(_ scene: GridScene, time: Double) {
            if let last = frames.last, let first = frames.first {
                for skipped in clock.times(after: last.time, before: Swift.min(time, first.time + span)) {
                    frames.append(.init(time: skipped, visibleItems: last.visibleItems))
                }
            }
            // Frames carry each visible item's image (the oracle's item i shows image i % assetCount).
            let items = scene.visibleItems
            if items != lastItems {
                lastItems = items
                lastAssets = items.map { scene.itemImages.key(of: $0).asset }
            }
            frames.append(.init(time: time, visibleItems: lastAssets))
        }

        func screens(of scene: GridScene) -> OracleScreens {
            var frames = frames
            let start: (time: Double, visibleItems: [Int]) = scene.startScreen.map { ($0.time, $0.visibleItems.map { scene.itemImages.key(of: $0).asset }) }
                ?? (frames.first?.time ?? 0, frames.first?.visibleItems ?? [])
            if frames.first?.time != start.time { frames.insert(.init(time: start.time, visibleItems: start.visibleItems), at: 0) }
            return OracleScreens(startTime: start.time, frames: frames)
        }
    }

    /// The network's limits for the oracle (nil without a network): HTTP/1.1's `connections`, the first
    /// byte's least delay, the downlink, the decode, the images' sizes and a connection's handshake.
    func link(connections: Int) -> BlankTimeOracle.Link? {
        let c = configuration
        guard let profile = c.network else { return nil }
        return BlankTimeOracle.Link(connections: c.httpVersion == .http1_1 ? connections : nil,
                                    firstByteDelay: Double(NetworkImageSource.requestBytes) / profile.uplinkBytesPerSecond + profile.roundTrip,
                                    bytesPerSecond: profile.downlinkBytesPerSecond, decode: c.decodeCost,
                                    bytes: Array(c.assetByteSizes.prefix(c.assetCount)), defaultBytes: GridSceneConfiguration.defaultTransferBytes,
                                    handshake: profile.roundTrip * Double(NetworkImageSource.handshakeRoundTrips(tls: c.tls)))
    }

    /// A time after the start by which the oracle's last earliest finish has passed (BlankTimeOracle's Fₙ
    /// for every image at one slot: each load's fastest, then a handshake and every byte over the downlink),
    /// plus a second.
    var fillSpan: Double {
        let c = configuration
        var span = Double(c.assetCount) * fastestLoad + 1
        if let link = link(connections: 1) {
            let all = (0..<c.assetCount).reduce(0.0) { $0 + Double($1 < link.bytes.count ? link.bytes[$1] : link.defaultBytes) }
            span += link.handshake + link.firstByteDelay + all / link.bytesPerSecond + link.decode
        }
        return span
    }

    /// The shortest a load can take: the constant latency and the decode, or under a network the request
    /// up, a round trip on an open connection and the smallest image at the whole downlink, then the
    /// decode. Every real load takes at least this long, so the oracle stays a lower bound.
    public var fastestLoad: Double {
        let c = configuration
        guard let profile = c.network else { return c.latency + c.decodeCost }
        let sizes = Array(c.assetByteSizes.prefix(c.assetCount))
        let smallest = (sizes.count < c.assetCount ? sizes + [GridSceneConfiguration.defaultTransferBytes] : sizes).min()
            ?? GridSceneConfiguration.defaultTransferBytes
        return Double(NetworkImageSource.requestBytes) / profile.uplinkBytesPerSecond + profile.roundTrip
            + Double(smallest) / profile.downlinkBytesPerSecond + c.decodeCost
    }

    /// One row per policy (default: every policy on the shared pipeline, in `LoadingPolicyKind.allCases`
    /// order), then the two bounds: `bound-oracle` for the shared pipeline, and one
    /// `bound-oracle@<variant>` per `@shipped` variant among `policies`, for its pipeline.
    public func rows(_ events: [PointerEvent], policies: [PolicyVariant] = PolicyVariant.shared) -> [GridBenchRow] {
        var stored: Set<Int> = []
        return rows(events, policies: policies, diskAssets: &stored)
    }

    /// The rows; `diskAssets` gains the assets each run's disk cache holds at its end.
    public func rows(_ events: [PointerEvent], policies: [PolicyVariant] = PolicyVariant.shared, diskAssets: inout Set<Int>) -> [GridBenchRow] {
        rowsAndOracles(events, policies: policies, diskAssets: &diskAssets).rows
    }

    /// The pipeline whose oracle bounds `variant`'s row: its own for a `@shipped` variant, else the shared
    /// one (named by Eager).
    public static func pipeline(of variant: PolicyVariant) -> PolicyVariant {
        variant.isShipped ? variant : PolicyVariant(.eager)
    }

    /// The rows, and the oracle of each pipeline among them by `pipeline(of:)` (what `oracle(_:variant:)`
    /// gives for it, from the same replay).
    public func rowsAndOracles(_ events: [PointerEvent], policies: [PolicyVariant] = PolicyVariant.shared,
                               diskAssets: inout Set<Int>) -> (rows: [GridBenchRow], oracles: [PolicyVariant: BlankTimeOracle]) {
        var oracles: [PolicyVariant: BlankTimeOracle] = [:]
        var rows: [GridBenchRow] = []
        var minLoads = 0
        // The oracle's screens come from the Eager row's replay when there is one (the same replay): in
        // lockstep with the others, or, where the lockstep cannot be, alone before them (`runAll`).
        var collector = ScreenCollector(self)
        var eagerScreens: OracleScreens?
        let eager = policies.firstIndex(of: PolicyVariant(.eager))
        var scenes = [GridScene?](repeating: nil, count: policies.count)
        if let eager, let together = lockstep(policies)?.run(events, observing: eager, afterFrame: { collector.frame($0, time: $1) }) {
            eagerScreens = collector.screens(of: together[eager])
            // Element by element: assigning the array whole is a run-time cast of `[GridScene]` to `[GridScene?]`.
            for (i, scene) in together.enumerated() { scenes[i] = scene }
        } else {
            collector = ScreenCollector(self)
            let others = policies.indices.filter { $0 != eager }
            if let eager {
                let scene = run(events, variant: policies[eager]) { collector.frame($0, time: $1) }
                eagerScreens = collector.screens(of: scene)
                scenes[eager] = scene
            }
            for (i, scene) in zip(others, runAll(events, variants: others.map { policies[$0] })) { scenes[i] = scene }
        }
        for (variant, scene) in zip(policies, scenes) {
            guard let scene else { continue }
            diskAssets.formUnion(scene.diskCacheAssets ?? [])
            rows.append(GridBenchRow(policy: variant.name, metrics: scene.metrics, isSettled: scene.isSettled))
            minLoads = scene.boundMinLoads
        }
        var min = LoadMetrics()
        min.loadsIssued = minLoads
        min.loadsCompleted = minLoads
        rows.append(GridBenchRow(policy: "bound-min-loads", metrics: min, hasTiming: false, hasMemory: false))
        var pipelines: [PolicyVariant] = []
        if policies.contains(where: { !$0.isShipped }) || policies.isEmpty { pipelines.append(PolicyVariant(.eager)) }
        pipelines += policies.filter(\.isShipped)
        let screens = eagerScreens ?? oracleScreens(events)
        for variant in pipelines {
            let bound = oracle(screens: screens, variant: variant)
            oracles[variant] = bound
            var oracle = LoadMetrics()
            oracle.loadsIssued = bound.loads
            oracle.loadsCompleted = bound.loads
            oracle.blankTileSeconds = bound.blankTileSeconds
            rows.append(GridBenchRow(policy: Self.oracleName(variant), metrics: oracle, hasTiming: true, hasSettle: false, hasMemory: false))
        }
        return (rows, oracles)
    }

    /// The oracle row's name for `variant`'s pipeline: `bound-oracle` for the shared one,
    /// `bound-oracle@texture@shipped` for a shipped variant's.
    public static func oracleName(_ variant: PolicyVariant) -> String {
        variant.isShipped ? "bound-oracle@" + variant.name : "bound-oracle"
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
    /// False when the run never settled (a tile on screen never got its image) and stopped at the replay's
    /// time cap (`HeadlessReplay.timeLimit`): its blank and settle times count to the cap.
    public var isSettled: Bool

    /// Makes a row.
    public init(policy: String, metrics: LoadMetrics, hasTiming: Bool = true, hasSettle: Bool? = nil, hasMemory: Bool = true,
                isSettled: Bool = true) {
        self.policy = policy
        self.metrics = metrics
        self.hasTiming = hasTiming
        self.hasSettle = hasSettle ?? hasTiming
        self.hasMemory = hasMemory
        self.isSettled = isSettled
    }

    /// The `bench --json` line: gesture, policy, then the B-POL-2 keys (`settleLatencyMax`, the table's
    /// `settle max`, after `settleLatency`).
    public func json(gesture: String) -> JSONValue {
        guard case let .object(pairs) = metrics.json else { return .null }
        var out: [(String, JSONValue)] = [("gesture", .string(gesture)), ("policy", .string(policy))]
        for (key, value) in pairs {
            switch key {
            case "blankTileSeconds": out.append((key, hasTiming ? value : .null))
            case "settleLatency":
                // The table's `settle max` beside its mean.
                out.append((key, hasSettle ? value : .null))
                out.append(("settleLatencyMax", hasSettle ? .number(metrics.settleLatencyMax) : .null))
            case "peakDecodedBytes": out.append((key, hasMemory ? value : .null))
            case _ where LoadMetrics.popInKeys.contains(key) || LoadMetrics.trafficKeys.contains(key)
                || LoadMetrics.costKeys.contains(key):
                out.append((key, isBound ? .null : value))
            default: out.append((key, value))
            }
        }
        if !isSettled { out.append(("settled", .bool(false))) }
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
                guard let row = rows.first(where: { $0.policy == template.policy }) else { continue }
                let m = row.metrics
                total.isSettled = total.isSettled && row.isSettled
                total.metrics.loadsIssued += m.loadsIssued
                total.metrics.loadsCompleted += m.loadsCompleted
                total.metrics.loadsCancelled += m.loadsCancelled
                total.metrics.loadsWasted += m.loadsWasted
                total.metrics.blankTileSeconds += m.blankTileSeconds
                total.metrics.emptyTileSeconds += m.emptyTileSeconds
                total.metrics.placeholderTileSeconds += m.placeholderTileSeconds
                total.metrics.previewBytes += m.previewBytes
                total.metrics.networkBytes += m.networkBytes
                total.metrics.requests += m.requests
                total.metrics.memoryHits += m.memoryHits
                total.metrics.diskHits += m.diskHits
                total.metrics.failedLoads += m.failedLoads
                total.metrics.wastedBytes += m.wastedBytes
                total.metrics.radioJoules += m.radioJoules
                total.metrics.radioActiveSeconds += m.radioActiveSeconds
                total.metrics.peakDecodedBytes = Swift.max(total.metrics.peakDecodedBytes, m.peakDecodedBytes)
                total.metrics = total.metrics.addingCosts(of: m)
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
