import Testing
import LabKit

/// The shipped constants are the ones docs/policies.md states.
@Suite struct AdaptiveTuningTests {
    @Test func shippedValues() {
        let t = AdaptiveTuning()
        #expect(t.lookAheadLimit == 3 && t.unmeasuredLifeFactor == 2)
        #expect(t.quickLoadLimit == 0.2 && t.beyondTargetMinimum == 0.05 && t.slowLoadMinimum == 0.4)
        #expect(t.leadMargin == 0.22 && t.leadLoads == 4 && t.frame == 1.0 / 60)
        #expect(t.flingWindowRows == 2 && t.flingWindowMinimum == 0.05 && t.dragRows == 2 && t.storedRowsAhead == 2 && t.rowsBeyondTarget == 1)
        #expect(t.dragHorizonLoads == 3 && t.slowDragHorizonLoads == .infinity && t.minimumDragHorizon == 0.15)
        #expect(t.prefetchWindowLimit == 0.6 && t.windowMinimumTravel == 2 && t.readerTravel == 2)
        #expect(t.readerExtent == 250 && t.readerDeferralSpeed == 960 && t.readerDragRows == 1)
        #expect(t.linkLoadsSpare == 1 && t.limitsLinkLoads && t.windowWaitsForFirstScreen && t.defersCaughtScreen)
        #expect(!t.cancelsOnCatch && !t.plansRestWhenSlow)
        #expect(t.minimumShowTime == nil && t.leadTime == nil && t.dragHorizon == nil && t.speedLimit == nil)
        #expect(AdaptivePolicy().tuning == t)
    }
}
