import Testing
@testable import ScrollKit
import LabKit

@Suite struct EventTimeMapTests {
    @Test func firstEventSetsTheOffsetFromItsPump() {
        var map = EventTimeMap()
        // Server 5000 ms, pumped at app 2.0 s: the event maps onto the pump time.
        #expect(map.appTime(ofRawMs: 5000, receivedAt: 2.0) == 2.0)
        #expect(map.offset == -3.0)
    }

    @Test func aStalledPumpKeepsTheServerSpacing() {
        var map = EventTimeMap()
        _ = map.appTime(ofRawMs: 1000, receivedAt: 10.001)
        // Seven moves 10 ms apart, all delivered by one pump 100 ms late.
        let times = (1...7).map { map.appTime(ofRawMs: UInt32(1000 + 10 * $0), receivedAt: 10.2) }
        let gaps = zip(times, times.dropFirst()).map { (($1 - $0) * 1000).rounded() }
        #expect(gaps == [10, 10, 10, 10, 10, 10])
        #expect(abs(times[0] - 10.011) < 1e-9)
    }

    @Test func theSmallestBoundWins() {
        var map = EventTimeMap()
        _ = map.appTime(ofRawMs: 1000, receivedAt: 5.050)   // a late pump: bound 4.050
        let t = map.appTime(ofRawMs: 1100, receivedAt: 5.101)   // a prompt one: bound 4.001
        #expect(abs(map.offset! - 4.001) < 1e-9)
        #expect(abs(t - 5.101) < 1e-9)
    }

    @Test func aHeldOffsetKeepsOneGestureOnOneMapping() {
        var map = EventTimeMap()
        _ = map.appTime(ofRawMs: 1000, receivedAt: 5.030)   // offset 4.030
        map.hold()
        let a = map.appTime(ofRawMs: 1010, receivedAt: 5.041)
        let b = map.appTime(ofRawMs: 1020, receivedAt: 5.021)   // a better bound (4.001), held back
        #expect(abs((b - a) - 0.010) < 1e-9)
        #expect(abs(map.offset! - 4.030) < 1e-9)
        map.release()
        #expect(abs(map.offset! - 4.001) < 1e-9)
        #expect(abs(map.appTime(ofRawMs: 1030, receivedAt: 5.040) - 5.031) < 1e-9)
    }

    @Test func thirtyTwoBitWrapAroundKeepsCounting() {
        var map = EventTimeMap()
        let before = map.appTime(ofRawMs: UInt32.max - 4, receivedAt: 100)
        let after = map.appTime(ofRawMs: 5, receivedAt: 100.011)
        #expect(abs((after - before) - 0.010) < 1e-9)
        // A slightly older event after the wrap maps before it, not 49 days later.
        let older = map.appTime(ofRawMs: UInt32.max - 1, receivedAt: 100.012)
        #expect(abs((older - before) - 0.003) < 1e-9)
    }
}
