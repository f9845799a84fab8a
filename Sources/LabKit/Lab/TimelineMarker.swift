import ScrollKit

/// A delegate callback pinned on the timeline: a vertical marker with a short label.
public struct TimelineMarker: Equatable, Sendable {
    /// Model time of the callback, in seconds.
    public var time: Double
    /// `contentOffset` along the scroll axis when the callback was made.
    public var offset: Double
    /// The callback.
    public var event: ScrollEvent
    /// True for a `didEndDecelerating` that closes a deceleration a later drag interrupted and
    /// released without velocity (B-EVT-3's left-over callback): no `willBeginDecelerating`
    /// preceded it since that drag ended.
    public var isLeftOver: Bool

    /// Makes a marker.
    public init(time: Double, offset: Double, event: ScrollEvent, isLeftOver: Bool = false) {
        self.time = time
        self.offset = offset
        self.event = event
        self.isLeftOver = isLeftOver
    }

    /// The short label drawn at the marker: `"wBD"`, `"wED"`, `"dED(T)"`, `"dED(F)"`, `"wBDec"`,
    /// `"dEDec"` (`"dEDec*"` when left over), `"dESA"`.
    public var label: String {
        let base = event.shortLabel ?? event.name
        return isLeftOver ? base + "*" : base
    }
}
