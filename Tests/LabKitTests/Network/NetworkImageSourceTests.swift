import Testing
import ScrollKit
import LabKit
import ScrollKitTestSupport

@Suite struct NetworkImageSourceTests {
    let p = NetworkProfile.threeG
    let upload = Double(NetworkImageSource.requestBytes) / NetworkProfile.threeG.uplinkBytesPerSecond

    func source(_ profile: NetworkProfile = .threeG, connections: Int = 4, order: RequestOrder = .fifo,
                disk: Int? = nil) -> NetworkImageSource {
        NetworkImageSource(profile: profile, byteSizes: [], defaultBytes: 25_000, decodeCost: 0.006, decodedBytes: 1000,
                           connectionsPerHost: connections, order: order, diskByteLimit: disk)
    }

    func drain(_ s: inout NetworkImageSource, upTo time: Double = 1000) -> [LoadCompletion] {
        var out: [LoadCompletion] = []
        while let c = s.nextCompletion(upTo: time) { out.append(c) }
        return out
    }

    @Test func theProfilesAreTheNamedPresets() {
        #expect(NetworkProfile.all.map(\.name) == ["wifi", "lte", "3g", "edge", "very-bad", "fast-3g", "slow-3g"])
        #expect(NetworkProfile.threeG.roundTrip == 0.2 && NetworkProfile.threeG.downlinkBytesPerSecond == 97_500)
        #expect(NetworkProfile.slow3G.roundTrip == 2.0 && NetworkProfile.slow3G.downlinkBytesPerSecond == 50_000)
        #expect(NetworkProfile.fast3G.roundTrip == 0.5625 && NetworkProfile.fast3G.downlinkBytesPerSecond == 180_000)
        #expect(NetworkProfile.veryBad.packetLoss == 0.1)
        #expect(NetworkProfile.named("3G") == .threeG && NetworkProfile.named("5g") == nil)
    }

    /// Every preset's figures as its source publishes them (B-NET-1): NLC's Wi-Fi, LTE, 3G, Edge and Very Bad
    /// Network (delays each way summed into the round trip, up and down in bits per second), DevTools' Fast and
    /// Slow 3G (with DevTools' latency and throughput factors applied).
    @Test func everyPresetHasItsPublishedFigures() {
        let published: [(String, roundTrip: Double, down: Double, up: Double, loss: Double)] = [
            ("wifi", 0.002, 5_000_000, 4_125_000, 0),
            ("lte", 0.115, 6_250_000, 1_250_000, 0),
            ("3g", 0.200, 97_500, 41_250, 0),
            ("edge", 0.840, 30_000, 25_000, 0),
            ("very-bad", 1.000, 125_000, 125_000, 0.10),
            ("fast-3g", 0.5625, 180_000, 84_375, 0),
            ("slow-3g", 2.000, 50_000, 50_000, 0),
        ]
        #expect(NetworkProfile.all.map(\.name) == published.map(\.0))
        for (profile, figures) in zip(NetworkProfile.all, published) {
            #expect(abs(profile.roundTrip - figures.roundTrip) < 1e-12, "\(profile.name)")
            #expect(abs(profile.downlinkBytesPerSecond - figures.down) < 1e-6, "\(profile.name)")
            #expect(abs(profile.uplinkBytesPerSecond - figures.up) < 1e-6, "\(profile.name)")
            #expect(profile.packetLoss == figures.loss, "\(profile.name)")
        }
    }

    @Test func oneLoadTakesTheHandshakeTheRoundTripTheBodyAndTheDecode() {
        var s = source()
        s.begin(LoadTicket(id: 1, key: ImageKey(asset: 0)), time: 1)
        let done = drain(&s)
        #expect(done.count == 1)
        let expected = 1 + upload + 2 * p.roundTrip + 25_000 / p.downlinkBytesPerSecond + 0.006
        #expect(abs(done[0].time - expected) < 1e-9)
        #expect(s.traffic.networkBytes == 25_000 && s.traffic.requests == 1)
        // The connection stays open: the next load skips the handshake.
        s.begin(LoadTicket(id: 2, key: ImageKey(asset: 1)), time: 5)
        let second = drain(&s)
        #expect(abs(second[0].time - (5 + upload + p.roundTrip + 25_000 / p.downlinkBytesPerSecond + 0.006)) < 1e-9)
    }

    @Test func concurrentTransfersShareTheDownlinkFairly() {
        var s = source()
        s.begin(LoadTicket(id: 1, key: ImageKey(asset: 0)), time: 0)
        s.begin(LoadTicket(id: 2, key: ImageKey(asset: 1)), time: 0)
        let done = drain(&s)
        let firstByte = upload + 2 * p.roundTrip
        // Both receive at half the rate, so both end when 50 000 bytes have crossed the link.
        for c in done { #expect(abs(c.time - (firstByte + 50_000 / p.downlinkBytesPerSecond + 0.006)) < 1e-9) }
        #expect(s.traffic.networkBytes == 50_000)
    }

    @Test func theConnectionLimitQueuesInFIFOOrLIFOOrder() {
        for order in RequestOrder.allCases {
            var s = source(connections: 1, order: order)
            for id in 1...4 { s.begin(LoadTicket(id: id, key: ImageKey(asset: id)), time: 0) }
            #expect(s.inFlight == 1 && s.waitingCount == 3)
            let ids = drain(&s).map(\.ticket.id)
            #expect(ids == (order == .fifo ? [1, 2, 3, 4] : [1, 4, 3, 2]))
        }
    }

    @Test func aCancelledTransferHasMovedTheBytesItReceived() {
        var s = source()
        s.begin(LoadTicket(id: 1, key: ImageKey(asset: 0)), time: 0)
        let firstByte = upload + 2 * p.roundTrip
        #expect(s.nextCompletion(upTo: firstByte + 0.1) == nil)
        s.cancel(LoadTicket(id: 1, key: ImageKey(asset: 0)))
        #expect(s.traffic.networkBytes == Int(0.1 * p.downlinkBytesPerSecond))
        #expect(drain(&s).isEmpty)
        // Cancelled before its first byte: a request, no bytes.
        s.begin(LoadTicket(id: 2, key: ImageKey(asset: 1)), time: 10)
        s.cancel(LoadTicket(id: 2, key: ImageKey(asset: 1)))
        #expect(s.traffic.requests == 2 && s.traffic.networkBytes == 9750)
        // What cancelled transfers received is counted apart too (part of wastedBytes, B-COST-2).
        #expect(s.traffic.cancelledBytes == 9750)
        s.begin(LoadTicket(id: 3, key: ImageKey(asset: 2)), time: 20)
        _ = drain(&s)
        #expect(s.traffic.cancelledBytes == 9750 && s.traffic.networkBytes == 9750 + 25_000)
    }

    /// A request in flight cannot be taken back under HTTP/1.1: cancelling it closes its connection (as
    /// URLSession and curl do against `serve`), so the next request opens one with a handshake. HTTP/2
    /// resets the stream and keeps the connection. Over TLS (`--tls`) a handshake is a round trip more:
    /// the first load's, and under HTTP/1.1 the one after a cancel; a kept-alive connection costs none.
    @Test(arguments: [false, true])
    func aCancelledRequestClosesItsConnectionUnderHTTP11Only(tls: Bool) {
        let handshake = tls ? 2.0 : 1.0
        for version in [HTTPVersion.http1_1, .http2] {
            var s = NetworkImageSource(profile: .threeG, defaultBytes: 25_000, decodeCost: 0.006, connectionsPerHost: 4,
                                       httpVersion: version, tls: tls)
            #expect(s.tls == tls)
            s.begin(LoadTicket(id: 1, key: ImageKey(asset: 0)), time: 0)
            let first = drain(&s)
            #expect(abs((first.first?.timing?.firstByte ?? 0) - (upload + (1 + handshake) * p.roundTrip)) < 1e-9, "\(version)")
            s.begin(LoadTicket(id: 2, key: ImageKey(asset: 1)), time: 5)
            #expect(s.nextCompletion(upTo: 5.1) == nil)
            s.cancel(LoadTicket(id: 2, key: ImageKey(asset: 1)))
            s.begin(LoadTicket(id: 3, key: ImageKey(asset: 2)), time: 6)
            let third = drain(&s)
            let roundTrips = version == .http1_1 ? 1 + handshake : 1
            #expect(abs((third.first?.timing?.firstByte ?? 0) - (6 + upload + roundTrips * p.roundTrip)) < 1e-9, "\(version)")
            s.begin(LoadTicket(id: 4, key: ImageKey(asset: 3)), time: 10)
            let kept = drain(&s)
            #expect(abs((kept.first?.timing?.firstByte ?? 0) - (10 + upload + p.roundTrip)) < 1e-9, "\(version)")
        }
    }

    /// An entry found torn or corrupt at the start (`--disk-cache DIR`): its first load counts it and goes
    /// to the network; the image fetched is then a disk hit. A good entry is a hit at once.
    @Test func aCorruptEntryIsCountedOnceAndFetchedAgain() {
        var s = NetworkImageSource(profile: .threeG, defaultBytes: 25_000, diskByteLimit: 1 << 20, diskEntries: [1], diskCorrupt: [7])
        s.begin(LoadTicket(id: 1, key: ImageKey(asset: 7)), time: 0)
        s.begin(LoadTicket(id: 2, key: ImageKey(asset: 1)), time: 0)
        _ = drain(&s)
        #expect(s.traffic.diskCorrupt == 1 && s.traffic.networkBytes == 25_000 && s.traffic.diskHits == 1)
        s.begin(LoadTicket(id: 3, key: ImageKey(asset: 7)), time: 5)
        _ = drain(&s)
        #expect(s.traffic.diskCorrupt == 1 && s.traffic.diskHits == 2 && s.traffic.requests == 1)
        // Without a disk cache there is nothing to find corrupt.
        var none = NetworkImageSource(profile: .threeG, defaultBytes: 25_000, diskCorrupt: [7])
        none.begin(LoadTicket(id: 1, key: ImageKey(asset: 7)), time: 0)
        _ = drain(&none)
        #expect(none.traffic.diskCorrupt == 0)
    }

    @Test func theDiskCacheServesAnImageFetchedBefore() {
        var s = source(disk: 1 << 20)
        s.begin(LoadTicket(id: 1, key: ImageKey(asset: 7)), time: 0)
        _ = drain(&s)
        s.begin(LoadTicket(id: 2, key: ImageKey(asset: 7)), time: 3)
        let hit = drain(&s)
        #expect(abs(hit[0].time - (3 + NetworkImageSource.diskReadTime(bytes: 25_000) + 0.006)) < 1e-12)
        #expect(s.traffic.diskHits == 1 && s.traffic.requests == 1 && s.traffic.networkBytes == 25_000)
        // A disk cache smaller than one image keeps nothing.
        var small = source(disk: 1000)
        small.begin(LoadTicket(id: 1, key: ImageKey(asset: 7)), time: 0)
        _ = drain(&small)
        small.begin(LoadTicket(id: 2, key: ImageKey(asset: 7)), time: 3)
        _ = drain(&small)
        #expect(small.traffic.diskHits == 0 && small.traffic.requests == 2)
    }

    /// A disk kept outside the model (the window's) hears of each image when its bytes arrive, as the
    /// model's own disk stores it: a load cancelled while it decodes is stored too, one cancelled before
    /// its last byte is not; nothing is kept unless asked.
    @Test func theArrivalsAreTheImagesTheModelsDiskStores() {
        // A 5 s decode: an image's bytes are in long before its load completes.
        var s = NetworkImageSource(profile: .threeG, defaultBytes: 25_000, decodeCost: 5, diskByteLimit: 1 << 20)
        s.keepArrivals()
        s.begin(LoadTicket(id: 1, key: ImageKey(asset: 1)), time: 0)
        s.begin(LoadTicket(id: 2, key: ImageKey(asset: 2)), time: 0)
        #expect(s.nextCompletion(upTo: 4) == nil)       // both arrived, both decoding
        s.cancel(LoadTicket(id: 2, key: ImageKey(asset: 2)))
        s.begin(LoadTicket(id: 3, key: ImageKey(asset: 3)), time: 4)
        #expect(s.nextCompletion(upTo: 4.01) == nil)    // still waiting for its first byte
        s.cancel(LoadTicket(id: 3, key: ImageKey(asset: 3)))
        #expect(s.takeArrivals() == [ImageKey(asset: 1), ImageKey(asset: 2)])
        #expect(s.takeArrivals().isEmpty)
        let disk = s.disk ?? MemoryCache(byteLimit: 0)
        #expect([1, 2, 3].map { disk.contains(ImageKey(asset: $0)) } == [true, true, false])
        #expect(drain(&s).map(\.ticket.id) == [1])
        var quiet = source()
        quiet.begin(LoadTicket(id: 1, key: ImageKey(asset: 1)), time: 0)
        _ = drain(&quiet)
        #expect(quiet.takeArrivals().isEmpty)
    }

    @Test func aNetworkThatLosesEverythingTimesOutAfterTheRetries() {
        let dead = NetworkProfile(name: "dead", roundTrip: 0.1, downlinkBytesPerSecond: 1e6, uplinkBytesPerSecond: 1e6,
                                  packetLoss: 1, source: "test")
        var s = source(dead)
        s.begin(LoadTicket(id: 1, key: ImageKey(asset: 0)), time: 0)
        let done = drain(&s)
        #expect(done.map(\.result) == [.failed(reason: "timeout")])
        // Sent at 0, then again after 1, 2 and 4 s; given up 8 s after the last.
        let sent = Double(NetworkImageSource.requestBytes) / 1e6 + 0.2
        #expect(abs(done[0].time - (sent + 15)) < 1e-9)
        #expect(s.traffic.networkBytes == 0)
    }

    @Test func lossIsTheSameOnEveryRunAndCostsTime() {
        func run() -> [LoadCompletion] {
            var s = source(.veryBad)
            for id in 1...40 { s.begin(LoadTicket(id: id, key: ImageKey(asset: id)), time: Double(id) * 0.05) }
            return drain(&s, upTo: 10_000)
        }
        let a = run(), b = run()
        #expect(a == b)
        #expect(a.count == 40)
        var clean = source(NetworkProfile(name: "x", roundTrip: 1, downlinkBytesPerSecond: 125_000, uplinkBytesPerSecond: 125_000,
                                          source: "very-bad without loss"))
        for id in 1...40 { clean.begin(LoadTicket(id: id, key: ImageKey(asset: id)), time: Double(id) * 0.05) }
        let lossless = drain(&clean, upTo: 10_000)
        #expect(a.map(\.time).max()! > lossless.map(\.time).max()!)
    }

    /// Two flings through the grid under 3G.
    var flings: [PointerEvent] {
        SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -3000), duration: 0.1, at: 0)
            + SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -2500), duration: 0.1, at: 4.5)
    }

    @Test func aHeadlessRunUnderANetworkIsTheSameEveryTimeAndDeferredMovesFewerBytes() {
        var config = GridSceneConfiguration()
        config.network = .threeG
        let bench = GridBench(configuration: config)
        let eager = bench.run(flings, policy: .eager).metrics
        #expect(eager == bench.run(flings, policy: .eager).metrics)
        let deferred = bench.run(flings, policy: .deferred).metrics
        #expect(deferred.networkBytes < eager.networkBytes)
        // Every completed transfer moved a whole image; cancelled ones part of one.
        #expect(eager.requests > 0 && eager.networkBytes <= eager.requests * GridSceneConfiguration.defaultTransferBytes)
        #expect(eager.networkBytes >= (eager.requests - eager.loadsCancelled) * GridSceneConfiguration.defaultTransferBytes)
        #expect(eager.timeToFirstImage! > NetworkProfile.threeG.roundTrip * 2)
    }

    @Test func theOracleStaysBelowEveryPolicyUnderEveryProfile() {
        for profile in NetworkProfile.all {
            var config = GridSceneConfiguration()
            config.network = profile
            let rows = GridBench(configuration: config).rows(flings)
            let oracle = rows.first { $0.policy == "bound-oracle" }!.metrics.blankTileSeconds
            for row in rows where !row.isBound {
                #expect(oracle <= row.metrics.blankTileSeconds + 1e-9, "\(profile.name) \(row.policy)")
            }
        }
    }

    @Test func theConstantLatencyStaysTodaysSource() {
        let scene = GridScene(configuration: GridSceneConfiguration())
        #expect(scene.pipeline.source is VirtualImageSource)
        _ = HeadlessReplay().run(flings, on: scene)
        #expect(scene.metrics.networkBytes == 0 && scene.metrics.requests == 0 && scene.metrics.diskHits == 0)
        #expect(scene.metrics.memoryHits > 0)
    }
}

/// HTTP/2 in the network model (B-PIPE-1): one connection, one handshake, streams sharing its bandwidth.
@Suite struct NetworkHTTP2Tests {
    let p = NetworkProfile.threeG
    var upload: Double { Double(NetworkImageSource.requestBytes) / p.uplinkBytesPerSecond }

    func source(_ http: HTTPVersion, connections: Int = 6) -> NetworkImageSource {
        NetworkImageSource(profile: p, byteSizes: [], defaultBytes: 25_000, decodeCost: 0.006, decodedBytes: 1000,
                           connectionsPerHost: connections, httpVersion: http)
    }

    func drain(_ s: inout NetworkImageSource) -> [LoadCompletion] {
        var out: [LoadCompletion] = []
        while let c = s.nextCompletion(upTo: 1000) { out.append(c) }
        return out
    }

    /// After one load, three at once: HTTP/1.1 reuses the open connection for one and opens two more (a
    /// handshake each); HTTP/2 sends all three on its one connection at once, sharing the downlink.
    @Test func oneHandshakeForEveryStream() {
        for http in HTTPVersion.allCases {
            var s = source(http)
            s.begin(LoadTicket(id: 1, key: ImageKey(asset: 0)), time: 0)
            #expect(drain(&s).count == 1)
            for id in 2...4 { s.begin(LoadTicket(id: id, key: ImageKey(asset: id)), time: 5) }
            let done = drain(&s).map(\.time)
            #expect(done.count == 3)
            if http == .http2 {
                let together = 5 + upload + p.roundTrip + 75_000 / p.downlinkBytesPerSecond + 0.006
                for t in done { #expect(abs(t - together) < 1e-9) }
            } else {
                // The reused connection's load gets its first byte a round trip before the two new ones (their
                // handshake) and has the downlink alone meanwhile: it finishes well before them.
                let together = 5 + upload + p.roundTrip + 75_000 / p.downlinkBytesPerSecond + 0.006
                #expect(done.min()! < together - 0.1 && abs(done.max()! - together) < 1e-9)
            }
            #expect(s.traffic.requests == 4 && s.traffic.networkBytes == 100_000)
        }
    }

    /// HTTP/2 ignores the per-host connection limit (URLSession does): the pipeline in front sets how many run.
    @Test func streamsAreNotLimitedByConnections() {
        var h1 = source(.http1_1, connections: 2), h2 = source(.http2, connections: 2)
        for id in 1...5 {
            h1.begin(LoadTicket(id: id, key: ImageKey(asset: id)), time: 0)
            h2.begin(LoadTicket(id: id, key: ImageKey(asset: id)), time: 0)
        }
        #expect(h1.inFlight == 2 && h1.waitingCount == 3)
        #expect(h2.inFlight == 5 && h2.waitingCount == 0 && h2.requestLimit == NetworkImageSource.maxConcurrentStreams)
    }

    /// Under loss, a stream's retransmissions hold back the connection's other streams (transport
    /// head-of-line blocking): on some seeds HTTP/2's last load finishes later than HTTP/1.1's.
    @Test func lossesHoldBackEveryStream() {
        var late = 0
        for seed in UInt64(1)...8 {
            func run(_ http: HTTPVersion) -> [Double] {
                var s = NetworkImageSource(profile: .veryBad, byteSizes: [], defaultBytes: 25_000, decodeCost: 0.006, decodedBytes: 1000,
                                           connectionsPerHost: 6, httpVersion: http, seed: seed)
                for id in 1...4 { s.begin(LoadTicket(id: id, key: ImageKey(asset: id)), time: 0) }
                var out: [Double] = []
                while let c = s.nextCompletion(upTo: 1000) { out.append(c.time) }
                return out.sorted()
            }
            let h1 = run(.http1_1), h2 = run(.http2)
            #expect(h1.count == 4 && h2.count == 4)
            if h2.last! > h1.last! + 1e-9 { late += 1 }
        }
        #expect(late > 0)
    }
}

/// The timing a network completion carries (what `URLSessionTaskMetrics` tells an app): the response's
/// first byte, its last byte (before the decode) and the body's bytes, the file's size.
@Suite struct NetworkTransferTimingTests {
    let p = NetworkProfile.threeG
    var upload: Double { Double(NetworkImageSource.requestBytes) / p.uplinkBytesPerSecond }

    func source(disk: Int? = nil) -> NetworkImageSource {
        NetworkImageSource(profile: p, byteSizes: [25_000, 40_000], defaultBytes: 10_000, decodeCost: 0.006, decodedBytes: 1000,
                           connectionsPerHost: 4, diskByteLimit: disk)
    }

    func drain(_ s: inout NetworkImageSource) -> [LoadCompletion] {
        var out: [LoadCompletion] = []
        while let c = s.nextCompletion(upTo: 1000) { out.append(c) }
        return out
    }

    /// On an idle link with no loss: the first byte a request's upload and a round trip after the start, one
    /// round trip more for a new connection's handshake; the last byte the body at the whole downlink later.
    @Test func aCompletionCarriesItsFirstAndLastByteAndTheFileSize() throws {
        #expect(p.packetLoss == 0)
        var s = source()
        s.begin(LoadTicket(id: 1, key: ImageKey(asset: 0)), time: 1)
        let first = try #require(drain(&s).first)
        let t1 = try #require(first.timing)
        #expect(abs(t1.firstByte - (1 + upload + 2 * p.roundTrip)) < 1e-9)
        #expect(abs(t1.lastByte - (t1.firstByte + 25_000 / p.downlinkBytesPerSecond)) < 1e-9)
        #expect(t1.bytes == 25_000)
        #expect(abs(first.time - (t1.lastByte + 0.006)) < 1e-9)
        // The kept-alive connection: no handshake. Asset 1's file is 40 000 bytes.
        s.begin(LoadTicket(id: 2, key: ImageKey(asset: 1)), time: 5)
        let t2 = try #require(drain(&s).first?.timing)
        #expect(abs(t2.firstByte - (5 + upload + p.roundTrip)) < 1e-9)
        #expect(abs(t2.lastByte - (t2.firstByte + 40_000 / p.downlinkBytesPerSecond)) < 1e-9)
        #expect(t2.bytes == 40_000)
        // An asset past the sizes moves the default.
        s.begin(LoadTicket(id: 3, key: ImageKey(asset: 9)), time: 10)
        #expect(drain(&s).first?.timing?.bytes == 10_000)
    }

    /// A disk hit moves nothing over the network: no timing. A failed load has none either.
    @Test func aDiskHitOrATimeoutHasNoTiming() throws {
        var s = source(disk: 1 << 20)
        s.begin(LoadTicket(id: 1, key: ImageKey(asset: 0)), time: 0)
        #expect(drain(&s).first?.timing != nil)
        s.begin(LoadTicket(id: 2, key: ImageKey(asset: 0)), time: 3)
        let hit = try #require(drain(&s).first)
        #expect(s.traffic.diskHits == 1)
        #expect(hit.timing == nil)
        let dead = NetworkProfile(name: "dead", roundTrip: 0.1, downlinkBytesPerSecond: 1e6, uplinkBytesPerSecond: 1e6,
                                  packetLoss: 1, source: "test")
        var lost = NetworkImageSource(profile: dead)
        lost.begin(LoadTicket(id: 1, key: ImageKey(asset: 0)), time: 0)
        let failed = try #require(drain(&lost).first)
        #expect(failed.result == .failed(reason: "timeout") && failed.timing == nil)
    }

    /// The pipeline measures the link from network completions only: a disk hit adds no sample.
    @Test func thePipelineMeasuresTheLinkFromNetworkLoadsOnly() {
        var pipeline = ImagePipeline(source: source(disk: 1 << 20), cacheByteLimit: 1, maxConcurrent: 4)
        #expect(pipeline.link.samples == 0)
        pipeline.request(ImageKey(asset: 0), priority: 0, time: 0)
        while pipeline.completeNext(upTo: 100) != nil {}
        #expect(pipeline.link.samples == 1)
        #expect(abs(pipeline.link.timeToFirstByte! - (upload + 2 * p.roundTrip)) < 1e-9)
        #expect(abs(pipeline.link.imageTransferTime! - 25_000 / p.downlinkBytesPerSecond) < 1e-9)
        // The memory cache (1 byte) kept nothing: asset 0 again is a disk read, not a measure of the link.
        pipeline.request(ImageKey(asset: 0), priority: 0, time: 10)
        #expect(pipeline.running.first?.isLocal == true)
        while pipeline.completeNext(upTo: 100) != nil {}
        #expect(pipeline.link.samples == 1)
    }
}
