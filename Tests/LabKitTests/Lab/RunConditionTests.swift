import Testing
import ScrollKit
@testable import LabKit

/// One condition, one gesture: the sweep's line, the bench's row and the replay's end carry the same
/// metrics (B-SWEEP-1), because all three reach the grid through `RunCondition.apply(to:)`.
@Suite struct RunConditionTests {
    static let sizes = (0..<72).map { 12_000 + 700 * $0 }
    static let feed = FeedGenerator(layout: .masonry, seed: 5).feed(count: 120)

    static let conditions: [(RunCondition, Feed?)] = {
        var lowCache = RunCondition(policy: .prefetch, source: .latency(0), cacheImages: 6)
        lowCache.physics = .android
        let fast = RunCondition(policy: .adaptive, source: .latency(250), refresh: 120, connections: 4)
        let h2 = RunCondition(policy: .glide, source: .network(.threeG), cacheImages: 24, connections: 4, http: .http2)
        var noDisk = RunCondition(variant: PolicyVariant(.texture, shipped: true), source: .network(.lte), refresh: 90)
        noDisk.diskCache = false
        let feedLatency = RunCondition(policy: .eager, source: .latency(80), layout: .grid, feed: "f.jsonl")
        var feedNetwork = RunCondition(policy: .deferred, source: .network(.edge), cacheImages: 8, layout: .masonry, feed: "f.jsonl")
        feedNetwork.columns = 3
        return [(lowCache, nil), (fast, nil), (h2, nil), (noDisk, nil), (feedLatency, feed), (feedNetwork, feed)]
    }()

    @Test(arguments: conditions.indices)
    func aSweepLineABenchRowAndAReplayEndAgree(index: Int) {
        let (condition, feed) = Self.conditions[index]
        let events = SyntheticFling.events
        let grid = condition.gridConfiguration(assetByteSizes: Self.sizes, feed: feed)
        // The sweep's line.
        guard case let .object(line) = SweepPlan.run(condition, gesture: "g", events: events, assetByteSizes: Self.sizes, oracle: false,
                                                     feed: feed, disk: condition.diskCache) else { Issue.record("not an object"); return }
        // The bench's row of this policy.
        let row = GridBench(configuration: grid, replay: condition.replayClock).rows(events, policies: [condition.variant])
            .first { $0.policy == condition.variant.name }
        // The replay's end: the scene as `replay --headless` builds it, streamed on the condition's clock.
        let scene = GridScene(configuration: grid)
        let stream = HeadlessReplayStream(condition.replayClock, scene: scene, onRecord: { _ in })
        for event in events { stream.push(event) }
        _ = stream.finish()
        guard case let .object(replayed) = scene.metrics.json, case let .object(benched)? = row?.metrics.json else {
            Issue.record("no metrics"); return
        }
        #expect(replayed.count > 5)
        #expect(benched.map(\.0) == replayed.map(\.0))
        for (key, value) in replayed {
            #expect(line.first { $0.0 == key }?.1 == value, "sweep \(key)")
            #expect(benched.first { $0.0 == key }?.1 == value, "bench \(key)")
        }
        #expect(scene.metrics.loadsIssued > 0)
    }

    /// Every field of the condition reaches the grid's configuration.
    @Test func applySetsEveryFieldOfTheCondition() {
        var condition = RunCondition(variant: PolicyVariant(.flutter, shipped: true), source: .network(.threeG), cacheImages: 7,
                                     refresh: 120, connections: 3, http: .http2)
        condition.physics = .flutterClamping
        condition.requestOrder = .lifo
        condition.items = 90
        condition.diskCache = false
        let c = condition.gridConfiguration(assetByteSizes: [1, 2, 3], assetCount: 3)
        #expect(c.policyVariant == condition.variant && c.network == .threeG && c.assetByteSizes == [1, 2, 3] && c.assetCount == 3)
        #expect(c.cacheByteLimit == 7 * c.bytesPerImage && c.connections == 3 && c.httpVersion == .http2 && c.physics == .flutterClamping)
        #expect(c.requestOrder == .lifo && c.itemCount == 90 && c.diskCacheByteLimit == nil)
        #expect(condition.replayClock.frameRate == 120)
        var latency = RunCondition(policy: .target, source: .latency(250))
        latency.seedProblem = .noLoadAfterDeceleration
        let l = latency.gridConfiguration(assetByteSizes: [1, 2, 3])
        #expect(l.network == nil && l.latency == 0.25 && l.assetByteSizes.isEmpty && l.seedProblem == .noLoadAfterDeceleration)
        #expect(l.cacheByteLimit == GridSceneConfiguration().cacheByteLimit && l.diskCacheByteLimit == GridSceneConfiguration().diskCacheByteLimit)
    }
}
