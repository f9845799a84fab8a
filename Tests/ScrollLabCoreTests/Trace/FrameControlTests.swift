import Foundation
import Testing
@testable import ScrollLabCore

/// `bench --frames --control`: frames of fixed work, paced as the bench paces, reported as a run named
/// `control` in the renderers' keys.
@Suite struct FrameControlTests {
    @Test func everyFrameWritesTheWholeWindowAndIsTimed() {
        let control = FrameControl(frames: 12, period: 0.004, bytes: 40_000, workSeconds: 0.0005)
        let clock = ContinuousClock()
        let began = clock.now
        let run = control.run()
        let took = FrameControl.seconds(clock.now - began)
        #expect(run.renderer == "control")
        #expect(run.frameTimes.count == 12)
        #expect(run.frameTimes.allSatisfy { $0 > 0 })
        #expect(run.imageStalls == Array(repeating: 0, count: 12))
        // The thread's CPU time is taken around the same passes: never more than a little over their wall time.
        #expect(run.frames.allSatisfy { $0.cpu > 0 && $0.cpu <= $0.work + 0.001 && $0.textTextures == 0 })
        // Its wait for a CPU where Linux keeps it (the same clock as the bench's frames).
        #expect(run.frames.allSatisfy { ($0.wait ?? 0) >= 0 && ($0.wait != nil) == (RunQueueClock() != nil) })
        // Paced: frame k starts no earlier than k periods after the first.
        #expect(took >= 11 * 0.004)
        // The last frame's last pass cleared every word and drew its shade (11) over it.
        #expect(control.pixels.words.count == 10_000)
        #expect(control.pixels.words.allSatisfy { $0 == 0x2020_2020 + 11 })
    }

    @Test func itsLineHasTheRenderersKeys() {
        let run = FrameControl(frames: 3, period: 0, bytes: 10).run()
        guard case let .object(pairs) = run.json(period: 1.0 / 60) else { Issue.record("not an object"); return }
        #expect(pairs.map(\.0) == ["renderer", "p50Ms", "p99Ms", "maxMs", "worstImageStallMs", "hitchTimeRatioMsPerS",
                                   "hitchCount", "longestHitchMs"])
        #expect(pairs.first?.1 == .string("control"))
    }

    @Test func sizesAreKeptInRange() {
        let control = FrameControl(frames: 0, period: -.infinity, bytes: 10, workSeconds: .nan)
        #expect(control.frames == 1)
        #expect(control.period == 0)
        #expect(control.workSeconds == 0)
        #expect(control.bytes == 8)  // whole words: two
    }
}
