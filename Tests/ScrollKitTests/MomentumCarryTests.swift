import Foundation
import Testing
@testable import ScrollKit
import ScrollKitTestSupport

@Suite struct MomentumCarryTests {
    let carry = MomentumCarry()

    @Test func flutterFitOfIOS() {
        #expect(abs(carry.carried(from: 1000) - 0.000816 * pow(1000, 1.967)) < 1e-9)
        #expect(carry.carried(from: -1000) == -carry.carried(from: 1000))
        #expect(carry.carried(from: 1e9) == 40_000)
        #expect(carry.carried(from: 0) == 0)
        #expect(carry.carried(from: .nan) == 0)
    }

    @Test func onlySameDirectionAndNotMuchSlower() {
        #expect(carry.fling(2000, carrying: 1400) == 3400)
        #expect(carry.fling(-2000, carrying: 1400) == -2000)  // reversed
        #expect(carry.fling(600, carrying: 1400) == 600)  // below half of the carried velocity
        #expect(carry.fling(0, carrying: 1400) == 0)  // no fling, nothing carried
    }

    // Through the scroll view: a first 2000 pt/s fling, then a 2000 pt/s flick whose touch lands 150 ms after
    // the first release, while the view still glides at ≈1481 pt/s.
    static let start = Point(x: 160, y: 400)

    static func secondFlingVelocity(delay: Double = 0.15, velocity: Point = Point(x: 0, y: -2000),
                                    hold: Double = 0, restAfterDown: Double = 0,
                                    physics: ScrollPhysicsKind = .ios) -> (first: Double, second: Double) {
        let view = ScrollViewEventOrderTests.makeView(contentHeight: 100_000)
        view.configuration.physics = physics
        let driver = FrameDriver(view, startFrame: 60)
        let first = SyntheticGesture.drag(from: start, velocity: Point(x: 0, y: -2000), duration: 0.096, at: 1.0)
        let release = first[first.count - 1].time
        var second = SyntheticGesture.drag(from: start, velocity: velocity, duration: 0.032,
                                           at: release + delay, hold: hold)
        for i in second.indices.dropFirst() {  // the touch holds the view still before the flick
            second[i] = PointerEvent(time: second[i].time + restAfterDown, position: second[i].position, phase: second[i].phase)
        }
        driver.play(first + second)
        driver.settle()
        let speeds = driver.releases.map { $0.velocity.y * 1000 }
        return (speeds[0], speeds[1])
    }

    @Test func secondFlickWhileGlidingLeavesAt3400() {
        let (first, second) = Self.secondFlingVelocity()
        #expect(abs(first - 2000) < 1e-6)
        let glide = 2000 * exp(-0.15 / DecelerationRate.normal.timeConstant)
        #expect(abs(second - (2000 + 0.000816 * pow(glide, 1.967))) < 2)
        #expect(abs(second - 3400) < 10)
    }

    @Test func theCarriedSumIsNotClampedToTheFastestFling() {
        // A 6000 pt/s flick catching the 2000 pt/s fling 56 ms after its release (gliding at ≈1790 pt/s,
        // which carries ≈2040): the flick alone is within the 8000 pt/s limit, the sum passes it and is kept
        // (B-DEC-3's carry is capped at 40 000 pt/s, not at the fastest fling; Flutter adds it unclamped).
        let (first, second) = Self.secondFlingVelocity(delay: 0.056, velocity: Point(x: 0, y: -6000))
        let glide = 2000 * exp(-0.056 / DecelerationRate.normal.timeConstant)
        #expect(abs(first - 2000) < 1e-6)
        #expect(abs(second - (6000 + 0.000816 * pow(glide, 1.967))) < 2)
        #expect(second > 8000)
    }

    /// Only the physics that carry add the caught glide: Flutter's bouncing fit of iOS does; Android's
    /// RecyclerView (its scroller aborted at the touch) and Flutter's clamping physics do not.
    @Test func onlyTheCarryingPhysicsAddTheGlide() {
        #expect(ScrollPhysicsKind.ios.carriesMomentum && ScrollPhysicsKind.flutterBouncing.carriesMomentum)
        #expect(!ScrollPhysicsKind.android.carriesMomentum && !ScrollPhysicsKind.flutterClamping.carriesMomentum)
        for physics in ScrollPhysicsKind.all {
            let (first, second) = Self.secondFlingVelocity(physics: physics)
            #expect(abs(first - 2000) < 1e-6)
            if physics.carriesMomentum {
                #expect(second > 3000, "\(physics)")
            } else {
                #expect(abs(second - 2000) < 1e-6, "\(physics)")
            }
        }
    }

    @Test func noCarryAgainstTheGlideAfterARestOrOnceStopped() {
        #expect(abs(Self.secondFlingVelocity(velocity: Point(x: 0, y: 2000)).second + 2000) < 1e-6)
        // Rested 30 ms before the lift (still under the 40 ms that zero the velocity): no carry.
        let rested = Self.secondFlingVelocity(hold: 0.030).second
        #expect(abs(rested - 2000) < 1e-6)
        // Held still 30 ms after the touch caught the glide, then flicked: no carry either.
        #expect(abs(Self.secondFlingVelocity(restAfterDown: 0.030).second - 2000) < 1e-6)
        // A touch that moves on at once keeps it (10 ms rest is under the 20 ms rule).
        #expect(Self.secondFlingVelocity(restAfterDown: 0.010).second > 3000)
        // The first fling stopped long ago (5 s at 0.998 ends after 2.6 s): nothing glides, nothing carried.
        #expect(abs(Self.secondFlingVelocity(delay: 5).second - 2000) < 1e-6)
    }
}
