import Testing
@testable import ScrollKit
import LabKit

@Suite struct ImagePipelineTests {
    static let bytes = 528_000

    func pipeline(concurrency: Int = 4, cacheImages: Int = 12) -> ImagePipeline {
        ImagePipeline(source: VirtualImageSource(latency: 0.080, decodeCost: 0.006),
                      cacheByteLimit: cacheImages * Self.bytes, maxConcurrent: concurrency)
    }

    @Test func concurrencyIsCappedAndClampedToOneToSixtyFour() {
        var p = pipeline()
        for k in 0..<7 { p.request(ImageKey(asset: k), priority: 0, time: 0) }
        #expect(p.running.map(\.ticket.key.asset) == [0, 1, 2, 3])
        #expect(p.queued.map(\.ticket.key.asset) == [4, 5, 6])
        #expect(p.loadsIssued == 4)
        #expect(pipeline(concurrency: 0).maxConcurrent == 1)
        #expect(pipeline(concurrency: 9).maxConcurrent == 9)
        #expect(pipeline(concurrency: 100).maxConcurrent == 64)
        #expect(ImagePipeline(source: VirtualImageSource(), cacheByteLimit: 1).maxConcurrent == 6)
    }

    @Test func queuedRequestsStartByPriorityThenRequestOrder() {
        var p = pipeline(concurrency: 3)
        for k in 0..<3 { p.request(ImageKey(asset: k), priority: 0, time: 0) }
        p.request(ImageKey(asset: 10), priority: 2, time: 0)
        p.request(ImageKey(asset: 11), priority: 1, time: 0)
        p.request(ImageKey(asset: 12), priority: 2, time: 0)
        p.request(ImageKey(asset: 13), priority: 0.5, time: 0)
        #expect(p.queued.map(\.ticket.key.asset) == [13, 11, 10, 12])
        // Asking again with a lower priority moves a queued request up; a higher one does not move it.
        p.request(ImageKey(asset: 12), priority: 0.1, time: 0)
        p.request(ImageKey(asset: 13), priority: 5, time: 0)
        #expect(p.queued.map(\.ticket.key.asset) == [12, 13, 11, 10])
        // Completions at 86 ms free the slots: the queue drains in that order.
        var started: [Int] = []
        while let outcome = p.completeNext(upTo: 0.09) {
            started.append(outcome.ticket.key.asset)
        }
        #expect(started == [0, 1, 2])
        #expect(p.running.map(\.ticket.key.asset) == [12, 13, 11])
        #expect(p.running.allSatisfy { abs($0.startTime - 0.086) < 1e-12 })
    }

    /// `--request-order lifo`: among equal priorities the newest request goes first (SDWebImage's LIFO
    /// execution order); priorities still come first, and a raised priority joins its new group first.
    @Test func lastInFirstOutOrdersEqualPriorities() {
        var p = pipeline(concurrency: 3)
        p.order = .lifo
        for k in 0..<3 { p.request(ImageKey(asset: k), priority: 0, time: 0) }
        #expect(p.running.map(\.ticket.key.asset) == [0, 1, 2])
        p.request(ImageKey(asset: 10), priority: 2, time: 0)
        p.request(ImageKey(asset: 11), priority: 1, time: 0)
        p.request(ImageKey(asset: 12), priority: 2, time: 0)
        p.request(ImageKey(asset: 13), priority: 1, time: 0)
        #expect(p.queued.map(\.ticket.key.asset) == [13, 11, 12, 10])
        p.request(ImageKey(asset: 10), priority: 1, time: 0)
        #expect(p.queued.map(\.ticket.key.asset) == [10, 13, 11, 12])
        var fifo = pipeline(concurrency: 3)
        for k in [0, 1, 2, 10, 11, 12, 13] { fifo.request(ImageKey(asset: k), priority: k < 3 ? 0 : Double(k % 2 == 0 ? 2 : 1), time: 0) }
        #expect(fifo.queued.map(\.ticket.key.asset) == [11, 13, 10, 12])
    }

    @Test func duplicateRequestsShareOneTicket() {
        var p = pipeline()
        let a = p.request(ImageKey(asset: 5), priority: 1, time: 0)
        let b = p.request(ImageKey(asset: 5), priority: 0, time: 0.01)
        #expect(a == b)
        #expect(a.id == 1)
        #expect(p.loadsIssued == 1)
    }

    @Test func cancellingQueuedWorkIsFreeAndCancellingRunningWorkFreesItsSlot() {
        var p = pipeline(concurrency: 3)
        for k in 0..<5 { p.request(ImageKey(asset: k), priority: Double(k), time: 0) }
        let r1 = p.cancel(ImageKey(asset: 4), time: 0.01); #expect(r1)        // queued: dropped
        #expect(p.requestsDropped == 1)
        #expect(p.loadsCancelled == 0)
        let r2 = p.cancel(ImageKey(asset: 1), time: 0.02); #expect(r2)        // running: cancelled, 3 starts
        #expect(p.loadsCancelled == 1)
        #expect(p.running.map(\.ticket.key.asset) == [0, 2, 3])
        #expect(p.running.last?.startTime == 0.02)
        let again = p.cancel(ImageKey(asset: 1), time: 0.03); #expect(!again)
        // The cancelled load never completes; the others do, at begin + 86 ms.
        var done: [(Int, Double)] = []
        while let o = p.completeNext(upTo: 1) { done.append((o.ticket.key.asset, o.time)) }
        #expect(done.map(\.0) == [0, 2, 3])
        #expect(abs(done[2].1 - 0.106) < 1e-12)
        #expect(p.loadsIssued == 4)
        #expect(p.loadsCompleted == 3)
        #expect(p.isIdle)
    }

    @Test func completionGoesIntoTheCacheAndReportsEvictions() {
        var p = pipeline(cacheImages: 2)
        for k in 0..<3 { p.request(ImageKey(asset: k), priority: 0, time: Double(k)) }
        var evicted: [[ImageKey]] = []
        while let o = p.completeNext(upTo: 10) { evicted.append(o.evicted) }
        #expect(evicted == [[], [], [ImageKey(asset: 0)]])
        #expect(p.cache.keysByRecency == [ImageKey(asset: 2), ImageKey(asset: 1)])
        #expect(p.cache.totalBytes == 2 * Self.bytes)
        #expect(abs(p.expectedLoadDuration - 0.086) < 1e-12)
    }

    @Test func aLateResultForACancelledTicketIsIgnored() {
        var p = pipeline()
        let t = p.request(ImageKey(asset: 1), priority: 0, time: 0)
        p.cancel(ImageKey(asset: 1), time: 0.01)
        let r3 = p.complete(t, result: .image(bytes: 10), time: 0.1); #expect(r3 == nil)
        #expect(!p.cache.contains(ImageKey(asset: 1)))
        #expect(p.loadsCompleted == 0)
    }

    /// The pipeline keeps the source's earliest completion as of its last change: a load begun, taken or
    /// cancelled moves it, and so does a source changed or replaced from outside.
    @Test func mayCompleteFollowsEveryChangeOfTheSource() {
        var p = pipeline()
        #expect(!p.mayComplete(upTo: 100))
        let t = p.request(ImageKey(asset: 1), priority: 0, time: 0)
        #expect(!p.mayComplete(upTo: 0.085) && p.mayComplete(upTo: 0.087))
        p.cancel(ImageKey(asset: 1), time: 0.01)
        #expect(!p.mayComplete(upTo: 100))
        p.source.begin(t, time: 0.5)  // through the property, not the pipeline
        #expect(!p.mayComplete(upTo: 0.585) && p.mayComplete(upTo: 0.587))
        p.source = VirtualImageSource(latency: 0.080, decodeCost: 0.006)
        #expect(!p.mayComplete(upTo: 100))
        p.request(ImageKey(asset: 2), priority: 0, time: 1)
        #expect(p.completeNext(upTo: 1.087)?.ticket.key == ImageKey(asset: 2))
        #expect(!p.mayComplete(upTo: 100))
    }

    @Test func failuresAreNotCached() {
        var p = ImagePipeline(source: VirtualImageSource(failingKeys: [ImageKey(asset: 3)]), cacheByteLimit: 10_000_000)
        p.request(ImageKey(asset: 3), priority: 0, time: 0)
        let o = p.completeNext(upTo: 1)
        #expect(o?.result == .failed(reason: "virtual failure"))
        #expect(p.cache.count == 0)
    }
}

/// A policy's limit on the network loads at once (`networkLimit`): queued network loads wait for it, a
/// local one (a disk hit) behind them does not; raising or removing it starts the waiting ones.
@Suite struct ImagePipelineNetworkLimitTests {
    /// Assets 20 and 21 are in the disk cache; every other asset comes over 3G.
    func pipeline(concurrency: Int = 6) -> ImagePipeline {
        ImagePipeline(source: NetworkImageSource(profile: .threeG, diskByteLimit: 1 << 20, diskEntries: [20, 21]),
                      cacheByteLimit: 1 << 30, maxConcurrent: concurrency)
    }

    func network(_ p: ImagePipeline) -> [Int] { p.running.filter { !$0.isLocal }.map(\.ticket.key.asset) }

    @Test func queuedNetworkLoadsWaitForTheLimitAndALocalOneBehindThemStarts() {
        var p = pipeline()
        p.setNetworkLimit(2, time: 0)
        #expect(p.networkLimit == 2)
        for k in 0..<5 { p.request(ImageKey(asset: k), priority: 0, time: 0) }
        #expect(p.running.map(\.ticket.key.asset) == [0, 1])
        #expect(p.queued.map(\.ticket.key.asset) == [2, 3, 4])
        #expect(p.loadsIssued == 2)
        // A disk hit queued behind them starts at once.
        p.request(ImageKey(asset: 20), priority: 0, time: 0.1)
        #expect(p.running.map(\.ticket.key.asset) == [0, 1, 20])
        #expect(p.running.last!.isLocal && p.running.last!.startTime == 0.1)
        #expect(p.queued.map(\.ticket.key.asset) == [2, 3, 4])
        // Raised to 4: two more start at that time, the fifth still waits.
        p.setNetworkLimit(4, time: 0.5)
        #expect(network(p) == [0, 1, 2, 3])
        #expect(p.running.filter { $0.startTime == 0.5 }.map(\.ticket.key.asset) == [2, 3])
        #expect(p.queued.map(\.ticket.key.asset) == [4])
        // Removed: the rest start.
        p.setNetworkLimit(nil, time: 0.7)
        #expect(p.networkLimit == nil)
        #expect(p.queued.isEmpty)
        #expect(p.running.last!.ticket.key.asset == 4 && p.running.last!.startTime == 0.7)
        #expect(p.loadsIssued == 6)
    }

    /// A lower limit lets the running loads finish; a freed slot starts a network load only below the limit,
    /// a local one whenever the pipeline has room.
    @Test func aLowerLimitCancelsNothingAndHoldsBackTheNextStarts() {
        var p = pipeline()
        for k in 0..<6 { p.request(ImageKey(asset: k), priority: 0, time: 0) }
        p.request(ImageKey(asset: 6), priority: 0, time: 0)
        #expect(network(p) == [0, 1, 2, 3, 4, 5] && p.queued.count == 1)
        p.setNetworkLimit(1, time: 0.1)
        #expect(network(p).count == 6 && p.loadsCancelled == 0)
        // Every completion frees a slot; asset 6 waits until no other network load runs.
        var startedWith: [Int] = []
        while let outcome = p.completeNext(upTo: 100) {
            if p.running.contains(where: { $0.ticket.key.asset == 6 }), startedWith.isEmpty {
                startedWith = network(p)
                #expect(outcome.ticket.key.asset == 5)
            }
        }
        #expect(startedWith == [6])
        // Below the limit, a local request takes a free slot while a network one waits.
        var q = pipeline(concurrency: 3)
        q.setNetworkLimit(2, time: 0)
        for k in [0, 1, 2, 20, 21] { q.request(ImageKey(asset: k), priority: 0, time: 0) }
        #expect(q.running.map(\.ticket.key.asset) == [0, 1, 20])
        #expect(q.queued.map(\.ticket.key.asset) == [2, 21])
    }

    /// The limit is at least 1; setting the same limit again changes nothing.
    @Test func theLimitIsClampedToOne() {
        var p = pipeline()
        p.setNetworkLimit(0, time: 0)
        #expect(p.networkLimit == 1)
        p.setNetworkLimit(-3, time: 0)
        #expect(p.networkLimit == 1)
        for k in 0..<3 { p.request(ImageKey(asset: k), priority: 0, time: 0) }
        #expect(p.running.count == 1 && p.queued.count == 2)
        p.setNetworkLimit(1, time: 1)
        #expect(p.running.count == 1)
    }
}
