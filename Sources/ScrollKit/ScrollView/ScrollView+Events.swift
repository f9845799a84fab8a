/// Delivery of callbacks: the delegate first, then the observer with a record.
extension ScrollView {
    /// Sends `event` to the delegate, then records it for `eventHandler` (time and offset as of the call).
    func send(_ event: ScrollEvent) {
        let record = ScrollEventRecord(time: currentTime, offset: contentOffset, event: event, tag: tag)
        if let delegate {
            switch event {
            case .didScroll: delegate.scrollViewDidScroll(self)
            case .willBeginDragging: delegate.scrollViewWillBeginDragging(self)
            case .willEndDragging: break  // sent by `askForTarget`, which owns the inout target
            case .didEndDragging(let decelerate): delegate.scrollViewDidEndDragging(self, willDecelerate: decelerate)
            case .willBeginDecelerating: delegate.scrollViewWillBeginDecelerating(self)
            case .didEndDecelerating: delegate.scrollViewDidEndDecelerating(self)
            case .didEndScrollingAnimation: delegate.scrollViewDidEndScrollingAnimation(self)
            case .contentTouch: break  // the content hears it (`sendContentTouch`), not the delegate
            case .willBeginZooming: delegate.scrollViewWillBeginZooming(self, with: zoomingViewSize)
            case .didZoom: delegate.scrollViewDidZoom(self)
            case .didEndZooming(let scale):
                delegate.scrollViewDidEndZooming(self, with: zoomingViewSize, atScale: scale)
            }
        }
        eventHandler?(record)
    }

    /// Sends `willEndDragging` with `velocity` (points per second, reported in points per millisecond) and
    /// `proposed`; returns the target the delegate chose, made finite and clamped to the content range.
    func askForTarget(velocity: Point, proposed: Point) -> Point {
        let record = ScrollEventRecord(time: currentTime, offset: contentOffset,
                                       event: .willEndDragging(velocity: velocity / 1000, target: proposed,
                                                               proposedTarget: proposed),
                                       tag: tag)
        var target = proposed
        delegate?.scrollViewWillEndDragging(self, withVelocity: velocity / 1000, targetContentOffset: &target)
        if !target.x.isFinite { target.x = proposed.x }
        if !target.y.isFinite { target.y = proposed.y }
        target = clamped(target)
        var final = record
        final.event = .willEndDragging(velocity: velocity / 1000, target: target, proposedTarget: proposed)
        eventHandler?(final)
        return target
    }
}
