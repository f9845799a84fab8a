import Testing
import LabKit

/// The drag's look-ahead horizon and direction, by hand.
@Suite struct DragAheadRuleTests {
    let rule = DragAheadRule(AdaptiveTuning())

    @Test func horizonInLoadDurations() {
        #expect(abs(rule.horizon(duration: 0.08) - 0.24) < 1e-12)   // 3 × 80 ms
        #expect(rule.horizon(duration: 0.02) == 0.15)                // 3 × 20 ms is under the 0.15 s floor
        #expect(rule.horizon(duration: 0.4) == .infinity)            // slow loads: at once
        var fixed = AdaptiveTuning()
        fixed.dragHorizon = 1
        #expect(DragAheadRule(fixed).horizon(duration: 0.4) == 1)
    }

    @Test func directionFollowsTheDragUnderTheSpeedLimit() {
        #expect(rule.direction(speed: 100, current: 0) == 1)
        #expect(rule.direction(speed: -5, current: 1) == -1)
        #expect(rule.direction(speed: 0, current: -1) == -1)
        var limited = AdaptiveTuning()
        limited.speedLimit = 500
        #expect(DragAheadRule(limited).direction(speed: 600, current: 1) == 0)
        #expect(DragAheadRule(limited).direction(speed: -400, current: 1) == -1)
    }
}
