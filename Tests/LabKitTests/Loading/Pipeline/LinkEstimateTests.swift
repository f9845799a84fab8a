import Testing
import LabKit

/// The link as an app's own responses measure it: the time to first byte (a moving average) and the
/// throughput over the union of the last 8 responses' receiving intervals. Numbers chosen exact in binary.
@Suite struct LinkEstimateTests {
    @Test func nothingIsKnownBeforeAResponse() {
        let link = LinkEstimate()
        #expect(link.timeToFirstByte == nil && link.throughput == nil && link.imageTransferTime == nil)
        #expect(link.samples == 0 && link.meanBytes == 0)
    }

    /// The first response's time to first byte is the estimate; each next moves it a quarter of the way.
    @Test func theTimeToFirstByteIsAMovingAverage() {
        var link = LinkEstimate()
        link.record(TransferTiming(firstByte: 11, lastByte: 12, bytes: 1000), requestStart: 10)
        #expect(link.timeToFirstByte == 1)
        link.record(TransferTiming(firstByte: 22, lastByte: 23, bytes: 1000), requestStart: 20)
        #expect(link.timeToFirstByte == 1.25)   // 1 + 0.25 × (2 − 1)
        link.record(TransferTiming(firstByte: 30.25, lastByte: 31, bytes: 1000), requestStart: 30)
        #expect(link.timeToFirstByte == 1)      // 1.25 + 0.25 × (0.25 − 1.25)
        // A first byte stamped before its request counts 0, not a negative time.
        link.record(TransferTiming(firstByte: 39, lastByte: 41, bytes: 1000), requestStart: 40)
        #expect(link.timeToFirstByte == 0.75)
        #expect(link.samples == 4)
    }

    /// Two responses sharing the link ([0, 2] and [1, 4]) and one alone ([10, 12]): the link was busy 4 + 2 s
    /// for 6000 bytes, 1000 B/s, not 6000 over the 7 s the responses' own intervals add up to. The mean
    /// image (2000 bytes) holds the whole link 2 s.
    @Test func theThroughputIsTheBytesOverTheUnionOfTheReceivingIntervals() {
        var link = LinkEstimate()
        // Recorded out of order of their first bytes: the union is taken over the sorted intervals.
        link.record(TransferTiming(firstByte: 10, lastByte: 12, bytes: 3000), requestStart: 9)
        link.record(TransferTiming(firstByte: 1, lastByte: 4, bytes: 2000), requestStart: 0)
        link.record(TransferTiming(firstByte: 0, lastByte: 2, bytes: 1000), requestStart: 0)
        #expect(link.throughput == 1000)
        #expect(link.meanBytes == 2000)
        #expect(link.imageTransferTime == 2)
        // One inside another ([2, 3] within [1, 4]) adds its bytes, not its time: 7000 bytes over 6 s.
        link.record(TransferTiming(firstByte: 2, lastByte: 3, bytes: 1000), requestStart: 0)
        #expect(link.throughput == 7000.0 / 6)
        #expect(link.meanBytes == 1750)
    }

    /// Nine disjoint responses: the first, slow one (1000 bytes over 100 s) is in the throughput of the first
    /// 8, and out of it once the ninth arrives.
    @Test func onlyTheLastEightResponsesAreMeasured() {
        #expect(LinkEstimate.window == 8)
        var link = LinkEstimate()
        link.record(TransferTiming(firstByte: 0, lastByte: 100, bytes: 1000), requestStart: 0)
        for i in 0..<7 {
            let start = 200 + 10 * Double(i)
            link.record(TransferTiming(firstByte: start, lastByte: start + 1, bytes: 1000), requestStart: start)
        }
        #expect(link.throughput == 8000.0 / 107)
        #expect(link.meanBytes == 1000)
        link.record(TransferTiming(firstByte: 300, lastByte: 301, bytes: 1000), requestStart: 300)
        #expect(link.samples == 9)
        #expect(link.throughput == 1000)
        #expect(link.imageTransferTime == 1)
        // The window slides on: 8 more of 3000 bytes each, 1 s each, replace every one of them.
        for i in 0..<8 {
            let start = 400 + 10 * Double(i)
            link.record(TransferTiming(firstByte: start, lastByte: start + 1, bytes: 3000), requestStart: start)
        }
        #expect(link.throughput == 3000 && link.meanBytes == 3000 && link.imageTransferTime == 1)
    }

    /// Responses that took no receiving time (a link too fast for the clock) give no throughput, and an
    /// image transfer time of 0: known, and nothing to wait for.
    @Test func aLinkTooFastToMeasureTransfersInNoTime() {
        var link = LinkEstimate()
        link.record(TransferTiming(firstByte: 0.5, lastByte: 0.5, bytes: 25_000), requestStart: 0)
        #expect(link.throughput == nil)
        #expect(link.imageTransferTime == 0)
        #expect(link.timeToFirstByte == 0.5)
        // A measurable response later: both responses' bytes over the one interval with receiving time.
        link.record(TransferTiming(firstByte: 2, lastByte: 2.5, bytes: 25_000), requestStart: 1.5)
        #expect(link.throughput == 100_000)
        #expect(link.imageTransferTime == 0.25)
    }
}
