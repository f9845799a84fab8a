import Testing
@testable import LabKit
@testable import ScrollKit
import ScrollKitTestSupport

@Suite struct GridLoadingTests {
    /// A fling down the grid, driven at 60 Hz for two seconds.
    func flung(_ policy: LoadingPolicyKind) -> GridScene {
        var config = GridSceneConfiguration()
        config.policy = policy
        let scene = GridScene(configuration: config)
        let events = SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -3000), duration: 0.1, at: 0)
        var next = 0
        for frame in 0...120 {
            let t = Double(frame) / 60
            while next < events.count, events[next].time <= t { scene.pointer(events[next]); next += 1 }
            scene.advance(to: t)
        }
        return scene
    }

    /// Between decisions the kept context holds none of the grid's or the caches' state: the cache is
    /// back in the pipeline (a load then never copies it), the visible items back in the grid.
    @Test(arguments: LoadingPolicyKind.allCases)
    func theKeptContextHoldsNothingBetweenDecisions(_ policy: LoadingPolicyKind) {
        let scene = flung(policy)
        let context = scene.loading.context
        #expect(context.cache == nil && context.diskCache == nil)
        #expect(context.visibleItems.isEmpty && context.boundItems.isEmpty)
        #expect(!scene.visibleItems.isEmpty)
        #expect(scene.pipeline.cache.count > 0)
    }

    /// The context a caller asks for is the one the policy decides on: the grid's visible and bound
    /// items, the cache, the scroll state.
    @Test func aStandaloneContextSeesTheGridAndTheCache() {
        let scene = flung(.eager)
        let context = scene.context(time: scene.now)
        #expect(context.visibleItems == scene.visibleItems)
        #expect(context.boundItems == scene.pool.items)
        #expect(context.bounds == scene.scrollView.bounds)
        #expect(context.layout == scene.layout)
        #expect(scene.visibleItems.allSatisfy { context.isCached($0) == scene.pipeline.cache.contains(scene.key(of: $0)) })
        #expect(context.cache?.count == scene.pipeline.cache.count)
    }
}
