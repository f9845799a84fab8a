/// One `UIScrollViewDelegate` callback, with its arguments in UIKit's units.
public enum ScrollEvent: Equatable, Sendable {
    /// `scrollViewDidScroll(_:)`: the content offset changed.
    case didScroll
    /// `scrollViewWillBeginDragging(_:)`: a drag starts (after the slop, or at once when it catches a moving view).
    case willBeginDragging
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`.
    ///
    /// `velocity` is in points per millisecond, in content-offset direction (UIKit's unit).
    /// `target` is the final target after the delegate had its say; `proposedTarget` is what the
    /// scroll view proposed before the delegate could rewrite it.
    case willEndDragging(velocity: Point, target: Point, proposedTarget: Point)
    /// `scrollViewDidEndDragging(_:willDecelerate:)`.
    case didEndDragging(willDecelerate: Bool)
    /// `scrollViewWillBeginDecelerating(_:)`.
    case willBeginDecelerating
    /// `scrollViewDidEndDecelerating(_:)`.
    case didEndDecelerating
    /// `scrollViewDidEndScrollingAnimation(_:)`: an animated `setContentOffset` finished.
    case didEndScrollingAnimation
    /// A content view heard a touch (B-TCH-1): `touchesBegan`, `touchesEnded`, `touchesCancelled` or `tap`.
    case contentTouch(ContentTouchPhase, ContentView)
    /// `scrollViewWillBeginZooming(_:with:)`: a pinch begins, or an animated zoom starts (B-ZOOM-1).
    case willBeginZooming
    /// `scrollViewDidZoom(_:)`: the zoom scale changed.
    case didZoom
    /// `scrollViewDidEndZooming(_:with:atScale:)`: the zoom ended (after any bounce), at `scale`.
    case didEndZooming(scale: Double)

    /// The UIKit-style name used in logs and JSON lines (`"willEndDragging"`).
    public var name: String {
        switch self {
        case .didScroll: return "didScroll"
        case .willBeginDragging: return "willBeginDragging"
        case .willEndDragging: return "willEndDragging"
        case .didEndDragging: return "didEndDragging"
        case .willBeginDecelerating: return "willBeginDecelerating"
        case .didEndDecelerating: return "didEndDecelerating"
        case .didEndScrollingAnimation: return "didEndScrollingAnimation"
        case .contentTouch(let phase, _): return phase.rawValue
        case .willBeginZooming: return "willBeginZooming"
        case .didZoom: return "didZoom"
        case .didEndZooming: return "didEndZooming"
        }
    }
}

/// A delegate callback as it happened: when, where the content was, and what was said.
public struct ScrollEventRecord: Equatable, Sendable {
    /// Model time of the callback, in seconds.
    public var time: Double
    /// `contentOffset` when the callback was made.
    public var offset: Point
    /// The callback and its arguments.
    public var event: ScrollEvent
    /// The `tag` of the scroll view that made the callback.
    public var tag: Int

    /// Makes a record.
    public init(time: Double, offset: Point, event: ScrollEvent, tag: Int = 0) {
        self.time = time
        self.offset = offset
        self.event = event
        self.tag = tag
    }
}
