import Testing
@testable import LabKit
@testable import ScrollKit

/// The timeline stays readable when it is busiest: callbacks at one instant share one label, labels
/// never overlap or change sides, and the velocity scale follows the glide, not the drag's spikes.
@Suite struct TimelineLabelTests {
    func record(_ t: Double, _ event: ScrollEvent) -> ScrollEventRecord {
        ScrollEventRecord(time: t, offset: Point(x: 0, y: t * 100), event: event)
    }

    let release = ScrollEvent.willEndDragging(velocity: Point(x: 0, y: 1), target: Point(x: 0, y: 500),
                                              proposedTarget: Point(x: 0, y: 500))

    /// Ten flings in three seconds: a touch every 0.3 s, released 0.1 s later, each catching the last.
    func rapidFlings() -> Timeline {
        var timeline = Timeline(axis: .vertical)
        for i in 0..<10 {
            let t = 0.05 + Double(i) * 0.29
            timeline.record(record(t, .willBeginDragging))
            timeline.record(record(t + 0.1, release))
            timeline.record(record(t + 0.1, .didEndDragging(willDecelerate: true)))
            timeline.record(record(t + 0.1, .willBeginDecelerating))
        }
        timeline.record(record(2.99, .didEndDecelerating))
        return timeline
    }

    @Test func theCallbacksOfOneReleaseShareOneLabel() {
        var timeline = Timeline(axis: .vertical)
        timeline.record(record(2, release))
        timeline.record(record(2, .didEndDragging(willDecelerate: true)))
        timeline.record(record(2, .willBeginDecelerating))
        let layout = timeline.layout(in: Rect(x: 0, y: 0, width: 300, height: 100), now: 3, seconds: 3)
        #expect(layout.markers.count == 3)
        #expect(layout.labels.map(\.text) == ["wED dED(T) wBDec"])
        #expect(layout.labels.map(\.count) == [3])
        // It ends 2 pt left of its line (x = 200), on the first row.
        #expect(layout.labels[0].frame == Rect(x: 198 - 16 * 8, y: 0, width: 128, height: 14))
    }

    @Test func repeatedCallbacksAtOneInstantAreCounted() {
        var timeline = Timeline(axis: .vertical)
        for t in [1.0, 1.01, 1.02] { timeline.record(record(t, .willBeginDragging)) }
        let layout = timeline.layout(in: Rect(x: 0, y: 0, width: 300, height: 100), now: 3, seconds: 3)
        #expect(layout.labels.map(\.text) == ["wBD×3"])
    }

    @Test func tenRapidFlingsGiveLabelsThatNeitherOverlapNorLeaveThePlot() {
        let timeline = rapidFlings()
        let rect = Rect(x: 616, y: 319, width: 328, height: 199)
        for now in stride(from: 2.0, through: 3.0, by: 0.05) {
            let layout = timeline.layout(in: rect, now: now, seconds: 3)
            for (i, a) in layout.labels.enumerated() {
                #expect(a.frame.minX >= rect.minX && a.frame.maxX <= rect.maxX && a.frame.minY >= rect.minY)
                for b in layout.labels[(i + 1)...] {
                    #expect(!a.frame.intersects(b.frame), "\(a.text) at \(a.frame) overlaps \(b.text) at \(b.frame)")
                }
                // Always left of its newest marker's line: a label never changes sides.
                let line = rect.maxX - (now - a.newest.time) * rect.width / 3
                #expect(abs(a.frame.maxX - (line - 2)) < 1e-9)
            }
            // Every callback in the window is labelled or counted as unlabelled.
            #expect(layout.labels.map(\.count).reduce(0, +) + layout.hiddenLabelCount == layout.markers.count)
        }
        // At the end most of the forty-one callbacks are named: the newest instants first.
        let end = timeline.layout(in: rect, now: 3, seconds: 3)
        #expect(end.labels.first?.text == "dEDec")
        #expect(end.labels.map(\.count).reduce(0, +) >= 20)
    }

    @Test func theVelocityScaleFollowsTheGlideNotTheDragSpike() {
        var timeline = Timeline(axis: .vertical)
        timeline.record(record(0, .willBeginDragging))
        // A pointer burst during the drag reads 7795 pt/s; the fling leaves at 1000 pt/s and decays.
        timeline.record(time: 0.1, contentOffset: Point(x: 0, y: 10), velocity: Point(x: 0, y: 7795))
        timeline.record(time: 0.2, contentOffset: Point(x: 0, y: 20), velocity: Point(x: 0, y: 900))
        timeline.record(record(0.25, .willEndDragging(velocity: Point(x: 0, y: 1), target: Point(x: 0, y: 500),
                                                      proposedTarget: Point(x: 0, y: 500))))
        timeline.record(record(0.25, .didEndDragging(willDecelerate: true)))
        timeline.record(time: 0.3, contentOffset: Point(x: 0, y: 120), velocity: Point(x: 0, y: 950))
        timeline.record(time: 0.5, contentOffset: Point(x: 0, y: 300), velocity: Point(x: 0, y: 600))
        let rect = Rect(x: 0, y: 0, width: 300, height: 100)
        let layout = timeline.layout(in: rect, now: 1, seconds: 1)
        // The release's 1000 pt/s × 1.05.
        #expect(layout.velocityRange == -1050...1050)
        // The spike is drawn at the top edge and marked.
        #expect(layout.velocityPoints[0].y == 0)
        #expect(layout.clippedVelocityXs == [30])
    }

    @Test func aDragAloneSetsTheScale() {
        var timeline = Timeline(axis: .vertical)
        timeline.record(record(0, .willBeginDragging))
        timeline.record(time: 0.1, contentOffset: Point(x: 0, y: 10), velocity: Point(x: 0, y: 400))
        let layout = timeline.layout(in: Rect(x: 0, y: 0, width: 300, height: 100), now: 1, seconds: 1)
        #expect(layout.velocityRange == -420...420)
        #expect(layout.clippedVelocityXs.isEmpty)
    }
}
