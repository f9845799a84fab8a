import Testing
@testable import ScrollKit
import LabKit

/// The soak soak: a long virtual run keeps six views and the decoded bytes within their limit.
@Suite struct SoakRunTests {
    /// A fling up the phone: down at y 420, eight moves of 40 pt every 8 ms, up.
    static let fling: [PointerEvent] = {
        var events = [PointerEvent(time: 0, position: Point(x: 160, y: 420), phase: .down)]
        for i in 1...8 {
            events.append(PointerEvent(time: 0.008 * Double(i), position: Point(x: 160, y: 420 - 40 * Double(i)), phase: .move))
        }
        events.append(PointerEvent(time: 0.064, position: Point(x: 160, y: 100), phase: .up))
        return events
    }()

    @Test func mirroredMixFollowsEachGestureWithItsReflection() {
        let mix = SoakRun.mirroredMix([Self.fling])
        #expect(mix.count == 2)
        #expect(mix[0] == Self.fling)
        #expect(mix[1].map(\.position.y) == Self.fling.map { 480 - $0.position.y })
        #expect(mix[1].map(\.time) == Self.fling.map(\.time))
        #expect(mix[1].map(\.position.x) == Self.fling.map(\.position.x))
    }

    @Test func everyPolicyKeepsSixViewsAndBytesWithinTheLimit() {
        let soak = SoakRun(gestures: SoakRun.mirroredMix([Self.fling]))
        for policy in LoadingPolicyKind.allCases {
            let phase = soak.run(policy: policy, seconds: 20)
            #expect(phase.policy == policy)
            #expect(phase.virtualSeconds >= 20)
            #expect(phase.gestures >= 2)
            #expect(phase.frames > 0)
            #expect(phase.viewsCreated == 6)
            #expect(phase.peakDecodedBytes > 0)
            #expect(phase.peakDecodedBytes <= soak.decodedByteLimit)
            #expect(phase.metrics.loadsIssued > 0)
        }
        #expect(soak.violations == [])
        // 12 cached images plus one per view, 300×440×4 bytes each.
        #expect(soak.decodedByteLimit == (12 + 6) * 300 * 440 * 4)
        #expect(soak.scene.pool.viewsCreated == 6)
    }

    @Test func theClockOnlyMovesForwardAndRunsAreDeterministic() {
        func run() -> (Double, Int, [LoadMetrics]) {
            let soak = SoakRun(gestures: SoakRun.mirroredMix([Self.fling]))
            var metrics: [LoadMetrics] = []
            var last = soak.clock
            for policy in [LoadingPolicyKind.adaptive, .prefetch] {
                metrics.append(soak.run(policy: policy, seconds: 15).metrics)
                #expect(soak.clock > last)
                last = soak.clock
            }
            return (soak.clock, soak.frames, metrics)
        }
        let a = run(), b = run()
        #expect(a.0 == b.0)
        #expect(a.1 == b.1)
        #expect(a.2 == b.2)
    }
}
