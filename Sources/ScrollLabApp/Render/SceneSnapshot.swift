import LabKit
import ScrollKit
import ScrollLabCore

/// What one frame shows: read from the scene once per frame, then drawn by the phone renderer and
/// the HUD. A plain value so drawing never reaches back into the model. The scene's own part
/// (`content`: HUD rows, views, the Loading section) reads as the snapshot's own fields (`s.tiles`).
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

/// The scene-specific part of a frame's snapshot: the scene's HUD rows, its views and, when it loads
/// images, its Loading section. Each scene fills it in `content()`; the HUD draws what is there.
struct SceneContent {
    /// The scene's own rows in the HUD's Scene section, in order (`policy`, `paging P`).
    var rows: [HUDRow] = []
    /// The pool's views.
    var tiles: [TileDrawItem] = []
    /// How the HUD's pool rows name what a view shows.
    var itemNaming = ItemNaming.item
    /// Views ever created.
    var viewsCreated = 0
    /// Rebinds so far.
    var rebindCount = 0
    /// The HUD's Loading section, nil when the scene loads no images.
    var loading: LoadingSection?
    /// Assets whose textures must stay (nil: the scene has no images, nothing to evict).
    var liveImageAssets: Set<Int>?
    /// The rect at the deceleration target the loading policy works toward (content coordinates), if any.
    var targetRect: Rect?
    /// A scroll view inside the scene's own (the current photo's), shown in the HUD beside it.
    var inner: InnerScrollView?

    /// The loading policy the trace's header names: the Loading section's, "—" without one.
    var policy: String { loading?.policy ?? "—" }
}

/// One `label value` row of the HUD (`paging P` `snap`).
struct HUDRow: Equatable {
    var label: String
    var value: String
}

/// How the HUD's pool rows name a view's item: by its index (`item 12`) or as a page numbered from 1, as
/// on the pager's bubbles (`page 13`).
enum ItemNaming {
    case item, page

    /// The name of item `index`.
    func name(_ index: Int) -> String {
        switch self {
        case .item: return "item \(index)"
        case .page: return "page \(index + 1)"
        }
    }
}

/// The HUD's Loading section of a scene that loads images (the grid): the current policy segment's
/// metrics and the policies' comparison table.
struct LoadingSection {
    /// The current policy as the trace's header names it (`adaptive`, `texture · peer`).
    var policy: String
    /// Load metrics of the current policy's segment as label/value pairs.
    var metrics: [(String, String)] = []
    /// The policies used since the last reset, with their metrics (the comparison table).
    var policyRows: [PolicyComparison.Row] = []
    /// The current policy's name in `policyRows`.
    var currentPolicy: String?
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
    /// Its own HUD rows, under its state (the photo's zoom).
    var rows: [HUDRow] = []
}
