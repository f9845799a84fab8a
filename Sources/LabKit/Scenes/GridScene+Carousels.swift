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
                if let view = carousels.views[row], view.isMoving {
                    carousels.route = .row(row)
                    deliver(event, toRow: row)
                } else {
                    carousels.route = .undecided(row: row, events: [event])
                }
            } else {
                carousels.route = .outer
                scrollView.handle(event)
            }
        case .move, .up:
            switch carousels.route {
            case .outer:
                scrollView.handle(event)
            case let .row(row):
                deliver(event, toRow: row)
            case let .undecided(row, events):
                let d = event.position - events[0].position
                let moved = Swift.max(abs(d.x), abs(d.y)) >= scrollView.configuration.touchSlop
                if event.phase == .move, !moved {
                    carousels.route = .undecided(row: row, events: events + [event])
                    return
                }
                // Sideways past the slop: the row's; along the list, or a tap: the list's.
                if moved, abs(d.x) > abs(d.y) {
                    carousels.route = .row(row)
                    for e in events + [event] { deliver(e, toRow: row) }
                } else {
                    carousels.route = .outer
                    for e in events + [event] { scrollView.handle(e) }
                }
            case nil:
                break
            }
            if event.phase == .up { carousels.route = nil }
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
        switch carousels.route {
        case .outer: scrollView.handOffTouch(time: time)
        case let .row(row): carousels.views[row]?.handOffTouch(time: time)
        case .undecided, nil: break
        }
        carousels.route = nil
    }

    /// The row under `point` (phone coordinates), if any.
    func carouselRow(at point: Point) -> Int? {
        guard scrollView.frame.contains(point) else { return nil }
        return layout.carouselRow(atY: point.y - scrollView.frame.minY + scrollView.contentOffset.y)
    }

    /// Row `row`'s scroll view, made on first use: as wide as the list, as tall as the row, its content
    /// the row's items.
    func rowScrollView(_ row: Int) -> ScrollView {
        if let view = carousels.views[row] { return view }
        let frame = layout.rowFrame(row)
        let view = ScrollView(frame: Rect(x: 0, y: 0, width: frame.width, height: frame.height),
                              contentSize: Size(width: Swift.max(frame.width, layout.rowContentWidth(row)), height: frame.height))
        view.configuration.physics = configuration.physics
        view.decelerationRate = scrollView.decelerationRate
        view.tag = row + 1
        carousels.views[row] = view
        return view
    }

    /// Gives `event` to row `row` in the row's coordinates, then moves the row's items with it.
    func deliver(_ event: PointerEvent, toRow row: Int) {
        let view = rowScrollView(row)
        var local = event
        local.position = Point(x: event.position.x - scrollView.frame.minX,
                               y: event.position.y - (scrollView.frame.minY + layout.rowFrame(row).minY - scrollView.contentOffset.y))
        view.handle(local)
        if syncCarouselOffsets() { updateBinding(time: event.time) }
    }

    /// Advances every row's scroll view to `time` and takes their offsets into the layout.
    func advanceCarousels(to time: Double) {
        for view in carousels.views.values { view.advance(to: time) }
        _ = syncCarouselOffsets()
    }

    /// Copies each row's content offset into the layout; true when one changed (the visible items may
    /// have too).
    func syncCarouselOffsets() -> Bool {
        var changed = false
        for (row, view) in carousels.views where layout.rowOffsets[row] != view.contentOffset.x {
            layout.rowOffsets[row] = view.contentOffset.x
            changed = true
        }
        if changed { visibleRange = nil }
        return changed
    }

    /// No row is touched or moving.
    var carouselsAtRest: Bool { carousels.views.values.allSatisfy { !$0.isTracking && !$0.isMoving } }

    /// The rows scrolled sideways, for the end line: `[[row, offset], …]` in row order.
    var carouselSummary: [(String, JSONValue)] {
        guard layout.kind == .carousels else { return [] }
        let moved = layout.rowOffsets.enumerated().filter { $0.element != 0 }
        return [("rowOffsets", .array(moved.map { .array([.int($0.offset), .number($0.element)]) }))]
    }
}
