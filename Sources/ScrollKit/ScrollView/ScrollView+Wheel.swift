/// A wheel or trackpad scroll that has not settled yet: where it started and when its last delta came.
struct WheelScroll: Equatable, Sendable {
    /// The content offset before the scroll's first delta.
    var startOffset: Point
    /// Model time of the newest delta.
    var lastDeltaTime: Double
}

/// Wheel and trackpad scrolling: deltas move the content at once (`scroll(by:time:)`); in a paged scroll
/// view the scroll settles on a page once the deltas stop, as a paged drag does at its release.
///
/// A wheel has no release, so its end is a pause: `wheelQuietTime` without a delta. The page it settles
/// on follows the scroll's direction, as a paging flick moves one page: a scroll that left its starting
/// page by at least `wheelPageThreshold` of a page (and less than a whole page) goes on to the next page
/// that way; a shorter one goes back; a longer one stops on the nearest page. The settle is an animated
/// `setContentOffset`, so it ends with `didEndScrollingAnimation`.
public extension ScrollView {
    /// The pause after the last delta that ends a wheel scroll, seconds.
    static let wheelQuietTime = 0.15
    /// The fraction of a page a wheel scroll must travel to go on to the next page.
    static let wheelPageThreshold = 0.125

    /// The pages a wheel scroll settles on: `wheelPages`, else the frame's pages along each scrollable
    /// axis when `isPagingEnabled`, else none.
    var wheelSettlingPages: [PageGrid] {
        if let wheelPages { return [wheelPages] }
        guard isPagingEnabled else { return [] }
        return [PageGrid(pageSize: frame.width, axis: .horizontal), PageGrid(pageSize: frame.height, axis: .vertical)]
            .filter { canScroll($0.axis) }
    }

    /// True while a wheel scroll waits for its pause to settle on a page (`settleWheelScroll(at:)`): the
    /// scroll view is not at rest, though nothing moves yet.
    var isSettlingWheelScroll: Bool { wheelScroll != nil }

    /// A wheel or trackpad delta of `delta` points of content offset at model time `time`: scrolls at
    /// once (`scroll(by:time:)`) and, in a paged scroll view, settles on a page after the last delta
    /// (`settleWheelScroll(at:)`, which `advance(to:)` calls).
    func wheelScroll(by delta: Point, time: Double) {
        if case .drag = activity { return }
        let start = wheelScroll?.startOffset ?? contentOffset
        scroll(by: delta, time: time)
        wheelScroll = wheelSettlingPages.isEmpty ? nil : WheelScroll(startOffset: start, lastDeltaTime: time)
    }

    /// Settles a wheel scroll that has been quiet for `wheelQuietTime` at model time `time` on its page
    /// (an animated `setContentOffset`). A finger down or a motion running then (a drag's fling or its
    /// paging) takes over instead: the wheel scroll is dropped.
    func settleWheelScroll(at time: Double) {
        guard let scroll = wheelScroll, time - scroll.lastDeltaTime >= Self.wheelQuietTime else { return }
        wheelScroll = nil
        guard case .idle = activity else { return }
        var target = contentOffset
        for pages in wheelSettlingPages {
            target[pages.axis] = Self.settledPageOffset(from: scroll.startOffset[pages.axis], to: contentOffset[pages.axis],
                                                        pageSize: pages.pageSize)
        }
        target = clamped(target)
        if target != contentOffset { setContentOffset(target, animated: true, time: time) }
    }

    /// Where a wheel scroll from `start` that stopped at `end` settles, on one axis of pages `pageSize` apart.
    static func settledPageOffset(from start: Double, to end: Double, pageSize: Double) -> Double {
        guard pageSize > 0, pageSize.isFinite, start.isFinite, end.isFinite else { return end }
        let startPage = (start / pageSize).rounded()
        let travel = end - startPage * pageSize
        guard abs(travel) < pageSize else { return (end / pageSize).rounded() * pageSize }
        let page = abs(travel) >= wheelPageThreshold * pageSize ? startPage + (travel > 0 ? 1 : -1) : startPage
        return page * pageSize
    }
}
