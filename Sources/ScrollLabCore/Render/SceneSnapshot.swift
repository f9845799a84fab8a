import LabKit
import ScrollKit

/// What one frame shows: read from the scene once per frame, then drawn by the phone renderer and
/// the HUD. A plain value so drawing never reaches back into the model. The scene's own part
/// (`content`: HUD rows, views, the Loading section) reads as the snapshot's own fields (`s.tiles`).
@dynamicMemberLookup
package struct SceneSnapshot {
    /// Scene name for the title bar and the HUD (`grid`).
    package var name: String
    /// Deceleration rate as shown (`normal 0.998`).
    package var decelerationRate: String
    /// UIKit's state flags.
    package var isTracking = false
    package var isDragging = false
    package var isDecelerating = false
    /// Current content velocity, pt/s.
    package var velocity = Point.zero
    /// Content offset on screen.
    package var contentOffset = Point.zero
    /// Where the motion will stop, while decelerating or animating.
    package var targetContentOffset: Point?
    /// The scroll view's frame in phone-viewport points.
    package var scrollViewFrame: Rect
    /// The scroll view's content size.
    package var contentSize = Size.zero
    /// Opacity of the scroll indicator (1 while scrolling, fading to 0 after).
    package var scrollIndicatorAlpha = 0.0
    /// The scene's part: its HUD rows and its views.
    package var content: SceneContent

    package init(name: String, decelerationRate: String, scrollViewFrame: Rect, content: SceneContent = SceneContent()) {
        self.name = name
        self.decelerationRate = decelerationRate
        self.scrollViewFrame = scrollViewFrame
        self.content = content
    }

    package subscript<Value>(dynamicMember keyPath: KeyPath<SceneContent, Value>) -> Value { content[keyPath: keyPath] }
}

/// The scene-specific part of a frame's snapshot: the scene's HUD rows, its views and, when it loads
/// images, its Loading section. Each scene fills it in `content()`; the HUD draws what is there.
package struct SceneContent {
    /// The scene's own rows in the HUD's Scene section, in order (`policy`, `paging P`).
    package var rows: [HUDRow] = []
    /// The pool's views.
    package var tiles: [TileDrawItem] = []
    /// How the HUD's pool rows name what a view shows.
    package var itemNaming = ItemNaming.item
    /// Views ever created.
    package var viewsCreated = 0
    /// Rebinds so far.
    package var rebindCount = 0
    /// The HUD's Loading section, nil when the scene loads no images.
    package var loading: LoadingSection?
    /// Assets whose textures must stay (nil: the scene has no images, nothing to evict).
    package var liveImageAssets: Set<Int>?
    /// The rect at the deceleration target the loading policy works toward (content coordinates), if any.
    package var targetRect: Rect?
    /// A scroll view inside the scene's own (the current photo's), shown in the HUD beside it.
    package var inner: InnerScrollView?

    /// The loading policy the trace's header names: the Loading section's, "—" without one.
    package var policy: String { loading?.policy ?? "—" }

    package init(rows: [HUDRow] = [], tiles: [TileDrawItem] = [], itemNaming: ItemNaming = ItemNaming.item, viewsCreated: Int = 0, rebindCount: Int = 0, loading: LoadingSection? = nil, liveImageAssets: Set<Int>? = nil, targetRect: Rect? = nil, inner: InnerScrollView? = nil) {
        self.rows = rows
        self.tiles = tiles
        self.itemNaming = itemNaming
        self.viewsCreated = viewsCreated
        self.rebindCount = rebindCount
        self.loading = loading
        self.liveImageAssets = liveImageAssets
        self.targetRect = targetRect
        self.inner = inner
    }
}

/// One `label value` row of the HUD (`paging P` `snap`).
package struct HUDRow: Equatable {
    package var label: String
    package var value: String

    package init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}

/// How the HUD's pool rows name a view's item: by its index (`item 12`) or as a page numbered from 1, as
/// on the pager's bubbles (`page 13`).
package enum ItemNaming {
    case item, page

    /// The name of item `index`.
    package func name(_ index: Int) -> String {
        switch self {
        case .item: return "item \(index)"
        case .page: return "page \(index + 1)"
        }
    }
}

/// The HUD's Loading section of a scene that loads images (the grid): the current policy segment's
/// metrics and the policies' comparison table.
package struct LoadingSection {
    /// The current policy as the trace's header names it (`adaptive`, `texture · peer`).
    package var policy: String
    /// Load metrics of the current policy's segment as label/value pairs.
    package var metrics: [(String, String)] = []
    /// The policies used since the last reset, with their metrics (the comparison table).
    package var policyRows: [PolicyComparison.Row] = []
    /// The current policy's name in `policyRows`.
    package var currentPolicy: String?

    package init(policy: String, metrics: [(String, String)] = [], policyRows: [PolicyComparison.Row] = [], currentPolicy: String? = nil) {
        self.policy = policy
        self.metrics = metrics
        self.policyRows = policyRows
        self.currentPolicy = currentPolicy
    }
}

/// A scroll view nested in the scene's (the photo inside the pager): its state as the HUD shows it, and
/// whether it is the one the timeline follows.
package struct InnerScrollView {
    /// Its name in the HUD, the event list and the trace (`photo`).
    package var name: String
    package var isTracking = false
    package var isDragging = false
    package var isDecelerating = false
    /// Content velocity, pt/s.
    package var velocity = Point.zero
    /// Its own content offset.
    package var contentOffset = Point.zero
    /// True while it, not the outer scroll view, is what moves (a zoomed photo): the timeline plots it.
    package var drivesTimeline = false
    /// Its own HUD rows, under its state (the photo's zoom).
    package var rows: [HUDRow] = []

    package init(name: String, isTracking: Bool = false, isDragging: Bool = false, isDecelerating: Bool = false, velocity: Point = Point.zero, contentOffset: Point = Point.zero, drivesTimeline: Bool = false, rows: [HUDRow] = []) {
        self.name = name
        self.isTracking = isTracking
        self.isDragging = isDragging
        self.isDecelerating = isDecelerating
        self.velocity = velocity
        self.contentOffset = contentOffset
        self.drivesTimeline = drivesTimeline
        self.rows = rows
    }
}
