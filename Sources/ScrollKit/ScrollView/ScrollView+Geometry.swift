/// Internal helpers that map between finger offsets, displayed offsets and the content range.
extension ScrollView {
    /// A non-negative finite length (0 for NaN, negative or infinite input).
    static func extent(_ value: Double) -> Double {
        value.isFinite && value > 0 ? value : 0
    }

    /// `point` inside the content range `0...maximumContentOffset` on both axes.
    func clamped(_ point: Point) -> Point {
        let upper = maximumContentOffset
        return Point(x: Swift.min(Swift.max(point.x, 0), upper.x), y: Swift.min(Swift.max(point.y, 0), upper.y))
    }

    /// `vector` with the components along axes that cannot scroll set to zero.
    func scrollableOnly(_ vector: Point) -> Point {
        let upper = maximumContentOffset  // an axis can scroll when its upper bound is above 0 (`canScroll`)
        return Point(x: upper.x > 0 ? vector.x : 0, y: upper.y > 0 ? vector.y : 0)
    }

    /// The displayed offset for a finger offset: rubber-banded past the edges of scrollable axes (clamped
    /// to them with a physics that does not bounce).
    func displayedOffset(forRaw raw: Point) -> Point {
        let upper = maximumContentOffset
        guard configuration.physics.bounces else {
            // A clamping platform's drag stops at the edge (its edge effect is not modelled).
            return Point(x: upper.x > 0 ? Swift.min(Swift.max(raw.x, 0), upper.x) : raw.x,
                         y: upper.y > 0 ? Swift.min(Swift.max(raw.y, 0), upper.y) : raw.y)
        }
        let band = configuration.rubberBand
        return Point(
            x: upper.x > 0
                ? band.displayedOffset(raw: raw.x, lower: 0, upper: upper.x, dimension: frame.width) : raw.x,
            y: upper.y > 0
                ? band.displayedOffset(raw: raw.y, lower: 0, upper: upper.y, dimension: frame.height) : raw.y)
    }

    /// The finger offset that displays as `offset` (inverse rubber band), so a caught overscroll does not jump.
    func rawOffset(forDisplayed offset: Point) -> Point {
        let upper = maximumContentOffset
        let band = configuration.rubberBand
        return Point(
            x: upper.x > 0
                ? band.rawOffset(displayed: offset.x, lower: 0, upper: upper.x, dimension: frame.width) : offset.x,
            y: upper.y > 0
                ? band.rawOffset(displayed: offset.y, lower: 0, upper: upper.y, dimension: frame.height) : offset.y)
    }

    /// Moves the offset and sends `didScroll` when (and only when) it changed.
    func moveContentOffset(to offset: Point) {
        guard offset.isFinite, offset != contentOffset else { return }
        contentOffset = offset
        send(.didScroll)
    }

    /// Moves the model clock forward to `time` (never backwards, never to a non-finite time).
    func tick(_ time: Double) {
        if time.isFinite, time > currentTime { currentTime = time }
    }
}
