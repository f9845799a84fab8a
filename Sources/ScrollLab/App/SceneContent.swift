import ScrollKit

/// The scene-specific part of a frame's snapshot: the views to draw and the pool and load state.
struct SceneContent {
    /// The pool's views.
    var tiles: [TileDrawItem]
    /// Views ever created.
    var viewsCreated: Int
    /// Rebinds so far.
    var rebindCount: Int
    /// Load metrics as label/value pairs.
    var metrics: [(String, String)] = []
    /// Assets whose textures must stay: those in the memory cache and those on screen.
    var liveImageAssets: Set<Int> = []
    /// The rect at the deceleration target the loading policy works toward (content coordinates), if any.
    var targetRect: Rect?
}
