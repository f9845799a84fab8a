/// Target rewrite (B-PAGE-4, the seed's `nearestTargetOffsetForOffset`): in `willEndDragging` the
/// projected target moves to the nearest page, so the deceleration itself ends on a page and no snap follows.
///
/// A strong fling still travels several pages. Install it as the scroll view's delegate; every callback
/// is forwarded to `next` (in `willEndDragging` after the rewrite, so `next` sees the page target).
/// `next` is held weakly.
public final class TargetPagingBehavior: ScrollViewDelegate {
    /// The pages to land on.
    public var pages: PageGrid
    /// The delegate that receives every callback too.
    public weak var next: (any ScrollViewDelegate)?

    /// Makes a target-rewriting behavior for pages of `pageSize` points along `axis`, forwarding to `next`.
    public init(pageSize: Double, axis: Axis = .horizontal, next: (any ScrollViewDelegate)? = nil) {
        pages = PageGrid(pageSize: pageSize, axis: axis)
        self.next = next
    }

    public func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                          targetContentOffset: inout Point) {
        targetContentOffset = pages.nearestPageOffset(for: targetContentOffset)
        next?.scrollViewWillEndDragging(scrollView, withVelocity: velocity, targetContentOffset: &targetContentOffset)
    }

    public func scrollViewDidScroll(_ scrollView: ScrollView) {
        next?.scrollViewDidScroll(scrollView)
    }

    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {
        next?.scrollViewWillBeginDragging(scrollView)
    }

    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        next?.scrollViewDidEndDragging(scrollView, willDecelerate: decelerate)
    }

    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {
        next?.scrollViewWillBeginDecelerating(scrollView)
    }

    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
        next?.scrollViewDidEndDecelerating(scrollView)
    }

    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {
        next?.scrollViewDidEndScrollingAnimation(scrollView)
    }
}
