import Testing
import ScrollKit
@testable import LabKit

@Suite struct ModelClockTests {
    @Test func framesAreComputedFromTheirIndex() {
        let clock = ModelClock(origin: 0.25, rate: 60, next: 3)
        #expect(clock.time(0) == 0.25)
        #expect(clock.nextTime == 0.25 + 3.0 / 60)
        // Never a sum of periods: frame 600 is exactly origin + 10.
        #expect(clock.time(600) == 0.25 + 600.0 / 60)
    }

    @Test func aBadRateIsSixtyHertz() {
        #expect(ModelClock(rate: 0).rate == 60)
        #expect(ModelClock(rate: -5).rate == 60)
        #expect(ModelClock(rate: .nan).rate == 60)
        #expect(ModelClock(rate: .infinity).rate == 60)
        #expect(ModelClock(rate: 120).rate == 120)
    }

    @Test func framesAroundATime() {
        let clock = ModelClock(rate: 60)
        #expect(clock.frame(atOrBefore: 0.1) == 6)
        #expect(clock.frame(atOrAfter: 0.1) == 6)
        #expect(clock.frame(atOrBefore: 0.11) == 6)
        #expect(clock.frame(atOrAfter: 0.11) == 7)
        #expect(clock.frame(atOrBefore: -0.01) == -1)
        #expect(ModelClock(rate: 60, startingAtOrBefore: 0.11).next == 6)
    }

    /// A frame's own time is at or before itself and at or after itself, for every frame, at every rate:
    /// `(time(k) − origin) × rate` is not always `k` in binary (frame 123 at 60 Hz, 2.05 s, gave 122).
    @Test func everyFramesOwnTimeFindsThatFrame() {
        for rate in [30.0, 60, 90, 120, 144, 240] {
            for origin in [0.0, 0.25, -3.5] {
                let clock = ModelClock(origin: origin, rate: rate)
                var wrong = 0
                for k in -2000...200_000 where clock.frame(atOrBefore: clock.time(k)) != k || clock.frame(atOrAfter: clock.time(k)) != k {
                    wrong += 1
                }
                #expect(wrong == 0, "\(rate) Hz from \(origin): \(wrong) frames")
                // Just off a frame's time: the neighbours.
                let t = clock.time(123)
                #expect(clock.frame(atOrBefore: t.nextDown) == 122 && clock.frame(atOrAfter: t.nextUp) == 124)
            }
        }
        #expect(ModelClock(rate: 60).frame(atOrBefore: 2.05) == 123)
        #expect(ModelClock(rate: 60, startingAtOrBefore: 2.05).next == 123)
    }

    @Test func runsEveryDueFrameOnce() {
        var clock = ModelClock(rate: 100)
        var times: [Double] = []
        #expect(clock.run(upTo: 0.035) { times.append($0) } == 4)
        #expect(times == [0, 0.01, 0.02, 0.03])
        #expect(clock.run(upTo: 0.035) { times.append($0) } == 0)
        #expect(clock.due(by: 0.039) == nil)
        #expect(clock.due(by: 0.04) == 0.04)
    }

    @Test func idleUntilInputJumpsToTheInputsFrame() {
        var clock = ModelClock(rate: 60, next: 10)
        clock.skipIdle(untilInputAt: 100.005)
        #expect(clock.next == 6001)
        // Never back to a frame already run.
        clock.skipIdle(untilInputAt: 1)
        #expect(clock.next == 6001)
    }

    @Test func idleShowingRunsOnlyTheLastDueFrame() {
        var clock = ModelClock(origin: 1, rate: 60, next: 1)
        clock.skipIdle(showingAt: 11.01)
        #expect(clock.next == 600)
        var times: [Double] = []
        clock.run(upTo: 11.01) { times.append($0) }
        #expect(times == [clock.time(600)])
        // With only the next frame due nothing is skipped.
        var near = ModelClock(origin: 0, rate: 60, next: 5)
        near.skipIdle(showingAt: near.time(5) + 0.001)
        #expect(near.next == 5)
    }

    @Test func skippedFramesBetweenTwoRunOnes() {
        let clock = ModelClock(rate: 10)
        #expect(clock.times(after: 0.2, before: 0.6) == [0.3, 0.4, 0.5])
        #expect(clock.times(after: 0.2, before: 0.3).isEmpty)
    }

    /// The headless replay, the streamed replay and the window's driver run one clock: the streamed
    /// replay's frames are the clock's frames with the idle ones skipped.
    @Test func theStreamedReplayRunsTheClocksFrames() {
        var events: [PointerEvent] = []
        for i in 0..<20 {
            let phase: PointerPhase = i == 0 ? .down : i == 19 ? .up : .move
            let position = Point(x: 160, y: 400 - 9 * Double(i))
            events.append(PointerEvent(time: 0.013 + 0.011 * Double(i), position: position, phase: phase))
        }
        let scene = GridScene(configuration: .init())
        var frames: [Double] = []
        let stream = HeadlessReplayStream(HeadlessReplay(), scene: scene, onRecord: { _ in }, afterFrame: { frames.append($0) })
        for event in events { stream.push(event) }
        _ = stream.finish()
        let clock = ModelClock(rate: 60, startingAtOrBefore: events[0].time)
        #expect(frames.first == clock.nextTime)
        for time in frames {
            let index = Int((time * clock.rate).rounded())
            #expect(clock.time(index) == time)
        }
        let driver = ReplayDriver(gesture: events, startTime: frames[0])
        #expect(driver.clock == clock)
    }
}
