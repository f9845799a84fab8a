import Testing
import ScrollKit
import LabKit

/// The load duration the rules read, by hand.
@Suite struct AdaptiveLoadDurationEstimatorTests {
    @Test func measuredRaisedToTheSharedLinkTime() {
        #expect(AdaptiveLoadDurationEstimator(measured: 0.5).duration == 0.5)
        #expect(AdaptiveLoadDurationEstimator(measured: 0.5, shared: 1.75).duration == 1.75)
        #expect(AdaptiveLoadDurationEstimator(measured: 2, shared: 1.75).duration == 2)
    }

    @Test func readsTheContextAndTheLinkOnlyWhenLimited() {
        var context = LoadingContext(expectedLoadDuration: 0.5)
        context.maxConcurrentLoads = 6
        let link = AdaptiveLinkEstimator(timeToFirstByte: 0.25, imageTransferTime: 0.25)
        // 0.25 + 6 × 0.25 = 1.75 s when the loads at once follow the link; else the measured 0.5 s.
        #expect(AdaptiveLoadDurationEstimator(context, link: link, limited: true).duration == 1.75)
        #expect(AdaptiveLoadDurationEstimator(context, link: link, limited: false).duration == 0.5)
        #expect(AdaptiveLoadDurationEstimator(context, link: nil, limited: true).duration == 0.5)
    }
}
