import Testing
@testable import ScrollKit
import LabKit

@Suite struct LabClockTests {
    @Test func modelTimeFollowsRealTimeAtOneX() {
        var clock = LabClock(realTime: 100, modelTime: 0)
        #expect(clock.scale == 1)
        #expect(clock.modelTime(atReal: 100) == 0)
        #expect(clock.modelTime(atReal: 101.5) == 1.5)
        #expect(clock.now == 1.5)
    }

    @Test func cycleGoesOneQuarterTenthAndBack() {
        var clock = LabClock(realTime: 0)
        var seen: [Double] = []
        for _ in 0..<4 {
            clock.cycleScale(atReal: 0)
            seen.append(clock.scale)
        }
        #expect(seen == [0.25, 0.1, 1, 0.25])
        #expect(LabClock.scales == [1, 0.25, 0.1])
    }

    @Test func changingTheScaleMidRunKeepsModelTimeContinuous() {
        var clock = LabClock(realTime: 10, modelTime: 0)
        #expect(clock.modelTime(atReal: 12) == 2)
        clock.setScale(0.25, atReal: 12)
        // No jump at the switch, then a quarter of the real time.
        #expect(clock.modelTime(atReal: 12) == 2)
        #expect(clock.modelTime(atReal: 16) == 3)
        clock.setScale(1, atReal: 18)
        #expect(clock.modelTime(atReal: 18) == 3.5)
        #expect(clock.modelTime(atReal: 19) == 4.5)
    }

    @Test func aDragInSlowMotionReachesTheModelInScaledTime() {
        // A hand moving 100 pt in 0.2 s of real time at 0.25×: the model sees it take 0.05 s,
        // a speed of 2000 pt/s — on screen (0.25 model s per real s) that is 500 pt/s again.
        var clock = LabClock(realTime: 0)
        clock.setScale(0.25, atReal: 0)
        let down = clock.modelTime(atReal: 1.0)
        let up = clock.modelTime(atReal: 1.2)
        #expect(down == 0.25)
        #expect(abs((up - down) - 0.05) < 1e-12)
        #expect(abs(100 / (up - down) - 2000) < 1e-9)
    }

    @Test func modelTimeNeverGoesBack() {
        var clock = LabClock(realTime: 0)
        #expect(clock.modelTime(atReal: 5) == 5)
        // An event stamped earlier than the last frame (pump-time stamps) maps to the last model time.
        #expect(clock.modelTime(atReal: 4.99) == 5)
        #expect(clock.modelTime(atReal: .nan) == 5)
        #expect(clock.modelTime(atReal: 5.5) == 5.5)
    }

    @Test func scaleChangeStampedBeforeTheLastFrameDoesNotJump() {
        var clock = LabClock(realTime: 0)
        #expect(clock.modelTime(atReal: 2) == 2)
        // The key's timestamp lies before the frame already handed out: the switch happens at real 2.
        clock.setScale(0.25, atReal: 1.5)
        #expect(clock.modelTime(atReal: 2) == 2)
        #expect(clock.modelTime(atReal: 6) == 3)
    }

    @Test func tenthSpeedRunsAtATenthAndBadScalesAreIgnored() {
        var clock = LabClock(realTime: 0)
        clock.setScale(0.1, atReal: 0)
        clock.setScale(0, atReal: 0)
        clock.setScale(-1, atReal: 0)
        clock.setScale(.infinity, atReal: 0)
        #expect(clock.scale == 0.1)
        #expect(clock.modelTime(atReal: 10) == 1)
        #expect(clock.scaleLabel == "0.1×")
    }

    @Test func labelsNameTheScale() {
        var clock = LabClock(realTime: 0)
        #expect(clock.scaleLabel == "1×")
        clock.cycleScale(atReal: 0)
        #expect(clock.scaleLabel == "0.25×")
    }

    @Test func aLateSampleKeepsItsOwnTime() {
        var clock = LabClock(realTime: 0)
        #expect(clock.modelTime(atReal: 3.0) == 3.0)   // a frame drawn after a stall
        // Moves queued during the stall map to their own times, not clamped to the frame's.
        #expect(clock.sampleTime(atReal: 2.92) == 2.92)
        #expect(clock.modelTime(atReal: 2.92) == 3.0)
        clock.setScale(0.25, atReal: 3.0)
        #expect(clock.sampleTime(atReal: 3.4) == 3.1)
        #expect(clock.now == 3.0)
    }

    @Test func aHeldClockResumesFromWhereItStood() {
        var clock = LabClock(realTime: 0)
        #expect(clock.modelTime(atReal: 0.05) == 0.05)
        clock.hold(atReal: 0.1)
        clock.hold(atReal: 0.3)   // still held: the 0.25 s waited are not model time
        #expect(clock.modelTime(atReal: 0.3) == 0.05)
        #expect(clock.modelTime(atReal: 0.5) == 0.25)
        clock.setScale(0.25, atReal: 0.5)
        clock.hold(atReal: 1.5)
        #expect(clock.modelTime(atReal: 1.9) == 0.35)   // the scale is kept
    }
}
