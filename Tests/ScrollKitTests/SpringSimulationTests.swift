import Testing
@testable import ScrollKit

@Suite struct SpringSimulationTests {
    @Test func startsWhereAndHowItIsToldAndEndsExactlyOnTheTarget() {
        let spring = SpringSimulation(position: 100, velocity: -300, target: 0)
        #expect(spring.position(at: 0) == 100)
        #expect(abs(spring.velocity(at: 0) - -300) < 1e-9)
        var t = 0.0
        while !spring.isDone(at: t) { t += 1.0 / 60 }
        #expect(t < 1.5)
        #expect(spring.position(at: t) == 0)
        #expect(spring.velocity(at: t) == 0)
    }

    @Test func returnsFromAStillOverscrollWithoutCrossingTheTarget() {
        let spring = SpringSimulation(position: -80, velocity: 0, target: 0)
        var last = -80.0
        for i in 1...3000 {
            let x = spring.position(at: Double(i) * 0.001)
            #expect(x >= last - 1e-12)  // monotone: no oscillation
            #expect(x <= 0)
            last = x
        }
        #expect(last == 0)
    }

    @Test func outwardVelocityAtTheEdgeGoesOutOnceAndComesBack() {
        let spring = SpringSimulation(position: 500, velocity: 2000, target: 500)
        var peak = 500.0
        var crossedBack = false
        for i in 1...3000 {
            let x = spring.position(at: Double(i) * 0.001)
            peak = max(peak, x)
            if x < 500 { crossedBack = true }
        }
        // Peak ≈ v · 0.0244 s for mass 0.5, stiffness 100, ratio 1.1.
        #expect(peak > 500 + 40 && peak < 500 + 55)
        #expect(!crossedBack)
        #expect(spring.position(at: 3) == 500)
    }

    @Test func velocityIsTheDerivativeOfPosition() {
        for spring in [SpringSimulation(position: 30, velocity: 700, target: 0),
                       SpringSimulation(spring: SpringDescription(mass: 1, stiffness: 100, dampingRatio: 1),
                                        position: 30, velocity: 700, target: 0)] {
            let h = 1e-6
            for t in [0.01, 0.05, 0.2] {
                let numeric = (spring.position(at: t + h) - spring.position(at: t - h)) / (2 * h)
                #expect(abs(numeric - spring.velocity(at: t)) < 1e-3)
            }
        }
    }

    @Test func underDampedRatiosAreRaisedToCritical() {
        let spring = SpringSimulation(spring: SpringDescription(mass: 1, stiffness: 200, dampingRatio: 0.2),
                                      position: -100, velocity: 0, target: 0)
        #expect(spring.spring.dampingRatio == 1)
        for i in 1...2000 { #expect(spring.position(at: Double(i) * 0.001) <= 0) }
    }

    @Test func badInputAndAbsurdTimesStayFinite() {
        let spring = SpringSimulation(position: .nan, velocity: .infinity, target: 10)
        let critical = SpringSimulation(spring: SpringDescription(mass: 1, stiffness: 1, dampingRatio: 1),
                                        position: 1e300, velocity: -1e300, target: 0)
        for t in [-1.0, 0, 1e-9, 5, 1e12, .infinity, .nan] {
            #expect(spring.position(at: t).isFinite)
            #expect(critical.position(at: t).isFinite)
            #expect(critical.velocity(at: t).isFinite)
        }
        #expect(spring.position(at: 0) == 10)
        #expect(SpringSimulation(spring: SpringDescription(mass: 0, stiffness: -1, dampingRatio: .nan),
                                 position: 5, velocity: 0, target: 0).position(at: 0.5).isFinite)
    }
}
