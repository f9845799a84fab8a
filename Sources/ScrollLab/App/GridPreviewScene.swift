import ScrollKit

/// A grid with no scroll physics: the pointer moves the content one to one. Drives the window
/// until the scroll model is wired in.
final class GridPreviewScene: WindowScene {
    let name = "grid"
    private let layout: GridLayout
    private var pool = ReusePool(capacity: 6)
    private var offset = Point.zero
    private var lastPointer: Point?
    private let frame = Rect(x: 0, y: 30, width: 320, height: 450)
    var isFastRate = false

    init(items: Int, offsetY: Double = 0) {
        layout = GridLayout(itemCount: items)
        offset = Point(x: 0, y: offsetY)
        rebind()
    }

    func pointer(_ event: PointerEvent) {
        switch event.phase {
        case .down: lastPointer = event.position
        case .move, .up:
            if let last = lastPointer { scroll(by: last - event.position, time: event.time) }
            lastPointer = event.phase == .up ? nil : event.position
        }
    }

    func cancelPointer(time: Double) {
        lastPointer = nil
    }

    func scroll(by delta: Point, time: Double) {
        let maxY = Swift.max(0, layout.contentSize.height - frame.height)
        offset.y = Swift.min(Swift.max(0, offset.y + delta.y), maxY)
        rebind()
    }

    func advance(to time: Double) {}

    func reset(time: Double) {
        offset = .zero
        rebind()
    }

    private func rebind() {
        pool.update(firstItem: layout.firstVisibleRow(offsetY: offset.y) * layout.columns, itemCount: layout.itemCount)
    }

    func snapshot() -> SceneSnapshot {
        var s = SceneSnapshot(name: name, policy: "—", decelerationRate: isFastRate ? "fast 0.99" : "normal 0.998",
                              scrollViewFrame: frame)
        s.contentOffset = offset
        s.tiles = pool.items.enumerated().map { view, item in
            TileDrawItem(view: view, item: item, frame: item.map(layout.frame(ofItem:)) ?? .zero)
        }
        s.viewsCreated = pool.viewsCreated
        s.rebindCount = pool.rebindCount
        return s
    }

    func takeEvents() -> [ScrollEventRecord] { [] }
    var settingLines: [JSONValue] { [] }
    var summary: [(String, JSONValue)] { [("viewsCreated", .int(pool.viewsCreated))] }
}
