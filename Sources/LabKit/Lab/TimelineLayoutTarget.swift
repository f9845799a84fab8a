/// A target line placed in the plot: horizontal, from the release to the next drag (or the right edge).
public struct TimelineLayoutTarget: Equatable, Sendable {
    /// Left end: the release, clamped to the plot's left edge.
    public var startX: Double
    /// Right end: the next drag, or the plot's right edge while the target is current.
    public var endX: Double
    /// The y of the final target.
    public var y: Double
    /// The y of the proposed target when the delegate rewrote it, else nil.
    public var proposedY: Double?

    /// Makes a placed target line.
    public init(startX: Double, endX: Double, y: Double, proposedY: Double?) {
        self.startX = startX
        self.endX = endX
        self.y = y
        self.proposedY = proposedY
    }
}
