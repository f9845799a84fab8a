import Testing
@testable import ScrollKit
import LabKit

/// The clairvoyant schedule on hand-made frames, with exact expected blank times.
@Suite struct ClairvoyantScheduleTests {
    /// Frames every 0.05 s from 0 to `end`, showing `items(t)`.
    static func frames(until end: Double, _ items: (Double) -> [Int]) -> [ClairvoyantSchedule.Frame] {
        stride(from: 0, through: end + 1e-9, by: 0.05).map { .init(time: $0, visibleItems: items($0)) }
    }

    @Test func theFirstScreenWaitsOneLoad() {
        // Four tiles on screen from the start; loads take 0.1 s, four at once: blank in the frames at
        // 0 and 0.05, each lasting 0.05 s.
        let s = ClairvoyantSchedule(frames: Self.frames(until: 0.3) { _ in [0, 1, 2, 3] }, startTime: 0,
                                    loadDuration: 0.1, maxConcurrent: 4)
        #expect(s.loads == 4)
        #expect(abs(s.blankTileSeconds - 4 * 0.1) < 1e-9)
        #expect(s.finish == [0: 0.1, 1: 0.1, 2: 0.1, 3: 0.1])
    }

    @Test func fewerSlotsThanTilesMakeTheSecondWaveLater() {
        // Two slots: two tiles shown at 0.1, two at 0.2.
        let s = ClairvoyantSchedule(frames: Self.frames(until: 0.3) { _ in [0, 1, 2, 3] }, startTime: 0,
                                    loadDuration: 0.1, maxConcurrent: 2)
        #expect(abs(s.blankTileSeconds - (4 * 0.1 + 2 * 0.1)) < 1e-9)
    }

    @Test func laterTilesArriveJustInTime() {
        // Item 4 comes on screen at 0.5 and item 5 at 0.55, one slot: item 5's load ends at 0.55, so
        // item 4's must end by 0.45 (planned backwards); no blank for either.
        let s = ClairvoyantSchedule(frames: Self.frames(until: 1) { t in t < 0.49 ? [0] : (t < 0.54 ? [0, 4] : [0, 4, 5]) },
                                    startTime: 0, loadDuration: 0.1, maxConcurrent: 1)
        #expect(abs(s.finish[4]! - 0.45) < 1e-9 && abs(s.finish[5]! - 0.55) < 1e-9)
        #expect(abs(s.blankTileSeconds - 0.1) < 1e-9)
    }

    @Test func aBurstBeyondTheSlotsIsLoadedAheadAndStillBlanksWhenStartedTooLate() {
        // Six tiles appear at 0.2 with one slot and 0.1 s loads: planned backwards they would begin at
        // −0.4; the run starts at 0, so they finish at 0.1 … 0.6 and the last four are late by 0.1 … 0.4.
        let s = ClairvoyantSchedule(frames: Self.frames(until: 1) { t in t < 0.19 ? [] : [10, 11, 12, 13, 14, 15] },
                                    startTime: 0, loadDuration: 0.1, maxConcurrent: 1)
        #expect(s.loads == 6)
        #expect(abs(s.blankTileSeconds - (0.1 + 0.2 + 0.3 + 0.4)) < 1e-9)
    }
}
