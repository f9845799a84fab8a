import Testing
@testable import ScrollKit
import LabKit

@Suite struct FramePacerTests {
    static let period = 1.0 / 60

    /// Runs `count` frames that take exactly what the pacer plans, each `work` and `present` long; returns
    /// the times the presents returned.
    static func run(_ pacer: inout FramePacer, frames count: Int, work: Double, present: Double) -> [Double] {
        var ends: [Double] = []
        for _ in 0..<count {
            let start = pacer.wakeTime
            let presentStart = Swift.max(start + work, pacer.presentTime)
            let end = presentStart + present
            pacer.record(work: work, present: present, presentEnd: end)
            ends.append(end)
        }
        return ends
    }

    @Test func learnsTheCostsAndPresentsOnePeriodApart() {
        var pacer = FramePacer(period: Self.period, presentWaits: false, now: 0)
        let ends = Self.run(&pacer, frames: 120, work: 0.004, present: 0.009)
        #expect(abs(pacer.expectedWork - 0.004) < 1e-12)
        #expect(abs(pacer.expectedPresent - 0.009) < 1e-12)
        // Wakes for the work and the present (and a margin) before the slot; presents end on the slots.
        #expect(abs(pacer.wakeTime - (pacer.nextSlot - 0.0145)) < 1e-12)
        #expect(abs(pacer.presentTime - (pacer.nextSlot - 0.009)) < 1e-12)
        let intervals = zip(ends, ends.dropFirst()).map { $1 - $0 }
        #expect(intervals.suffix(100).allSatisfy { abs($0 - Self.period) < 1e-9 })
    }

    @Test func aHighPercentilePlansForTheSlowFrames() {
        var pacer = FramePacer(period: Self.period, presentWaits: false, now: 0)
        for k in 0..<60 {
            let present = k % 5 == 0 ? 0.011 : 0.008   // one slow present in five
            pacer.record(work: 0.002, present: present, presentEnd: pacer.nextSlot)
        }
        #expect(pacer.expectedPresent == 0.011)
    }

    @Test func aLateFrameRestartsTheScheduleInsteadOfChasingIt() {
        var pacer = FramePacer(period: Self.period, presentWaits: false, now: 0)
        _ = Self.run(&pacer, frames: 10, work: 0.003, present: 0.008)
        let slot = pacer.nextSlot
        // A 100 ms stall: the present returns long after its slot.
        pacer.record(work: 0.1, present: 0.008, presentEnd: slot + 0.1)
        #expect(abs(pacer.nextSlot - (slot + 0.1 + Self.period)) < 1e-12)
        // A frame a little late keeps the grid.
        let next = pacer.nextSlot
        pacer.record(work: 0.003, present: 0.008, presentEnd: next + 0.002)
        #expect(abs(pacer.nextSlot - (next + Self.period)) < 1e-12)
    }

    @Test func aWaitingPresentStartsTheNextFrameAsItReturns() {
        var pacer = FramePacer(period: Self.period, presentWaits: true, now: 0)
        // Work 3 ms, then the present copies and waits for the blank: 13.7 ms in all.
        pacer.record(work: 0.003, present: 0.0137, presentEnd: 1.0)
        #expect(abs(pacer.nextSlot - (1.0 + Self.period)) < 1e-12)
        #expect(pacer.wakeTime >= 1.0 - 1e-12)
        #expect(pacer.wakeTime < 1.0 + 0.001)
        #expect(pacer.presentTime == 0)
    }

    /// Started at the blank, a present that ends off its slot by its own jitter (under half a period) is
    /// shown on that slot; one that ends past half a period is shown on the first later slot it made.
    @Test func aDisplayLinkPresentIsShownOnTheSlotItEndedNear() {
        let pacer = FramePacer(period: Self.period, presentWaits: false, now: 0, startsAtBlank: true)
        let slot: Double = Self.period
        #expect(pacer.slot(ofPresentEndingAt: slot - 0.003) == slot)
        #expect(pacer.slot(ofPresentEndingAt: slot + 0.0036) == slot)
        let third: Double = slot + 2 * Self.period
        #expect(abs(pacer.slot(ofPresentEndingAt: third + 0.0036) - third) < 1e-12)
        #expect(abs(pacer.slot(ofPresentEndingAt: slot + 0.6 * Self.period) - (slot + Self.period)) < 1e-12)
    }

    /// A display link: each frame starts at the blank before its slot and has the whole period; a frame
    /// whose work passes it shows on the next slot of the same grid (two periods after the last), and the
    /// frame after it starts at that blank.
    @Test func aDisplayLinkFrameHasThePeriodAndALateOneShowsAPeriodLater() {
        var pacer = FramePacer(period: Self.period, presentWaits: false, now: 0, startsAtBlank: true)
        let present = 0.0005
        var presents: [Double] = []
        // Two frames learn the present's cost (planned at first with 8 ms), then the frames measured.
        for (k, work) in [0.002, 0.002, 0.002, 0.012, 0.002, 0.020, 0.002, 0.040, 0.002].enumerated() {
            let start = pacer.wakeTime
            #expect(abs(start - (pacer.nextSlot - Self.period)) < 1e-12)
            let presentStart = pacer.presentTime(afterWork: start + work)
            #expect(presentStart >= start + work)
            let end = presentStart + present
            pacer.record(work: work, present: present, presentEnd: end)
            if k >= 1 { presents.append(end) }
        }
        // Every present on the grid; 12 ms fits the period, 20 ms shows one period late, 40 ms two.
        let slots = presents.map { ($0 / Self.period).rounded() }
        #expect(zip(presents, slots).allSatisfy { abs($0 - $1 * Self.period) < 1e-9 })
        #expect(zip(slots, slots.dropFirst()).map { $1 - $0 } == [1, 1, 1, 2, 1, 3, 1])
        // The adaptive pacer presents on its slot whatever the work's end (its own wake time is what adapts).
        let adaptive = FramePacer(period: Self.period, presentWaits: false, now: 0)
        #expect(adaptive.presentTime(afterWork: 0.5) == adaptive.presentTime)
    }

    // Durations (s) of the calibration presents, as measured under Xvfb: the first two are start-up.

    @Test func sdlsSimulatedVSyncIsToldFromTheDisplaysBlank() {
        // GL under Xvfb: SDL sleeps to a 16 ms schedule; each present ends somewhere in its millisecond.
        let simulated = [0.0048, 0.0165, 0.0156, 0.0165, 0.0157, 0.0166, 0.0155, 0.0163, 0.0155, 0.0164]
        #expect(FramePacer.presentWait(durations: simulated, period: Self.period) == .simulated)
        // A real 60 Hz blank: 16.67 ms apart on average, with the same jitter.
        let blank = [0.0048, 0.0170, 0.0163, 0.0171, 0.0162, 0.0172, 0.0161, 0.0170, 0.0163, 0.0170]
        #expect(FramePacer.presentWait(durations: blank, period: Self.period) == .blank)
    }

    @Test func aSlowPresentThatDoesNotWaitIsNoWait() {
        // SDL's software renderer into the X11 framebuffer, and the same through a GL texture (7–9 ms).
        let fast = [0.0035, 0.0004, 0.0005, 0.0005, 0.0005, 0.0005, 0.0005, 0.0005, 0.0005, 0.0005]
        let slow = [0.0218, 0.0091, 0.0090, 0.0077, 0.0083, 0.0078, 0.0071, 0.0061, 0.0060, 0.0064]
        #expect(FramePacer.presentWait(durations: fast, period: Self.period) == .none)
        #expect(FramePacer.presentWait(durations: slow, period: Self.period) == .none)
        // One present off by more than 10% of the period, or nothing to go by: no wait either.
        let stalled = [0.005, 0.016, 0.016, 0.016, 0.032, 0.016]
        #expect(FramePacer.presentWait(durations: stalled, period: Self.period) == .none)
        #expect(FramePacer.presentWait(durations: [0.016, 0.016], period: Self.period) == .none)
    }

    @Test func atARateWithAWholeMillisecondPeriodTheSimulationIsTheBlank() {
        // 50 Hz: SDL's interval is the period itself (20 ms), so there is nothing to correct.
        let durations = [0.004, 0.020, 0.020, 0.0201, 0.0199, 0.020]
        #expect(FramePacer.presentWait(durations: durations, period: 0.020) == .blank)
    }
}

