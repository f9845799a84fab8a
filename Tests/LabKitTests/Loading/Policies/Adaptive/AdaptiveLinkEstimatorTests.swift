import Testing
import ScrollKit
import LabKit

/// The link's figures, by hand.
@Suite struct AdaptiveLinkEstimatorTests {
    @Test func busyLoadsAndSharedDuration() {
        // 0.25 s to the first byte and 0.125 s decoding hold a load while 0.25 s images take the link:
        // 1 + 0.375 / 0.25 = 2.5 loads keep it busy; 6 sharing it: 0.25 + 6 × 0.25 = 1.75 s each.
        let link = AdaptiveLinkEstimator(timeToFirstByte: 0.25, timeAfterLastByte: 0.125, imageTransferTime: 0.25)
        #expect(link.busyLoads == 2.5)
        #expect(link.sharedLoadDuration(loads: 6) == 1.75)
        #expect(AdaptiveLinkEstimator(timeToFirstByte: 0.5, imageTransferTime: 0.25).busyLoads == 3)
    }

    @Test func unmeasuredOrTooFastLinkIsNone() {
        var context = LoadingContext()
        #expect(AdaptiveLinkEstimator(context) == nil)
        context.timeToFirstByte = 0.2
        context.imageTransferTime = 0
        #expect(AdaptiveLinkEstimator(context) == nil)
        context.imageTransferTime = 0.1
        #expect(AdaptiveLinkEstimator(context) == AdaptiveLinkEstimator(timeToFirstByte: 0.2, timeAfterLastByte: 0, imageTransferTime: 0.1))
        context.timeAfterLastByte = 0.05
        #expect(AdaptiveLinkEstimator(context)?.timeAfterLastByte == 0.05)
    }
}
