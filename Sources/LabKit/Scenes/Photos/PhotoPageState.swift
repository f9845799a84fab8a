import ScrollKit

/// One bound page of the photos scene as the renderer draws it.
public struct PhotoPageState: Hashable, Sendable {
    /// The pool view showing the page.
    public var view: Int
    /// The page (and photo) index.
    public var page: Int
    /// The page's frame on screen (phone coordinates).
    public var frame: Rect
    /// The photo's frame on screen at its zoom (phone coordinates; may reach far past the page).
    public var photoFrame: Rect
    /// The page's zoom scale.
    public var zoomScale: Double

    /// Makes a page state.
    public init(view: Int, page: Int, frame: Rect, photoFrame: Rect, zoomScale: Double) {
        self.view = view
        self.page = page
        self.frame = frame
        self.photoFrame = photoFrame
        self.zoomScale = zoomScale
    }
}
