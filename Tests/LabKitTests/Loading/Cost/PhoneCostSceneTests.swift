import Testing
@testable import LabKit
@testable import ScrollKit
import ScrollKitTestSupport

/// Memory and the main thread in whole headless runs (B-COST-1).
@Suite struct PhoneCostSceneTests {
    /// A fling down, then one back up three seconds later.
    static let downAndBack = SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -2500), duration: 0.1, at: 0)
        + SyntheticGesture.drag(from: Point(x: 160, y: 120), velocity: Point(x: 0, y: 2500), duration: 0.1, at: 3)

    static let photos = FeedGenerator(layout: .masonry, seed: 3, images: .photos).feed(count: 200)

    func run(_ feed: Feed, _ phone: PhoneCost, policy: LoadingPolicyKind = .eager, network: NetworkProfile? = nil,
             events: [PointerEvent] = downAndBack) -> LoadMetrics {
        var condition = RunCondition(policy: policy, source: network.map(RunCondition.Source.network) ?? .latency(80))
        condition.phone = phone
        condition.diskCache = false
        let bench = GridBench(configuration: condition.gridConfiguration(feed: feed), replay: condition.replayClock)
        return bench.run(events, policy: policy).metrics
    }

    /// An image whose decoded size alone passes the device's limit is never allocated, on the bundled grid as
    /// on a feed (and in the window's decode): each load fails, nothing is resident, the limit is not passed.
    @Test func theBundledGridsImagesOverTheLimitAreNeverAllocated() {
        let tiny = DeviceProfile(name: "tiny", decodeMsPerMegapixel: 6.25, downsampleMsPerMegapixel: 6.25, uploadMsPerMegapixel: 1,
                                 completionMs: 0.1, memoryLimitBytes: 500_000, source: "")
        func run(_ device: DeviceProfile) -> LoadMetrics {
            var condition = RunCondition(policy: .eager, source: .network(.lte))
            condition.phone = PhoneCost(device: device)
            condition.diskCache = false
            let bench = GridBench(configuration: condition.gridConfiguration(), replay: condition.replayClock)
            return bench.run(Self.downAndBack, policy: .eager).metrics
        }
        let refused = run(tiny)
        #expect(refused.loadsCompleted > 0 && refused.failedLoads == refused.loadsCompleted)
        #expect(refused.failuresByReason == [FeedDecodedSizes.overMemoryLimit: refused.loadsCompleted])
        #expect(refused.peakResidentBytes == 0 && refused.memoryLimitExceeded == 0)
        var roomy = tiny
        roomy.memoryLimitBytes = 528_000
        let fits = run(roomy)
        #expect(fits.failedLoads == 0 && fits.peakResidentBytes > 528_000 && fits.memoryLimitExceeded == 1)
    }

    /// Big photos decoded whole pass a 512 MB Android phone's 48 MiB; downsampled to their tiles they do not.
    @Test func wholePhotosPassTheMemoryLimit() {
        let whole = run(Self.photos, PhoneCost(device: .android512MB, downsample: false))
        let scaled = run(Self.photos, PhoneCost(device: .android512MB, downsample: true))
        #expect(whole.memoryLimitExceeded == 1)
        #expect(whole.peakResidentBytes > 48 << 20)
        #expect(scaled.memoryLimitExceeded == 0)
        #expect(scaled.peakResidentBytes < whole.peakResidentBytes)
        #expect(whole.hitchTimeRatioMsPerS >= scaled.hitchTimeRatioMsPerS)
    }

    /// An image whose decoded size alone passes the limit is never allocated: its load fails with the
    /// reason, and nothing of it is resident.
    @Test func anImageOverTheLimitIsNeverAllocated() {
        let huge = FeedImage(name: "huge.jpg", bytes: 2_000_000, pixelWidth: 20_000, pixelHeight: 20_000)
        let small = FeedImage(name: "small.jpg", bytes: 20_000, pixelWidth: 300, pixelHeight: 300)
        let feed = Feed(items: [FeedItem(size: Size(width: 150, height: 150), image: 0)]
                        + (1..<40).map { _ in FeedItem(size: Size(width: 150, height: 150), image: 1) },
                        images: [huge, small], layout: .masonry, columns: 2)
        let m = run(feed, PhoneCost(device: .iphoneSE, downsample: false))
        #expect(m.failuresByReason[FeedDecodedSizes.overMemoryLimit] ?? 0 >= 1)
        #expect(m.peakResidentBytes < 1395 << 20)
        #expect(m.memoryLimitExceeded == 0)
    }

    /// A cache too small for the photos evicts them; a browsing session that comes back fetches them
    /// again over the network (no disk cache).
    @Test func evictedImagesAreDownloadedAgain() {
        let session = BrowsingSessionGenerator(kind: .browse, seed: 11).session(0, layout: .masonry)
        let feed = FeedGenerator(layout: .masonry, seed: 5, images: .photos).feed(count: 400)
        let tight = run(feed, PhoneCost(device: .iphoneSE, downsample: true, cacheBytes: 2_000_000), network: .lte, events: session)
        let roomy = run(feed, PhoneCost(device: .iphoneSE, downsample: true, cacheBytes: 2_000_000_000), network: .lte, events: session)
        #expect(tight.redownloadedBytes > 0)
        #expect(roomy.redownloadedBytes == 0)
    }

    /// Hitches are counted while scrolling, as in the window: a finger held on the grid for 0.6 s, never
    /// dragging, while the first screen's whole photos decode on the main thread (several frames' work),
    /// is no second of motion and no hitch; the same decodes under a drag from the start are (one past the
    /// touch slop within 20 ms, before the photos arrive at 80 ms and decode).
    @Test func aFingerDownThatNeverDragsIsNotScrolling() {
        let phone = PhoneCost(device: .iphone6, downsample: false, decodeOnMain: true)
        let hold = [PointerEvent(time: 0, position: Point(x: 160, y: 300), phase: .down),
                    PointerEvent(time: 0.6, position: Point(x: 160, y: 300), phase: .up)]
        let held = run(Self.photos, phone, events: hold)
        #expect(held.mainThreadMs > 3 * 1000.0 / 60)
        #expect(held.hitchTimeRatioMsPerS == 0)
        #expect(held.frameOverrunMsP99 == nil)
        let dragged = run(Self.photos, phone, events: SyntheticGesture.drag(from: Point(x: 160, y: 300), velocity: Point(x: 0, y: -600),
                                                                            duration: 0.6, at: 0))
        #expect(dragged.hitchTimeRatioMsPerS > 0)
    }

    /// Decoded on the main thread or off it, an image shows once decoded (the same blank time: the model's
    /// clock does not slip); on it, the decodes are the main thread's work too.
    @Test func decodedOnTheMainThreadAnImageShowsWhenDecoded() {
        let hold = [PointerEvent(time: 0, position: Point(x: 160, y: 300), phase: .down),
                    PointerEvent(time: 0.6, position: Point(x: 160, y: 300), phase: .up)]
        let onMain = run(Self.photos, PhoneCost(device: .iphone6, downsample: false, decodeOnMain: true), events: hold)
        let offMain = run(Self.photos, PhoneCost(device: .iphone6, downsample: false), events: hold)
        #expect(onMain.timeToFirstImage == offMain.timeToFirstImage)
        #expect((onMain.timeToFirstImage ?? 0) > 5.0 / 60)
        #expect(onMain.blankTileSeconds == offMain.blankTileSeconds)
        #expect(onMain.loadsCompleted == offMain.loadsCompleted)
        #expect(onMain.mainThreadMs > offMain.mainThreadMs)
    }

    /// Without a device the lab's figures are what they were, and its images never hitch.
    @Test func theLabsDefaultKeepsItsFigures() {
        var condition = RunCondition(policy: .adaptive)
        let plain = GridBench(configuration: condition.gridConfiguration(), replay: condition.replayClock).run(Self.downAndBack, policy: .adaptive).metrics
        condition.phone = PhoneCost()
        #expect(plain.hitchTimeRatioMsPerS == 0)
        #expect(plain.memoryLimitExceeded == 0)
        #expect(plain.peakResidentBytes >= plain.peakDecodedBytes)
        #expect(plain.mainThreadMs > 0)
    }
}
