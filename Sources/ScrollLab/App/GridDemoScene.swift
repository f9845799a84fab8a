import ScrollKit

/// The grid scene as the window drives it until ScrollKit's `GridScene` (with images and loading
/// policies) replaces it: a scroll view over a `GridLayout`, with a six-view `ReusePool` rebound
/// after every step (B-GRID-1…3).
final class GridDemoScene: LabScene {
    let name = "grid"
    let scrollView: ScrollView
    /// The tile layout.
    let layout: GridLayout
    /// The six views and what they show.
    private(set) var pool = ReusePool(capacity: 6)

    /// A grid of `items` tiles; the scroll view frame is (0, 30, 320, 450) under the 30 pt title
    /// bar, and the whole phone is the touch area.
    init(items: Int) {
        layout = GridLayout(itemCount: items)
        scrollView = ScrollView(frame: Rect(x: 0, y: 30, width: 320, height: 450), contentSize: layout.contentSize)
        scrollView.touchArea = Rect(x: 0, y: 0, width: 320, height: 480)
        rebind()
    }

    func pointer(_ event: PointerEvent) {
        switch event.phase {
        case .down: scrollView.touchDown(at: event.position, time: event.time)
        case .move: scrollView.touchMoved(to: event.position, time: event.time)
        case .up: scrollView.touchUp(at: event.position, time: event.time)
        }
        rebind()
    }

    func advance(to time: Double) {
        scrollView.advance(to: time)
        rebind()
    }

    /// Rebinds the pool to the rows visible at the current offset.
    func rebind() {
        let first = layout.firstVisibleRow(offsetY: scrollView.contentOffset.y) * layout.columns
        pool.update(firstItem: first, itemCount: layout.itemCount)
    }

    var isSettled: Bool { !scrollView.isMoving && !scrollView.isTracking }

    var settingLines: [JSONValue] { [] }

    var summary: [(String, JSONValue)] {
        [("viewsCreated", .int(pool.viewsCreated)), ("rebinds", .int(pool.rebindCount))]
    }

    /// The pool's views for the renderer.
    var tiles: [TileDrawItem] {
        pool.items.enumerated().map { view, item in
            TileDrawItem(view: view, item: item, frame: item.map(layout.frame(ofItem:)) ?? .zero)
        }
    }
}
