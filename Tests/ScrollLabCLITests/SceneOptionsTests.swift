import LabKit
import ScrollKit
import ScrollLabCore
import Testing
@testable import ScrollLabCLI

/// The scene options become the plain `SceneConfiguration` in one place, every option carried over.
@Suite struct SceneOptionsTests {
    /// No option given: the configuration's own defaults.
    @Test func theDefaultsAreTheConfigurationsDefaults() throws {
        let parsed = try SceneOptions.parse([]).configuration
        let plain = SceneConfiguration()
        #expect(parsed.scene == plain.scene && parsed.paging == plain.paging && parsed.rate == plain.rate)
        #expect(parsed.policy == plain.policy && parsed.seedProblem == plain.seedProblem && parsed.latencyMs == plain.latencyMs)
        #expect(parsed.network == nil && plain.network == nil && parsed.diskCache == plain.diskCache)
        #expect(parsed.requestOrder == plain.requestOrder && parsed.refresh == plain.refresh && parsed.touchHz == plain.touchHz)
        #expect(parsed.items == plain.items && parsed.physics == plain.physics && parsed.estimator == plain.estimator)
        #expect(parsed.assets == plain.assets && parsed.delaysContentTouches == plain.delaysContentTouches)
        #expect(parsed.canCancelContentTouches == plain.canCancelContentTouches && parsed.compare == plain.compare)
        #expect(parsed.connections == plain.connections && parsed.http == plain.http && parsed.feed == nil && plain.feed == nil)
        #expect(parsed.layout == plain.layout && parsed.columns == plain.columns)
    }

    /// Every option reaches its field.
    @Test func everyOptionReachesItsField() throws {
        let c = try SceneOptions.parse([
            "--scene", "pager", "--paging", "snap", "--rate", "fast", "--policy", "deferred", "--seed-problem", "2",
            "--latency-ms", "250", "--network", "lte", "--disk-cache", "off", "--request-order", "lifo", "--refresh", "120",
            "--touch-hz", "90", "--items", "40", "--physics", "android", "--estimator", "lsq", "--assets", "/tmp/x",
            "--delays-content-touches", "off", "--can-cancel-content-touches", "off",
        ]).configuration
        #expect(c.scene.name == "pager" && c.paging == .snap && c.rate == .fast && c.policy == .one(PolicyVariant(.deferred)))
        #expect(c.seedProblem == 2 && c.latencyMs == 250 && c.network?.name == "lte" && c.diskCache == .off)
        #expect(c.requestOrder == .lifo && c.refresh == 120 && c.touchHz == 90 && c.items == 40)
        #expect(c.physics == .android && c.estimator == .lsq && c.assets == "/tmp/x")
        #expect(c.delaysContentTouches == .off && c.canCancelContentTouches == .off)
        let compared = try SceneOptions.parse(["--compare", "adaptive,glide"]).configuration
        #expect(compared.compare == [.policy(PolicyVariant(.adaptive)), .policy(PolicyVariant(.glide))])
        let pipeline = try SceneOptions.parse(["--network", "lte", "--connections", "3", "--http", "2", "--policy", "glide@shipped"]).configuration
        #expect(pipeline.connections == 3 && pipeline.http == .http2 && pipeline.policy == .one(PolicyVariant(.glide, shipped: true)))
    }
}
