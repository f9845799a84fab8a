import ScrollKit
import ScrollLabCore

/// One pool view as the renderer draws it.
struct TileDrawItem: Equatable {
    /// Identity of the view (#0–#5): picks its colour.
    var view: Int
    /// The item it shows, nil when unbound (not drawn).
    var item: Int?
    /// Its frame in content coordinates.
    var frame: Rect
    /// A short status line under the index (the image state), or nil.
    var status: String?
    /// The asset whose texture the tile shows, if any.
    var imageAsset: Int?
    /// Opacity of that image (below 1 while it fades in).
    var imageAlpha = 1.0
    /// Why the image cannot be shown (a placeholder says so), if its load failed.
    var failure: String?
    /// The tile tracks a touch: drawn darkened (B-TCH-1).
    var isPressed = false
    /// The tile's ♥ tracks a touch.
    var isHeartPressed = false
    /// The tile was the last one tapped: a thick white border.
    var isSelected = false
    /// The ♥ is on (red) or off (outline).
    var isLiked = false
}
