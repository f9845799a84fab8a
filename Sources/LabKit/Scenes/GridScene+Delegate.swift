import ScrollKit

/// The scroll view's callbacks: the `userDragging` flag (B-EVT-2), rebinding, and the policy's hooks.
extension GridScene {
    public func scrollViewDidScroll(_ scrollView: ScrollView) {
        updateBinding(time: scrollView.currentTime)
    }

    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {
        grid.userDragging = true
        consult(.willBeginDragging, time: scrollView.currentTime)
    }

    public func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                          targetContentOffset: inout Point) {
        consult(.willEndDragging(velocity: velocity, target: targetContentOffset), time: scrollView.currentTime)
    }

    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        grid.userDragging = false
        consult(.didEndDragging(willDecelerate: decelerate), time: scrollView.currentTime)
    }

    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {
        consult(.willBeginDecelerating, time: scrollView.currentTime)
    }

    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
        consult(.didEndDecelerating, time: scrollView.currentTime)
    }

    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {
        consult(.didEndScrollingAnimation, time: scrollView.currentTime)
    }
}
