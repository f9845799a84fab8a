import Testing
import ScrollKit
import LabKit

/// A reader's row (250 pt, deferral at 960 pt/s), by hand.
@Suite struct ReaderRowRuleTests {
    let rule = ReaderRowRule(AdaptiveTuning())

    @Test func appliesToAReaderWithMiddlingLoadsAndNoNetworkCache() {
        #expect(rule.applies(reading: true, diskCache: false, quick: false, lookingAhead: true))
        #expect(!rule.applies(reading: false, diskCache: false, quick: false, lookingAhead: true))
        #expect(!rule.applies(reading: true, diskCache: true, quick: false, lookingAhead: true))
        #expect(!rule.applies(reading: true, diskCache: false, quick: true, lookingAhead: true))
        #expect(!rule.applies(reading: true, diskCache: false, quick: false, lookingAhead: false))
        var none = AdaptiveTuning()
        none.readerExtent = 0
        #expect(!ReaderRowRule(none).applies(reading: true, diskCache: false, quick: false, lookingAhead: true))
    }

    @Test func waitsOnlyForAFastFling() {
        #expect(rule.waits(decelerating: true, speed: -1000))
        #expect(!rule.waits(decelerating: true, speed: 960))
        #expect(!rule.waits(decelerating: false, speed: 2000))
    }

    @Test func bandBeyondTheEdgeInTheLastDirection() {
        let bounds = Rect(x: 0, y: 100, width: 320, height: 450)
        #expect(rule.band(beyond: bounds, direction: 1) == (fromY: 550, toY: 800))
        #expect(rule.band(beyond: bounds, direction: -1) == (fromY: -150, toY: 100))
        #expect(rule.dragRows == 1)
    }

    @Test func oneRowAheadOfADragOnlyWithSlowLoads() {
        #expect(rule.slowLoadMinimum == 0.4)
        #expect(rule.dragRows(duration: 0.256, otherwise: 2) == 2)
        #expect(rule.dragRows(duration: 0.4, otherwise: 2) == 1)
        #expect(rule.dragRows(duration: 1.006, otherwise: 2) == 1)
    }
}
