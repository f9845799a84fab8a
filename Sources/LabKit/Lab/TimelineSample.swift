/// One frame of the timeline: where the content was along the scroll axis and how fast it moved.
public struct TimelineSample: Equatable, Sendable {
    /// Model time, in seconds.
    public var time: Double
    /// `contentOffset` along the scroll axis, in points.
    public var offset: Double
    /// Content velocity along the scroll axis, in points per second.
    public var velocity: Double

    /// Makes a sample.
    public init(time: Double, offset: Double, velocity: Double) {
        self.time = time
        self.offset = offset
        self.velocity = velocity
    }
}
