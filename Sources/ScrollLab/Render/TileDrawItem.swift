import ScrollKit

/// One pool view as the renderer draws it.
struct TileDrawItem: Equatable {
    /// Identity of the view (#0–#5): picks its colour.
    var view: Int
    /// The item it shows, nil when unbound (not drawn).
    var item: Int?
    /// Its frame in content coordinates.
    var frame: Rect
    /// A short status line under the index (image state once images exist), or nil.
    var status: String?
}
