import ScrollKit

/// A window of the timeline mapped into a plot rectangle: everything the renderer draws, in window
/// points, with the auto-scaled value ranges it used.
///
/// Time runs left to right, `now` at the right edge. Larger values are higher up (smaller y).
/// Offset and velocity have their own vertical scales over the same rectangle.
public struct TimelineLayout: Equatable, Sendable {
    /// The plot rectangle the points are in.
    public var rect: Rect = .zero
    /// Seconds of model time across the plot width.
    public var seconds: Double = 3
    /// Offset values at the bottom and the top edge of the plot.
    public var offsetRange: ClosedRange<Double> = 0...1
    /// Velocity values (pt/s) at the bottom and the top edge; symmetric around zero.
    public var velocityRange: ClosedRange<Double> = -1...1
    /// The offset curve, oldest first.
    public var offsetPoints: [Point] = []
    /// The velocity curve, oldest first.
    public var velocityPoints: [Point] = []
    /// The y of zero velocity (the middle of the plot).
    public var velocityZeroY: Double = 0
    /// Delegate-callback markers inside the window, oldest first.
    public var markers: [TimelineLayoutMarker] = []
    /// Target lines inside the window, oldest first.
    public var targets: [TimelineLayoutTarget] = []

    /// An empty layout, to be filled by `Timeline.layout(in:now:seconds:into:)`.
    public init() {}
}
