import Testing
import ScrollKit
@testable import LabKit

/// Where a plot's label goes: beside its point when free, further out with a leader when crowded, never
/// over what is taken or outside the plot.
@Suite struct PlotLabelTests {
    static let plot = Rect(x: 0, y: 0, width: 400, height: 300)

    @Test func aFreePointHasItsLabelOnItsRight() {
        let label = PlotLabel.place(width: 50, height: 13, near: Point(x: 100, y: 100), avoiding: [], within: Self.plot)
        #expect(label == PlotLabel(rect: Rect(x: 109, y: 93.5, width: 50, height: 13), leaderEnd: nil))
    }

    @Test func nearTheRightEdgeTheLabelGoesLeft() {
        let label = PlotLabel.place(width: 50, height: 13, near: Point(x: 380, y: 100), avoiding: [], within: Self.plot)
        #expect(label?.rect == Rect(x: 321, y: 93.5, width: 50, height: 13))
    }

    @Test func aCrowdedPointGetsAPlaceFurtherOutWithALeader() {
        // Everything within 40 points of the point is taken.
        let taken = [Rect(x: 60, y: 60, width: 80, height: 80)]
        let label = PlotLabel.place(width: 50, height: 13, near: Point(x: 100, y: 100), avoiding: taken, within: Self.plot)
        let placed = try! #require(label)
        #expect(!placed.rect.intersects(taken[0]) && placed.leaderEnd != nil)
        #expect(placed.rect.minX >= 2 && placed.rect.maxX <= 398 && placed.rect.minY >= 2 && placed.rect.maxY <= 298)
        // The leader ends on the label's edge nearest the point.
        let end = try! #require(placed.leaderEnd)
        #expect(end.x >= placed.rect.minX && end.x <= placed.rect.maxX && end.y >= placed.rect.minY && end.y <= placed.rect.maxY)
    }

    @Test func noFreePlaceGivesNoLabel() {
        #expect(PlotLabel.place(width: 50, height: 13, near: Point(x: 100, y: 100), avoiding: [Self.plot], within: Self.plot) == nil)
    }
}
