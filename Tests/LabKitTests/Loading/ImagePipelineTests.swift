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

    @Test func failuresAreNotCached() {
        var p = ImagePipeline(source: VirtualImageSource(failingKeys: [ImageKey(asset: 3)]), cacheByteLimit: 10_000_000)
        p.request(ImageKey(asset: 3), priority: 0, time: 0)
        let o = p.completeNext(upTo: 1)
        #expect(o?.result == .failed(reason: "virtual failure"))
        #expect(p.cache.count == 0)
    }
}
