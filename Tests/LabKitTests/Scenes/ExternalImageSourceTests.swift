import Synchronization
import Testing
@testable import ScrollKit
import LabKit
import ScrollKitTestSupport

/// B-NET-3: a bench or sweep whose images come from elsewhere (a real server) runs the same scene,
/// pipeline and metrics over that source: each run makes its own, ends it before its metrics are read,
/// and a sweep's line ends with its label.
@Suite struct ExternalImageSourceTests {
    var fling: [PointerEvent] {
        SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -3000), duration: 0.1, at: 0)
    }

    /// How many sources were made and ended.
    final class Counts: Sendable {
        let made = Mutex(0), finished = Mutex(0)
        var both: (Int, Int) { (made.withLock { $0 }, finished.withLock { $0 }) }
    }

    /// A source standing for a server: the model's constant latency, but 250 ms instead of the configuration's.
    static func external(_ counts: Counts) -> ExternalImageSource {
        ExternalImageSource(label: [("realNetwork", .object([("source", .string("test"))]))]) { c in
            counts.made.withLock { $0 += 1 }
            return (VirtualImageSource(latency: 0.25, decodeCost: c.decodeCost, bytesPerImage: c.bytesPerImage), { counts.finished.withLock { $0 += 1 } })
        }
    }

    @Test func eachRunMakesAndEndsItsOwnSourceAndItsFiguresAreThatSources() {
        let counts = Counts()
        var bench = GridBench()
        bench.external = Self.external(counts)
        let external = bench.run(fling, policy: .eager).metrics
        #expect(counts.both == (1, 1))
        // The same run on the model at the source's latency gives the same figures: only the source differs.
        var c = GridSceneConfiguration()
        c.latency = 0.25
        let modelled = GridBench(configuration: c).run(fling, policy: .eager).metrics
        #expect(external.blankTileSeconds == modelled.blankTileSeconds && external.loadsIssued == modelled.loadsIssued)
        #expect(external.blankTileSeconds != GridBench().run(fling, policy: .eager).metrics.blankTileSeconds)
    }

    /// The bench's oracle takes its screens from a replay on the model, never over the external source:
    /// rows of one policy make one source (no hidden Eager run against the server), and the bounds equal
    /// the model's.
    @Test func theOraclesScreensNeverRunOverTheSource() {
        let counts = Counts()
        var bench = GridBench()
        bench.external = Self.external(counts)
        let rows = bench.rows(fling, policies: [PolicyVariant(.flutter)])
        #expect(counts.both == (1, 1))
        #expect(rows.map(\.policy) == ["flutter", "bound-min-loads", "bound-oracle"])
        let modelled = GridBench().rows(fling, policies: [PolicyVariant(.flutter)])
        #expect(rows.dropFirst().map(\.metrics.blankTileSeconds) == modelled.dropFirst().map(\.metrics.blankTileSeconds))
    }

    @Test func aSweepLineEndsWithTheSourcesLabel() {
        let counts = Counts()
        let condition = RunCondition(policy: .eager, source: .latency(80))
        let line = SweepPlan.run(condition, gesture: "g", events: fling, assetByteSizes: [], oracle: false,
                                 external: Self.external(counts))
        guard case let .object(pairs) = line else { Issue.record("not an object"); return }
        #expect(pairs.last?.0 == "realNetwork")
        let plain = SweepPlan.run(condition, gesture: "g", events: fling, assetByteSizes: [], oracle: false)
        guard case let .object(modelled) = plain else { return }
        #expect(pairs.dropLast().map { $0.0 } == modelled.map { $0.0 })
        #expect(counts.both == (1, 1))
    }
}
