import Testing
import LabKit

/// The loads at once over a measured link, by hand (6 connections).
@Suite struct LoadsAtOnceRuleTests {
    let rule = LoadsAtOnceRule(AdaptiveTuning())

    @Test func busyLoadsRoundedUpAndOneSpare() {
        // 1 + 0.375 / 0.25 = 2.5 → 3, and 1 spare: 4.
        #expect(rule.loads(link: AdaptiveLinkEstimator(timeToFirstByte: 0.25, timeAfterLastByte: 0.125, imageTransferTime: 0.25), pipelineLoads: 6) == 4)
        // 1 + 0.5 / 0.25 = 3 exactly, and 1: 4.
        #expect(rule.loads(link: AdaptiveLinkEstimator(timeToFirstByte: 0.5, imageTransferTime: 0.25), pipelineLoads: 6) == 4)
        var noSpare = AdaptiveTuning()
        noSpare.linkLoadsSpare = 0
        #expect(LoadsAtOnceRule(noSpare).loads(link: AdaptiveLinkEstimator(timeToFirstByte: 0.25, timeAfterLastByte: 0.125, imageTransferTime: 0.25), pipelineLoads: 6) == 3)
    }

    @Test func thePipelinesWhenNoFewer() {
        // 1 + 1 / 0.25 = 5, and 1: 6, no fewer than the pipeline's 6.
        #expect(rule.loads(link: AdaptiveLinkEstimator(timeToFirstByte: 1, imageTransferTime: 0.25), pipelineLoads: 6) == nil)
        // 1 + 1.25 / 0.25 = 6: the link takes all the pipeline's loads.
        #expect(rule.loads(link: AdaptiveLinkEstimator(timeToFirstByte: 1.25, imageTransferTime: 0.25), pipelineLoads: 6) == nil)
        #expect(rule.loads(link: nil, pipelineLoads: 6) == nil)
        var off = AdaptiveTuning()
        off.limitsLinkLoads = false
        #expect(LoadsAtOnceRule(off).loads(link: AdaptiveLinkEstimator(timeToFirstByte: 0.5, imageTransferTime: 0.25), pipelineLoads: 6) == nil)
    }
}
