import Testing
@testable import ScrollKit
import LabKit

@Suite struct LoadMetricsRecorderTests {
    let k = { (asset: Int) in ImageKey(asset: asset) }

    @Test func blankTileSecondsCountVisibleTilesWithoutTheirImage() {
        var r = LoadMetricsRecorder(assetCount: 72)
        r.start(time: 0, tiles: [])
        let tiles = [FrameTile(item: 0, isVisible: true, displayedKey: nil),
                     FrameTile(item: 1, isVisible: true, displayedKey: k(1), displayedBytes: 10),
                     FrameTile(item: 2, isVisible: true, displayedKey: nil),
                     FrameTile(item: 4, isVisible: false, displayedKey: nil)]
        let shown = [FrameTile(item: 0, isVisible: true, displayedKey: k(0)),
                     FrameTile(item: 1, isVisible: true, displayedKey: k(1)),
                     FrameTile(item: 2, isVisible: true, displayedKey: k(2))]
        // Each frame's blanks last until the next frame: 0–0.5 showed the empty start.
        r.frame(time: 0.5, tiles: tiles, isMoving: false, cacheBytes: 100, tileOnlyBytes: 0)
        #expect(r.metrics.blankTileSeconds == 0)
        r.frame(time: 0.75, tiles: tiles, isMoving: false, cacheBytes: 20, tileOnlyBytes: 10)
        r.frame(time: 1.0, tiles: shown, isMoving: false, cacheBytes: 20, tileOnlyBytes: 10)
        #expect(r.metrics.blankTileSeconds == 2 * 0.25 + 2 * 0.25)
        // A long gap (a still hold the replay skips) showed a full screen: tiles blank after it cost
        // only from their own frame on.
        r.frame(time: 1000, tiles: tiles, isMoving: true, cacheBytes: 20, tileOnlyBytes: 10)
        #expect(r.metrics.blankTileSeconds == 1.0)
        r.frame(time: 1000.5, tiles: tiles, isMoving: true, cacheBytes: 20, tileOnlyBytes: 10)
        #expect(r.metrics.blankTileSeconds == 2.0)
        #expect(r.metrics.peakDecodedBytes == 100)
        #expect(r.boundClairvoyantLoads == 3)
    }

    @Test func theBoundsCountImagesNotItems() {
        // Three assets: items 0, 3 and 6 share image 0, so seeing them at rest needs one load of it.
        var r = LoadMetricsRecorder(assetCount: 3)
        r.start(time: 0, tiles: [FrameTile(item: 0, isVisible: true, displayedKey: nil),
                                 FrameTile(item: 1, isVisible: true, displayedKey: nil)])
        r.frame(time: 0.1, tiles: [FrameTile(item: 3, isVisible: true, displayedKey: nil),
                                   FrameTile(item: 5, isVisible: true, displayedKey: nil)], isMoving: true, cacheBytes: 0, tileOnlyBytes: 0)
        r.frame(time: 0.2, tiles: [FrameTile(item: 6, isVisible: true, displayedKey: nil),
                                   FrameTile(item: 4, isVisible: true, displayedKey: nil)], isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)
        #expect(r.atRestItems == [0, 1, 4, 6])
        #expect(r.boundMinLoads == 2)          // images 0 and 1 (item 4 shows image 1)
        #expect(r.everVisibleItems == [0, 1, 3, 4, 5, 6])
        #expect(r.boundClairvoyantLoads == 3)  // item 5 shows image 2, seen only in motion
        // A feed's table: every item names one image.
        var feed = LoadMetricsRecorder(assetCount: 1)
        feed.itemImages = ItemImages(assetCount: 1)
        feed.start(time: 0, tiles: (0..<4).map { FrameTile(item: $0, isVisible: true, displayedKey: nil) })
        #expect(feed.boundMinLoads == 1)
    }

    @Test func staleFramesAreFoundFromTheItemsNotAssumed() {
        var r = LoadMetricsRecorder(assetCount: 72)
        r.start(time: 0, tiles: [])
        r.frame(time: 0.1, tiles: [FrameTile(item: 75, isVisible: true, displayedKey: k(3))], isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)
        #expect(r.metrics.staleFrames == 0)   // 75 % 72 == 3: the right image
        r.frame(time: 0.2, tiles: [FrameTile(item: 7, isVisible: false, displayedKey: k(5))], isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)
        r.frame(time: 0.3, tiles: [FrameTile(item: nil, isVisible: false, displayedKey: k(5))], isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)
        #expect(r.metrics.staleFrames == 2)   // off screen counts too; so does an unbound view with an image
    }

    @Test func wastedLoadsAreThoseNeverShownWhileCached() {
        var r = LoadMetricsRecorder(assetCount: 72)
        r.start(time: 0, tiles: [])
        r.loadCompleted(k(1), result: .image(bytes: 1), time: 0.1, visibleKeys: [])
        r.loadCompleted(k(2), result: .image(bytes: 1), time: 0.1, visibleKeys: [])
        r.loadCompleted(k(3), result: .image(bytes: 1), time: 0.1, visibleKeys: [k(3)])
        #expect(r.metrics.loadsWasted == 2)         // provisional: not shown yet
        r.frame(time: 0.2, tiles: [FrameTile(item: 1, isVisible: true, displayedKey: k(1))], isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)
        #expect(r.metrics.loadsWasted == 1)         // 1 was shown after all
        r.evicted([k(2)])
        r.loadCompleted(k(2), result: .image(bytes: 1), time: 0.3, visibleKeys: [])
        r.frame(time: 0.4, tiles: [FrameTile(item: 2, isVisible: true, displayedKey: k(2))], isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)
        #expect(r.metrics.loadsWasted == 1)         // the first load of 2 was evicted unseen; the second was shown
        r.loadCompleted(k(9), result: .failed(reason: "x"), time: 0.5, visibleKeys: [])
        #expect(r.metrics.loadsWasted == 1)         // failures are not images
    }

    /// B-COST-2: the bytes moved for nothing are the wasted completions' bodies (provisional until shown
    /// or evicted, as `loadsWasted`; an evicted one's until its key shows from the disk copy it left, or is
    /// fetched again) and what cancelled transfers received; a disk hit moved none.
    @Test func wastedBytesAreTheBodiesOfWastedLoadsAndOfCancelledTransfers() {
        var r = LoadMetricsRecorder(assetCount: 72)
        r.start(time: 0, tiles: [])
        r.loadCompleted(k(1), result: .image(bytes: 1), time: 0.1, isVisible: false, networkBytes: 30_000)
        r.loadCompleted(k(2), result: .image(bytes: 1), time: 0.1, isVisible: false, networkBytes: 20_000)
        r.loadCompleted(k(3), result: .image(bytes: 1), time: 0.1, isVisible: true, networkBytes: 10_000)
        r.loadCompleted(k(4), result: .image(bytes: 1), time: 0.1, isVisible: false, networkBytes: nil)
        #expect(r.metrics.wastedBytes == 50_000)    // provisional: 1 and 2 not shown yet; 4 came from disk
        r.frame(time: 0.2, tiles: [FrameTile(item: 1, isVisible: true, displayedKey: k(1))], isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)
        #expect(r.metrics.wastedBytes == 20_000)    // 1 was shown after all
        r.evicted([k(2)])
        #expect(r.metrics.wastedBytes == 20_000)    // evicted unseen: wasted, unless it shows from the copy it left on disk
        r.loadCompleted(k(2), result: .image(bytes: 1), time: 0.3, isVisible: true, networkBytes: nil)
        r.frame(time: 0.3, tiles: [FrameTile(item: 2, isVisible: true, displayedKey: k(2))], isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)
        #expect(r.metrics.wastedBytes == 0)         // it did: those bytes reached the screen
        // Evicted unseen, then fetched again over the network: the first body was moved for nothing.
        r.loadCompleted(k(5), result: .image(bytes: 1), time: 0.4, isVisible: false, networkBytes: 15_000)
        r.evicted([k(5)])
        r.loadCompleted(k(5), result: .image(bytes: 1), time: 0.5, isVisible: true, networkBytes: 15_000)
        r.frame(time: 0.5, tiles: [FrameTile(item: 5, isVisible: true, displayedKey: k(5))], isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)
        #expect(r.metrics.wastedBytes == 15_000)
        var traffic = SourceTraffic()
        traffic.networkBytes = 100_000
        traffic.cancelledBytes = 7_000
        r.setTraffic(traffic)
        // Loads wasted: 2's and 5's evicted ones, and 4's, never shown (its decode was; its bytes moved none).
        #expect(r.metrics.wastedBytes == 22_000 && r.metrics.loadsWasted == 3)
        // A body that arrived and then failed (too big to decode on the phone) was moved for nothing too.
        r.loadCompleted(k(6), result: .failed(reason: "decoded size over the memory limit"), time: 0.6, isVisible: true,
                        networkBytes: 8_000_000)
        #expect(r.metrics.wastedBytes == 8_022_000 && r.metrics.failedLoads == 1)
    }

    @Test func cacheHitFadesCompareTheRequestWithTheCacheInsertion() {
        var r = LoadMetricsRecorder(assetCount: 72)
        r.loadCompleted(k(1), result: .image(bytes: 1), time: 0.2, visibleKeys: [k(1)])
        r.fadeStarted(k(1), requestTime: 0.1)       // asked before it arrived: a disk fade
        #expect(r.metrics.cacheHitFades == 0)
        r.fadeStarted(k(1), requestTime: 0.3)       // asked after it was cached: must not fade
        #expect(r.metrics.cacheHitFades == 1)
        r.evicted([k(1)])
        r.fadeStarted(k(1), requestTime: 0.4)
        #expect(r.metrics.cacheHitFades == 1)
    }

    @Test func settleLatencyRunsFromRestUntilEveryVisibleTileShows() {
        var r = LoadMetricsRecorder(assetCount: 72)
        r.start(time: 0, tiles: [])
        let blank = [FrameTile(item: 0, isVisible: true, displayedKey: nil)]
        let shown = [FrameTile(item: 0, isVisible: true, displayedKey: k(0))]
        r.frame(time: 1.0, tiles: blank, isMoving: true, cacheBytes: 0, tileOnlyBytes: 0)
        r.frame(time: 1.1, tiles: blank, isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)   // motion ends
        r.frame(time: 1.2, tiles: blank, isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)
        #expect(abs(r.metrics.settleLatency - 0.1) < 1e-12)   // the pending wait, counted so far
        r.frame(time: 1.4, tiles: shown, isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)
        r.frame(time: 2.0, tiles: shown, isMoving: true, cacheBytes: 0, tileOnlyBytes: 0)
        r.frame(time: 2.1, tiles: shown, isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)   // shown at once: 0
        let m = r.metrics
        #expect(m.settleCount == 2)
        #expect(abs(m.settleLatency - 0.15) < 1e-12)
        #expect(abs(m.settleLatencyMax - 0.3) < 1e-12)
    }

    /// B-COST-1's keys come last: an output gains them, nothing before them moves.
    @Test func jsonKeysAreThePOL2KeysThenThePopInKeysThenTheTrafficKeysThenThePhonesKeys() {
        guard case let .object(pairs) = LoadMetrics().json else { Issue.record("not an object"); return }
        #expect(pairs.map(\.0) == ["loadsIssued", "loadsCompleted", "loadsCancelled", "loadsWasted", "blankTileSeconds",
                                   "settleLatency", "cacheHitFades", "staleFrames", "peakDecodedBytes",
                                   "readyOnAppearShare", "blankAreaPt2s", "maxBlankAreaPt2", "wrongImages", "flickers",
                                   "networkBytes", "requests", "memoryHits", "diskHits", "failedLoads", "failuresByReason",
                                   "timeToFirstImage", "diskCorrupt", "wastedBytes", "radioJoules", "radioActiveSeconds",
                                   "peakResidentBytes", "redownloadedBytes", "memoryLimitExceeded", "hitchTimeRatioMsPerS",
                                   "frameOverrunMsP99", "mainThreadMs",
                                   "emptyTileSeconds", "placeholderTileSeconds", "previewBytes", "undecodablePreviews"])
        #expect(pairs.map(\.0) == LoadMetrics.keys)
    }
}
