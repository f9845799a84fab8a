import Testing
@testable import ScrollKit

/// A tracker fed with `(t_ms, x, y)` samples, times converted to seconds as gesture files are.
private func tracker(_ samples: [(Double, Double, Double)], kind: VelocityEstimatorKind = .leastSquares) -> VelocityTracker {
    var tracker = VelocityTracker(kind: kind)
    for (tMilliseconds, x, y) in samples {
        tracker.addSample(time: tMilliseconds / 1000, position: Point(x: x, y: y))
    }
    return tracker
}

/// The linear coefficient of the least-squares quadratic through `(times, values)`, by the normal
/// equations and Cramer's rule: an independent check of the QR solver.
private func referenceQuadraticSlope(times: [Double], values: [Double]) -> Double {
    var s = [Double](repeating: 0, count: 5)  // Σtᵏ, k = 0…4
    var b = [Double](repeating: 0, count: 3)  // Σtᵏ·v, k = 0…2
    for (t, v) in zip(times, values) {
        for k in 0..<5 { s[k] += pow(t, k) }
        for k in 0..<3 { b[k] += pow(t, k) * v }
    }
    func det(_ m: [[Double]]) -> Double {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }
    let matrix = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
    var replaced = matrix
    for row in 0..<3 { replaced[row][1] = b[row] }
    return det(replaced) / det(matrix)
}

private func pow(_ x: Double, _ k: Int) -> Double {
    var result = 1.0
    for _ in 0..<k { result *= x }
    return result
}

@Suite struct VelocityTrackerTests {
    @Test func defaultsToTheIOSEstimator() {
        #expect(VelocityTracker().kind == .ios)
        #expect(VelocityTracker().velocity() == .zero)
    }

    @Test func constantSpeedDragGivesItsSpeed() {
        // 1000 pt/s right and 1000 pt/s up, sampled every 8 ms, down to up.
        let samples = (0...12).map { i -> (Double, Double, Double) in
            let t = Double(i) * 8
            return (t, 50 + t, 400 - t)
        }
        let v = tracker(samples).velocity()
        #expect(abs(v.x - 1000) < 0.001)
        #expect(abs(v.y - -1000) < 0.001)
    }

    @Test func uniformAccelerationGivesInstantaneousVelocityAtNewestSample() {
        // x = 0.5·a·t² with a = 20000 pt/s²; y = 300 + 500·t − 4000·t². Newest sample at t = 96 ms.
        let samples = (0...12).map { i -> (Double, Double, Double) in
            let t = Double(i) * 0.008
            return (Double(i) * 8, 0.5 * 20000 * t * t, 300 + 500 * t - 4000 * t * t)
        }
        let v = tracker(samples).velocity()
        #expect(abs(v.x - 20000 * 0.096) < 1e-6)      // 1920 pt/s
        #expect(abs(v.y - (500 - 8000 * 0.096)) < 1e-6) // −268 pt/s
    }

    @Test func fewerThanThreeSamplesGiveZero() {
        #expect(tracker([(0, 0, 0)]).velocity() == .zero)
        #expect(tracker([(0, 0, 0), (8, 8, 0)]).velocity() == .zero)
        let three = tracker([(0, 0, 0), (8, 8, 0), (16, 16, 0)]).velocity()
        #expect(abs(three.x - 1000) < 1e-9)
    }

    @Test func pointerStillForMoreThan40msBeforeReleaseGivesZero() {
        // Drag at 1000 pt/s until t = 80 ms, then the pointer rests and lifts 41 ms later.
        let samples = (0...10).map { i in (Double(i) * 8, Double(i) * 8, 0.0) }
        #expect(tracker(samples).velocity(releasedAt: 0.121) == .zero)
        #expect(tracker(samples, kind: .ios).velocity(releasedAt: 0.121) == .zero)
        // Exactly 40 ms still is not yet "stopped".
        #expect(abs(tracker(samples).velocity(releasedAt: 0.120).x - 1000) < 1e-6)
    }

    @Test func stillMeansNotMovingEvenWhileSamplesCome() {
        // Drag at 1000 pt/s until t = 80 ms, then samples every 8 ms at the same place (a digitizer, or
        // --touch-hz, reporting a resting finger) and the lift 48 ms after the last move: still, so zero,
        // where the fit over those samples alone would give a velocity against the drag.
        var samples = (0...10).map { i in (Double(i) * 8, Double(i) * 8, 0.0) }
        samples += (1...6).map { k in (80 + Double(k) * 8, 80, 0) }
        for kind in [VelocityEstimatorKind.leastSquares, .ios] {
            #expect(tracker(samples, kind: kind).velocity(releasedAt: 0.128) == .zero)
            #expect(tracker(samples, kind: kind).decisionVelocity(releasedAt: 0.128) == .zero)
        }
        #expect(tracker(samples).velocity().x < 0)   // what the fit alone says
        // 40 ms after the last move, resting samples or not, is not yet still.
        #expect(tracker(samples).velocity(releasedAt: 0.120) != .zero)
        // A pointer that went down and never moved is still from its down.
        #expect(tracker([(0, 5, 5), (30, 5, 5)]).velocity(releasedAt: 0.041) == .zero)
        var reset = tracker(samples)
        reset.reset()
        reset.addSample(time: 1, position: Point(x: 0, y: 0))
        reset.addSample(time: 1.008, position: Point(x: 8, y: 0))
        reset.addSample(time: 1.016, position: Point(x: 16, y: 0))
        #expect(abs(reset.velocity(releasedAt: 1.05).x - 1000) < 1e-6)   // 34 ms after its last move
    }

    @Test func releasePositionIsNotASample() {
        // A lift 30 ms after the last move keeps the velocity of the moves: the lift is not a motion.
        let samples = (0...10).map { i in (Double(i) * 8, Double(i) * 8, 0.0) }
        let v = tracker(samples).velocity(releasedAt: 0.110)
        #expect(abs(v.x - 1000) < 1e-6)
        #expect(v.y == 0)
        #expect(abs(tracker(samples, kind: .ios).velocity(releasedAt: 0.110).x - 1000) < 1e-6)
    }

    @Test func restingSampleInsideTheWindowBendsTheFit() {
        // A resting move sample 30 ms after the motion is a real sample: it pulls the slope
        // down to 71.0628… pt/s (the 10 samples within 100 ms of it are fitted).
        var samples = (0...10).map { i in (Double(i) * 8, Double(i) * 8, 0.0) }
        samples.append((80 + 30, 80, 0))
        let v = tracker(samples).velocity()
        let times = samples.suffix(10).map { $0.0 - 110 }
        let expected = referenceQuadraticSlope(times: times, values: samples.suffix(10).map(\.1)) * 1000
        #expect(abs(expected - 71.062838) < 1e-5)
        #expect(abs(v.x - expected) < 1e-6)
    }

    @Test func gapOver40msCutsHistory() {
        // Fast old motion (5000 pt/s), a 41 ms gap, then three samples at 1000 pt/s: only those count.
        let old: [(Double, Double, Double)] = [(0, 0, 0), (8, 40, 0), (16, 80, 0)]
        let recent: [(Double, Double, Double)] = [(57, 100, 0), (65, 108, 0), (73, 116, 0)]
        let cut = tracker(old + recent).velocity()
        #expect(abs(cut.x - 1000) < 1e-9)
        // Exactly 40 ms is not a break: the old samples join the fit and change the result.
        let joined = tracker(old + recent.map { ($0.0 - 1, $0.1, $0.2) }).velocity()
        #expect(abs(joined.x - 1000) > 1)
    }

    @Test func samplesOlderThan100msAreIgnored() {
        // Still at x = 100 until t = 100 ms, then 1000 pt/s; samples every 10 ms up to 200 ms.
        let samples = stride(from: 0.0, through: 200, by: 10).map { t in (t, max(100, t), 0.0) }
        let v = tracker(samples).velocity()
        #expect(abs(v.x - 1000) < 1e-6)
        // With the newest sample at 190 ms, the still sample at 90 ms is inside the horizon and bends the fit.
        let v2 = tracker(Array(samples.dropLast())).velocity()
        #expect(abs(v2.x - 1000) > 1)
    }

    @Test func atMost20SamplesAreUsed() {
        // 1 kHz samples for 60 ms: still until the newest 20 samples, which move at 1000 pt/s.
        let samples = (0...59).map { i -> (Double, Double, Double) in
            (Double(i), Double(max(0, i - 40)), 0)
        }
        let t = tracker(samples)
        #expect(t.sampleCount == 20)
        #expect(abs(t.velocity().x - 1000) < 1e-6)
        // One more still sample inside the fit would bend it.
        let samples21 = (0...59).map { i -> (Double, Double, Double) in
            (Double(i), Double(max(0, i - 39)), 0)
        }
        #expect(abs(tracker(samples21).velocity().x - 1000) < 1e-6)
        let samples19 = (0...59).map { i -> (Double, Double, Double) in
            (Double(i), Double(max(0, i - 41)), 0)
        }
        #expect(abs(tracker(samples19).velocity().x - 1000) > 1)
    }

    @Test func repeatedTimestampsStayFinite() {
        // Five samples in one millisecond: no fit, zero.
        let same = (0..<5).map { i in (16.0, Double(i) * 3, Double(i)) }
        #expect(tracker(same).velocity() == .zero)
        #expect(tracker(same, kind: .ios).velocity() == .zero)
        // Pump-time stamps: three motions per frame, frames 8 ms apart, moving 1000 pt/s on average.
        var pumped: [(Double, Double, Double)] = []
        for frame in 0..<6 {
            for k in 0..<3 { pumped.append((Double(frame) * 8, Double(frame) * 8 + Double(k), 0)) }
        }
        for kind in VelocityEstimatorKind.allCases {
            let v = tracker(pumped, kind: kind).velocity()
            #expect(v.isFinite)
        }
        #expect(tracker(pumped).velocity().x > 500)
    }

    @Test func backwardsTimestampsAreClampedToThePreviousSample() {
        let backwards: [(Double, Double, Double)] = [(0, 0, 0), (16, 16, 0), (8, 20, 0), (24, 28, 0), (32, 36, 0)]
        let clamped: [(Double, Double, Double)] = [(0, 0, 0), (16, 16, 0), (16, 20, 0), (24, 28, 0), (32, 36, 0)]
        for kind in VelocityEstimatorKind.allCases {
            let v = tracker(backwards, kind: kind).velocity()
            #expect(v.isFinite)
            #expect(v == tracker(clamped, kind: kind).velocity())
        }
    }

    @Test func nonFiniteSamplesAreDropped() {
        let clean: [(Double, Double, Double)] = [(0, 0, 0), (8, 8, 4), (16, 16, 8), (24, 24, 12)]
        var dirty = clean
        dirty.insert((.nan, 1, 1), at: 1)
        dirty.insert((12, .infinity, 1), at: 3)
        dirty.insert((20, 3, -.nan), at: 4)
        #expect(tracker(dirty).velocity() == tracker(clean).velocity())
        #expect(abs(tracker(dirty).velocity().x - 1000) < 1e-9)
    }

    @Test func hugeJumpsStayFinite() {
        let jumpInSpace: [(Double, Double, Double)] = [(0, 0, 0), (8, 1e300, -1e300), (16, -1e300, 1e300), (24, 1e308, 0)]
        #expect(tracker(jumpInSpace).velocity().isFinite)
        #expect(tracker(jumpInSpace, kind: .ios).velocity().isFinite)
        // A jump in time leaves only the samples after it.
        let jumpInTime: [(Double, Double, Double)] = [(0, 0, 0), (8, 80, 0), (1e12, 100, 0), (1e12 + 8, 108, 0), (1e12 + 16, 116, 0)]
        #expect(abs(tracker(jumpInTime).velocity().x - 1000) < 1e-3)
    }

    @Test func resetForgetsEverything() {
        var t = tracker([(0, 0, 0), (8, 8, 0), (16, 16, 0)])
        t.reset()
        #expect(t.sampleCount == 0)
        #expect(t.velocity() == .zero)
        t.addSample(time: 1, position: Point(x: 0, y: 0))
        t.addSample(time: 1.008, position: Point(x: 0, y: 8))
        t.addSample(time: 1.016, position: Point(x: 0, y: 16))
        #expect(abs(t.velocity().y - 1000) < 1e-6)
    }

    @Test func iosEstimatorWeightsTheThreeNewestPairs() {
        // Pair velocities, oldest to newest: 1000, 2000, 3000, 4000 pt/s.
        let samples: [(Double, Double, Double)] = [(0, 0, 0), (10, 10, 0), (20, 30, 0), (30, 60, 0), (40, 100, 0)]
        let v = tracker(samples, kind: .ios).velocity()
        #expect(abs(v.x - (0.6 * 2000 + 0.35 * 3000 + 0.05 * 4000)) < 1e-9)  // 2450
        // With two samples only the newest pair exists: 0.05 × 1000.
        #expect(abs(tracker([(0, 0, 0), (10, 0, 10)], kind: .ios).velocity().y - 50) < 1e-9)
    }

    @Test func decisionVelocityIsTheRecognizersLastReading() {
        // Pair velocities, oldest to newest: 1000, 2000, 3000, 4000 pt/s. UIKit's pan recognizer reads
        // 0.8 × the pair before + 0.2 × the newest pair (B-DEC-5).
        let samples: [(Double, Double, Double)] = [(0, 0, 0), (10, 10, 0), (20, 30, 0), (30, 60, 0), (40, 100, 0)]
        #expect(abs(tracker(samples, kind: .ios).decisionVelocity().x - (0.8 * 3000 + 0.2 * 4000)) < 1e-9)
        // UIScrollView flings with 0.75 × the reading before + 0.25 × the last: exactly the 0.6/0.35/0.05 estimate.
        let before = tracker(Array(samples.dropLast()), kind: .ios).decisionVelocity().x
        let last = tracker(samples, kind: .ios).decisionVelocity().x
        #expect(abs(tracker(samples, kind: .ios).velocity().x - (0.75 * before + 0.25 * last)) < 1e-9)
        // A pointer still for more than 40 ms has no reading; least squares is judged by its own estimate.
        #expect(tracker(samples, kind: .ios).decisionVelocity(releasedAt: 0.0805) == .zero)
        let lsq = tracker(samples, kind: .leastSquares)
        #expect(lsq.decisionVelocity(releasedAt: 0.041) == lsq.velocity(releasedAt: 0.041))
    }

    @Test func iosEstimatorPassesOverBurstsOfSamples() {
        // The window's stamps from a stalled main thread (a real Xvfb drag at 1.43 pt/ms, 12 pt per move):
        // three moves share one stamp, one follows 2.4 ms later. Pairs under 6 ms are passed over, so
        // the pairs are 3969.7→3995.1, →4002.9, →4020.3 ms: 1.417, 1.538, 0.690 pt/ms.
        let stamped: [(Double, Double, Double)] = [(3965.2, 0, 224), (3969.7, 0, 212), (3992.7, 0, 200),
                                                   (3992.7, 0, 188), (3995.1, 0, 176), (4002.9, 0, 164),
                                                   (4020.3, 0, 152)]
        let v = tracker(stamped, kind: .ios).velocity().y
        let expected = -(0.6 * 36 / 25.4 + 0.35 * 12 / 7.8 + 0.05 * 12 / 17.4) * 1000
        #expect(abs(v - expected) < 1e-6)
        #expect(abs(v + 1430) < 20)  // the pair 3992.7→3995.1 alone would read 5000 pt/s
        // A 36 ms stall, then two moves with one stamp (another real drag, 1.34 pt/ms): the pairs are
        // 6973.6→7019.1, →7026.5, →7062.7 ms.
        let stalled: [(Double, Double, Double)] = [(6973.6, 0, 248), (7014.4, 0, 236), (7014.4, 0, 224),
                                                   (7014.4, 0, 212), (7014.4, 0, 200), (7019.1, 0, 188),
                                                   (7026.5, 0, 176), (7062.7, 0, 164), (7062.7, 0, 152)]
        let w = tracker(stalled, kind: .ios).velocity().y
        #expect(abs(w + (0.6 * 60 / 45.5 + 0.35 * 12 / 7.4 + 0.05 * 24 / 36.2) * 1000) < 1e-6)
        #expect(abs(w + 1340) < 0.1 * 1340)
        // Evenly spaced samples at or above 6 ms are all used, as before.
        let even = (0...6).map { i in (Double(i) * 6, Double(i) * 6, 0.0) }
        #expect(abs(tracker(even, kind: .ios).velocity().x - 1000) < 1e-6)
    }

    @Test func noisyDragsMatchAnIndependentFit() {
        var rng = SeededRandom(seed: 42)
        for _ in 0..<200 {
            // 6–12 samples, 3–9 ms apart (all within 100 ms, no gap over 40 ms), with jittery positions.
            var samples: [(Double, Double, Double)] = []
            var t = rng.double(0, 1e5).rounded()
            var x = rng.double(0, 300)
            let speed = rng.double(-3, 3)  // pt/ms
            for _ in 0..<(6 + rng.int(7)) {
                samples.append((t, x, -x))
                t += Double(3 + rng.int(7))
                x += speed * 8 + rng.double(-4, 4)
            }
            let newest = samples[samples.count - 1].0
            let expected = referenceQuadraticSlope(times: samples.map { $0.0 - newest }, values: samples.map(\.1)) * 1000
            let v = tracker(samples).velocity()
            #expect(abs(v.x - expected) < 1e-6 * max(1, abs(expected)))
            #expect(abs(v.y + expected) < 1e-6 * max(1, abs(expected)))
        }
    }

    @Test func randomSequencesNeverProduceNaNOrInfinity() {
        var rng = SeededRandom(seed: 0x5C0_11AB)
        for _ in 0..<4000 {
            var t = VelocityTracker(kind: rng.int(2) == 0 ? .leastSquares : .ios)
            var time = rng.double(-1e6, 1e6)
            var position = Point(x: rng.double(-500, 500), y: rng.double(-500, 500))
            for _ in 0..<(1 + rng.int(40)) {
                switch rng.int(10) {
                case 0: break                                   // repeated timestamp
                case 1: time -= rng.double(0, 0.05)             // backwards
                case 2: time += rng.double(0, 1e4)              // huge jump
                case 3: time += rng.double(0, 0.0005)           // sub-millisecond
                default: time += rng.double(0.001, 0.03)
                }
                switch rng.int(12) {
                case 0: position = Point(x: rng.double(-1e7, 1e7), y: rng.double(-1e7, 1e7))
                case 1: position = Point(x: .nan, y: 0)
                case 2: position = position + Point(x: 1e-9, y: -1e-9)
                default: position = position + Point(x: rng.double(-60, 60), y: rng.double(-60, 60))
                }
                t.addSample(time: rng.int(50) == 0 ? .infinity : time, position: position)
                let v = t.velocity()
                #expect(v.isFinite, "non-finite velocity \(v)")
                if !v.isFinite { return }
            }
        }
    }
}
