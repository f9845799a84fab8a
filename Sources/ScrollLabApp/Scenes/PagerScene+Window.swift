import LabKit
import ScrollKit
import ScrollLabCore

extension PagerScene: WindowPresentable {
    @MainActor func windowScene(kind: SceneKind, images: ImageLoader, options: SceneConfiguration) -> any WindowScene {
        PagerWindowScene(pager: self, kind: kind)
    }
}

/// The pager scene in the window: its paging mode in the HUD, its five page views as the pool rows,
/// its keys (P, O), drawn by the pager renderer from a `PagerSnapshot`.
final class PagerWindowScene: LabSceneAdapter {
    let pager: PagerScene
    /// The frame-outline overlay (key O).
    private(set) var showsFrame = false

    init(pager: PagerScene, kind: SceneKind) {
        self.pager = pager
        super.init(scene: pager, kind: kind)
    }

    override func content() -> SceneContent {
        SceneContent(rows: [HUDRow(label: "paging P", value: pager.mode.rawValue)],
                     tiles: pager.pool.items.enumerated().map { TileDrawItem(view: $0, item: $1, frame: .zero) },
                     itemNaming: .page, viewsCreated: pager.pool.viewsCreated, rebindCount: pager.pool.rebindCount)
    }

    /// P: the next paging mode; O: the frame outline on / off.
    override func perform(_ action: SceneAction) -> SceneActionResult {
        switch action.id {
        case "paging":
            let modes = PagingMode.allCases
            pager.mode = modes[((modes.firstIndex(of: pager.mode) ?? 0) + 1) % modes.count]
            return SceneActionResult([("paging", .string(pager.mode.rawValue))]) { "P: paging mode now \($0 ?? "?")" }
        case "frame-outline":
            showsFrame.toggle()
            return SceneActionResult([("frameOutline", .bool(showsFrame))]) { "O: the scroll view's frame outline \($0 ?? "?")" }
        default:
            return super.perform(action)
        }
    }

    override func draw(_ snapshot: SceneSnapshot, with painter: ScenePainter) {
        PagerRenderer(canvas: painter.canvas, text: painter.text)
            .draw(PagerSnapshot(pager, showsFrame: showsFrame), snapshot: snapshot, viewport: painter.viewport)
    }
}

/// What the pager renderer draws: read from the pager once per frame, a plain value.
struct PagerSnapshot {
    var layout: PagerLayout
    var mode: PagingMode
    var pages: [PagerPage]
    var currentPage: Int
    var titleStripOffset: Double
    var parallaxOffset: Double
    /// The page the motion will stop on, while the pager moves on its own.
    var targetPage: Int?
    var scrollViewFrame: Rect
    var frameWidth: Double
    var pageWidth: Double
    /// The frame-outline overlay is on.
    var showsFrame: Bool

    init(_ pager: PagerScene, showsFrame: Bool) {
        layout = pager.layout
        mode = pager.mode
        pages = pager.pages
        currentPage = pager.currentPage
        titleStripOffset = pager.titleStripOffset
        parallaxOffset = pager.parallaxOffset
        targetPage = pager.scrollView.isMoving
            ? pager.scrollView.targetContentOffset.map { pager.layout.currentPage(offsetX: $0.x) } : nil
        scrollViewFrame = pager.scrollViewFrame
        frameWidth = pager.frameWidth
        pageWidth = pager.pageWidth
        self.showsFrame = showsFrame
    }
}
