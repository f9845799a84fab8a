/// Snap after deceleration (B-PAGE-3): when the scroll view comes to rest on its own
/// (`didEndDecelerating`, or `didEndDragging(willDecelerate: false)`), animate to the nearest page.
///
/// The late snap is visible, as the seed says, and ends with `didEndScrollingAnimation`. Install it as
/// the scroll view's delegate; every callback is forwarded to `next` first (for example the scene that
/// moves a linked strip in `didScroll`). It holds `next` weakly, so a scene may own the behavior and be
/// its `next` without a cycle.
public final class SnapPagingBehavior: ScrollViewDelegate {
    /// The pages to snap to.
    public var pages: PageGrid
    /// The delegate that receives every callback too.
    public weak var next: (any ScrollViewDelegate)?

    /// Makes a snapping behavior for pages of `pageSize` points along `axis`, forwarding to `next`.
    public init(pageSize: Double, axis: Axis = .horizontal, next: (any ScrollViewDelegate)? = nil) {
        pages = PageGrid(pageSize: pageSize, axis: axis)
        self.next = next
    }

    /// Starts the animated snap to the page nearest to the current offset (no-op when already there).
    public func snap(_ scrollView: ScrollView) {
        let target = pages.nearestPageOffset(for: scrollView.contentOffset)
        scrollView.setContentOffset(target, animated: true, time: scrollView.currentTime)
    }

    public func scrollViewDidScroll(_ scrollView: ScrollView) {
        next?.scrollViewDidScroll(scrollView)
    }

    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {
        next?.scrollViewWillBeginDragging(scrollView)
    }

    public func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                          targetContentOffset: inout Point) {
        next?.scrollViewWillEndDragging(scrollView, withVelocity: velocity, targetContentOffset: &targetContentOffset)
    }

    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        next?.scrollViewDidEndDragging(scrollView, willDecelerate: decelerate)
        if !decelerate { snap(scrollView) }
    }

    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {
        next?.scrollViewWillBeginDecelerating(scrollView)
    }

    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
        next?.scrollViewDidEndDecelerating(scrollView)
        snap(scrollView)
    }

    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {
        next?.scrollViewDidEndScrollingAnimation(scrollView)
    }
}
