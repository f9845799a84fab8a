@testable import ScrollKit

/// A delegate that rewrites the release target with a closure and counts the callbacks it gets.
final class RewritingDelegate: ScrollViewDelegate {
    var rewrite: (ScrollView, Point) -> Point
    private(set) var didScrollCount = 0
    private(set) var names: [String] = []

    init(rewrite: @escaping (ScrollView, Point) -> Point = { $1 }) { self.rewrite = rewrite }

    func scrollViewDidScroll(_ scrollView: ScrollView) { didScrollCount += 1 }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { names.append("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point) {
        names.append("willEndDragging")
        targetContentOffset = rewrite(scrollView, targetContentOffset)
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) { names.append("didEndDragging") }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { names.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { names.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { names.append("didEndScrollingAnimation") }
}
