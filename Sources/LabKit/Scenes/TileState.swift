/// One pool view as the renderer draws it (B-GRID-3): its identity, the item it shows, where, and its image.
public struct TileState: Hashable, Sendable {
    /// The view's identity, 0–5 (its own colour in the renderer).
    public var view: Int
    /// The item shown, or nil when the view is unbound.
    public var item: Int?
    /// The item's frame in content coordinates (subtract the content offset, add the scroll view's origin).
    public var frame: Rect
    /// The image state.
    public var image: TileImage
    /// The tile tracks a touch (its pressed state, B-TCH-1).
    public var isPressed = false
    /// The tile's ♥ control tracks a touch.
    public var isHeartPressed = false
    /// The tile was the last one tapped.
    public var isSelected = false
    /// The tile's ♥ is on.
    public var isLiked = false

    /// Makes a tile state.
    public init(view: Int, item: Int?, frame: Rect, image: TileImage) {
        self.view = view
        self.item = item
        self.frame = frame
        self.image = image
    }
}
