import Foundation
import Testing
@testable import ScrollKit

@Suite struct DecaySimulationTests {
    @Test func naturalFlingStopsAtTenPointsPerSecond() {
        // B-DEC-1: travel = (|v| − 10 pt/s)·τ, τ = −1/(1000·ln r).
        let normal = DecaySimulation(position: 0, velocity: 1000, rate: .normal)
        let fast = DecaySimulation(position: 0, velocity: 1000, rate: .fast)
        #expect(abs(normal.finalPosition - 494.5) < 0.01)
        #expect(abs(fast.finalPosition - 98.5) < 0.01)
        #expect(abs(DecelerationRate.normal.timeConstant - 0.4995) < 1e-4)
        #expect(abs(DecelerationRate.fast.timeConstant - 0.0995) < 1e-4)
        #expect(abs(DecaySimulation(position: 100, velocity: -2000, rate: .normal).finalPosition
                    - (100 - 1990 * DecelerationRate.normal.timeConstant)) < 1e-9)
        // 5 pt shorter than WWDC's rounded projection (v/1000)·r/(1−r) = 499 pt.
        #expect(abs(499 - normal.finalPosition - 4.5) < 0.01)
    }

    @Test func endsWhenTheSpeedFallsToTenPointsPerSecond() {
        // 1000 pt/s at 0.998: τ·ln(100) = 2.30 s; 481 pt/s: 1.93 s (iOS: done at 1.92 s).
        let thousand = DecaySimulation(position: 0, velocity: 1000, rate: .normal)
        #expect(abs(thousand.duration - 2.30) < 0.005)
        let recorded = DecaySimulation(position: 0, velocity: 481, rate: .normal)
        #expect(abs(recorded.duration - 1.92) < 0.02)
        #expect(abs(thousand.velocity(at: thousand.duration - 1e-9) - 10) < 1e-6)
        #expect(thousand.velocity(at: thousand.duration) == 0)
        #expect(thousand.position(at: thousand.duration) == thousand.finalPosition)
        // The curve itself arrives on the target at the stop: no jump in position.
        #expect(abs(thousand.position(at: thousand.duration - 1e-9) - thousand.finalPosition) < 1e-6)
        #expect(abs(DecaySimulation(position: 0, velocity: 1000, rate: .fast).duration - 0.458) < 0.001)
    }

    @Test func velocityStartsAtTheReleaseVelocityAndDecays() {
        let decay = DecaySimulation(position: 0, velocity: 1000, rate: .normal)
        #expect(decay.velocity(at: 0) == 1000)
        #expect(abs(decay.velocity(at: 0.5) - 368) <= 1)
        #expect(abs(decay.velocity(at: 0.1) - 819) <= 1)
        #expect(abs(decay.velocity(at: 1.0) - 135) <= 1)
        // The velocity is the derivative of the position.
        let h = 1e-6
        let numeric = (decay.position(at: 0.3 + h) - decay.position(at: 0.3 - h)) / (2 * h)
        #expect(abs(numeric - decay.velocity(at: 0.3)) < 1e-3)
    }

    @Test func retimedDecayEndsExactlyOnTheTargetAtTheReleaseVelocity() throws {
        let decay = try #require(DecaySimulation(position: 12.25, velocity: 1500, target: 312.26))
        #expect(decay.velocity(at: 0) == 1500)
        #expect(decay.position(at: 0) == 12.25)
        #expect(abs(decay.timeConstant - 300.01 / 1490) < 1e-12)
        #expect(abs(decay.velocity(at: decay.duration - 1e-9) - 10) < 1e-6)
        #expect(decay.position(at: decay.duration) == 312.26)
        #expect(decay.position(at: 1e9) == 312.26)
        // Monotone towards the target, never past it.
        var last = decay.position(at: 0)
        for i in 1...2000 {
            let x = decay.position(at: Double(i) * 0.001)
            #expect(x >= last && x <= 312.26)
            last = x
        }
    }

    @Test func timeReachingInvertsThePosition() throws {
        let decay = DecaySimulation(position: 10, velocity: -1200, rate: .normal)
        let t = try #require(decay.time(reaching: decay.position(at: 0.7)))
        #expect(abs(t - 0.7) < 1e-9)
        #expect(decay.time(reaching: decay.finalPosition) == decay.duration)
        #expect(decay.time(reaching: 20) == nil)  // behind the start
        #expect(decay.time(reaching: decay.finalPosition - 1) == nil)  // beyond the stop
    }

    @Test func decayFromTargetAndTimeConstant() {
        // What a forecast knows (start, target, τ) gives back the fling that stops there.
        let natural = DecaySimulation(position: 40, velocity: -1500, rate: .normal)
        let rebuilt = DecaySimulation(position: 40, target: natural.finalPosition, timeConstant: natural.timeConstant)
        #expect(abs(rebuilt.initialVelocity + 1500) < 1e-9)
        #expect(abs(rebuilt.duration - natural.duration) < 1e-9)
        #expect(DecaySimulation(position: 40, target: 40, timeConstant: 0.5).isDone(at: 0))
        #expect(DecaySimulation(position: 40, target: 90, timeConstant: .nan).position(at: 1) == 40)
    }

    @Test func retimingRefusesAbsurdCases() {
        #expect(DecaySimulation(position: 0, velocity: 1000, target: -100) == nil)  // behind the release
        #expect(DecaySimulation(position: 0, velocity: 0, target: 100) == nil)  // no velocity
        #expect(DecaySimulation(position: 0, velocity: 10, target: 1) == nil)  // at the stop speed already
        #expect(DecaySimulation(position: 0, velocity: 20, target: 100) == nil)  // τ = 10 s
        #expect(DecaySimulation(position: 0, velocity: 1000, target: 0) == nil)  // nowhere to go
        #expect(DecaySimulation(position: 0, velocity: .nan, target: 100) == nil)
        #expect(DecaySimulation(position: 0, velocity: 100, target: 150, maximumTimeConstant: 2) != nil)
    }

    @Test func absurdTimesGiveFiniteValues() {
        let decay = DecaySimulation(position: 5, velocity: -3000, rate: .fast)
        for t in [-1e9, -1, 0, 1e-300, 1e12, .infinity, -.infinity, .nan] {
            #expect(decay.position(at: t).isFinite)
            #expect(decay.velocity(at: t).isFinite)
        }
        #expect(decay.position(at: -5) == 5)
        #expect(decay.position(at: .infinity) == decay.finalPosition)
        #expect(DecaySimulation(position: 0, velocity: 1000, rate: DecelerationRate(rawValue: .nan)).finalPosition.isFinite)
        #expect(DecaySimulation(position: 0, velocity: 1000, rate: DecelerationRate(rawValue: 1)).finalPosition.isFinite)
    }

    @Test func zeroVelocityIsDoneAtOnce() {
        let decay = DecaySimulation(position: 42, velocity: 0, rate: .normal)
        #expect(decay.isDone(at: 0))
        #expect(decay.position(at: 0) == 42)
        #expect(DecaySimulation(position: 42, velocity: 8, rate: .normal).finalPosition == 42)
    }
}
