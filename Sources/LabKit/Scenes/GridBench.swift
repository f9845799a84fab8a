/// The loading bench (issue 4): one gesture replayed headless through the grid under every policy,
/// plus the two bounds each policy reads against.
///
/// - `bound-min-loads`: the distinct images visible while the view is at rest — no policy that shows
///   every resting screen can load fewer.
/// - `bound-clairvoyant`: every image ever visible loaded just in time — zero blank time, zero settle
///   latency; its loads are the distinct items ever visible.
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

    /// Replays `events` under one policy; returns the finished scene.
    public func run(_ events: [PointerEvent], policy: LoadingPolicyKind) -> GridScene {
        var config = configuration
        config.policy = policy
        let scene = GridScene(configuration: config)
        _ = replay.run(events, on: scene)
        return scene
    }

    /// One row per policy (in `LoadingPolicyKind.allCases` order), then the two bounds.
    public func rows(_ events: [PointerEvent]) -> [GridBenchRow] {
        var rows: [GridBenchRow] = []
        var minLoads = 0, everVisible = 0
        for kind in LoadingPolicyKind.allCases {
            let scene = run(events, policy: kind)
            rows.append(GridBenchRow(policy: kind.rawValue, metrics: scene.metrics))
            minLoads = scene.boundMinLoads
            everVisible = scene.boundClairvoyantLoads
        }
        var min = LoadMetrics()
        min.loadsIssued = minLoads
        min.loadsCompleted = minLoads
        rows.append(GridBenchRow(policy: "bound-min-loads", metrics: min, hasTiming: false, hasMemory: false))
        var clairvoyant = LoadMetrics()
        clairvoyant.loadsIssued = everVisible
        clairvoyant.loadsCompleted = everVisible
        rows.append(GridBenchRow(policy: "bound-clairvoyant", metrics: clairvoyant, hasTiming: true, hasMemory: false))
        return rows
    }
}
