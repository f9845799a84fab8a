import ScrollKit

/// The scene-specific part of a frame's snapshot: the views to draw and the pool and load state.
struct SceneContent {
    /// The pool's views.
    var tiles: [TileDrawItem]
    /// Views ever created.
    var viewsCreated: Int
    /// Rebinds so far.
    var rebindCount: Int
    /// Load metrics of the current policy's segment as label/value pairs.
    var metrics: [(String, String)] = []
    /// Whether the scene loads images; its seed problem shown broken, if any.
    var hasLoading = false
    var seedProblem: Int?
    /// The policies used since the last reset and the current one's name (the comparison table).
    var policyRows: [PolicyComparison.Row] = []
    var currentPolicy: String?
    /// Assets whose textures must stay: those in the memory cache and those on screen.
    var liveImageAssets: Set<Int> = []
    /// The rect at the deceleration target the loading policy works toward (content coordinates), if any.
    var targetRect: Rect?
}
