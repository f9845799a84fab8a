import ScrollKit

/// Who holds the pointer in a `carousels` feed.
enum CarouselRoute {
    /// The vertical list.
    case outer
    /// Row `row`'s horizontal scroll view.
    case row(Int)
    /// Down on a row, not yet moved past the touch slop: the samples so far, for the winner.
    case undecided(row: Int, events: [PointerEvent])
}

/// The carousels' horizontal scroll views, one per row, made when a row is first touched (UIKit keeps
/// an orthogonal section's offset while the list scrolls), and the pointer's route.
struct CarouselRows {
    var views: [Int: ScrollView] = [:]
    var route: CarouselRoute?
}

/// Nested scrolling in a `carousels` feed (B-FEED-1), under UIKit's rule: a row's pan recognizer takes a
/// touch that moves along its axis (sideways) and fails otherwise, leaving it to the list's. The touch
/// is held until it moves past the touch slop; then the axis it moved most along picks the scroll view,
/// which gets every sample from the touch-down on. A list or row already moving takes the touch at once
/// (the touch-down catches it). Each row decelerates and bounces on its own physics.
extension GridScene {
    func routeCarouselPointer(_ event: PointerEvent) {
        switch event.phase {
        case .down:
            endCarouselRoute(time: event.time)
            if !scrollView.isMoving, let row = carouselRow(at: event.position) {
                if let view = carouselView(row), view.isMoving {
                    grid.carousels.route = .row(row)
                    deliver(event, toRow: row)
                } else {
                    grid.carousels.route = .undecided(row: row, events: [event])
                }
            } else {
                grid.carousels.route = .outer
                scrollView.handle(event)
            }
        case .move, .up:
            let route = grid.carousels.route  // read once: the cases below hand events to the scroll views
            switch route {
            case .outer:
                scrollView.handle(event)
            case let .row(row):
                deliver(event, toRow: row)
            case let .undecided(row, events):
                let d = event.position - events[0].position
                let moved = Swift.max(abs(d.x), abs(d.y)) >= scrollView.configuration.touchSlop
                if event.phase == .move, !moved {
                    grid.carousels.route = .undecided(row: row, events: events + [event])
                    return
                }
                // Sideways past the slop: the row's; along the list, or a tap: the list's.
                if moved, abs(d.x) > abs(d.y) {
                    grid.carousels.route = .row(row)
                    for e in events + [event] { deliver(e, toRow: row) }
                } else {
                    grid.carousels.route = .outer
                    for e in events + [event] { scrollView.handle(e) }
                }
            case nil:
                break
            }
            if event.phase == .up { grid.carousels.route = nil }
        case .wheel:
            // A sideways wheel over a row scrolls the row; any other the list.
            if abs(event.delta.x) > abs(event.delta.y), let row = carouselRow(at: event.position) {
                deliver(event, toRow: row)
            } else {
                scrollView.handle(event)
            }
        case .pinch, .pinchEnd:
            scrollView.handle(event)
        }
    }

    /// Ends a touch the window lost: whoever holds it lets go without a fling.
    func endCarouselRoute(time: Double) {
        let route = grid.carousels.route  // read once: the hand-off calls the delegate
        switch route {
        case .outer: scrollView.handOffTouch(time: time)
        case let .row(row): carouselView(row)?.handOffTouch(time: time)
        case .undecided, nil: break
        }
        grid.carousels.route = nil
    }

    /// The row under `point` (phone coordinates), if any.
    func carouselRow(at point: Point) -> Int? { grid.carouselRow(at: point) }

    /// Row `row`'s scroll view if it has been made.
    func carouselView(_ row: Int) -> ScrollView? { grid.carousels.views[row] }

    /// The rows' scroll views made so far, in row order.
    public var nestedScrollViews: [ScrollView] { grid.carousels.views.sorted { $0.key < $1.key }.map(\.value) }

    /// Gives `event` to row `row` in the row's coordinates, then moves the row's items with it.
    func deliver(_ event: PointerEvent, toRow row: Int) {
        let view = grid.rowScrollView(row)
        var local = event
        local.position = Point(x: event.position.x - scrollView.frame.minX,
                               y: event.position.y - (scrollView.frame.minY + grid.layout.rowFrame(row).minY - scrollView.contentOffset.y))
        view.handle(local)  // a row's scroll view has no delegate: nothing calls back
        if grid.syncCarouselOffsets() { updateBinding(time: event.time) }
    }

    /// No row is touched or moving.
    var carouselsAtRest: Bool { grid.carousels.views.values.allSatisfy { !$0.isTracking && !$0.isMoving } }

    /// The rows scrolled sideways, for the end line: `[[row, offset], …]` in row order.
    var carouselSummary: [(String, JSONValue)] {
        guard grid.layout.kind == .carousels else { return [] }
        let moved = grid.layout.rowOffsets.enumerated().filter { $0.element != 0 }
        return [("rowOffsets", .array(moved.map { .array([.int($0.offset), .number($0.element)]) }))]
    }
}

/// The carousels' rows: each one's scroll view, made when first touched, and its offset in the layout.
extension TileGrid {
    /// The row under `point` (phone coordinates), if any.
    func carouselRow(at point: Point) -> Int? {
        guard scrollView.frame.contains(point) else { return nil }
        return layout.carouselRow(atY: point.y - scrollView.frame.minY + scrollView.contentOffset.y)
    }

    /// Row `row`'s scroll view, made on first use with the list's motion settings: as wide as the list,
    /// as tall as the row, its content the row's items.
    mutating func rowScrollView(_ row: Int) -> ScrollView {
        if let view = carousels.views[row] { return view }
        let frame = layout.rowFrame(row)
        let view = ScrollView(frame: Rect(x: 0, y: 0, width: frame.width, height: frame.height),
                              contentSize: Size(width: Swift.max(frame.width, layout.rowContentWidth(row)), height: frame.height))
        view.adoptMotionSettings(of: scrollView)
        view.tag = row + 1
        carousels.views[row] = view
        return view
    }

    /// Advances every row's scroll view to `time` (a row's has no delegate: nothing calls back) and takes
    /// their offsets into the layout.
    mutating func advanceCarousels(to time: Double) {
        for view in carousels.views.values { view.advance(to: time) }
        _ = syncCarouselOffsets()
    }

    /// Copies each row's content offset into the layout; true when one changed (the visible items may
    /// have too).
    mutating func syncCarouselOffsets() -> Bool {
        var changed = false
        for (row, view) in carousels.views where layout.rowOffsets[row] != view.contentOffset.x {
            layout.rowOffsets[row] = view.contentOffset.x
            changed = true
        }
        if changed { visibleRange = nil }
        return changed
    }
}
