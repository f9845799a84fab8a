import ScrollKit

/// The loading bench (issue 4): one gesture replayed headless through the grid under every policy,
/// plus the two bounds each policy reads against.
///
/// - `bound-min-loads`: the distinct images visible while the view is at rest — no policy that shows
///   every resting screen can load fewer.
/// - `bound-clairvoyant`: every image ever visible loaded once, just in time, by a loader that knows
///   the frames in advance, with the lab's load time and concurrency (`ClairvoyantSchedule`); its blank
///   time is measured from that schedule on the run's own frames. Policies that run more loads at once
///   than the lab (texture, flutter) are not bound by it.
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

    /// The clairvoyant schedule for `events`: the frames of one replay (any policy: the motion is the
    /// same) with the items on screen in each.
    public func clairvoyant(_ events: [PointerEvent]) -> ClairvoyantSchedule {
        var frames: [ClairvoyantSchedule.Frame] = []
        _ = run(events, policy: .eager) { scene, time in
            frames.append(.init(time: time, visibleItems: scene.visibleItems))
        }
        let start = events.map(\.time).filter(\.isFinite).min() ?? frames.first?.time ?? 0
        return ClairvoyantSchedule(frames: frames, startTime: start,
                                   loadDuration: configuration.latency + configuration.decodeCost,
                                   maxConcurrent: configuration.maxConcurrentLoads)
    }

    /// One row per policy (in `LoadingPolicyKind.allCases` order), then the two bounds.
    public func rows(_ events: [PointerEvent]) -> [GridBenchRow] {
        var rows: [GridBenchRow] = []
        var minLoads = 0
        for kind in LoadingPolicyKind.allCases {
            let scene = run(events, policy: kind)
            rows.append(GridBenchRow(policy: kind.rawValue, metrics: scene.metrics))
            minLoads = scene.boundMinLoads
        }
        var min = LoadMetrics()
        min.loadsIssued = minLoads
        min.loadsCompleted = minLoads
        rows.append(GridBenchRow(policy: "bound-min-loads", metrics: min, hasTiming: false, hasMemory: false))
        let schedule = clairvoyant(events)
        var clairvoyant = LoadMetrics()
        clairvoyant.loadsIssued = schedule.loads
        clairvoyant.loadsCompleted = schedule.loads
        clairvoyant.blankTileSeconds = schedule.blankTileSeconds
        rows.append(GridBenchRow(policy: "bound-clairvoyant", metrics: clairvoyant, hasTiming: true, hasSettle: false, hasMemory: false))
        return rows
    }
}
