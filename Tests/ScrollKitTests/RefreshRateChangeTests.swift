import Testing
@testable import ScrollKit

/// B-RATE-1: a display whose rate changes in the middle of a motion (ProMotion dropping from 120 to 60 Hz
/// under load) changes nothing but where the motion is sampled.
@Suite struct RefreshRateChangeTests {
    /// Plays a fling with frames at `rates(t)` Hz and returns the callbacks, the end offset and the
    /// time of the last callback.
    static func run(contentHeight: Double = 20000, velocity: Double, rates: (Double) -> Double)
        -> (names: [String], end: Point, endTime: Double, offsets: [(Double, Point)]) {
        let view = ScrollViewEventOrderTests.makeView(contentHeight: contentHeight)
        var records: [ScrollEventRecord] = []
        view.eventHandler = { records.append($0) }
        let events = ScrollViewEventOrderTests.fling(at: 1.0, velocity: Point(x: 0, y: -velocity))
        for event in events { view.handle(event) }
        // Frame times counted from the lift (k / rate after each rate change), so two runs at
        // rates that divide each other sample the same instants exactly.
        var segmentStart = events.last!.time, rate = rates(segmentStart), k = 0
        var t = segmentStart
        var offsets: [(Double, Point)] = []
        while view.isMoving, t < 20 {
            k += 1
            t = segmentStart + Double(k) / rate
            if rates(t) != rate { segmentStart = t; rate = rates(t); k = 0 }
            view.advance(to: t)
            offsets.append((t, view.contentOffset))
        }
        let calls = records.filter { $0.event != .didScroll }
        return (calls.map(\.event.name), view.contentOffset, calls.last!.time, offsets)
    }

    @Test(arguments: [1500.0, 6000.0])
    func aRateChangeMidMotionChangesOnlyTheSampling(velocity: Double) {
        // 6000 pt/s in 1480 pt of content runs past the end and springs back: the bounce too.
        let height = velocity > 5000 ? 1480.0 : 20000
        let steady = Self.run(contentHeight: height, velocity: velocity) { _ in 60 }
        let promotion = Self.run(contentHeight: height, velocity: velocity) { t in t < 1.4 ? 120 : (t < 1.9 ? 60 : 90) }
        #expect(promotion.names == steady.names)
        #expect(abs(promotion.end.y - steady.end.y) <= 1.0 / 3)
        #expect(abs(promotion.endTime - steady.endTime) <= 1.0 / 60)
        // Sampled anywhere, the motion is one curve: where both runs sample the same instant, the same offset.
        let fine = Self.run(contentHeight: height, velocity: velocity) { _ in 240 }
        var matched = 0
        for (time, offset) in steady.offsets {
            if let match = fine.offsets.first(where: { abs($0.0 - time) < 1e-9 }) {
                #expect(abs(match.1.y - offset.y) < 1e-6)
                matched += 1
            }
        }
        #expect(matched >= steady.offsets.count - 1)
    }
}
