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
        let a = map.appTime(ofRawMs: 1010, receivedAt: 5.050)
        let b = map.appTime(ofRawMs: 1020, receivedAt: 5.062)   // late pumps: bounds 4.040, 4.042
        #expect(abs(a - 5.040) < 1e-9 && abs((b - a) - 0.010) < 1e-9)
        let c = map.appTime(ofRawMs: 1030, receivedAt: 5.045)   // a better bound (4.015), held back
        #expect(abs((c - b) - 0.010 + 0.015) < 1e-9)             // the gesture moves back by 15 ms once
        #expect(abs(c - 5.045) < 1e-9 && abs(map.offset! - 4.030) < 1e-9)
        let d = map.appTime(ofRawMs: 1040, receivedAt: 5.070)
        #expect(abs((d - c) - 0.010) < 1e-9)                     // then keeps the server's spacing
        map.release()
        #expect(abs(map.offset! - 4.015) < 1e-9)
        #expect(abs(map.appTime(ofRawMs: 1050, receivedAt: 5.080) - 5.065) < 1e-9)
    }

    /// B-VEL-1 right after launch: the offset was learned from one late pump, a drag starts, and its moves
    /// (every 8 ms) are pumped once a frame. No time is after its pump, and the moves delivered after the
    /// gesture's best bound is known keep the server's 8 ms spacing (clamping each move to its pump gave
    /// pump times: two moves a frame 16 and 0 ms apart).
    @Test func aDragRightAfterALatePumpKeepsTheServerSpacing() {
        var map = EventTimeMap()
        _ = map.appTime(ofRawMs: 500, receivedAt: 10.512)   // offset 10.012: 12 ms above the true 10.000
        map.hold()
        var times: [Double] = [], pumps: [Double] = []
        for k in 0..<24 {
            let server = 1000 + 8 * k
            let frame = 1 / 60.0
            let pump = (Double(server) / 1000 + 10 + 0.0001) / frame
            let received = pump.rounded(.up) * frame + 0.0002   // the next pump at 60 Hz, 0.2 ms after its frame
            pumps.append(received)
            times.append(map.appTime(ofRawMs: UInt32(server), receivedAt: received))
        }
        #expect(zip(times, pumps).allSatisfy { $0 <= $1 + 1e-12 })
        let gaps = zip(times, times.dropFirst()).map { (($1 - $0) * 1000 * 1000).rounded() / 1000 }
        // The lead grows only when a move is pumped sooner than any before it: a few steps, then 8 ms.
        #expect(gaps.suffix(12).allSatisfy { $0 == 8 })
        #expect(gaps.filter { $0 != 8 }.count <= 4)
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
