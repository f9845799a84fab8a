import Testing
@testable import ScrollKit

@Suite struct DecaySimulationTests {
    @Test func naturalFlingTravelsTheWWDCProjection() {
        let normal = DecaySimulation(position: 0, velocity: 1000, rate: .normal)
        let fast = DecaySimulation(position: 0, velocity: 1000, rate: .fast)
        #expect(abs(normal.finalPosition - 499) <= 0.5)
        #expect(abs(fast.finalPosition - 99) <= 0.5)
        #expect(abs(normal.finalPosition - 499) < 1e-9)
        #expect(abs(fast.finalPosition - 99) < 1e-9)
        #expect(abs(DecaySimulation(position: 100, velocity: -2000, rate: .normal).finalPosition - (100 - 998)) < 1e-9)
        #expect(abs(normal.timeConstant - 0.499) < 1e-12)
        #expect(abs(fast.timeConstant - 0.099) < 1e-12)
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

    @Test func stopsWithinHalfAPointThenSitsExactlyOnTheTarget() {
        let decay = DecaySimulation(position: 10, velocity: 1000, rate: .normal)
        // 0.5 pt left at τ·ln(499 / 0.5) ≈ 3.446 s.
        #expect(abs(decay.duration - 0.499 * 6.9057533) < 1e-6)
        let before = decay.duration - 0.001
        #expect(!decay.isDone(at: before))
        #expect(abs(decay.finalPosition - decay.position(at: before)) >= 0.5 - 1e-3)
        #expect(abs(decay.finalPosition - decay.position(at: before)) < 0.502)
        #expect(decay.isDone(at: decay.duration))
        #expect(decay.position(at: decay.duration) == decay.finalPosition)
        #expect(abs(decay.finalPosition - 509) < 1e-9)
        #expect(decay.velocity(at: decay.duration) == 0)
    }

    @Test func retimedDecayEndsExactlyOnTheTargetAtTheReleaseVelocity() throws {
        let decay = try #require(DecaySimulation(position: 12.25, velocity: 1500, target: 312.26))
        #expect(decay.velocity(at: 0) == 1500)
        #expect(decay.position(at: 0) == 12.25)
        #expect(abs(decay.timeConstant - 300.01 / 1500) < 1e-12)
        #expect(decay.position(at: decay.duration + 1e-9) == 312.26)
        #expect(decay.position(at: 1e9) == 312.26)
        // Monotone towards the target, never past it.
        var last = decay.position(at: 0)
        for i in 1...2000 {
            let x = decay.position(at: Double(i) * 0.001)
            #expect(x >= last && x <= 312.26)
            last = x
        }
    }

    @Test func retimingRefusesAbsurdCases() {
        #expect(DecaySimulation(position: 0, velocity: 1000, target: -100) == nil)  // behind the release
        #expect(DecaySimulation(position: 0, velocity: 0, target: 100) == nil)  // no velocity
        #expect(DecaySimulation(position: 0, velocity: 10, target: 100) == nil)  // τ = 10 s
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
    }
}
