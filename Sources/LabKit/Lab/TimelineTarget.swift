/// The target a `willEndDragging` set, along the scroll axis: drawn as a horizontal line from the
/// release until the next drag begins.
public struct TimelineTarget: Equatable, Sendable {
    /// Model time of the `willEndDragging`, in seconds.
    public var time: Double
    /// The final `targetContentOffset` (after the delegate had its say), along the axis.
    public var target: Double
    /// What the scroll view proposed before the delegate could rewrite it, along the axis.
    public var proposedTarget: Double
    /// When the next drag began (the line ends there), or nil while the target is current.
    public var endTime: Double?

    /// Makes a target line.
    public init(time: Double, target: Double, proposedTarget: Double, endTime: Double? = nil) {
        self.time = time
        self.target = target
        self.proposedTarget = proposedTarget
        self.endTime = endTime
    }

    /// True when the delegate rewrote the proposed target (target mode, B-PAGE-4).
    public var isRewritten: Bool { target != proposedTarget }
}
