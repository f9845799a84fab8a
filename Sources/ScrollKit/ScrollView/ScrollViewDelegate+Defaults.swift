/// Empty defaults, as UIKit's optional delegate methods.
public extension ScrollViewDelegate {
    /// Does nothing.
    func scrollViewDidScroll(_ scrollView: ScrollView) {}
    /// Does nothing.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    /// Leaves the target as proposed.
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point) {}
    /// Does nothing.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    /// Does nothing.
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    /// Does nothing.
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    /// Does nothing.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
    /// No zooming.
    func viewForZooming(in scrollView: ScrollView) -> Size? { nil }
    /// Does nothing.
    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: Size?) {}
    /// Does nothing.
    func scrollViewDidZoom(_ scrollView: ScrollView) {}
    /// Does nothing.
    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: Size?, atScale scale: Double) {}
}
