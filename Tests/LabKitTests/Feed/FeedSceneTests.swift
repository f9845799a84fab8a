import Testing
@testable import LabKit
import ScrollKit
import ScrollKitTestSupport

@Suite struct ReuseQueueTests {
    @Test func viewsAreMadeOnlyWhenTheQueueIsEmpty() {
        var pool = ReuseQueue()
        var rebinds: [ReusePool.Rebind] = []
        func bind(_ items: [Int]) { pool.update(wanted: items, isWanted: items.contains, into: &rebinds) }
        bind([0, 1, 2])
        #expect(pool.viewsCreated == 3 && pool.reuseCount == 0 && pool.rebindCount == 3)
        #expect(pool.items == [0, 1, 2])
        bind([1, 2, 3])
        // Item 0 left: its view waits in the queue and item 3 takes it.
        #expect(rebinds == [ReusePool.Rebind(view: 0, oldItem: 0, newItem: nil), ReusePool.Rebind(view: 0, oldItem: nil, newItem: 3)])
        #expect(pool.viewsCreated == 3 && pool.reuseCount == 1 && pool.view(showing: 3) == 0 && pool.view(showing: 0) == nil)
        bind([10, 11, 12, 13])
        // Three views freed and reused (the last freed first), one made.
        #expect(pool.viewsCreated == 4 && pool.reuseCount == 4 && pool.rebindCount == 8)
        #expect(pool.items == [12, 11, 10, 13])
        bind([])
        #expect(pool.items == [nil, nil, nil, nil] && pool.viewsCreated == 4)
        bind([])
        #expect(rebinds.isEmpty)
    }
}

@Suite struct FeedSceneTests {
    let fling = SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -3000), duration: 0.1, at: 0)
        + SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -2500), duration: 0.1, at: 1.5)
        + SyntheticGesture.drag(from: Point(x: 160, y: 100), velocity: Point(x: 0, y: 2000), duration: 0.1, at: 3)

    func scene(_ feed: Feed?, layout: FeedLayoutKind? = nil, policy: LoadingPolicyKind = .adaptive,
               network: NetworkProfile? = nil) -> GridScene {
        var config = GridSceneConfiguration()
        config.policy = policy
        config.network = network
        if let feed { config.use(feed, layout: layout) }
        return GridScene(configuration: config)
    }

    /// Replays the flings; the most items bound to views at the end of any frame.
    func run(_ s: GridScene) -> Int {
        var most = 0
        _ = HeadlessReplay().run(fling, on: s) { _ in most = Swift.max(most, s.pool.items.lazy.compactMap { $0 }.count) }
        return most
    }

    @Test func aFeedHasAsManyViewsAsItsVisibleItemsNeed() {
        for layout in [FeedLayoutKind.list, .masonry, .carousels] {
            let s = scene(FeedGenerator(layout: layout, seed: 21).feed(count: 300), policy: .adaptive)
            let most = run(s)
            #expect(s.pool.growsWithContent)
            #expect(s.pool.viewsCreated == most, "\(layout): \(s.pool.viewsCreated) views for at most \(most) items at once")
            #expect(s.pool.reuseCount > 0, "\(layout)")
            #expect(s.tiles.count == s.pool.viewsCreated)
            // Every bound view shows a visible item; every visible item has a view.
            #expect(Set(s.pool.items.compactMap { $0 }) == Set(s.visibleItems), "\(layout)")
        }
    }

    @Test func theBundledGridKeepsItsSixViews() {
        let grid = scene(nil)
        _ = run(grid)
        #expect(grid.pool.viewsCreated == 6 && !grid.pool.growsWithContent)
        // A feed laid out as the grid scrolls through the same six views over the same items.
        let feedGrid = scene(FeedGenerator(layout: .grid, seed: 1).feed(count: 500))
        _ = run(feedGrid)
        #expect(feedGrid.pool.viewsCreated == 6)
        #expect(feedGrid.visibleItems == grid.visibleItems)
        #expect(feedGrid.scrollView.contentOffset == grid.scrollView.contentOffset)
    }

    @Test func itemsSharingAnImageShareOneLoad() throws {
        // Twenty items over two images: at most two loads, whatever the scrolling.
        var parser = FeedParser()
        for i in 0..<20 {
            let name = i % 2 == 0 ? "a.jpg" : "b.jpg"
            try parser.parse(line: Array(#"{"width":310,"height":120,"image":"\#(name)","bytes":9000,"pixelWidth":600,"pixelHeight":232}"#.utf8))
        }
        let s = scene(try parser.finish(), policy: .eager)
        _ = run(s)
        #expect(s.metrics.loadsCompleted == 2)
    }

    @Test func imageBytesReachTheNetworkModel() {
        let light = FeedGenerator(layout: .list, seed: 4).feed(count: 200)
        var heavy = light
        for i in heavy.images.indices { heavy.images[i].bytes *= 4 }
        let a = scene(light, policy: .eager, network: .threeG), b = scene(heavy, policy: .eager, network: .threeG)
        // The first screen, left to load: every visible item's image arrives, none is cancelled.
        for s in [a, b] {
            var frame = 0
            while frame == 0 || !s.isSettled { s.advance(to: Double(frame) / 60); frame += 1 }
        }
        #expect(a.metrics.loadsCancelled == 0)
        #expect(a.metrics.loadsCompleted == a.visibleItems.count)
        #expect(a.metrics.networkBytes == a.visibleItems.reduce(0) { $0 + light.images[light.items[$1].image].bytes })
        #expect(b.metrics.networkBytes == 4 * a.metrics.networkBytes)
        #expect(b.metrics.blankTileSeconds > a.metrics.blankTileSeconds)
    }
}

@Suite struct FeedDecodedSizesTests {
    @Test func imagesDecodeToTheirItemsSizeOnScreenOrTheirOwn() throws {
        var parser = FeedParser()
        for line in [#"{"width":155,"height":100,"image":"big.jpg","bytes":90000,"pixelWidth":1200,"pixelHeight":800}"#,
                     #"{"width":310,"height":310,"image":"small.jpg","bytes":3000,"pixelWidth":100,"pixelHeight":100}"#,
                     #"{"width":310,"height":100,"image":"big.jpg","bytes":90000,"pixelWidth":1200,"pixelHeight":800}"#] {
            try parser.parse(line: Array(line.utf8))
        }
        let feed = try parser.finish()
        // A list: "big" first shows at 310×200 pt, 620×400 px (fewer than its 1200×800); "small" has only
        // its own 100×100 px.
        let sizes = FeedDecodedSizes.decodedBytes(feed: feed, layout: FeedLayout(feed: feed, kind: .list))
        #expect(sizes == [620 * 400 * 4, 100 * 100 * 4])
        var config = GridSceneConfiguration()
        config.use(feed)
        #expect(config.bytesPerImage == (620 * 400 * 4 + 100 * 100 * 4) / 2)
        // The headless source hands out those sizes: the scene's cache holds what the images decode to.
        let s = GridScene(configuration: config)
        var frame = 0
        while frame == 0 || !s.isSettled { s.advance(to: Double(frame) / 60); frame += 1 }
        #expect(s.pipeline.cache.totalBytes == 620 * 400 * 4 + 100 * 100 * 4)
    }
}
