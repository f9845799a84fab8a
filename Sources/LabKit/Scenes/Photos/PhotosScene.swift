import ScrollKit

/// The photos scene (B-ZOOM-1, after Apple's PhotoScroller): a horizontal pager of photos with padding
/// between pages, each page a zooming scroll view from a pool of three. The minimum zoom fits the photo,
/// the maximum is 3× that; a pinch zooms about its centre and bounces back past the limits, small
/// content stays centred, a double tap zooms in at the point and out again, and a recycled page starts at
/// its fitted scale. Nested scrolling as in Photos: a drag on a zoomed photo scrolls inside it to its edge,
/// then the pager takes the rest of the same drag; a pinch never pages and a page fling never zooms.
///
/// The pager is the scene's `scrollView`; the current page's own scroll view (the photo's, tagged
/// `PhotosScene.photoTag`) reports to the same log, so its panning, zooming and offsets are seen too.
public final class PhotosScene: LabScene, ScrollViewDelegate {
    /// Pages in the pool: at most two are visible (a 320 pt page in a 340 pt pitch), plus one bound ahead.
    public static let poolCapacity = 3
    /// Two taps at most this far apart in time (seconds) and space (points) make a double tap.
    public static let doubleTapInterval = 0.35
    public static let doubleTapDistance = 30.0
    /// A photo's size when none is known: the bundled images' 300×440.
    public static let defaultPhotoSize = Size(width: 300, height: 440)
    /// The `tag` of every page's scroll view: its records say they are the photo's, not the pager's.
    public static let photoTag = 1

    /// "photos".
    public let name = "photos"
    /// The geometry.
    public let layout: PhotosLayout
    /// The pager.
    public let scrollView: ScrollView
    /// The photos' unzoomed sizes, by page.
    public let photoSizes: [Size]
    /// The page views; `viewsCreated` stays at `poolCapacity`.
    public internal(set) var pool: ReusePool
    /// The zooming page of each pool view.
    public let pageViews: [PhotoPage]
    /// The page nearest the pager's offset.
    public internal(set) var currentPage = 0

    /// Who the current pointer belongs to.
    var route: PhotosRoute?
    /// The pool view and page a pinch in progress zooms: it keeps them until it ends, as UIKit's pinch
    /// recognizer belongs to one scroll view for the whole gesture; and whether its fingers hold the pager.
    var pinchTarget: (view: Int, page: Int, holdsPager: Bool)?
    /// The previous tap (time and point), for the double tap.
    var lastTap: (time: Double, point: Point)?

    /// Makes the scene at page 0 with one page per photo size (none: a single photo of `defaultPhotoSize`).
    public init(photoSizes: [Size]) {
        self.photoSizes = photoSizes.isEmpty ? [Self.defaultPhotoSize] : photoSizes
        layout = PhotosLayout(pageCount: self.photoSizes.count)
        scrollView = ScrollView(frame: layout.pagerFrame, contentSize: layout.contentSize)
        scrollView.touchArea = layout.pageFrame
        scrollView.isPagingEnabled = true
        pool = ReusePool(capacity: Self.poolCapacity)
        let frame = layout.pageFrame
        pageViews = (0..<Self.poolCapacity).map { _ in PhotoPage(frame: frame) }
        scrollView.delegate = self
        for (view, page) in pageViews.enumerated() {
            page.scrollView.tag = Self.photoTag
            page.scrollView.eventHandler = { [weak self] record in self?.forwardPhotoRecord(record, from: view) }
        }
        updatePool()
    }

    /// The pages' zooming scroll views.
    public var nestedScrollViews: [ScrollView] { pageViews.map(\.scrollView) }

    /// The page view showing the current page.
    public var currentPageView: PhotoPage? {
        pool.view(showing: currentPage).map { pageViews[$0] }
    }

    /// The bound pages, in page order, as the renderer draws them.
    public var pages: [PhotoPageState] {
        pool.items.enumerated().compactMap { view, page -> PhotoPageState? in
            guard let page else { return nil }
            let frame = layout.pageFrame(page: page, offsetX: scrollView.contentOffset.x)
            let zoom = pageViews[view].scrollView
            let shift = frame.origin - layout.pageFrame.origin
            return PhotoPageState(view: view, page: page, frame: frame,
                                  photoFrame: zoom.zoomingViewFrame.offsetBy(shift), zoomScale: zoom.zoomScale)
        }
        .sorted { $0.page < $1.page }
    }

    public func advance(to time: Double) {
        scrollView.advance(to: time)
        for page in pageViews { page.scrollView.advance(to: time) }
    }

    /// Nothing moves, zooms or is touched, in the pager or any page, and no wheel scroll waits to settle.
    public var isSettled: Bool {
        !scrollView.isMoving && !scrollView.isTracking && !scrollView.isSettlingWheelScroll
            && pageViews.allSatisfy { !$0.scrollView.isMoving && !$0.scrollView.isTracking && !$0.scrollView.isZooming }
    }

    /// The first photo's zoom limits: `{"event":"setting","name":"zoom","value":{"minimumZoomScale":…,"maximumZoomScale":…}}`.
    public var settingLines: [JSONValue] {
        let scales = layout.zoomScales(for: photoSizes[0])
        let value: JSONValue = .object([("minimumZoomScale", .number(scales.minimum)),
                                        ("maximumZoomScale", .number(scales.maximum))])
        return [.object([("event", .string("setting")), ("name", .string("zoom")), ("value", value)])]
    }

    /// `viewsCreated` of the page pool.
    public var summary: [(String, JSONValue)] { [("viewsCreated", .int(pool.viewsCreated))] }

    public func scrollViewDidScroll(_ scrollView: ScrollView) {
        updatePool()
    }

    /// Rebinds the pool around the current page; a page that comes back starts at its fitted scale.
    func updatePool() {
        currentPage = layout.currentPage(offsetX: scrollView.contentOffset.x)
        for rebind in pool.update(firstItem: currentPage - 1, itemCount: layout.pageCount) {
            guard let page = rebind.newItem else { continue }
            let size = photoSizes[page]
            pageViews[rebind.view].bind(page: page, photoSize: size, scales: layout.zoomScales(for: size))
        }
    }

    /// The current page's callbacks, into the pager's log (pages bound off screen stay quiet).
    func forwardPhotoRecord(_ record: ScrollEventRecord, from view: Int) {
        guard pool.view(showing: currentPage) == view else { return }
        scrollView.eventHandler?(record)
    }
}
