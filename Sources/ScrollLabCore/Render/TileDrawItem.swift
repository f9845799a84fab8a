import LabKit
import ScrollKit

/// One pool view as the renderer draws it.
package struct TileDrawItem: Equatable {
    /// Identity of the view (#0–#5): picks its colour.
    package var view: Int
    /// The item it shows, nil when unbound (not drawn).
    package var item: Int?
    /// Its frame in content coordinates.
    package var frame: Rect
    /// A short status line under the index (the image state), or nil.
    package var status: String?
    /// The asset whose texture the tile shows, if any.
    package var imageAsset: Int?
    /// Opacity of that image (below 1 while it fades in).
    package var imageAlpha = 1.0
    /// Why the image cannot be shown (a placeholder says so), if its load failed.
    package var failure: String?
    /// The tile tracks a touch: drawn darkened (B-TCH-1).
    package var isPressed = false
    /// The tile's ♥ tracks a touch.
    package var isHeartPressed = false
    /// The tile was the last one tapped: a thick white border.
    package var isSelected = false
    /// The ♥ is on (red) or off (outline).
    package var isLiked = false
    /// What the tile shows while its image is on its way, and under it while it fades in (`--placeholder`,
    /// B-COST-2), and the asset it is the preview of; nil: the tile's own fill.
    package var preview: TilePreview?
    package var previewAsset: Int?

    package init(view: Int, item: Int? = nil, frame: Rect, status: String? = nil, imageAsset: Int? = nil, imageAlpha: Double = 1.0, failure: String? = nil, isPressed: Bool = false, isHeartPressed: Bool = false, isSelected: Bool = false, isLiked: Bool = false) {
        self.view = view
        self.item = item
        self.frame = frame
        self.status = status
        self.imageAsset = imageAsset
        self.imageAlpha = imageAlpha
        self.failure = failure
        self.isPressed = isPressed
        self.isHeartPressed = isHeartPressed
        self.isSelected = isSelected
        self.isLiked = isLiked
    }
}
