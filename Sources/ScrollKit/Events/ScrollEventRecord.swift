/// A delegate callback as it happened: when, where the content was, and what was said.
public struct ScrollEventRecord: Equatable, Sendable {
    /// Model time of the callback, in seconds.
    public var time: Double
    /// `contentOffset` when the callback was made.
    public var offset: Point
    /// The callback and its arguments.
    public var event: ScrollEvent

    /// Makes a record.
    public init(time: Double, offset: Point, event: ScrollEvent) {
        self.time = time
        self.offset = offset
        self.event = event
    }
}
