import Testing
@testable import LabKit
@testable import ScrollKit

/// Label rows of a crowded timeline: a label needs `labelWidth` after the previous one on its row;
/// when every row is crowded, the row free longest is reused.
@Suite struct TimelineLabelRowTests {
    /// Markers at these times, laid out over 4 s in 400 pt (x = 100 · t) with 50 pt labels.
    private func rows(_ times: [Double]) -> [Int] {
        var timeline = Timeline(axis: .vertical)
        for time in times {
            timeline.record(ScrollEventRecord(time: time, offset: .zero, event: .didEndScrollingAnimation))
        }
        let layout = timeline.layout(in: Rect(x: 0, y: 0, width: 400, height: 100), now: 4, seconds: 4, labelWidth: 50)
        #expect(layout.markers.map(\.x) == times.map { $0 * 100 })
        return layout.markers.map(\.labelRow)
    }

    /// Exactly one label width after the previous label is room enough: the row is shared.
    @Test func aGapOfExactlyTheLabelWidthSharesTheRow() {
        #expect(rows([0, 0.5]) == [0, 0])
        #expect(rows([0, 0.49]) == [0, 1])
    }

    /// Four labels fill the rows (x = 0, 12.5, 25, 37.5); x = 50 frees row 0 again. At x = 56.25 every row
    /// is crowded and row 1 (last used at 12.5) has been free longest, so it is reused, not row 0.
    @Test func aCrowdedLabelReusesTheRowFreeLongestEvenWhenThatIsNotTheFirst() {
        #expect(rows([0, 0.125, 0.25, 0.375, 0.5, 0.5625]) == [0, 1, 2, 3, 0, 1])
    }
}
