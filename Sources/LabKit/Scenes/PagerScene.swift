import ScrollKit

/// The paging scene (SPEC §2, §5): a horizontal pager of bubbles with bleeding and padding, the
/// three ways to page of seed 002 plus free scrolling, touch bridging, a linked title strip and a
/// parallax background (seed 000).
///
/// Page `k` is centred in the phone at content offset `220·k` in every mode, so switching modes
/// keeps the page on screen. The pages come from a fixed pool of five views (see `poolCapacity`).
public final class PagerScene: LabScene {
    /// Views in the page pool: five. At most three pages are ever visible (a 320 pt phone over
    /// 220 pt pages: the current page and one at each side, since the current page is the one
    /// nearest the offset), and the window is centred on the current page, so one more page is
    /// already bound at each side before it can come into view, in either direction.
    public static let poolCapacity = 5

    /// "pager".
    public let name = "pager"
    /// The fixed geometry: page size, frames, strip and parallax ratios.
    public let layout: PagerLayout
    /// The pager's scroll view. The same instance for the scene's life; `mode` reconfigures it.
    public let scrollView: ScrollView
    /// The active way to page. Setting it reconfigures the scroll view live, stopping any motion
    /// where it is shown, and a paging mode then settles on the nearer page (the window logs the change).
    public var mode: PagingMode {
        didSet { configureScrollView(stoppingMotion: true) }
    }
    /// The page view pool: `viewsCreated` stays at `poolCapacity` for the whole run.
    public internal(set) var pool: ReusePool
    /// The title strip's content offset, set in `didScroll` from the pager's (B-LINK-1).
    public internal(set) var titleStripOffset: Double = 0
    /// The background layer's offset, set in `didScroll` (parallax).
    public internal(set) var parallaxOffset: Double = 0
    /// The page nearest the current offset: the indicator dot to highlight.
    public internal(set) var currentPage: Int = 0

    /// The paging behaviour installed as the scroll view's delegate in snap and target modes; it
    /// forwards every callback to the scene. Held here because the scroll view holds its delegate weakly.
    var behavior: (any ScrollViewDelegate)?
    /// Whether the scroll view accepted the current pointer-down.
    var touchAccepted = false

    /// Makes the scene at page 0 with `pageCount` pages, paging as `mode`.
    public init(mode: PagingMode, pageCount: Int = 12) {
        let layout = PagerLayout(pageCount: pageCount)
        let pageIsFrame = PagerScene.pageIsFrame(mode)
        self.layout = layout
        self.mode = mode
        self.pool = ReusePool(capacity: PagerScene.poolCapacity)
        self.scrollView = ScrollView(
            frame: layout.scrollViewFrame(pageIsFrame: pageIsFrame),
            contentSize: layout.contentSize(pageIsFrame: pageIsFrame)
        )
        configureScrollView(stoppingMotion: false)
        linkToOffset()
    }

    /// Page size along x (220), whatever the mode.
    public var pageWidth: Double { layout.pageWidth }

    /// Width of the scroll view's frame: 220 with `pagingEnabled`, 320 otherwise.
    public var frameWidth: Double { scrollView.frame.width }

    /// The scroll view's frame in phone coordinates, for the frame-outline overlay.
    public var scrollViewFrame: Rect { scrollView.frame }

    /// The bound page views, in page order, with their frames in phone coordinates.
    public var pages: [PagerPage] {
        let x = scrollView.contentOffset.x
        return pool.items.enumerated()
            .compactMap { view, page in
                page.map {
                    PagerPage(view: view, page: $0,
                              frame: layout.pageFrame(page: $0, offsetX: x),
                              bubbleFrame: layout.bubbleFrame(page: $0, offsetX: x))
                }
            }
            .sorted { $0.page < $1.page }
    }

    /// Routes a phone-viewport pointer sample to the scroll view. The touch area is the whole
    /// pager band, so a drag that starts on a visible neighbour scrolls the pager (B-PAGE-2).
    public func pointer(_ event: PointerEvent) {
        // Moves and the lift of a touch the scroll view ignored are not its to see.
        guard event.phase == .down || event.phase == .wheel || touchAccepted else { return }
        if event.phase == .wheel {
            scrollView.handle(event)
            return
        }
        touchAccepted = scrollView.handle(event) && event.phase != .up
    }

    /// One frame: steps the scroll view (its callbacks update the linked layers and the pool).
    public func advance(to time: Double) {
        scrollView.advance(to: time)
    }

    /// True when nothing moves, no finger is down and no wheel scroll waits to settle on a page.
    public var isSettled: Bool { !scrollView.isMoving && !scrollView.isTracking && !scrollView.isSettlingWheelScroll }

    /// One line naming the pager geometry and mode, printed before the events.
    public var settingLines: [JSONValue] {
        let value: JSONValue = .object([
            ("pageWidth", .number(pageWidth)),
            ("frameWidth", .number(frameWidth)),
            ("mode", .string(mode.rawValue)),
        ])
        return [.object([("event", .string("setting")), ("name", .string("pager")), ("value", value)])]
    }

    /// `viewsCreated` of the page pool: proves the pool never grew.
    public var summary: [(String, JSONValue)] {
        [("viewsCreated", .int(pool.viewsCreated))]
    }
}

extension PagerScene: ScrollViewDelegate {
    /// Linked scrolling (B-LINK-1): the strip, the parallax layer and the pool follow the offset.
    /// In snap and target modes this arrives through the paging behaviour, which forwards it.
    public func scrollViewDidScroll(_ scrollView: ScrollView) {
        linkToOffset()
    }
}
