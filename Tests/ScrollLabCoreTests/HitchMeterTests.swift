import Testing
import LabKit
import ScrollLabCore

/// B-HITCH-1: Apple's hitch time ratio on synthetic frame series.
@Suite struct HitchMeterTests {
    let period = 1.0 / 60

    @Test func aSteadyRunHasNoHitch() {
        var meter = HitchMeter()
        for _ in 0..<120 { meter.record(interval: period + 0.0005, period: period, isMoving: true) }
        #expect(meter.hitchCount == 0 && meter.ratioMsPerS == 0 && meter.band == .good)
    }

    @Test func aDroppedFrameIsLateByOnePeriod() {
        // One second of motion at 60 Hz in which one frame took two periods (one missed slot: 16.7 ms late).
        var meter = HitchMeter()
        for _ in 0..<58 { meter.record(interval: period, period: period, isMoving: true) }
        meter.record(interval: 2 * period, period: period, isMoving: true)
        #expect(meter.hitchCount == 1)
        #expect(abs(meter.longestHitchMs - 1000.0 / 60) < 1e-9)
        #expect(abs(meter.motionSeconds - 1) < 1e-9)
        #expect(abs(meter.ratioMsPerS - 1000.0 / 60) < 1e-9)
        #expect(meter.band == .critical)
    }

    @Test func framesAtRestDoNotCount() {
        var meter = HitchMeter()
        meter.record(interval: 0.5, period: period, isMoving: false)
        meter.record(interval: period, period: period, isMoving: true)
        #expect(meter.hitchCount == 0 && abs(meter.motionSeconds - period) < 1e-12)
    }

    /// Apple's bands of the ratio as printed (a tenth), as the model's `MainThreadMeter.band(ofRatio:)`.
    @Test func applesBands() {
        #expect(HitchMeter.Band(ratio: 4.94) == .good)
        #expect(HitchMeter.Band(ratio: 4.96) == .warning)
        #expect(HitchMeter.Band(ratio: 5) == .warning)
        #expect(HitchMeter.Band(ratio: 9.94) == .warning)
        #expect(HitchMeter.Band(ratio: 9.96) == .critical)
        #expect(HitchMeter.Band(ratio: 10) == .critical)
        for ratio in stride(from: 0.0, through: 20, by: 0.01) {
            #expect("\(HitchMeter.Band(ratio: ratio))" == MainThreadMeter.band(ofRatio: ratio))
        }
    }

    @Test func a50msStallEveryHalfSecondIsCritical() {
        // 120 Hz, a 50 ms stall every 0.5 s of motion: about 41.7 ms late twice a second ≈ 80 ms/s.
        var meter = HitchMeter()
        let p = 1.0 / 120
        for k in 0..<240 {
            meter.record(interval: k % 60 == 59 ? p + 0.050 : p, period: p, isMoving: true)
        }
        #expect(meter.hitchCount == 4)
        #expect(meter.ratioMsPerS > 70 && meter.band == .critical)
        #expect(meter.summary.map(\.0) == ["hitchTimeRatioMsPerS", "hitchCount", "longestHitchMs"])
    }
}
