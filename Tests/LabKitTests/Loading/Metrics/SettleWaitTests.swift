import Testing
@testable import LabKit

/// Settle waits: from the end of a motion until the screen shows its images, or a new motion.
@Suite struct SettleWaitTests {
    @Test func aWaitEndsWhenSettledOrCutShort() {
        var wait = SettleWait()
        #expect(wait.frame(at: 0, isMoving: true, settled: false) == nil)
        #expect(wait.frame(at: 1, isMoving: false, settled: false) == nil)   // the motion ended: a wait begins
        #expect(wait.start == 1)
        #expect(wait.frame(at: 1.25, isMoving: false, settled: true) == 0.25)
        #expect(wait.start == nil && wait.sum == 0.25)
        #expect(wait.frame(at: 2, isMoving: true, settled: false) == nil)
        #expect(wait.frame(at: 3, isMoving: false, settled: false) == nil)
        #expect(wait.frame(at: 3.5, isMoving: true, settled: false) == 0.5)   // a new touch cut it short
        #expect(wait.sum == 0.75)
    }

    @Test func aMotionEndingOnASettledScreenWaitsNothing() {
        var wait = SettleWait()
        _ = wait.frame(at: 0, isMoving: true, settled: true)
        #expect(wait.frame(at: 0.5, isMoving: false, settled: true) == 0)
    }
}
