/// The tunable constants of a `ScrollView`: slop, fling limits, paging threshold, springs and timings.
///
/// The defaults follow the research notes: a 10 pt touch slop (between Android's 8 dp and Flutter's 18),
/// Flutter/Android fling limits of 50 and 8000 pt/s, the rubber band's 0.55 and Flutter's iOS spring.
public struct ScrollViewConfiguration: Hashable, Sendable {
    /// How far (points) the pointer must move on a scrollable axis before a drag begins on a resting view.
    public var touchSlop: Double = 10
    /// Release speeds below this (points per second, per axis) count as no fling.
    public var minimumFlingVelocity: Double = 50
    /// Release speeds are clamped to this (points per second, per axis).
    public var maximumFlingVelocity: Double = 8000
    /// With paging on, a release at least this fast (points per second) turns to the next page in its direction.
    public var pagingVelocityThreshold: Double = 100
    /// A delegate-rewritten target is reached by a re-timed decay only if its time constant is at most this (seconds).
    public var maximumRetimedTimeConstant: Double = 2
    /// A paging motion uses a re-timed decay only if its time constant is at most this (seconds); else the spring.
    public var maximumPagingTimeConstant: Double = 0.3
    /// The rubber band while dragging past an edge.
    public var rubberBand = RubberBand()
    /// The spring for spring-back, paging and fallback motions.
    public var spring: SpringDescription = .scrollBack
    /// Duration of `setContentOffset(_:animated: true)`, in seconds.
    public var animationDuration: Double = TimedAnimation.defaultDuration

    /// Makes the default configuration.
    public init() {}
}
