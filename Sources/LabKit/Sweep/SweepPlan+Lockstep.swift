import ScrollKit

extension SweepPlan {
    /// Runs `configurations` on one gesture: the lines `run` gives each, in the same order (`stored` is
    /// called for each in that order too).
    ///
    /// The configurations whose scroll view moves alike (the same refresh rate, physics and content; a
    /// sweep's policies, caches and networks) replay together on one scroll view (`GridSceneLockstep`):
    /// the motion, its callbacks' work in the scroll view and its velocity are paid once instead of once
    /// a configuration. The rest, a group the lockstep cannot keep equal to the runs alone, and every run
    /// on a real server replay one by one. With `oracle`, the lines that share an oracle (a condition's
    /// policies) share its work too (`Oracles`).
    public static func runs(_ configurations: [Configuration], gesture: String, events: [PointerEvent],
                            assetByteSizes: [Int], assetCount: Int? = nil, oracle: Bool, feed: Feed? = nil, disk: Bool = true,
                            diskEntries: [Int] = [], diskCorrupt: [Int] = [], external: ExternalImageSource? = nil,
                            stored: ([Int]) -> Void = { _ in }) -> [JSONValue] {
        let benches = configurations.map {
            bench($0, assetByteSizes: assetByteSizes, assetCount: assetCount, feed: feed, disk: disk,
                  diskEntries: diskEntries, diskCorrupt: diskCorrupt, external: external)
        }
        var scenes = [GridScene?](repeating: nil, count: configurations.count)
        if external == nil {
            for group in motionGroups(benches) where group.count > 1 {
                let settings = group.map { i in
                    var settings = benches[i].configuration
                    settings.policyVariant = configurations[i].variant
                    return settings
                }
                guard let lockstep = GridSceneLockstep(configurations: settings, replay: benches[group[0]].replay),
                      let done = lockstep.run(events) else { continue }
                for (i, scene) in zip(group, done) { scenes[i] = scene }
            }
        }
        var oracles = Oracles(events: events)
        return configurations.indices.map { i in
            let scene = scenes[i] ?? benches[i].run(events, variant: configurations[i].variant)
            stored(scene.diskCacheAssets ?? [])
            let bound = oracle ? oracles.oracle(benches[i], variant: configurations[i].variant) : nil
            return line(configurations[i], gesture: gesture, scene: scene, bench: benches[i], oracle: bound)
        }
    }

    /// The benches' indices grouped by what the scroll view's motion depends on: the replay's clock, the
    /// physics and the content's geometry; each group in order.
    private static func motionGroups(_ benches: [GridBench]) -> [[Int]] {
        struct Motion: Hashable {
            var frameRate: Double
            var timeLimit: Double
            var physics: ScrollPhysicsKind
            var contentSize: Size
            var kind: FeedLayoutKind
        }
        var groups: [Motion: [Int]] = [:]
        var order: [Motion] = []
        for (i, bench) in benches.enumerated() {
            let geometry = bench.configuration.feedGeometry
            let motion = Motion(frameRate: bench.replay.frameRate, timeLimit: bench.replay.timeLimit,
                                physics: bench.configuration.physics, contentSize: geometry.contentSize, kind: geometry.kind)
            if groups[motion] == nil { order.append(motion) }
            groups[motion, default: []].append(i)
        }
        return order.map { groups[$0]! }
    }
}

