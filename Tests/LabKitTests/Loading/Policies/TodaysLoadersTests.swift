import Testing
@testable import ScrollKit
@testable import LabKit

/// Today's loaders as peers (B-PEER-2; `compose`, `flashlist`, `chrome`) in fixed contexts: the lab's grid (2
/// columns, tiles 220 pt, row pitch 230), a 450 pt viewport, expectations computed by hand from each
/// system's constants.
@Suite struct TodaysLoadersTests {
    func context(offset y: Double = 0, velocity: Double = 0, time: Double = 1, rtt: Double? = nil,
                 cached: [Int] = []) -> LoadingContext {
        var c = LoadingContext(time: time, bounds: Rect(x: 0, y: y, width: 320, height: 450), velocity: Point(x: 0, y: velocity),
                               cache: LoadingPolicyTests.cache(holding: cached))
        c.httpRoundTrip = rtt
        return c
    }

    @Test func chromeMapsTheRoundTripToChromesConnectionTypes() {
        #expect(EffectiveConnectionType(httpRoundTrip: nil) == .unknown)
        #expect(EffectiveConnectionType(httpRoundTrip: 0.271) == .fourG)
        #expect(EffectiveConnectionType(httpRoundTrip: 0.272) == .threeG)
        #expect(EffectiveConnectionType(httpRoundTrip: 1.42) == .twoG)
        #expect(EffectiveConnectionType(httpRoundTrip: 2.01) == .slow2G)
        // The lab's networks: the request up the uplink, then the round trip.
        let types = [NetworkProfile.lte, .threeG, .edge, .wifi, .veryBad, .fast3G, .slow3G].map {
            EffectiveConnectionType(httpRoundTrip: NetworkImageSource.httpRoundTrip(of: $0))
        }
        #expect(types == [.fourG, .fourG, .threeG, .fourG, .threeG, .threeG, .twoG])
        #expect([EffectiveConnectionType.fourG, .threeG, .twoG, .slow2G, .unknown].map(\.lazyImageMargin) == [1250, 2500, 6000, 8000, 3000])
    }

    @Test func chromeFetchesOnceWithinTheMarginOverlapNeeded() {
        var p = ChromePolicy()
        #expect(p.cancelsOnRebind == false && p.maxConcurrentLoads == nil && LoadingPolicyKind.chrome.hasShippedPipeline == false)
        // 4G: [−1250, 1700] holds rows 0–7 (row 7's top 1610); rows 0–1 on screen first.
        let first = p.decide(.frame, in: context(rtt: 0.2))
        #expect(p.margin == 1250 && p.connectionType == .fourG)
        #expect(first.loadedItems == Array(0..<16))
        #expect(first.load.prefix(4).allSatisfy { $0.priority == 0 } && first.load.dropFirst(4).allSatisfy { $0.priority > 0 })
        // At 140 the band ends at 1840, row 8's top: touching is not intersecting (Blink's threshold is
        // the smallest float). The page scrolls by whole pixels: 140.4 is 140, 140.5 is 141, which overlaps.
        #expect(p.decide(.frame, in: context(offset: 139, rtt: 0.2)) == .none)
        #expect(p.decide(.frame, in: context(offset: 140, rtt: 0.2)) == .none)
        #expect(p.decide(.frame, in: context(offset: 140.4, rtt: 0.2)) == .none)
        #expect(p.decide(.frame, in: context(offset: 140.5, rtt: 0.2)).loadedItems == [16, 17])
        // The margin stays what it was at the first image, whatever the network does next.
        _ = p.decide(.frame, in: context(offset: 140, rtt: 3))
        #expect(p.margin == 1250)
        // Scrolling back fetches nothing again; a tile coming on screen loads its image (a hit if cached).
        #expect(p.decide(.frame, in: context(rtt: 0.2)) == .none)
        #expect(p.decide(.appear([0, 1]), in: context(rtt: 0.2, cached: [1])).loadedItems == [0, 1])
        var q = ChromePolicy(connectionType: .threeG)
        // 3G forced: 2500 px, [−2500, 2950] holds rows 0–12 (row 12's top 2760).
        #expect(q.decide(.frame, in: context()).loadedItems == Array(0..<26))
    }

    /// Chrome's lazy-load margin is half as wide to the sides (`scroll_margin`: right and left margin / 2),
    /// so along a carousel's row only the items within 625 pt of the viewport (4G) load, and a row moved
    /// sideways brings the next ones in.
    @Test func chromeLoadsACarouselsRowWithinHalfTheMarginToTheSide() {
        // Rows of ten 100 pt items at x 5, 115, 225, … (pitch 110): the items starting before 320 + 625 = 945
        // are the first nine (item 8 at 885); item 9 starts at 995.
        var layout = FeedLayout(kind: .carousels, sizes: Array(repeating: Size(width: 100, height: 100), count: 30))
        var c = LoadingContext(time: 1, layout: layout, bounds: Rect(x: 0, y: 0, width: 320, height: 450))
        c.httpRoundTrip = 0.2
        var p = ChromePolicy()
        // On screen first (x under 320: three of each row), then by distance from the viewport, column by column.
        let onScreen: [Int] = [0, 1, 2, 10, 11, 12, 20, 21, 22]
        let aside: [Int] = (3...8).flatMap { (k: Int) -> [Int] in [k, k + 10, k + 20] }
        let firstPass = p.decide(.frame, in: c).loadedItems
        #expect(firstPass == onScreen + aside)
        // Row 1 moved 60 pt left: item 19 starts at 935, inside the band; the other rows are unchanged.
        layout.rowOffsets[1] = 60
        c.layout = layout
        #expect(p.decide(.frame, in: c).loadedItems == [19])
        // Item 19 touching the band's edge (its left at 945) would not have loaded.
        var q = ChromePolicy()
        layout.rowOffsets = [0, 50, 0]
        c.layout = layout
        #expect(!q.decide(.frame, in: c).loadedItems.contains(19))
    }

    @Test func composeLoadsOneItemAheadPerFrameWithinTheAverageItemSize() {
        var p = ComposePolicy()
        #expect(p.maxConcurrentLoads == 5)
        // Average visible size 220 + 10 spacing = 230, clamped to 50% of 450: 225 pt ahead.
        #expect(ComposePolicy.aheadWindow(context()) == 225)
        #expect(p.decide(.frame, in: context()) == .none)                   // at rest: no caching
        // Scrolling down to 10: the window (460, 685] holds row 2; one item a frame, nearest first.
        #expect(p.decide(.frame, in: context(offset: 10)).loadedItems == [4])
        // At rest the window the scroll scheduled is still composed, one item a frame, then nothing.
        #expect(p.decide(.frame, in: context(offset: 10)).loadedItems == [5])
        #expect(p.decide(.frame, in: context(offset: 10)) == .none)
        // At 20 row 2 is on screen; the window (470, 695] reaches row 3.
        #expect(p.decide(.frame, in: context(offset: 20)).loadedItems == [6])
        #expect(p.decide(.frame, in: context(offset: 30)).loadedItems == [7])
        // Reversing to 5: nothing kept behind; the items composed ahead left window and screen: cancelled.
        let back = p.decide(.frame, in: context(offset: 5))
        #expect(back.cancel == [4, 5, 6, 7])
        #expect(p.direction == -1)
    }

    @Test func flashListSplitsTheDrawDistanceByDirectionAndProjectsTheOffset() {
        var p = FlashListPolicy()
        #expect(p.maxConcurrentLoads == 4 && p.drawDistance == 250)
        // Start: history votes backward (350 before, 150 after); the unused 350 above 0 goes below:
        // [0, 950] holds rows 0–4.
        let dt = 1.0 / 60
        #expect(p.decide(.frame, in: context(time: 1)).loadedItems == Array(0..<10))
        for (i, y) in [10.0, 20, 30, 200].enumerated() {
            #expect(p.decide(.frame, in: context(offset: y, velocity: 1000, time: 1 + dt * Double(i + 1))) == .none)
        }
        // At 400, 4 of 5 velocities at 1 pt/ms: forward, projected 16 pt (iOS: 16 ms whatever the frame
        // interval): [266, 1216] — row 0 recycled, row 5 (top 1150) rendered.
        let d = p.decide(.frame, in: context(offset: 400, velocity: 1000, time: 1 + dt * 5))
        #expect(d.cancel == [0, 1])
        #expect(d.loadedItems == [10, 11])
        let range = p.engagedRange(context(offset: 400, velocity: 1000, time: 1 + dt * 5))
        // 30% of 500 is 150.00000000000003 in doubles, as in JavaScript: Math.ceil makes it 151.
        #expect(abs(range.start - (400 + 16 - 151)) < 1e-9)
        // The same frames at 30 Hz project the same 16 pt.
        var q = FlashListPolicy()
        for (i, y) in [0.0, 10, 20, 30, 200, 400].enumerated() { _ = q.decide(.frame, in: context(offset: y, velocity: 1000, time: 1 + Double(i) / 30)) }
        #expect(q.engagedRange(context(offset: 400, velocity: 1000, time: 1 + 5.0 / 30)) == range)
    }

    /// 100 ms after the last scroll event FlashList ends the momentum: the history restarts in its
    /// direction, a velocity of 0 goes in, and the range is recomputed without projection.
    @Test func flashListsMomentumEndDropsTheProjection() {
        var p = FlashListPolicy()
        let dt = 1.0 / 60
        _ = p.decide(.frame, in: context(time: 1))
        for i in 1...5 { _ = p.decide(.frame, in: context(offset: 400 + Double(i), velocity: 6000, time: 1 + dt * Double(i))) }
        // Projected 6 pt/ms × 16 ms = 96 pt: [405 + 96 − 151, 405 + 96 + 450 + 350] = [350, 1301]: rows 1–5.
        let moving = p.engagedRange(context(offset: 405, time: 1 + dt * 5))
        #expect(abs(moving.start - 350) < 1e-9)
        // At rest, less than 100 ms later: nothing changes.
        #expect(p.decide(.frame, in: context(offset: 405, time: 1 + dt * 5 + 0.09)) == .none)
        // 100 ms later: [405 − 151, 405 + 450 + 350] = [254, 1205]: row 1 (top 230) stays, row 5 (1150) too.
        let end = p.decide(.frame, in: context(offset: 405, time: 1 + dt * 5 + 0.1))
        #expect(p.velocityHistory == [0, 0, 0, 0.1, 0.1])
        let rest = p.engagedRange(context(offset: 405, time: 1 + dt * 5 + 0.1))
        #expect(abs(rest.start - 254) < 1e-9 && abs(rest.end - 1205) < 1e-9)
        #expect(end == .none)                               // the same rows: nothing rendered or recycled
        // Once only: later frames at rest decide nothing.
        #expect(p.decide(.frame, in: context(offset: 405, time: 2)) == .none)
        // Backward momentum keeps its direction: the history restarts at −0.1.
        var q = FlashListPolicy()
        _ = q.decide(.frame, in: context(offset: 2000, time: 1))
        for i in 1...5 { _ = q.decide(.frame, in: context(offset: 2000 - Double(i), velocity: -6000, time: 1 + dt * Double(i))) }
        _ = q.decide(.frame, in: context(offset: 1995, time: 1.5))
        #expect(q.velocityHistory == [0, 0, 0, -0.1, -0.1])
    }

    @Test func flashListsMedianIsTheSortedHistorysMiddle() {
        var rng = SplitMix64(seed: 5)
        for n in 1...7 {
            for _ in 0..<200 {
                let values = (0..<n).map { _ in Double(Int(rng.next() % 5) - 2) / 10 }   // repeats on purpose
                for index in values.indices {
                    #expect(FlashListPolicy.value(atSortedIndex: index, of: values) == values.sorted()[index])
                }
            }
        }
    }

    @Test func theRegistryHasTodaysLoadersAfterThePeers() {
        // In this order after the older peers (a policy added later may follow them).
        let names = LoadingPolicyKind.all.map(\.rawValue)
        let order = ["texture", "flutter", "glide", "compose", "flashlist", "chrome"].map { names.firstIndex(of: $0) ?? -1 }
        #expect(!order.contains(-1) && order == order.sorted() && Set(order).count == order.count, "\(names)")
        #expect(order.last! - order.first! == order.count - 1, "the peers stand together: \(names)")
        let shipped = PolicyVariant.shipped.map(\.name)
        #expect(shipped.contains("compose@shipped") && shipped.contains("flashlist@shipped"))
        #expect(PolicyVariant(name: "chrome@shipped") == nil)
    }
}
