import Testing
@testable import ScrollKit
import LabKit
import ScrollKitTestSupport

/// The peer policies' rules in fixed contexts (2 columns, row pitch 230, viewport 450), with exact
/// expectations derived from each system's constants.
@Suite struct PeerPolicyTests {
    func context(offset y: Double = 0, velocity: Double = 0, tracking: Bool = false, decelerating: Bool = false,
                 cached: [Int] = []) -> LoadingContext {
        LoadingContext(time: 1, bounds: Rect(x: 0, y: y, width: 320, height: 450), velocity: Point(x: 0, y: velocity),
                       isTracking: tracking, isDragging: tracking || decelerating, isDecelerating: decelerating,
                       userDragging: tracking, cache: LoadingPolicyTests.cache(holding: cached))
    }

    @Test func textureRangesMinimumBeforeTheFirstDragThenFull() {
        var p = TexturePolicy()
        #expect(p.maxConcurrentLoads == 10)
        // Minimum mode, no direction yet (counts as up): preload [−225, 562.5] → rows 0–2; display
        // [−112.5, 562.5] → row 2 at display priority.
        let first = p.decide(.frame, in: context())
        #expect(first.load == [0, 1, 2, 3].map { LoadRequest(item: $0, priority: 0) } + [4, 5].map { LoadRequest(item: $0, priority: 1) })
        #expect(p.decide(.frame, in: context()) == .none)            // visible set unchanged: no update
        // A drag down switches to Full: preload [−675, 1575] → rows 0–6, display [−225, 900] → rows 0–3.
        let drag = p.decide(.willBeginDragging, in: context(velocity: 500, tracking: true))
        #expect(drag.load == [0, 1, 2, 3].map { LoadRequest(item: $0, priority: 0) } + [6, 7].map { LoadRequest(item: $0, priority: 1) }
                + (8...13).map { LoadRequest(item: $0, priority: 2) })
        // At 1400: preload [725, 2975] → items 6–25. Rows 0–2 left it: cancelled and evicted.
        let far = p.decide(.frame, in: context(offset: 1400, velocity: 500, tracking: true))
        #expect(far.cancel == [0, 1, 2, 3, 4, 5])
        #expect(far.evict == [0, 1, 2, 3, 4, 5])
        // On screen, nearest the centre (1625) first: row 7, then rows 6 and 8.
        #expect(far.load == [14, 15, 12, 13, 16, 17].map { LoadRequest(item: $0, priority: 0) } + [18, 19].map { LoadRequest(item: $0, priority: 1) }
                + (20...25).map { LoadRequest(item: $0, priority: 2) })
    }

    @Test func textureEvictionRemovesTheImageFromTheSceneCache() {
        var config = GridSceneConfiguration()
        config.policy = .texture
        config.usesShippedPipeline = true                           // texture@shipped: Texture's 10 downloads at once
        config.cacheByteLimit = 100 * config.bytesPerImage          // room for every image: only the policy evicts
        let scene = GridScene(configuration: config)
        scene.advance(to: 0)
        scene.advance(to: 1)                                     // the first screen and row 2 loaded
        #expect(scene.pipeline.cache.contains(ImageKey(item: 4, assetCount: 72)))
        #expect(scene.pipeline.maxConcurrent == 10)
        // Four still-released 400 pt drags: about 1560 pt down, no fling.
        let drags = (0..<4).flatMap { i in
            SyntheticGesture.drag(from: Point(x: 160, y: 470), velocity: Point(x: 0, y: -1000), duration: 0.4, at: 1 + 2 * Double(i), hold: 1)
        }
        _ = HeadlessReplay().run(drags, on: scene)
        // Rows 0–2 end at 680, left behind the preload range (1.5 screens = 675 pt above the offset):
        // their images were evicted, though the cache has room for a hundred.
        let y = scene.scrollView.contentOffset.y
        #expect(y > 1500 && y < 1600)
        for item in 0..<6 { #expect(!scene.pipeline.cache.contains(ImageKey(item: item, assetCount: 72)), "item \(item)") }
        #expect(scene.pipeline.cache.count > 6)
    }

    @Test func flutterDefersOnlyFastBallisticMotionAndNeverCancels() {
        var p = FlutterPolicy()
        #expect(p.deferralSpeed == 960 && p.cacheExtent == 250 && p.cancelsOnRebind == false)
        // Band [−250, 700] → rows 0–3. A fast glide defers all but the cache hit.
        let fast = p.decide(.frame, in: context(velocity: 2000, decelerating: true, cached: [1]))
        #expect(fast.loadedItems == [1])
        #expect(p.decide(.appear([0, 1]), in: context()).loadedItems == [1])   // 0 is still deferred
        // Below 960 pt/s it resolves on the next frame.
        let slow = p.decide(.frame, in: context(velocity: 900, decelerating: true))
        #expect(slow.loadedItems == [0, 2, 3, 4, 5, 6, 7])
        #expect(slow.cancel.isEmpty)
        // Under the finger nothing is deferred, however fast.
        var q = FlutterPolicy()
        #expect(q.decide(.frame, in: context(velocity: 5000, tracking: true)).loadedItems == Array(0..<8))
    }

    @Test func flutterDisposedTilesNeverLoad() {
        var p = FlutterPolicy()
        _ = p.decide(.frame, in: context(velocity: 3000, decelerating: true))
        _ = p.decide(.frame, in: context(offset: 2000, velocity: 3000, decelerating: true))
        // Band at 2000: [1750, 2700] → rows 7–11; rows 0–3 were disposed while deferred.
        let rest = p.decide(.frame, in: context(offset: 2000))
        #expect(rest.loadedItems == Array(14..<24))
    }

    @Test func glideBindsTheNextRowWithinOneFrameAndPreloadsAhead() {
        var p = GlidePolicy()
        #expect(p.maxConcurrentLoads == 4 && p.ring.count == 7)
        // The first layout: RecyclerView's onScrolled(0, 0) against the preloader's lastFirstVisible of −1,
        // so 6 items from the last visible one (3) are preloaded with the view at rest.
        #expect(p.decide(.frame, in: context()).load == (3...8).enumerated().map { LoadRequest(item: $1, priority: 1 + Double($0)) })
        #expect(p.ring == [3, 4, 5, 6, 7, 8, nil])
        #expect(p.decide(.frame, in: context()) == .none)
        // 5 pt this frame; row 2 starts 5 pt below the viewport: bound now.
        #expect(p.decide(.frame, in: context(offset: 5)).load == [LoadRequest(item: 4, priority: 0), LoadRequest(item: 5, priority: 0)])
        // A 235 pt frame: row 3 is within reach and bound; the first visible index moves 0 → 2, so the
        // preloader asks for the items up to 6 past the last visible one (5) beyond those it asked for (to 8).
        let down = p.decide(.frame, in: context(offset: 240))
        #expect(down.load == [LoadRequest(item: 6, priority: 0), LoadRequest(item: 7, priority: 0)]
                + (9...10).enumerated().map { LoadRequest(item: $1, priority: 1 + Double($0)) })
        // The ring's seventh target takes 9, then its first is reused for 10: the request for 3 is cleared.
        #expect(p.ring == [10, 4, 5, 6, 7, 8, 9])
        #expect(down.cancel == [3])
        // Reversal: every outstanding preload is cancelled (items still bound keep their requests).
        let up = p.decide(.frame, in: context(offset: 10))
        #expect(up.cancel == [8, 9, 10])
        #expect(up.load.isEmpty)
        #expect(p.ring == Array(repeating: nil, count: 7))
    }

    @Test func frontierKeepsTheUndominatedPoliciesOnly() {
        func row(_ name: String, _ loads: Int, _ blank: Double) -> GridBenchRow {
            var m = LoadMetrics()
            m.loadsIssued = loads
            m.blankTileSeconds = blank
            return GridBenchRow(policy: name, metrics: m)
        }
        let rows = [row("a", 10, 1.0), row("b", 12, 0.5), row("c", 12, 0.8), row("d", 9, 2), row("e", 10, 1.0),
                    row("bound-oracle", 5, 0.1)]
        #expect(GridBenchRow.frontier(rows).map(\.policy) == ["d", "a", "e", "b"])
        #expect(rows[2].isDominated(by: rows[1]))
        #expect(!rows[0].isDominated(by: rows[4]))                 // a tie is not domination
    }
}
