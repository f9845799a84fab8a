import Foundation
import Testing
import ScrollKit
import LabKit

/// The fling plan, by hand: the grid's 2 columns of 150 × 220 tiles at a 230 pt pitch, a 320 × 450
/// viewport, a release at t = 1 from offset 0 to rest on 2300 (τ = 0.5 s: the offset reaches y at
/// t = 1 + 0.5·ln(2305 / (2305 − y)); the decay's asymptote is 2300 + 10 pt/s · τ).
@Suite struct FlingPlanRuleTests {
    let rule = FlingPlanRule(AdaptiveTuning())
    let release = LoadingContext(time: 1)
    let forecast = DecelerationForecast(startTime: 1, startOffset: 0, targetOffset: 2300, timeConstant: 0.5, viewportHeight: 450)
    let rest = Rect(x: 0, y: 2300, width: 320, height: 450)

    /// Seconds after the release until the offset reaches `y`.
    func until(_ y: Double) -> Double { 0.5 * log(2305 / (2305 - y)) }

    @Test func showTimeIsHalfALoadAtLeastAFrame() {
        #expect(rule.showTime(duration: 0.5) == 0.25)
        #expect(rule.showTime(duration: 0.01) == 1.0 / 60)
        var fixed = AdaptiveTuning()
        fixed.minimumShowTime = 0.1
        #expect(FlingPlanRule(fixed).showTime(duration: 0.5) == 0.1)
    }

    @Test func leadTimeIsALoadAndAMarginOrFourLoads() {
        #expect(abs(rule.leadTime(duration: 0.08, lookingAhead: true) - 0.30) < 1e-12)   // 0.08 + 0.22
        #expect(abs(rule.leadTime(duration: 0.01, lookingAhead: true) - 0.05) < 1e-12)   // 0.01 + 4 × 0.01
        #expect(rule.leadTime(duration: 0.08, lookingAhead: false) == .infinity)
        var fixed = AdaptiveTuning()
        fixed.leadTime = 0.3
        #expect(FlingPlanRule(fixed).leadTime(duration: 2, lookingAhead: true) == 0.3)
    }

    @Test func worthLoadingWhenTheImageShowsLongEnough() {
        // Loads of 0.5 s asked at 0: ready at 0.5, or at 1.0 behind 6 others on 6 slots; half a load is 0.25.
        #expect(rule.isWorthLoading(interval: (1.0, 1.5), time: 0, duration: 0.5, maxConcurrentLoads: 6))    // shows 0.5
        #expect(!rule.isWorthLoading(interval: (0.2, 0.7), time: 0, duration: 0.5, maxConcurrentLoads: 6))   // shows 0.2
        #expect(rule.isWorthLoading(interval: (1.0, 1.5), time: 0, duration: 0.5, queuedBefore: 6, maxConcurrentLoads: 6))
        #expect(!rule.isWorthLoading(interval: (0.6, 1.2), time: 0, duration: 0.5, queuedBefore: 6, maxConcurrentLoads: 6))
        #expect(rule.isWorthLoading(interval: (5, .infinity), time: 0, duration: 9, maxConcurrentLoads: 6))  // at rest
    }

    @Test func quickLoadsPlanEveryTilePassedTheRestAndTheRowBeyond() {
        let requests = rule.requests(forecast: forecast, targetRect: rest, in: release, duration: 0.086, lookingAhead: true, quick: true)
        // Rows 2–9 passed, 10–11 at rest (on screen: 0–3), row 12 beyond, in order of appearance.
        #expect(requests.map(\.item) == Array(4...25))
        // Row 2 (y 460) appears when the offset passes 10; row 11 (y 2530) at 2080.
        #expect(abs(requests[0].priority - until(10)) < 1e-9)
        #expect(abs(requests[19].priority - until(2080)) < 1e-9)
        // The row beyond: a load after the last to appear.
        #expect(abs(requests[20].priority - (until(2080) + 0.086)) < 1e-9)
        #expect(requests[20].priority == requests[21].priority)
    }

    @Test func slowLoadsPlanNothingUnlessTheRestIsAsked() {
        #expect(rule.requests(forecast: forecast, targetRect: rest, in: release, duration: 4, lookingAhead: false, quick: false).isEmpty)
        var restWhenSlow = AdaptiveTuning()
        restWhenSlow.plansRestWhenSlow = true
        let requests = FlingPlanRule(restWhenSlow).requests(forecast: forecast, targetRect: rest, in: release, duration: 4,
                                                            lookingAhead: false, quick: false)
        // Only rows 10–11, seen at rest: row 10 (y 2300) appears when the offset passes 1850.
        #expect(requests.map(\.item) == [20, 21, 22, 23])
        #expect(abs(requests[0].priority - until(1850)) < 1e-9)
    }

    @Test func tooQuickForTheRowBeyond() {
        let requests = rule.requests(forecast: forecast, targetRect: rest, in: release, duration: 0.04, lookingAhead: true, quick: true)
        #expect(requests.map(\.item) == Array(4...23))
    }
}
