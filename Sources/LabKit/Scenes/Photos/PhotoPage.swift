import ScrollKit

/// One recycled page of the photos scene: a zooming scroll view showing one photo (PhotoScroller's
/// `ImageScrollView`). It is its scroll view's delegate and names the photo as the view to zoom.
public final class PhotoPage: ScrollViewDelegate {
    /// The page's scroll view, framed as the current page (the scene translates pointer input to it).
    public let scrollView: ScrollView
    /// The page shown, or nil while unbound.
    public internal(set) var page: Int?
    /// The photo's unzoomed size.
    public internal(set) var photoSize = Size(width: 1, height: 1)

    /// Makes an unbound page with its frame.
    init(frame: Rect) {
        scrollView = ScrollView(frame: frame, contentSize: .zero)
        scrollView.centersContent = true
        scrollView.delegate = self
    }

    /// Shows `page`, a photo of `size`, at its fitted scale (a recycled page starts fitted).
    func bind(page: Int, photoSize size: Size, scales: (minimum: Double, maximum: Double)) {
        if scrollView.isTracking { scrollView.handOffTouch(time: scrollView.currentTime) }
        // A zoom in flight (a bounce the pager outran) ends on the page it began on, with its didEndZooming.
        scrollView.finishZoom()
        self.page = page
        photoSize = size
        scrollView.minimumZoomScale = scales.minimum
        scrollView.maximumZoomScale = scales.maximum
        scrollView.resetZoom(to: scales.minimum)
    }

    /// True when the photo is zoomed past its fitted scale, so a drag scrolls inside it.
    public var isZoomedIn: Bool { scrollView.zoomScale > scrollView.minimumZoomScale }

    public func viewForZooming(in scrollView: ScrollView) -> Size? { page == nil ? nil : photoSize }
}
