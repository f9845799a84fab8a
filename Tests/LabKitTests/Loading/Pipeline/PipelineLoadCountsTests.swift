import Testing
@testable import LabKit

/// The pipeline's counts: a load counts in the segment it began in.
@Suite struct PipelineLoadCountsTests {
    @Test func aLoadCountsInItsOwnSegment() {
        var counts = PipelineLoadCounts()
        counts.began()
        counts.began()
        counts.beginSegment()
        counts.began()
        counts.completed(inSegment: 0)      // began before the segment: the run's, not the segment's
        counts.cancelled(inSegment: 1)
        counts.droppedRequest()
        #expect(counts.issued == 3 && counts.completed == 1 && counts.cancelled == 1 && counts.dropped == 1)
        #expect(counts.segment == 1)
        #expect(counts.segmentLoads == PipelineLoadCounts.SegmentLoads(issued: 1, completed: 0, cancelled: 1))
    }
}
