import Testing
import LabKit
import ScrollKit
import ScrollKitTestSupport

/// B-RATE-2: a gesture resampled to a touch rate before it reaches the model.
@Suite struct TouchResamplerTests {
    @Test func movesLandOnTheTouchGridAtTheInterpolatedPlace() {
        // A 125 Hz drag (8 ms) at 1000 pt/s resampled to 60 Hz.
        let drag = SyntheticGesture.drag(from: Point(x: 100, y: 400), velocity: Point(x: 0, y: -1000), duration: 0.2, at: 1.0)
        let out = TouchResampler.resample(drag, rate: 60)
        #expect(out.first == drag.first && out.last == drag.last)
        let moves = out.filter { $0.phase == .move }
        #expect(moves.count == 12)                        // 1.0167 … 1.2 s: the lift at 1.208 s
        for (k, move) in moves.enumerated() {
            let t = 1.0 + Double(k + 1) / 60
            #expect(abs(move.time - t) < 1e-12)
            #expect(abs(move.position.y - (400 - 1000 * (t - 1.0))) < 1e-9)
        }
    }

    @Test func aStillHoldIsHandedOverOneSampleAtATime() {
        // Down, one move 2 s later, up: 20 000 samples at 10 kHz, each handed over as it is made, in order.
        let events = [PointerEvent(time: 0, position: Point(x: 10, y: 500), phase: .down),
                      PointerEvent(time: 2, position: Point(x: 10, y: 300), phase: .move),
                      PointerEvent(time: 2, position: Point(x: 10, y: 300), phase: .up)]
        var resampler = TouchResampler(rate: 10_000)
        var count = 0, lastTime = -1.0, ordered = true
        for event in events {
            resampler.push(event) { sample in
                count += 1
                ordered = ordered && sample.time >= lastTime
                lastTime = sample.time
            }
        }
        #expect(count == 20_002 && ordered)   // the down, 20 000 grid samples (the last at the move), the up
        #expect(TouchResampler.resample(events, rate: 10_000).count == count)
    }

    @Test func streamingEqualsTheWholeGesture() {
        let drag = SyntheticGesture.drag(from: Point(x: 100, y: 400), velocity: Point(x: 0, y: -800), duration: 0.3, at: 2.0)
        var resampler = TouchResampler(rate: 240)
        var streamed: [PointerEvent] = []
        for event in drag { streamed += resampler.push(event) }
        #expect(streamed == TouchResampler.resample(drag, rate: 240))
        let held = drag.last!.time - drag.first!.time   // 0.312 s: every k / 240 before the lift
        #expect(streamed.filter { $0.phase == .move }.count == Int((held * 240).rounded(.up)) - 1)
    }

    /// What the iOS estimator makes of one flick at different touch rates: a flick that speeds up to its
    /// lift reads slower from a 60 Hz touch stream (its newest pairs are older) than from 240 Hz.
    @Test func aSixtyHertzTouchStreamReadsAnAcceleratingFlickSlower() {
        var flick = [PointerEvent(time: 1.0, position: Point(x: 100, y: 450), phase: .down)]
        for i in 1...60 {
            let t = Double(i) * 0.002
            flick.append(PointerEvent(time: 1.0 + t, position: Point(x: 100, y: 450 - 20_000 * t * t), phase: .move))
        }
        flick.append(PointerEvent(time: 1.121, position: flick.last!.position, phase: .up))
        func release(_ events: [PointerEvent]) -> Double {
            var tracker = VelocityTracker(kind: .ios)
            for e in events where e.phase != .up { tracker.addSample(time: e.time, position: e.position) }
            return -tracker.velocity(releasedAt: 1.121).y
        }
        let at60 = release(TouchResampler.resample(flick, rate: 60))
        let at240 = release(TouchResampler.resample(flick, rate: 240))
        #expect(at60 < at240)
        #expect(at240 < 4800)   // the finger's speed at the lift: 2 · 20 000 · 0.12
    }
}
