import Testing
import LabKit

/// The look-ahead limit (3 s, twice the estimate before a load is measured), by hand.
@Suite struct LookAheadLimitRuleTests {
    let rule = LookAheadLimitRule(AdaptiveTuning())

    @Test func measuredDurationAgainstTheLimit() {
        #expect(rule.allows(duration: 3, measuredLoads: 1))
        #expect(!rule.allows(duration: 3.5, measuredLoads: 4))
        #expect(!rule.isTooSlow(expected: 3, measuredLoads: 2))
        #expect(rule.isTooSlow(expected: 3.5, measuredLoads: 2))
    }

    @Test func unmeasuredEstimateCountsTwice() {
        // 2 × 1.5 = 3: at the limit; 2 × 1.6 = 3.2 past it.
        #expect(rule.allows(duration: 1.5, measuredLoads: 0))
        #expect(!rule.allows(duration: 1.6, measuredLoads: 0))
        #expect(!rule.isTooSlow(expected: 1.5, measuredLoads: 0))
        #expect(rule.isTooSlow(expected: 1.6, measuredLoads: 0))
    }
}
