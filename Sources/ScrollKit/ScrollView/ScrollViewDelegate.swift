/// The callbacks of a `ScrollView`, with UIKit's names, arguments and order (B-EVT-1, B-EVT-3).
///
/// Every method has an empty default implementation, so a delegate implements only what it needs.
/// Order for a drag that flings: `willBeginDragging`, `didScroll`…, `willEndDragging`,
/// `didEndDragging(willDecelerate: true)`, `willBeginDecelerating`, `didScroll`…, `didEndDecelerating`.
public protocol ScrollViewDelegate: AnyObject {
    /// The content offset changed (by a drag, a deceleration, an animation or code). Sent only on a change.
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// A drag begins: after the touch slop, or at touch-down when the touch catches a moving view.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// The pointer lifts. `velocity` is the content velocity in points per millisecond (UIKit's unit);
    /// `targetContentOffset` is where the motion will stop, and the delegate may rewrite it.
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point)
    /// The drag ended; `decelerate` tells whether a motion (fling, spring-back, paging) follows.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    /// The motion after a release begins.
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
    /// The motion after a release ended, exactly on the target.
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    /// An animated `setContentOffset` arrived.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
    /// The view to zoom, as its unzoomed size (the lab's stand-in for the view); nil: the content does not
    /// zoom (UIKit's `viewForZooming(in:)`). Zooming also needs `minimumZoomScale < maximumZoomScale`.
    func viewForZooming(in scrollView: ScrollView) -> Size?
    /// A pinch begins, or an animated zoom starts (B-ZOOM-1).
    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: Size?)
    /// The zoom scale changed.
    func scrollViewDidZoom(_ scrollView: ScrollView)
    /// The zoom ended at `scale`: after the pinch and any bounce back inside the limits, or after an animated zoom.
    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: Size?, atScale scale: Double)
}
