import LabKit

/// One HTTP fetch's span on two clocks: when it started and when its completion was seen, on the
/// pipeline's clock and the wall's (`DispatchTime` seconds). The fetcher stamps a response's first and
/// last byte on the wall; `place(_:)` puts them on the pipeline's clock where the wall puts them between
/// the two ends, whatever the pipeline clock's rate (the window's model clock may run slower or faster
/// than the wall; the headless commands' runs at the wall's rate). The window and the headless
/// commands place every fetch with this, so Adaptive reads the same link either way.
package struct FetchSpan: Sendable, Equatable {
    /// The fetch's start: pipeline time, wall time.
    package var startTime: Double, startWall: Double
    /// The moment its completion was seen: pipeline time, wall time.
    package var endTime: Double, endWall: Double

    package init(startTime: Double, startWall: Double, endTime: Double, endWall: Double) {
        self.startTime = startTime
        self.startWall = startWall
        self.endTime = endTime
        self.endWall = endWall
    }

    /// Wall time `wall` on the pipeline's clock, kept between the span's two ends.
    package func onClock(_ wall: Double) -> Double {
        let scale = endWall > startWall ? (endTime - startTime) / (endWall - startWall) : 1
        return Swift.min(endTime, Swift.max(startTime, startTime + (wall - startWall) * scale))
    }

    /// A response's wall-clock timing on the pipeline's clock.
    package func place(_ wall: TransferTiming) -> TransferTiming {
        TransferTiming(firstByte: onClock(wall.firstByte), lastByte: onClock(wall.lastByte), bytes: wall.bytes)
    }
}
