import Testing
@testable import ScrollLabCore

/// The HUD's frame line is the meter's: refreshed on every 15th frame only (its text is rasterized anew
/// only then), from the window's statistics or the frame bench's own work time.
@Suite struct FrameMeterTests {
    @Test func theFrameLineChangesEveryFifteenthFrameOnly() {
        var meter = FrameMeter()
        var shownAt: [Int] = []
        for frame in 0..<31 {
            meter.frameCount = frame
            meter.record(work: 0.002 * Double(frame + 1), present: 0.001, interval: frame == 0 ? nil : 1.0 / 60, period: 1.0 / 60)
            let before = meter.shown
            meter.refreshShown()
            if meter.shown != before { shownAt.append(frame) }
        }
        #expect(shownAt == [0, 15, 30])
        // Frame 30's figures: its own work time (62 ms), 60 presented frames a second.
        #expect(abs(meter.shown.frameMs - 62) < 1e-9)
        #expect(abs(meter.shown.fps - 60) < 1e-6)
    }

    /// On a display that shows frames at the blank, hitches count the shown interval (whole periods),
    /// the frame statistics the measured one.
    @Test func hitchesCountTheShownIntervalWhenGiven() {
        var meter = FrameMeter()
        meter.isMoving = true
        let period: Double = 1.0 / 120
        meter.record(work: 0.002, present: 0.001, interval: period, period: period)
        meter.record(work: 0.052, present: 0.001, interval: 0.0619, shownInterval: 7 * period, period: period)
        #expect(meter.hitches.hitchCount == 1)
        #expect(abs(meter.hitches.longestHitchMs - 50) < 1e-9)
        #expect(abs(meter.stats.intervalMs(percentile: 100) - 61.9) < 0.1)
    }

    @Test func theFrameBenchShowsItsOwnWorkTimeOnTheSameFrames() {
        var meter = FrameMeter()
        meter.frameCount = 14
        meter.refreshShown(work: 0.004)
        #expect(meter.shown == FrameLine())
        meter.frameCount = 15
        meter.refreshShown(work: 0.004)
        #expect(meter.shown.frameMs == 4)
        #expect(meter.shown.fps == 0)
    }
}
