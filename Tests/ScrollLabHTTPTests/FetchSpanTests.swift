import LabKit
import Testing
@testable import ScrollLabHTTP

/// B-HTTP-1, B-NET-3: a fetch's wall-clock moments on the pipeline's clock, the window's and the
/// headless commands' alike.
@Suite struct FetchSpanTests {
    @Test func wallTimesArePlacedBetweenTheSpansEndsAtItsRate() {
        // The pipeline's clock at the wall's rate: a moment 0.25 s into the fetch is 0.25 s after its start.
        let same = FetchSpan(startTime: 10, startWall: 100, endTime: 11, endWall: 101)
        #expect(same.onClock(100.25) == 10.25)
        // At half the wall's rate (slow motion): 0.25 s of wall is 0.125 s of the pipeline's clock.
        let slow = FetchSpan(startTime: 10, startWall: 100, endTime: 10.5, endWall: 101)
        #expect(slow.onClock(100.25) == 10.125)
        // Kept between the ends: a stamp before the start or after the end lands on them.
        #expect(same.onClock(99) == 10 && same.onClock(102) == 11)
        // A span of no wall time keeps the rate 1.
        #expect(FetchSpan(startTime: 5, startWall: 7, endTime: 5, endWall: 7).onClock(7) == 5)
    }

    @Test func aTimingKeepsItsBytesAndMovesItsMoments() {
        let span = FetchSpan(startTime: 2, startWall: 50, endTime: 3, endWall: 51)
        let placed = span.place(TransferTiming(firstByte: 50.25, lastByte: 50.75, bytes: 25_000))
        #expect(placed == TransferTiming(firstByte: 2.25, lastByte: 2.75, bytes: 25_000))
    }
}
