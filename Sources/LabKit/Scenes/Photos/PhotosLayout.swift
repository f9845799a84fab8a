import ScrollKit

/// The fixed geometry of the photos scene (after Apple's PhotoScroller, seed 002's padding).
///
/// Pages are the 320×450 photo area under a 30 pt title bar, with 20 pt of padding between them: the
/// pager's frame is one page plus the padding (340 pt, 10 pt past the phone at each side, not clipped),
/// paging on, so a page turn moves 340 pt and the padding shows between two photos while paging.
public struct PhotosLayout: Hashable, Sendable {
    /// Number of pages (photos).
    public var pageCount: Int
    /// Space between two pages.
    public let padding: Double = 20
    /// Where a page (a photo's zooming scroll view) sits on screen when it is the current page.
    public let pageFrame = Rect(x: 0, y: 30, width: 320, height: 450)

    /// Makes the layout for `pageCount` pages (at least one).
    public init(pageCount: Int) {
        self.pageCount = Swift.max(1, pageCount)
    }

    /// Distance from one page to the next: page width plus padding (340).
    public var pagePitch: Double { pageFrame.width + padding }

    /// The pager's frame: a page widened by half the padding at each side.
    public var pagerFrame: Rect {
        Rect(x: pageFrame.minX - padding / 2, y: pageFrame.minY, width: pagePitch, height: pageFrame.height)
    }

    /// The pager's content: one pitch per page.
    public var contentSize: Size { Size(width: pagePitch * Double(pageCount), height: pageFrame.height) }

    /// Where page `page` is on screen at pager offset `offsetX` (its frame when current: offset `340·page`).
    public func pageFrame(page: Int, offsetX: Double) -> Rect {
        pageFrame.offsetBy(Point(x: Double(page) * pagePitch - offsetX, y: 0))
    }

    /// The page nearest the pager offset `offsetX`, inside `0..<pageCount`.
    public func currentPage(offsetX: Double) -> Int {
        guard offsetX.isFinite else { return 0 }
        return Swift.min(Swift.max(Int((offsetX / pagePitch).rounded()), 0), pageCount - 1)
    }

    /// PhotoScroller's scales for a photo of `size`: the minimum fits it in the page, the maximum is 3× that.
    public func zoomScales(for size: Size) -> (minimum: Double, maximum: Double) {
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else { return (1, 3) }
        let fit = Swift.min(pageFrame.width / size.width, pageFrame.height / size.height)
        return (fit, 3 * fit)
    }
}
