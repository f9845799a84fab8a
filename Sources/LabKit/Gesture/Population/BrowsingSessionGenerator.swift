#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import ScrollKit

/// Seeded populations of browsing sessions on the phone (B-GEN-1): each session is a gesture file for
/// the grid, a sequence of flings, bursts of flings, slow reading drags, catches of a moving list and
/// reversals, with dwell times between them, sampled at a device's touch rate with jitter.
///
/// Every distribution is stated in `Parameters` and in docs/gestures.md with where its numbers come
/// from (and which are modelling choices). Session `i` of seed `s` depends on `s` and `i` only: the same
/// seed gives the same files, whatever the count.
public struct BrowsingSessionGenerator: Sendable {
    /// What a population's sessions are like.
    public enum Kind: String, CaseIterable, Sendable {
        /// Looking through a feed: flings, some reading drags, catches and the odd reversal.
        case browse
        /// Searching: bursts of fast flings, catches, reversals when overshooting.
        case flings
        /// Reading: slow drags, long dwells, few flings.
        case read
        /// Each session one of the three, at random.
        case mixed
    }

    /// One kind's distributions.
    public struct Parameters: Sendable {
        /// Weights of the next gesture: fling, reading drag, burst of 2–4 flings, catch (only while the
        /// list still moves after a fling), reversal (a fling the other way).
        public var fling, drag, burst, catchMoving, reversal: Double
        /// Release speed of a fling, pt/s: log-normal (median, σ of its log), clamped to 300–8000.
        public var flingMedian: Double, flingSigma: Double
        /// Speed of a reading drag, pt/s: log-normal.
        public var dragMedian: Double, dragSigma: Double
        /// Pause between gestures, s: log-normal, at least 0.12 s.
        public var dwellMedian: Double, dwellSigma: Double
        /// Gestures per session (uniform).
        public var gestures: ClosedRange<Int>
    }

    /// The parameters of `kind` (`mixed` draws one of the others per session).
    public static func parameters(_ kind: Kind) -> Parameters {
        switch kind {
        case .browse, .mixed:
            return Parameters(fling: 0.50, drag: 0.25, burst: 0.10, catchMoving: 0.10, reversal: 0.05,
                              flingMedian: 1500, flingSigma: 0.55, dragMedian: 160, dragSigma: 0.5,
                              dwellMedian: 0.9, dwellSigma: 0.7, gestures: 12...30)
        case .flings:
            return Parameters(fling: 0.40, drag: 0.05, burst: 0.30, catchMoving: 0.15, reversal: 0.10,
                              flingMedian: 2400, flingSigma: 0.45, dragMedian: 200, dragSigma: 0.5,
                              dwellMedian: 0.35, dwellSigma: 0.5, gestures: 15...40)
        case .read:
            return Parameters(fling: 0.15, drag: 0.75, burst: 0.0, catchMoving: 0.05, reversal: 0.05,
                              flingMedian: 900, flingSigma: 0.5, dragMedian: 120, dragSigma: 0.5,
                              dwellMedian: 2.5, dwellSigma: 0.6, gestures: 8...20)
        }
    }

    /// Touch sampling rates and their shares: 120 Hz (iPhone and most current phones' touch panels),
    /// 60 Hz (older devices), 240 Hz (iPad Pro, gaming phones). A modelling choice (docs/gestures.md).
    public static let touchRates: [(Double, Double)] = [(120, 0.6), (60, 0.25), (240, 0.15)]

    /// The phone the gestures are made on: the lab's 320 × 480 pt viewport, the grid below a 30 pt bar.
    public static let phone = Rect(x: 0, y: 0, width: 320, height: 480)

    /// The population.
    public var kind: Kind
    /// Its seed.
    public var seed: UInt64

    /// A generator of `kind` sessions from `seed`.
    public init(kind: Kind, seed: UInt64) {
        self.kind = kind
        self.seed = seed
    }

    /// Session `index`: its pointer events, times from 0.
    public func session(_ index: Int) -> [PointerEvent] {
        var rng = SplitMix64(seed: seed, index: index)
        let kind = self.kind == .mixed ? rng.pick([(Kind.browse, 1.0), (.flings, 1.0), (.read, 1.0)]) : self.kind
        let p = Self.parameters(kind)
        var s = Sketch(rate: rng.pick(Self.touchRates), rng: rng)
        let count = Int(s.rng.uniform(Double(p.gestures.lowerBound), Double(p.gestures.upperBound + 1)))
        var lastWasFling = false
        var direction = -1.0     // finger moving up: the content scrolls down the list
        var done = 0
        while done < count {
            var weights: [(Int, Double)] = [(0, p.fling), (1, p.drag), (2, p.burst), (4, p.reversal)]
            if lastWasFling { weights.append((3, p.catchMoving)) }
            switch s.rng.pick(weights) {
            case 0:
                s.fling(direction: direction, p)
                lastWasFling = true
            case 1:
                s.drag(direction: direction, p)
                lastWasFling = false
            case 2:
                for _ in 0..<Int(s.rng.uniform(2, 5)) {
                    s.fling(direction: direction, p)
                    s.pause(s.rng.uniform(0.15, 0.45))
                }
                lastWasFling = true
            case 3:
                s.catchMoving()
                lastWasFling = false
            default:
                direction = -direction
                s.fling(direction: direction, p)
                lastWasFling = true
                // Most reversals are brief: back to reading down after the next gesture or two.
                if s.rng.chance(0.7) { direction = -1 }
            }
            done += 1
            s.pause(Swift.max(0.12, s.rng.logNormal(median: p.dwellMedian, sigma: p.dwellSigma)) * (lastWasFling ? 0.6 : 1))
        }
        return s.events
    }

    /// Builds one session's samples.
    struct Sketch {
        let rate: Double
        var rng: SplitMix64
        var time = 0.0
        var events: [PointerEvent] = []

        init(rate: Double, rng: SplitMix64) {
            self.rate = rate
            self.rng = rng
        }

        mutating func pause(_ seconds: Double) { time += seconds }

        /// A sample time: on the device's clock, ±0.5 ms of jitter, never before the previous sample.
        mutating func stamp(_ t: Double) -> Double {
            let jittered = t + rng.uniform(-0.0005, 0.0005)
            return Swift.max(jittered, (events.last?.time ?? -1) + 0.0001)
        }

        mutating func add(_ t: Double, _ x: Double, _ y: Double, _ phase: PointerPhase) {
            let position = Point(x: (x * 100).rounded() / 100, y: (y * 100).rounded() / 100)
            events.append(PointerEvent(time: (stamp(t) * 1e5).rounded() / 1e5, position: position, phase: phase))
        }

        /// A flick: the finger speeds up over the first 40% of 80–160 ms, moves at the release speed for the
        /// rest, and lifts while moving (so the velocity the scroll view measures at the lift is the speed
        /// drawn). `direction` −1: up the screen.
        mutating func fling(direction: Double, _ p: Parameters) {
            let speed = Swift.min(8000, Swift.max(300, rng.logNormal(median: p.flingMedian, sigma: p.flingSigma)))
            let ramp = 0.4
            // The finger stays on the screen: at most 400 pt of travel (a shorter flick at the fastest speeds).
            let duration = Swift.min(rng.uniform(0.08, 0.16), 400 / (speed * (1 - ramp / 2)))
            let travel = speed * duration * (1 - ramp / 2)
            let y0 = direction < 0 ? rng.uniform(60 + travel, 460) : rng.uniform(20, 420 - travel)
            let x0 = rng.uniform(60, 260)
            let slant = rng.uniform(-0.15, 0.15)
            stroke(from: x0, y0, duration: duration) { t in
                let u = t / duration
                let d = speed * duration * (u < ramp ? u * u / (2 * ramp) : ramp / 2 + (u - ramp))
                return (x0 + slant * d, y0 + direction * d)
            }
        }

        /// A reading drag: 60–220 pt at a slow speed, then the finger rests 80–250 ms before it lifts (no fling).
        mutating func drag(direction: Double, _ p: Parameters) {
            let distance = rng.uniform(60, 220)
            let speed = Swift.min(600, Swift.max(40, rng.logNormal(median: p.dragMedian, sigma: p.dragSigma)))
            let duration = distance / speed
            let y0 = direction < 0 ? rng.uniform(60 + distance, 470) : rng.uniform(40, 470 - distance)
            let x0 = rng.uniform(60, 260)
            stroke(from: x0, y0, duration: duration, rest: rng.uniform(0.08, 0.25)) { t in
                // Smooth start and stop (a cosine ease).
                let u = t / duration
                return (x0, y0 + direction * distance * (1 - cos(Double.pi * u)) / 2)
            }
        }

        /// A catch: a touch on the moving list that stops it, held 60–180 ms, lifted without moving.
        mutating func catchMoving() {
            let x = rng.uniform(60, 260), y = rng.uniform(120, 420)
            stroke(from: x, y, duration: rng.uniform(0.06, 0.18)) { _ in (x + 0.2, y + 0.2) }
        }

        /// Samples a finger path `at(t)` from touch-down at (x0, y0) over `duration` at the touch rate,
        /// optionally resting at the end point for `rest` seconds, then lifts.
        mutating func stroke(from x0: Double, _ y0: Double, duration: Double, rest: Double = 0,
                             at: (Double) -> (Double, Double)) {
            let start = time
            add(start, x0, y0, .down)
            let step = 1 / rate
            var t = step
            var last = (x0, y0)
            while t < duration + rest {
                last = at(Swift.min(t, duration))
                add(start + t, last.0, last.1, .move)
                t += step
            }
            last = at(duration)
            add(start + duration + rest, last.0, last.1, .up)
            time = start + duration + rest
        }
    }
}
