import LabKit
import ScrollKit

/// What one frame shows: read from the scene once per frame, then drawn by the phone renderer and
/// the HUD. A plain value so drawing never reaches back into the model. The scene's own part
/// (`content`: policy, paging mode, views, metrics) reads as the snapshot's own fields (`s.tiles`).
@dynamicMemberLookup
struct SceneSnapshot {
    /// Scene name for the title bar and the HUD (`grid`).
    var name: String
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
    /// The scroll view's content size.
    var contentSize = Size.zero
    /// Opacity of the scroll indicator (1 while scrolling, fading to 0 after).
    var scrollIndicatorAlpha = 0.0
    /// The scene's part: its HUD rows and its views.
    var content: SceneContent

    init(name: String, decelerationRate: String, scrollViewFrame: Rect, content: SceneContent = SceneContent()) {
        self.name = name
        self.decelerationRate = decelerationRate
        self.scrollViewFrame = scrollViewFrame
        self.content = content
    }

    subscript<Value>(dynamicMember keyPath: KeyPath<SceneContent, Value>) -> Value { content[keyPath: keyPath] }
}

/// The scene-specific part of a frame's snapshot: the HUD rows and the views to draw.
struct SceneContent {
    /// The HUD's policy row.
    var policy = "—"
    /// The HUD's paging row, nil when the scene does not page.
    var pagingMode: String?
    /// The pool's views.
    var tiles: [TileDrawItem] = []
    /// Views ever created.
    var viewsCreated = 0
    /// Rebinds so far.
    var rebindCount = 0
    /// Whether the scene loads images (the grid): the HUD then shows policy, seed problem and metrics.
    var hasLoading = false
    /// The seed problem shown broken (1–3), if any.
    var seedProblem: Int?
    /// Load metrics of the current policy's segment as label/value pairs.
    var metrics: [(String, String)] = []
    /// The policies used since the last reset, with their metrics (the comparison table).
    var policyRows: [PolicyComparison.Row] = []
    /// The current policy's name in `policyRows`.
    var currentPolicy: String?
    /// Assets whose textures must stay (nil: the scene has no images, nothing to evict).
    var liveImageAssets: Set<Int>?
    /// The rect at the deceleration target the loading policy works toward (content coordinates), if any.
    var targetRect: Rect?
    /// `delaysContentTouches` and `canCancelContentTouches` as shown (`delay on · cancel on`), nil when the
    /// scene has no touchable content (B-TCH-1).
    var contentTouches: String?
    /// The current photo's zoom and its limits (`2.25× (1.02–3.07)`), nil when the scene does not zoom (B-ZOOM-1).
    var zoom: String?
    /// A scroll view inside the scene's own (the current photo's), shown in the HUD beside it.
    var inner: InnerScrollView?
}

/// A scroll view nested in the scene's (the photo inside the pager): its state as the HUD shows it, and
/// whether it is the one the timeline follows.
struct InnerScrollView {
    /// Its name in the HUD, the event list and the trace (`photo`).
    var name: String
    var isTracking = false
    var isDragging = false
    var isDecelerating = false
    /// Content velocity, pt/s.
    var velocity = Point.zero
    /// Its own content offset.
    var contentOffset = Point.zero
    /// True while it, not the outer scroll view, is what moves (a zoomed photo): the timeline plots it.
    var drivesTimeline = false
}
