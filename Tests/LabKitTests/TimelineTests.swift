import Testing
@testable import ScrollKit
import LabKit

@Suite struct TimelineTests {
    private func record(_ time: Double, _ y: Double, _ event: ScrollEvent) -> ScrollEventRecord {
        ScrollEventRecord(time: time, offset: Point(x: 0, y: y), event: event)
    }

    private func isClose(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test func ringKeepsTheNewestSamplesInItsFixedCapacity() {
        var timeline = Timeline(axis: .vertical, sampleCapacity: 4)
        for i in 0..<6 {
            timeline.record(time: Double(i), contentOffset: Point(x: 7, y: Double(i) * 10), velocity: Point(x: 1, y: 5))
        }
        #expect(timeline.samples.capacity == 4)
        #expect(timeline.samples.map(\.time) == [2, 3, 4, 5])
        #expect(timeline.samples.map(\.offset) == [20, 30, 40, 50])
        #expect(timeline.samples.map(\.velocity) == [5, 5, 5, 5])
    }

    @Test func sampleAtTheSameTimeReplacesOlderAndNonFiniteAreIgnored() {
        var timeline = Timeline(axis: .horizontal)
        timeline.record(time: 1, contentOffset: Point(x: 10, y: 99), velocity: Point(x: 3, y: 0))
        timeline.record(time: 1, contentOffset: Point(x: 12, y: 99), velocity: Point(x: 4, y: 0))
        timeline.record(time: 0.5, contentOffset: Point(x: 50, y: 0), velocity: .zero)
        timeline.record(time: 2, contentOffset: Point(x: .nan, y: 0), velocity: .zero)
        #expect(Array(timeline.samples) == [TimelineSample(time: 1, offset: 12, velocity: 4)])
    }

    @Test func everyCallbackButDidScrollBecomesALabelledMarker() {
        var timeline = Timeline(axis: .vertical)
        let events: [ScrollEvent] = [
            .willBeginDragging, .didScroll,
            .willEndDragging(velocity: Point(x: 0, y: 1), target: Point(x: 0, y: 600), proposedTarget: Point(x: 0, y: 600)),
            .didEndDragging(willDecelerate: true), .willBeginDecelerating, .didScroll, .didEndDecelerating,
            .didEndScrollingAnimation, .willBeginDragging, .didEndDragging(willDecelerate: false),
        ]
        for (i, event) in events.enumerated() { timeline.record(record(Double(i), 0, event)) }
        #expect(timeline.markers.map(\.label) == ["wBD", "wED", "dED(T)", "wBDec", "dEDec", "dESA", "wBD", "dED(F)"])
        #expect(timeline.markers.map(\.time) == [0, 2, 3, 4, 6, 7, 8, 9])
    }

    @Test func leftOverDidEndDeceleratingOfAnInterruptedFlingIsFlagged() {
        var timeline = Timeline(axis: .vertical)
        let fling = ScrollEvent.willEndDragging(velocity: Point(x: 0, y: 2), target: Point(x: 0, y: 900),
                                                proposedTarget: Point(x: 0, y: 900))
        let still = ScrollEvent.willEndDragging(velocity: .zero, target: Point(x: 0, y: 300), proposedTarget: Point(x: 0, y: 300))
        // A fling, interrupted by a drag that releases without velocity (B-EVT-3).
        let sequence: [ScrollEvent] = [
            .willBeginDragging, fling, .didEndDragging(willDecelerate: true), .willBeginDecelerating,
            .willBeginDragging, still, .didEndDragging(willDecelerate: false), .didEndDecelerating,
            // Then an ordinary fling that ends by itself.
            .willBeginDragging, fling, .didEndDragging(willDecelerate: true), .willBeginDecelerating, .didEndDecelerating,
        ]
        for (i, event) in sequence.enumerated() { timeline.record(record(Double(i) / 10, 0, event)) }
        let ends = timeline.markers.filter { $0.event == .didEndDecelerating }
        #expect(ends.map(\.isLeftOver) == [true, false])
        #expect(ends.map(\.label) == ["dEDec*", "dEDec"])
    }

    @Test func willEndDraggingOpensATargetLineAndTheNextDragClosesIt() {
        var timeline = Timeline(axis: .horizontal)
        let rewrite = ScrollEvent.willEndDragging(velocity: Point(x: 1.5, y: 0), target: Point(x: 660, y: 0),
                                                  proposedTarget: Point(x: 700, y: 0))
        timeline.record(ScrollEventRecord(time: 1, offset: Point(x: 100, y: 0), event: rewrite))
        #expect(timeline.projectedTarget == TimelineTarget(time: 1, target: 660, proposedTarget: 700, velocity: 1500))
        #expect(timeline.projectedTarget?.isRewritten == true)
        timeline.record(ScrollEventRecord(time: 2.5, offset: Point(x: 500, y: 0), event: .willBeginDragging))
        #expect(timeline.projectedTarget == nil)
        #expect(Array(timeline.targets) == [TimelineTarget(time: 1, target: 660, proposedTarget: 700, velocity: 1500, endTime: 2.5)])
    }

    @Test func theTargetLineEndsWithTheMotionItSet() {
        var timeline = Timeline(axis: .vertical)
        let fling = ScrollEvent.willEndDragging(velocity: Point(x: 0, y: 2), target: Point(x: 0, y: 900),
                                                proposedTarget: Point(x: 0, y: 900))
        let still = ScrollEvent.willEndDragging(velocity: .zero, target: Point(x: 0, y: 40), proposedTarget: Point(x: 0, y: 40))
        let sequence: [(Double, ScrollEvent)] = [
            (1, fling), (1, .didEndDragging(willDecelerate: true)), (1, .willBeginDecelerating), (3.4, .didEndDecelerating),
            (4, .willBeginDragging), (4.5, still), (4.5, .didEndDragging(willDecelerate: false)),
            (5, .willBeginDragging), (5.5, fling), (5.5, .didEndDragging(willDecelerate: true)), (5.9, .didEndScrollingAnimation),
        ]
        for (time, event) in sequence {
            timeline.record(ScrollEventRecord(time: time, offset: .zero, event: event))
            if time == 1 { #expect(timeline.projectedTarget != nil) }
        }
        #expect(timeline.targets.map(\.endTime) == [3.4, 4.5, 5.9])
        #expect(timeline.projectedTarget == nil)
    }

    @Test func layoutMapsTimeToXAndValuesToAutoScaledY() {
        var timeline = Timeline(axis: .vertical)
        let values: [(Double, Double, Double)] = [(0, 0, 0), (1, 100, 2000), (2, 200, -1000), (3, 400, 0)]
        for (t, offset, velocity) in values {
            timeline.record(time: t, contentOffset: Point(x: 0, y: offset), velocity: Point(x: 0, y: velocity))
        }
        let layout = timeline.layout(in: Rect(x: 10, y: 20, width: 300, height: 220), now: 3, seconds: 3)
        // Offsets 0…400, widened by 5 % of 400 on each side.
        #expect(layout.offsetRange == -20...420)
        #expect(layout.offsetSpan == 0...400)
        // Largest |velocity| 2000 × 1.05.
        #expect(layout.velocityRange == -2100...2100)
        #expect(layout.velocityZeroY == 130)
        #expect(layout.offsetPoints.map(\.x) == [10, 110, 210, 310])
        // y = 240 − (offset + 20) / 440 × 220
        #expect(zip(layout.offsetPoints.map(\.y), [230, 180, 130, 30]).allSatisfy(isClose))
        // y = 240 − (v + 2100) / 4200 × 220
        let velocityY = [130, 240 - 4100.0 / 4200 * 220, 240 - 1100.0 / 4200 * 220, 130]
        #expect(zip(layout.velocityPoints.map(\.y), velocityY).allSatisfy(isClose))
    }

    @Test func flatDataGetsTheMinimumSpansCentredOnIt() {
        var timeline = Timeline(axis: .vertical)
        timeline.record(time: 0, contentOffset: Point(x: 0, y: 500), velocity: Point(x: 0, y: 10))
        timeline.record(time: 1, contentOffset: Point(x: 0, y: 504), velocity: .zero)
        let layout = timeline.layout(in: Rect(x: 0, y: 0, width: 100, height: 100), now: 1)
        #expect(layout.offsetRange == 492...512)
        #expect(layout.offsetSpan == 500...504)
        #expect(layout.velocityRange == -100...100)
        #expect(layout.offsetPoints == [Point(x: 100 - 100.0 / 3, y: 60), Point(x: 100, y: 40)])
    }

    @Test func anEmptyTimelineLaysOutNothingAroundZero() {
        let layout = Timeline(axis: .vertical).layout(in: Rect(x: 0, y: 0, width: 100, height: 50), now: 10)
        #expect(layout.offsetRange == -10...10)
        #expect(layout.offsetSpan == nil)
        #expect(layout.offsetPoints.isEmpty && layout.markers.isEmpty && layout.targets.isEmpty)
    }

    @Test func onlyTheLastSecondsAreLaidOutAndTargetLinesAreClamped() {
        var timeline = Timeline(axis: .vertical)
        let target = ScrollEvent.willEndDragging(velocity: Point(x: 0, y: 1), target: Point(x: 0, y: 300),
                                                 proposedTarget: Point(x: 0, y: 300))
        timeline.record(time: 0, contentOffset: Point(x: 0, y: 9000), velocity: .zero)  // out of the window
        timeline.record(record(0.5, 0, .willBeginDragging))                               // out of the window
        timeline.record(record(1, 100, target))                                           // out, but its line is in
        timeline.record(time: 2, contentOffset: Point(x: 0, y: 100), velocity: .zero)
        timeline.record(time: 5, contentOffset: Point(x: 0, y: 300), velocity: .zero)
        timeline.record(record(5, 300, .didEndDecelerating))
        let layout = timeline.layout(in: Rect(x: 0, y: 0, width: 300, height: 100), now: 5, seconds: 3)
        #expect(layout.offsetPoints.map(\.x) == [0, 300])
        #expect(layout.markers.map(\.marker.label) == ["dEDec"])
        #expect(layout.markers.map(\.x) == [300])
        #expect(layout.offsetRange == 90...310)
        #expect(layout.targets.count == 1)
        #expect(layout.targets.first?.startX == 0)
        #expect(layout.targets.first?.endX == 300)
        #expect(layout.targets.first.map { isClose($0.y, 100 - 210.0 / 220 * 100) } == true)
        #expect(layout.targets.first?.proposedY == nil)
    }

    /// The window's samples are found by their times in a ring that has wrapped: exactly those with
    /// start ≤ time ≤ now, in order, whether the window is inside the ring, past its newest or before its oldest.
    @Test func theWindowsSamplesAreFoundInAWrappedRing() {
        var timeline = Timeline(axis: .vertical, sampleCapacity: 16)
        for i in 0..<40 { timeline.record(time: Double(i) / 2, contentOffset: Point(x: 0, y: Double(i)), velocity: .zero) }
        let rect = Rect(x: 0, y: 0, width: 300, height: 100)
        for (now, seconds) in [(15.0, 2.5), (15.2, 2.5), (19.5, 3.0), (40.0, 3.0), (12.0, 3.0), (11.0, 0.25), (17.25, 0.5)] {
            let layout = timeline.layout(in: rect, now: now, seconds: seconds)
            let expected = timeline.samples.filter { $0.time >= now - seconds && $0.time <= now }
            #expect(layout.offsetPoints.map(\.x) == expected.map { 300 - (now - $0.time) * 300 / seconds }, "now \(now)")
            #expect(layout.offsetPoints.count == expected.count)
        }
        #expect(timeline.layout(in: rect, now: 17, seconds: 2).offsetPoints.count == 5)   // 15, 15.5, 16, 16.5, 17
    }

    @Test func closedTargetLineEndsAtTheNextDragAndARewriteShowsTheProposal() {
        var timeline = Timeline(axis: .vertical)
        let rewrite = ScrollEvent.willEndDragging(velocity: Point(x: 0, y: 1), target: Point(x: 0, y: 200),
                                                  proposedTarget: Point(x: 0, y: 180))
        timeline.record(time: 0, contentOffset: Point(x: 0, y: 0), velocity: .zero)
        timeline.record(record(1, 0, rewrite))
        timeline.record(record(2, 200, .willBeginDragging))
        let layout = timeline.layout(in: Rect(x: 0, y: 0, width: 300, height: 110), now: 3, seconds: 3)
        // Range 0…200 widened to −10…210: y = 110 − (v + 10) / 2.
        #expect(layout.targets == [TimelineLayout.Target(startX: 100, endX: 200, y: 5, proposedY: 15)])
        #expect(layout.markers.map(\.offsetY) == [105, 5])
    }

    @Test func layoutIntoReusesStorageWithoutStaleValues() {
        var timeline = Timeline(axis: .vertical)
        for i in 0..<10 {
            timeline.record(time: Double(i) / 10, contentOffset: Point(x: 0, y: Double(i)), velocity: .zero)
        }
        let rect = Rect(x: 0, y: 0, width: 200, height: 100)
        var layout = TimelineLayout()
        timeline.layout(in: rect, now: 0.9, into: &layout)
        #expect(layout.offsetPoints.count == 10)
        timeline.layout(in: rect, now: 3.5, into: &layout)
        #expect(layout == timeline.layout(in: rect, now: 3.5))
        #expect(layout.offsetPoints.count == 5)
    }
}
