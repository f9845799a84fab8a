import ScrollKit

/// The fixed geometry of the pager scene (seed 002's bubbles, seed 000's linked strip).
///
/// Bubbles are 200 pt wide with 20 pt of padding, so a page is 220 pt. Page `k` is centred in the
/// 320 pt phone at content offset `220·k` in every paging mode: with `pagingEnabled` the scroll view
/// frame is one page centred in the phone (x = 50) and does not clip; in the other modes it spans
/// the phone and the content has a 50 pt margin at both ends. Everything here is in phone-viewport
/// points, so the renderer and the tests share one source of truth.
public struct PagerLayout: Hashable, Sendable {
    /// Number of pages.
    public var pageCount: Int
    /// Diameter of a bubble.
    public let bubbleDiameter: Double = 200
    /// Space between two bubbles (10 pt on each side of a bubble).
    public let padding: Double = 20
    /// The phone viewport.
    public let phoneSize = Size(width: 320, height: 480)
    /// The horizontal band of the phone the pager occupies (and where it accepts touches).
    public let band = Rect(x: 0, y: 150, width: 320, height: 220)
    /// The title strip above the pager.
    public let titleStrip = Rect(x: 0, y: 90, width: 320, height: 40)
    /// Width of one title in the strip: narrower than a page, so the strip's ratio is not 1.
    public let titleWidth: Double = 120
    /// How far the background layer moves per point of pager offset.
    public let parallaxFactor: Double = 0.35
    /// Vertical centre of the page indicator dots.
    public let dotsY: Double = 392

    /// Makes the layout for `pageCount` pages (at least one).
    public init(pageCount: Int = 12) {
        self.pageCount = Swift.max(1, pageCount)
    }

    /// Page size along the scrolling axis: bubble diameter plus padding (220).
    public var pageWidth: Double { bubbleDiameter + padding }

    /// Space left and right of a centred page (50).
    public var sideInset: Double { (phoneSize.width - pageWidth) / 2 }

    /// Largest content offset: the last page centred.
    public var maxOffsetX: Double { pageWidth * Double(pageCount - 1) }

    /// The scroll view's frame: one page wide (B-PAGE-1/2) when the page is the frame, else the phone width.
    public func scrollViewFrame(pageIsFrame: Bool) -> Rect {
        pageIsFrame
            ? Rect(x: sideInset, y: band.minY, width: pageWidth, height: band.height)
            : band
    }

    /// The content size: `pageCount` pages, plus a margin of `sideInset` at both ends when the
    /// scroll view spans the phone (so page `k` is still centred at offset `220·k`).
    public func contentSize(pageIsFrame: Bool) -> Size {
        let pages = pageWidth * Double(pageCount)
        return Size(width: pageIsFrame ? pages : pages + 2 * sideInset, height: band.height)
    }

    /// The area that accepts drags: the whole band, wider than a one-page frame (touch bridging).
    public var touchArea: Rect { band }

    /// The slot of page `page` (bubble plus padding) in phone coordinates at content offset `offsetX`.
    public func pageFrame(page: Int, offsetX: Double) -> Rect {
        Rect(x: sideInset + pageWidth * Double(page) - offsetX, y: band.minY, width: pageWidth, height: band.height)
    }

    /// The bubble of page `page` in phone coordinates: its slot inset by half the padding.
    public func bubbleFrame(page: Int, offsetX: Double) -> Rect {
        pageFrame(page: page, offsetX: offsetX).insetBy(dx: padding / 2, dy: padding / 2)
    }

    /// The page nearest to `offsetX`, clamped to the existing pages.
    public func currentPage(offsetX: Double) -> Int {
        guard offsetX.isFinite else { return 0 }
        let page = (offsetX / pageWidth).rounded()
        return Int(Swift.min(Swift.max(page, 0), Double(pageCount - 1)))
    }

    /// The offset of the page nearest to `offsetX` (seed 002's `nearestTargetOffsetForOffset`).
    public func nearestPageOffset(_ offsetX: Double) -> Double {
        pageWidth * Double(currentPage(offsetX: offsetX))
    }

    /// The title strip's offset for a pager offset: titles are `titleWidth` wide, pages `pageWidth`.
    public func titleStripOffset(forOffsetX offsetX: Double) -> Double {
        offsetX * titleWidth / pageWidth
    }

    /// The background layer's offset for a pager offset (parallax: it moves slower than the pages).
    public func parallaxOffset(forOffsetX offsetX: Double) -> Double {
        offsetX * parallaxFactor
    }

    /// Title `page` in phone coordinates for a strip offset: centred when its page is centred.
    public func titleFrame(page: Int, stripOffset: Double) -> Rect {
        let x = (phoneSize.width - titleWidth) / 2 + titleWidth * Double(page) - stripOffset
        return Rect(x: x, y: titleStrip.minY, width: titleWidth, height: titleStrip.height)
    }

    /// Spacing of the page indicator dots: 14 pt, narrower when many pages must fit in the phone.
    public var dotSpacing: Double {
        Swift.min(14, (phoneSize.width - 20) / Double(pageCount))
    }

    /// Centre of the indicator dot of `page`, in phone coordinates (the row is centred).
    public func dotCenter(page: Int) -> Point {
        let x = phoneSize.width / 2 + (Double(page) - Double(pageCount - 1) / 2) * dotSpacing
        return Point(x: x, y: dotsY)
    }
}

/// One page view of the pager's pool, as the renderer draws it.
public struct PagerPage: Hashable, Sendable {
    /// Identity of the pool view (0 ..< pool capacity): its colour in the renderer.
    public var view: Int
    /// The page the view shows (its number is `page + 1` on screen).
    public var page: Int
    /// The page's slot (bubble plus padding) in phone coordinates.
    public var frame: Rect
    /// The bubble inside the slot, in phone coordinates.
    public var bubbleFrame: Rect

    /// Makes a page record.
    public init(view: Int, page: Int, frame: Rect, bubbleFrame: Rect) {
        self.view = view
        self.page = page
        self.frame = frame
        self.bubbleFrame = bubbleFrame
    }
}
