import Testing
@testable import ScrollKit
import LabKit
import ScrollKitTestSupport

/// Blank time after a long still hold: the time the replay skips is charged to what was on screen
/// during it, not to the frame after it.
@Suite struct GridSceneHoldTests {
    /// Drag 120 pt, hold the pointer still for `hold` seconds, then move it 300 pt in one sample (new
    /// rows come on screen at once, still without images) and lift there a second later.
    static func holdThenMove(hold: Double) -> [PointerEvent] {
        var events = SyntheticGesture.drag(from: Point(x: 160, y: 400), velocity: Point(x: 0, y: -600), duration: 0.2, at: 0)
        events.removeLast()                                   // no lift: the pointer stays down
        let still = events[events.count - 1]
        let moved = Point(x: still.position.x, y: still.position.y - 300)
        return events + [PointerEvent(time: still.time + hold, position: moved, phase: .move),
                         PointerEvent(time: still.time + hold + 1, position: moved, phase: .up)]
    }

    @Test(arguments: LoadingPolicyKind.allCases)
    func aThousandSecondHoldAddsNoBlankTime(policy: LoadingPolicyKind) {
        var config = GridSceneConfiguration()
        config.policy = policy
        func blank(hold: Double) -> Double {
            let scene = GridScene(configuration: config)
            _ = HeadlessReplay().run(Self.holdThenMove(hold: hold), on: scene)
            return scene.metrics.blankTileSeconds
        }
        let short = blank(hold: 1), long = blank(hold: 1000)
        // The screen is fully loaded while the pointer rests, so resting longer costs nothing.
        #expect(abs(long - short) < 1e-6, "\(policy): \(short) tile·s after a 1 s hold, \(long) after 1000 s")
        #expect(long < 5)
    }
}
