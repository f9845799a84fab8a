import ScrollKit

/// What one frame shows: read from the scene once per frame, then drawn by the phone renderer and
/// the HUD. A plain value so drawing never reaches back into the model.
struct SceneSnapshot {
    /// Scene name for the title bar and the HUD (`grid`).
    var name: String
    /// Loading policy name.
    var policy: String
    /// Paging mode name, nil when the scene does not page.
    var pagingMode: String?
    /// Deceleration rate as shown (`normal 0.998`).
    var decelerationRate: String
    /// UIKit's state flags.
    var isTracking = false
    var isDragging = false
    var isDecelerating = false
    /// Current content velocity, pt/s.
    var velocity = Point.zero
    /// Content offset on screen.
    var contentOffset = Point.zero
    /// Where the motion will stop, while decelerating or animating.
    var targetContentOffset: Point?
    /// The scroll view's frame in phone-viewport points.
    var scrollViewFrame: Rect
    /// The pool's views.
    var tiles: [TileDrawItem] = []
    /// Views ever created by the pool.
    var viewsCreated = 0
    /// Rebinds so far.
    var rebindCount = 0
    /// Load metrics as label/value pairs (empty until the scene exposes some).
    var metrics: [(String, String)] = []
    /// Assets whose textures must stay (memory cache and screen).
    var liveImageAssets: Set<Int> = []
    /// The loading policy's target rect in content coordinates (Target, Adaptive), if any.
    var targetRect: Rect?
    /// `delaysContentTouches` and `canCancelContentTouches` as shown (`delay on · cancel on`), nil when the
    /// scene has no touchable content (B-TCH-1).
    var contentTouches: String?
}
