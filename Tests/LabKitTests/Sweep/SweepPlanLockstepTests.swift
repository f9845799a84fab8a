import Testing
import ScrollKit
@testable import LabKit

/// A gesture's configurations replayed in lockstep on one scroll view (`SweepPlan.runs`,
/// `GridSceneLockstep`) give the lines each gives alone, byte for byte.
@Suite struct SweepPlanLockstepTests {
    /// The first 15 s of a generated session, to its last lift by then.
    static func session(_ kind: BrowsingSessionGenerator.Kind) -> [PointerEvent] {
        let events = BrowsingSessionGenerator(kind: kind, seed: 3).session(1)
        let end = events.lastIndex { $0.phase == .up && $0.time < events[0].time + 15 } ?? events.count - 1
        return Array(events[...end])
    }

    /// Every policy, a peer on its shipped pipeline, a latency and a network, two caches and two refresh
    /// rates (two groups of alike motion): each line equals the run alone.
    @Test(arguments: BrowsingSessionGenerator.Kind.allCases)
    func theLinesEqualTheRunsAlone(kind: BrowsingSessionGenerator.Kind) {
        let events = Self.session(kind)
        let plan = SweepPlan(policies: LoadingPolicyKind.allCases.map { PolicyVariant($0) } + [PolicyVariant(.texture, shipped: true)],
                             sources: [.latency(80), .network(.threeG)], cacheImages: [12, 4], refreshRates: [60, 120])
        let configurations = plan.configurations
        var stored: [[Int]] = []
        let lines = SweepPlan.runs(configurations, gesture: "g", events: events, assetByteSizes: [], oracle: false) { stored.append($0) }
        #expect(lines.count == configurations.count && stored.count == configurations.count)
        for (i, c) in configurations.enumerated() {
            var alone: [Int] = []
            #expect(lines[i] == SweepPlan.run(c, gesture: "g", events: events, assetByteSizes: [], oracle: false) { alone = $0 }, "\(c.id)")
            #expect(stored[i] == alone)
        }
    }

    /// The oracle each line bounds itself by is worked out once for the lines that share it
    /// (`SweepPlan.Oracles`): every policy and two peers on their shipped pipelines (Flutter's runs
    /// every load at once), two networks, two caches, two refresh rates and two connection counts. Each
    /// line equals the run alone, which works out its own oracle; and the network, the refresh rate, the
    /// connections and Flutter's pipeline each move the bound on this session, so an oracle shared across
    /// any of them would show.
    @Test func theLinesSharingAnOracleEqualTheRunsAlone() throws {
        let events = Self.session(.flings)
        let plan = SweepPlan(policies: LoadingPolicyKind.allCases.map { PolicyVariant($0) }
                                 + [PolicyVariant(.texture, shipped: true), PolicyVariant(.flutter, shipped: true)],
                             sources: [.network(.threeG), .network(.edge)], cacheImages: [12, 4], refreshRates: [60, 120],
                             connections: [2, 6])
        let lines = SweepPlan.runs(plan.configurations, gesture: "g", events: events, assetByteSizes: [], oracle: true)
        var bound: [String: Double] = [:]
        for (c, line) in zip(plan.configurations, lines) {
            #expect(line == SweepPlan.run(c, gesture: "g", events: events, assetByteSizes: [], oracle: true), "\(c.id)")
            if case let .object(pairs) = line, case let .number(value)? = pairs.first(where: { $0.0 == "oracleBlankTileSeconds" })?.1 {
                bound[c.id] = value
            }
        }
        let shared = "eager|network=edge|cache=12|refresh=60|connections=2|http=1.1"
        let base = try #require(bound[shared])
        for other in ["eager|network=3g|cache=12|refresh=60|connections=2|http=1.1",
                      "eager|network=edge|cache=12|refresh=120|connections=2|http=1.1",
                      "eager|network=edge|cache=12|refresh=60|connections=6|http=1.1",
                      "flutter@shipped|network=edge|cache=12|refresh=60|connections=2|http=1.1"] {
            #expect(try #require(bound[other]) != base, "\(other)")
        }
    }

    /// A fling, a touch that stops it, then a tap on a tile at rest (the content's touches reach every
    /// scene): the lockstep runs (it does not fall back) and each scene ends as it does alone, with the
    /// oracle's bound on its line.
    @Test func aFlingAndATapRunInLockstep() throws {
        let events = SyntheticFling.events + [
            PointerEvent(time: 6.0, position: Point(x: 90, y: 200), phase: .down),
            PointerEvent(time: 6.05, position: Point(x: 90, y: 200), phase: .up),
        ]
        let settings = LoadingPolicyKind.allCases.map { kind -> GridSceneConfiguration in
            var c = GridSceneConfiguration()
            c.policyVariant = PolicyVariant(kind)
            return c
        }
        let lockstep = try #require(GridSceneLockstep(configurations: settings, replay: HeadlessReplay()))
        let scenes = try #require(lockstep.run(events))
        for (c, scene) in zip(settings, scenes) {
            let alone = GridBench(configuration: c).run(events, variant: c.policyVariant)
            #expect(scene.metrics.json == alone.metrics.json)
            #expect(scene.selectedItem == alone.selectedItem && scene.selectedItem != nil)
            #expect(scene.isSettled == alone.isSettled && scene.scrollView.contentOffset == alone.scrollView.contentOffset)
        }
        let plan = SweepPlan(policies: [.eager, .adaptive, .glide])
        let lines = SweepPlan.runs(plan.configurations, gesture: "g", events: events, assetByteSizes: [], oracle: true)
        for (c, line) in zip(plan.configurations, lines) {
            #expect(line == SweepPlan.run(c, gesture: "g", events: events, assetByteSizes: [], oracle: true))
        }
    }

    /// A scene watched in the lockstep (`run(_:observing:afterFrame:)`, the bench's Eager row whose frames
    /// make the oracle's screens) shows the frames its run alone shows: the same times, the same items.
    @Test(arguments: [BrowsingSessionGenerator.Kind.flings, .browse])
    func aWatchedSceneShowsTheFramesOfItsRunAlone(kind: BrowsingSessionGenerator.Kind) throws {
        let events = Self.session(kind)
        let settings = LoadingPolicyKind.allCases.map { kind -> GridSceneConfiguration in
            var c = GridSceneConfiguration()
            c.policyVariant = PolicyVariant(kind)
            return c
        }
        for lane in [0, settings.count - 1] {
            var watched: [(time: Double, items: [Int])] = []
            let lockstep = try #require(GridSceneLockstep(configurations: settings, replay: HeadlessReplay()))
            _ = try #require(lockstep.run(events, observing: lane) { watched.append(($1, $0.visibleItems)) })
            var alone: [(time: Double, items: [Int])] = []
            _ = GridBench(configuration: settings[lane]).run(events, variant: settings[lane].policyVariant) { alone.append(($1, $0.visibleItems)) }
            #expect(watched.count == alone.count && watched.count > 100)
            #expect(zip(watched, alone).allSatisfy { $0.time == $1.time && $0.items == $1.items })
        }
    }

    /// The bench's rows and oracle are those of the runs alone, whether its Eager row runs in the
    /// lockstep with the others or, when the lockstep gives up (a time limit reached while moving), alone.
    @Test func theBenchsRowsAndOracleEqualTheRunsAlone() {
        var stopped = HeadlessReplay()
        stopped.timeLimit = 0.05
        for (replay, events) in [(HeadlessReplay(), Self.session(.flings)), (stopped, Array(SyntheticFling.events.prefix(11)))] {
            var bench = GridBench(replay: replay)
            bench.configuration.latency = 0.2
            let policies = [PolicyVariant(.adaptive), PolicyVariant(.eager), PolicyVariant(.deferred)]
            #expect((bench.lockstep(policies)?.run(events) == nil) == (replay.timeLimit < 1))
            var stored: Set<Int> = []
            let (rows, oracles) = bench.rowsAndOracles(events, policies: policies, diskAssets: &stored)
            for (variant, row) in zip(policies, rows) {
                #expect(row.metrics == bench.run(events, variant: variant).metrics, "\(variant)")
            }
            let alone = bench.oracle(events)
            #expect(oracles[PolicyVariant(.eager)]?.blankTileSeconds == alone.blankTileSeconds && alone.blankTileSeconds > 0)
            #expect(oracles[PolicyVariant(.eager)]?.loads == alone.loads)
        }
    }

    /// A scene that stops at the replay's time limit while the content still moves would miss frames the
    /// others run: the lockstep gives up (nil) rather than differ, and the sweep replays such a group alone.
    @Test func aSceneStoppedAtTheTimeLimitWhileMovingEndsTheLockstep() {
        var replay = HeadlessReplay()
        replay.timeLimit = 0.05
        let settings = [LoadingPolicyKind.eager, .deferred].map { kind -> GridSceneConfiguration in
            var c = GridSceneConfiguration()
            c.policyVariant = PolicyVariant(kind)
            return c
        }
        let fling = Array(SyntheticFling.events.prefix(11))
        #expect(GridSceneLockstep(configurations: settings, replay: replay)?.run(fling) == nil)
    }

    /// A carousels feed's rows scroll on scroll views of their own: no lockstep, and the lines are the runs alone.
    @Test func aCarouselsFeedRunsAlone() {
        let feed = FeedGenerator(layout: .carousels, seed: 4).feed(count: 60)
        let events = BrowsingSessionGenerator(kind: .browse, seed: 5).session(0, layout: .carousels)
        var plan = SweepPlan(policies: [.eager, .prefetch])
        plan.feed = "carousels"
        let configurations = plan.configurations
        let settings = configurations.map { c -> GridSceneConfiguration in
            var grid = c.gridConfiguration(assetByteSizes: [], feed: feed, assetCount: nil)
            grid.policyVariant = c.variant
            return grid
        }
        #expect(GridSceneLockstep(configurations: settings, replay: HeadlessReplay()) == nil)
        let lines = SweepPlan.runs(configurations, gesture: "g", events: events, assetByteSizes: [], oracle: false, feed: feed)
        for (c, line) in zip(configurations, lines) {
            #expect(line == SweepPlan.run(c, gesture: "g", events: events, assetByteSizes: [], oracle: false, feed: feed))
        }
    }
}
