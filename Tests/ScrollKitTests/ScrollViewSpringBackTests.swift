import Foundation
import Testing
@testable import ScrollKit

/// B-BNC-2 against the iOS recordings: a still release 177 pt out, and edge bounces after a fling.
@Suite struct ScrollViewSpringBackTests {
    /// The recorded iOS spring-back from a still release 177 pt out (SPEC B-BNC-2): about 20 pt back
    /// in the first 16 ms frame, half-way (88.5 pt) after ~90 ms, within 1 pt after ~0.57 s, within a
    /// device pixel (1/3 pt) after ~0.67 s; drawn between those points as exponentials (straight in log
    /// space), so its rate of return rises from 7.5 /s through 7.8 /s to ≈ 9.3 /s and 11 /s in the tail.
    static let iosPoints: [(t: Double, out: Double)] = [(0, 177), (0.016, 157), (0.090, 88.5), (0.57, 1),
                                                         (0.67, 1.0 / 3)]

    static func iosCurve(_ t: Double) -> Double {
        let points = iosPoints
        guard t > 0 else { return points[0].out }
        for (a, b) in zip(points, points.dropFirst()) where t <= b.t {
            return a.out * exp(log(b.out / a.out) * (t - a.t) / (b.t - a.t))
        }
        return 0
    }

    /// Drags the top edge down until 177 pt show, rests 100 ms, lifts; returns the driver and the lift time.
    static func stillReleaseAt177() -> (FrameDriver, ScrollView, Double) {
        let view = ScrollViewEventOrderTests.makeView()
        let band = view.configuration.rubberBand
        let finger = band.overscroll(displayed: 177, dimension: 480)
        let slop = view.configuration.touchSlop
        var events = [PointerEvent(time: 1.0, position: Point(x: 160, y: 100), phase: .down)]
        for i in 1...40 {
            let y = 100 + (slop + finger) * Double(i) / 40
            events.append(PointerEvent(time: 1.0 + Double(i) * 0.008, position: Point(x: 160, y: y), phase: .move))
        }
        let lift = events[events.count - 1].time + 0.1
        events.append(PointerEvent(time: lift, position: events[events.count - 1].position, phase: .up))
        let driver = FrameDriver(view, startFrame: 60)
        driver.play(events)
        return (driver, view, lift)
    }

    @Test func stillReleaseSpringsBackAtOnceLikeIOS() {
        let (driver, view, lift) = Self.stillReleaseAt177()
        #expect(driver.willDecelerate == [true])  // released out of bounds at zero velocity
        #expect(driver.releases[0].velocity == .zero)
        let released = driver.records.last { $0.event == .didEndDragging(willDecelerate: true) }!
        #expect(abs(released.offset.y + 177) < 1e-6)
        var half: Double?, withinOne: Double?, worst = 0.0
        while view.isMoving, driver.time < lift + 2 {
            driver.run(until: driver.time + 1.0 / 60)
            let t = driver.time - lift, out = -view.contentOffset.y
            if half == nil, out <= 88.5 { half = t }
            if withinOne == nil, out <= 1 { withinOne = t }
            worst = max(worst, abs(out - Self.iosCurve(t)))
        }
        let still = driver.time - lift
        #expect(view.contentOffset.y == 0)
        // iOS: half-way after ~90 ms, within 1 pt after ~0.57 s, still after ~0.67 s (60 Hz frames:
        // the first frame at or past each moment).
        #expect(half! >= 0.090 - 1.0 / 60 && half! <= 0.090 + 1.0 / 60)
        #expect(abs(withinOne! - 0.57) <= 1.0 / 60 + 0.01)
        #expect(abs(still - 0.67) <= 0.03)
        #expect(worst < 5)
        // It moves at once: the first frame after the lift is already well inside.
        #expect(driver.names.last == "didEndDecelerating")
    }

    @Test func firstFrameAfterAStillReleaseMoves() {
        let (driver, view, lift) = Self.stillReleaseAt177()
        driver.run(until: lift + 1.0 / 60)
        let t = driver.time - lift
        #expect(abs(-view.contentOffset.y - Self.iosCurve(t)) < 2)
        #expect(-view.contentOffset.y < 177 - 15)   // about 20 pt back in the first frame
    }

    @Test func springBackLeavesAtSevenPerSecondAndItsRateRisesTowardsTheTail() {
        // Released 177 pt out at rest: the spring starts at −7.0 /s × 177 pt and its rate of return
        // (−v / overscroll) rises to the spring's slow rate, 9.6 /s (the recording's ≈ 9.5 /s tail).
        let configuration = ScrollViewConfiguration()
        let spring = SpringSimulation(spring: configuration.spring, position: -177,
                                      velocity: configuration.springBackStartRate * 177, target: 0)
        var rates: [Double] = []
        for t in stride(from: 0.0, through: 0.5, by: 0.05) {
            rates.append(spring.velocity(at: t) / -spring.position(at: t))
        }
        #expect(abs(rates[0] - 7.0) < 1e-9)
        #expect(zip(rates, rates.dropFirst()).allSatisfy { $0 < $1 })
        #expect(abs(rates.last! - 9.6) < 0.05)
    }

    @Test func theSpringsRatesAreTheFittedOnes() {
        let spring = SpringDescription.scrollBack
        let omega = spring.naturalFrequency, zeta = spring.dampingRatio
        let root = (zeta * zeta - 1).squareRoot()
        #expect(abs(omega * (zeta - root) - 9.6) < 1e-9)
        #expect(abs(omega * (zeta + root) - 21.5) < 1e-9)
        #expect(abs(spring.stiffness - 103.2) < 1e-9)
    }

    /// The overshoot past the edge of a fling that reaches it at `speed` pt/s.
    static func overshoot(edgeSpeed speed: Double) -> Double {
        let spring = SpringSimulation(spring: ScrollViewConfiguration().spring, position: 0, velocity: speed, target: 0)
        var peak = 0.0, t = 0.0
        while !spring.isDone(at: t) {
            peak = max(peak, spring.position(at: t))
            t += 0.0005
        }
        return peak
    }

    @Test func edgeBouncesMatchFlutterOvershoots() {
        // Flutter's BouncingScrollSimulation: 14 / 38 / 111 pt past the edge for 579 / 1579 / 4579 pt/s.
        #expect(abs(Self.overshoot(edgeSpeed: 579) - 14) < 0.5)
        #expect(abs(Self.overshoot(edgeSpeed: 1579) - 38) < 1)
        #expect(abs(Self.overshoot(edgeSpeed: 4579) - 111) < 1)
    }

    @Test func flingPastTheEndBouncesBackToTheEdge() {
        let view = ScrollViewEventOrderTests.makeView(contentHeight: 1480)  // 1000 pt of range
        let driver = FrameDriver(view, startFrame: 60)
        driver.play(ScrollViewEventOrderTests.fling(at: 1.0, velocity: Point(x: 0, y: -3000)))
        var peak = 0.0
        while view.isMoving {
            driver.run(until: driver.time + 1.0 / 60)
            peak = max(peak, view.contentOffset.y)
        }
        #expect(driver.releases[0].target.y == 1000)
        #expect(view.contentOffset.y == 1000)
        #expect(peak > 1000 && peak < 1000 + 80)
    }

    /// B-BNC-2: an edge fling springs back without oscillating: from its peak past the end, every frame
    /// is closer to the edge, none on the near side of it, at any speed.
    @Test func aFlingPastTheEndComesBackWithoutOscillating() {
        for speed in [3000.0, 5000, 8000] {
            let view = ScrollViewEventOrderTests.makeView(contentHeight: 1480)
            let driver = FrameDriver(view, startFrame: 60)
            driver.play(ScrollViewEventOrderTests.fling(at: 1.0, velocity: Point(x: 0, y: -speed)))
            var offsets: [Double] = []
            while view.isMoving {
                driver.run(until: driver.time + 1.0 / 60)
                offsets.append(view.contentOffset.y)
            }
            let peak = offsets.indices.max { offsets[$0] < offsets[$1] }!
            #expect(offsets[peak] > 1000, "\(speed) pt/s")
            let back = offsets[peak...]
            #expect(zip(back, back.dropFirst()).allSatisfy { $1 <= $0 }, "\(speed) pt/s: monotone back")
            #expect(back.allSatisfy { $0 >= 1000 }, "\(speed) pt/s: never past the edge (\(back.min()!))")
            #expect(offsets.last == 1000)
        }
    }
}
