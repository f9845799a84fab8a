import Testing
@testable import ScrollKit

@Suite struct BouncingSimulationTests {
    @Test func decaysToTheEdgeThenSpringsBackWithTheCrossingVelocity() throws {
        // From 0 at 2000 pt/s the fling would travel 1990·τ ≈ 994 pt; the edge is at 600.
        let bounce = try #require(BouncingSimulation(position: 0, velocity: 2000, rate: .normal, edge: 600))
        let crossing = bounce.crossingTime
        #expect(abs(bounce.decay.position(at: crossing) - 600) < 1e-9)
        // Velocity at the crossing: v0 − 600/τ (the velocity falls by 1/τ per point), continuous across the switch.
        let expected = 2000 - 600 / DecelerationRate.normal.timeConstant
        #expect(abs(bounce.velocity(at: crossing - 1e-9) - expected) < 1e-3)
        #expect(abs(bounce.velocity(at: crossing) - expected) < 1e-9)
        #expect(abs(bounce.position(at: crossing) - 600) < 1e-9)
        var peak = 0.0
        var t = 0.0
        while !bounce.isDone(at: t) {
            peak = max(peak, bounce.position(at: t))
            t += 1.0 / 240
        }
        #expect(peak > 600 && peak < 600 + 30)
        #expect(bounce.position(at: t) == 600)
        #expect(bounce.finalPosition == 600)
    }

    @Test func noBounceWhenTheFlingStopsShortOrStartsPastTheEdge() {
        #expect(BouncingSimulation(position: 0, velocity: 1000, rate: .normal, edge: 600) == nil)
        #expect(BouncingSimulation(position: 700, velocity: 1000, rate: .normal, edge: 600) == nil)
        #expect(BouncingSimulation(position: 0, velocity: 0, rate: .normal, edge: 0) == nil)
        #expect(BouncingSimulation(position: 0, velocity: -1000, rate: .normal, edge: 0) != nil)
    }
}
