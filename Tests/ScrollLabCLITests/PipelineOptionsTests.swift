import LabKit
import ScrollKit
import Testing
@testable import ScrollLabCLI
import ScrollLabCore

/// B-PIPE-1 on the command line: `--connections N` and `--http 1.1|2` for every command that runs a
/// pipeline, `@shipped` variants by name, and the values refused.
@Suite struct PipelineOptionsTests {
    @Test func theSceneOptionsSetTheSharedPipeline() throws {
        let options = try SceneOptions.parse(["--network", "3g", "--connections", "4", "--http", "2", "--policy", "texture@shipped"])
        // A modelled network moves the images' file sizes: resolved first (the bundled ones here).
        let c = try options.configuration.resolvingImageSizes().gridConfiguration(assetCount: 72)
        #expect(c.assetByteSizes.count == 72 && c.imageBytesMean != nil)
        #expect(c.connections == 4 && c.httpVersion == .http2 && c.policyVariant == PolicyVariant(.texture, shipped: true))
        #expect(c.loadsAtOnce() == 10 && c.hostConnections() == 4)
        let defaults = try SceneOptions.parse([]).configuration.gridConfiguration(assetCount: 72)
        #expect(defaults.connections == 6 && defaults.httpVersion == .http1_1 && defaults.loadsAtOnce() == 6)
    }

    @Test func badValuesAreRefused() {
        #expect(throws: (any Error).self) { try SceneOptions.parse(["--connections", "0"]) }
        #expect(throws: (any Error).self) { try SceneOptions.parse(["--connections", "65"]) }
        #expect(throws: (any Error).self) { try SceneOptions.parse(["--http", "3"]) }
        // HTTP/2 needs a modelled network: a constant latency has no connections to share.
        #expect(throws: (any Error).self) { try SceneOptions.parse(["--http", "2"]) }
        #expect(throws: (any Error).self) { try SceneOptions.parse(["--policy", "adaptive@shipped"]) }
    }

    @Test func benchAndSweepTakeThemToo() throws {
        let bench = try BenchCommand.parse(["--connections", "2", "--http", "2", "--network", "edge", "--policies", "eager,glide@shipped"])
        #expect(bench.loading.connections == 2 && bench.loading.http == .http2)
        #expect(try bench.variants() == [PolicyVariant(.eager), PolicyVariant(.glide, shipped: true)])
        #expect(throws: (any Error).self) { try BenchCommand.parse(["--http", "2"]) }
        let sweep = try SweepCommand.Run.parse(["--gestures", "g", "--out", "o", "--network", "3g", "--connections", "4,6",
                                                "--http", "1.1,2", "--policies", "adaptive,flutter@shipped"])
        let plan = try sweep.plan()
        #expect(plan.connections == [4, 6] && plan.httpVersions == [.http1_1, .http2] && plan.configurations.count == 8)
        #expect(plan.policies.map(\.name) == ["adaptive", "flutter@shipped"])
        #expect(throws: (any Error).self) { try SweepCommand.Run.parse(["--gestures", "g", "--out", "o", "--http", "2"]) }
        // Beside a network, a latency's http=2 lines would double its HTTP/1.1 ones: refused, not run twice.
        #expect(throws: (any Error).self) {
            try SweepCommand.Run.parse(["--gestures", "g", "--out", "o", "--latency-ms", "80", "--network", "lte", "--http", "1.1,2"])
        }
        let apart = try SweepCommand.Run.parse(["--gestures", "g", "--out", "o", "--latency-ms", "80", "--network", "lte", "--http", "1.1"])
        #expect(try apart.plan().configurations.count == 2 * PolicyVariant.shared.count)
    }

    /// `all` is every policy on the shared pipeline, alone or beside others, in the order given: the
    /// shared ones and the peers on their own pipelines in one run.
    @Test func allStandsForTheSharedPoliciesInAList() throws {
        let texture = PolicyVariant(.texture, shipped: true), flutter = PolicyVariant(.flutter, shipped: true)
        let sweep = try SweepCommand.Run.parse(["--gestures", "g", "--out", "o", "--policies", "all,texture@shipped,flutter@shipped"])
        #expect(try sweep.plan().policies == PolicyVariant.shared + [texture, flutter])
        // A policy named twice runs once in a sweep (`SweepPlan.unique`).
        let again = try SweepCommand.Run.parse(["--gestures", "g", "--out", "o", "--policies", "texture@shipped,ALL,eager"])
        #expect(try again.plan().policies == [texture] + PolicyVariant.shared)
        let bench = try BenchCommand.parse(["--policies", "texture@shipped,all"])
        #expect(try bench.variants() == [texture] + PolicyVariant.shared)
        #expect(try BenchCommand.parse([]).variants() == PolicyVariant.shared)
        #expect(throws: (any Error).self) { try SweepCommand.Run.parse(["--gestures", "g", "--out", "o", "--policies", "all,"]).plan() }
    }
}
