import ScrollKit

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
