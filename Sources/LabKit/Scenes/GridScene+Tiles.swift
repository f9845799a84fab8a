import ScrollKit

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

/// What a tile view displays in its image area.
public enum TileImage: Hashable, Sendable {
    /// No image and none requested (for example, deferred during deceleration).
    case none
    /// An image was requested and has not arrived.
    case loading
    /// The image `key`, drawn with opacity `alpha` (below 1 while fading in from disk).
    case shown(key: ImageKey, alpha: Double)
    /// The load failed.
    case failed(reason: String)
}

/// The grid scene's private record of one pool view's image: what it displays or waits for.
struct TileSlot: Hashable, Sendable {
    /// The image state of a slot.
    enum Content: Hashable, Sendable {
        /// Nothing displayed, nothing requested.
        case empty
        /// Waiting for `key`, asked for at `since`.
        case loading(key: ImageKey, since: Double)
        /// Displaying `key` (`bytes` decoded), fading in from `fadeStart` or opaque when nil.
        case shown(key: ImageKey, bytes: Int, fadeStart: Double?)
        /// The load failed.
        case failed(reason: String)
    }

    /// Current content.
    var content: Content = .empty

    /// The key being waited for, if loading.
    var loadingKey: ImageKey? {
        if case let .loading(key, _) = content { return key }
        return nil
    }
}
