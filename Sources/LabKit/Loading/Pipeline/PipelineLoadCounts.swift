/// The image pipeline's load counts: over the whole run, and in the current metrics segment (a policy
/// switch or R starts one). A load belongs to the segment it began in, so completed + cancelled never
/// exceed issued within a segment.
public struct PipelineLoadCounts: Hashable, Sendable {
    /// Loads begun at the source.
    public private(set) var issued = 0
    /// Loads that finished (image or failure) and were accepted.
    public private(set) var completed = 0
    /// Loads stopped after they began.
    public private(set) var cancelled = 0
    /// Queued requests dropped before they began.
    public private(set) var dropped = 0
    /// The current metrics segment.
    public private(set) var segment = 0
    /// The current segment's loads: begun in it, and of those, completed and cancelled.
    public private(set) var segmentLoads = SegmentLoads()

    /// One segment's loads.
    public struct SegmentLoads: Hashable, Sendable {
        public var issued = 0
        public var completed = 0
        public var cancelled = 0
    }

    /// No loads yet.
    public init() {}

    /// A load began (in the current segment).
    mutating func began() {
        issued += 1
        segmentLoads.issued += 1
    }

    /// A load begun in `segment` finished.
    mutating func completed(inSegment segment: Int) {
        completed += 1
        if segment == self.segment { segmentLoads.completed += 1 }
    }

    /// A load begun in `segment` was cancelled.
    mutating func cancelled(inSegment segment: Int) {
        cancelled += 1
        if segment == self.segment { segmentLoads.cancelled += 1 }
    }

    /// A queued request was dropped before it began.
    mutating func droppedRequest() { dropped += 1 }

    /// Starts a new segment, its counts from zero.
    mutating func beginSegment() {
        segment += 1
        segmentLoads = SegmentLoads()
    }
}
