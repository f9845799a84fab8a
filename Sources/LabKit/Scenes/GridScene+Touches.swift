import ScrollKit

/// The grid's tiles as touchable content (B-TCH-1): each tile is a plain view that can be pressed and
/// tapped (selected), with a small ♥ control in its bottom-right corner that keeps its touch.
extension GridScene: ScrollViewContent {
    /// Side of the ♥ control, points.
    public static let heartSide = 32.0
    /// Inset of the ♥ from the tile's right edge, points.
    public static let heartInset = 6.0
    /// Inset of the ♥ from the tile's bottom edge, points: above the number each bundled image carries
    /// in its bottom-right corner, so the control never hides it.
    public static let heartBottomInset = 12.0

    /// The ♥ control's frame for the tile at `frame` (content coordinates).
    public static func heartFrame(inTile frame: Rect) -> Rect {
        Rect(x: frame.maxX - heartInset - heartSide, y: frame.maxY - heartBottomInset - heartSide,
             width: heartSide, height: heartSide)
    }

    /// The tile (or its ♥) under `point`; nil in the gaps, past the ends, or on an unbound item.
    public func contentView(at point: Point) -> ContentView? {
        guard point.isFinite else { return nil }
        let layout = grid.layout
        let hits = layout.items(in: Rect(origin: point, size: Size(width: 0.001, height: 0.001)))
        guard let item = hits.first(where: { layout.frame(ofItem: $0).contains(point) }),
              let view = grid.pool.view(showing: item) else { return nil }
        let frame = layout.frame(ofItem: item)
        let heart = Self.heartFrame(inTile: frame)
        if heart.contains(point) { return ContentView(item: item, view: view, frame: heart, isControl: true) }
        return ContentView(item: item, view: view, frame: frame)
    }

    /// Pressed while tracking; a tap selects the tile or toggles its ♥.
    public func contentView(_ view: ContentView, received phase: ContentTouchPhase) {
        switch phase {
        case .touchesBegan:
            grid.touches.pressed = view
        case .touchesEnded, .touchesCancelled:
            grid.touches.pressed = nil
        case .tap:
            if view.isControl {
                if grid.touches.likedItems.remove(view.item) == nil { grid.touches.likedItems.insert(view.item) }
            } else {
                grid.touches.selectedItem = view.item
            }
        }
    }
}
