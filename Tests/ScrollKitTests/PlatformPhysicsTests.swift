import Foundation
import Testing
@testable import ScrollKit

/// B-PHYS-1: each platform's physics against its own source's published test values.
@Suite struct FlutterFrictionTests {
    // packages/flutter/test/physics/friction_simulation_test.dart
    @Test func positiveVelocity() {
        let f = FrictionSimulation(drag: 0.135, position: 100, velocity: 100)
        #expect(f.position(at: 0) == 100 && f.velocity(at: 0) == 100)
        #expect(abs(f.unstoppedPosition(at: 0.1) - 110) <= 1)
        #expect(abs(f.unstoppedPosition(at: 0.5) - 131) <= 1)
        #expect(abs(f.unstoppedPosition(at: 2.0) - 149) <= 1)
        #expect(abs(f.time(reaching: f.unstoppedPosition(at: 0.5))! - 0.5) < 1e-6)
        #expect(f.time(reaching: -1) == nil && f.time(reaching: 200) == nil)
    }

    @Test func negativeVelocity() {
        let f = FrictionSimulation(drag: 0.135, position: 100, velocity: -100)
        #expect(abs(f.unstoppedPosition(at: 0.1) - 91) <= 1)
        #expect(abs(f.unstoppedPosition(at: 0.5) - 68) <= 1)
        #expect(abs(f.unstoppedPosition(at: 2.0) - 51) <= 1)
        #expect(f.time(reaching: 101) == nil && f.time(reaching: 40) == nil)
    }

    @Test func constantDeceleration() {
        let f = FrictionSimulation(drag: 0.135, position: 100, velocity: -100, constantDeceleration: 100)
        #expect(abs(f.position(at: 0.1) - 91) <= 1)
        #expect(abs(f.position(at: 0.5) - 80) <= 1)
        #expect(abs(f.position(at: 2.0) - 80) <= 1)
        #expect(abs(f.finalPosition - 80) <= 1)
    }

    // packages/flutter/test/physics/newton_test.dart, test_friction (tolerance: velocity 1).
    @Test func newtonFriction() {
        let f = FrictionSimulation(drag: 0.3, position: 100, velocity: 400, stopVelocity: 1)
        #expect(!f.isDone(at: 0))
        let x1 = f.position(at: 1)
        #expect(x1 > 330 && x1 < 335)
        #expect(abs(f.velocity(at: 1) - 120) < 1e-9)
        #expect(abs(f.velocity(at: 2) - 36) < 1e-9)
        #expect(abs(f.velocity(at: 3) - 10.8) < 1e-9)
        #expect(f.velocity(at: 4) < 3.5)
        #expect(f.isDone(at: 5))
        #expect(f.position(at: 5) > 431 && f.position(at: 5) < 432)
    }
}

@Suite struct FlutterBouncingTests {
    // newton_test.dart, "over/under scroll spring": spring mass 1, stiffness 170, ratio 1.1; tolerance
    // velocity 45, distance 1.5.
    @Test func overAndUnderScrollSpring() {
        let spring = SpringDescription(mass: 1, stiffness: 170, dampingRatio: 1.1)
        let s = FlutterBouncingSimulation(position: 500, velocity: -7500, lower: 0, upper: 1000, spring: spring,
                                          stopVelocity: 45, stopDistance: 1.5)
        #expect(!s.isDone(at: 0))
        #expect(abs(s.position(at: 0) - 500) < 1e-9 && abs(s.velocity(at: 0) + 7500) < 1e-9)
        #expect(!s.isDone(at: 0.065))
        #expect(abs(s.position(at: 0.065) - 42) <= 1)
        #expect(abs(s.velocity(at: 0.065) + 6584) <= 1)
        #expect(!s.isDone(at: 0.1))
        #expect(abs(s.position(at: 0.1) + 123) <= 1)
        #expect(abs(s.velocity(at: 0.1) + 2613) <= 1)
        #expect(!s.isDone(at: 0.5))
        #expect(abs(s.position(at: 0.5) + 15) <= 1)
        #expect(abs(s.velocity(at: 0.5) - 124) <= 1)
        #expect(s.isDone(at: 2.0))
        #expect(s.position(at: 2.0) == 0)
    }

    // newton_test.dart, "scroll_with_inf_edge_ends" uses an under-damped spring the lab does not model;
    // its friction part: 100 → 272 (±1) after 1 s at 400 px/s, 54 then 7 px/s after 1 and 2 s.
    @Test func frictionPartOfAnInfiniteEdgeScroll() {
        let s = FlutterBouncingSimulation(position: 100, velocity: 400, lower: 0, upper: .infinity, stopVelocity: 1)
        #expect(abs(s.position(at: 1) - 272) <= 1)
        #expect(abs(s.velocity(at: 1) - 54) <= 1)
        #expect(abs(s.velocity(at: 2) - 7) <= 1)
        #expect(s.velocity(at: 3) < 1)
        #expect(s.isDone(at: 5))
    }

    /// `BouncingScrollPhysics.spring`: the default spring at the normal rate, its own at `fast`
    /// (scroll_physics.dart: `SpringDescription.withDampingRatio(mass: 0.3, stiffness: 75.0, ratio: 1.3)`),
    /// for a fling that crosses the edge and for a release out of range alike.
    @Test func theFastRateHasItsOwnSpring() {
        let normal = FlutterBouncingSimulation(position: 900, velocity: 4000, lower: 0, upper: 1000)
        let fast = FlutterBouncingSimulation(position: 900, velocity: 4000, lower: 0, upper: 1000, fast: true)
        #expect(normal.springBack?.spring == SpringDescription(mass: 0.5, stiffness: 100, dampingRatio: 1.1))
        #expect(fast.springBack?.spring == SpringDescription(mass: 0.3, stiffness: 75, dampingRatio: 1.3))
        let outOfRange = FlutterBouncingSimulation(position: 1050, velocity: 0, lower: 0, upper: 1000, fast: true)
        #expect(outOfRange.springBack?.spring == SpringDescription(mass: 0.3, stiffness: 75, dampingRatio: 1.3))
        // The fast spring, more damped for its mass, lets the fling run less far past the edge.
        let peak = { (s: FlutterBouncingSimulation) in stride(from: 0.0, to: 3, by: 0.001).map(s.position(at:)).max()! }
        #expect(peak(fast) > 1000 && peak(fast) < peak(normal))
    }

    @Test func theTrailingEdgeCapsTheCarriedVelocityAt5000() {
        let s = FlutterBouncingSimulation(position: 0, velocity: 9000, lower: 0, upper: 100)
        #expect(s.springBack?.initialVelocity == 5000)
    }
}

@Suite struct ClampingAndSplineTests {
    static let flutterCases: [(Double, Double)] = [
        (51.0, 2866.91537), (584.0, 2617.294734), (345.0, 1982.785934), (0.0, 1831.366634), (-156.2, 1541.57665),
        (4.0, 1139.250439), (4534.0, 1073.553798), (75.0, 614.2093), (5469.0, 182.114534),
    ]

    // packages/flutter/test/widgets/scroll_simulation_test.dart
    @Test func clampingHasStableInitialConditionsAndComesToRest() {
        for (position, velocity) in Self.flutterCases {
            let s = ClampingScrollSimulation(position: position, velocity: velocity)
            #expect(abs(s.position(at: 0) - position) < 1e-9)
            #expect(abs(s.velocity(at: 0) - velocity) < 1e-9)
            #expect(s.velocity(at: 10) == 0)
        }
        #expect(ClampingScrollSimulation(position: 51, velocity: 2000).velocity(at: 10) == 0)
    }

    /// Flutter's clamping simulation "travels the same total distance as the Android scroll physics",
    /// finishing sooner by the factor r·0.35: two ports of one AOSP source agree.
    @Test func androidsSplineTravelsFluttersDistance() {
        for (position, velocity) in Self.flutterCases {
            let android = SplineFlingSimulation(position: position, velocity: velocity)
            let flutter = ClampingScrollSimulation(position: position, velocity: velocity)
            #expect(abs(android.distance - flutter.distance) < 1e-9 * abs(flutter.distance))
            let r = ClampingScrollSimulation.decelerationRate
            #expect(abs(flutter.duration - r * 0.35 * android.duration) < 1e-12)
        }
    }

    @Test func androidsConstants() {
        #expect(abs(ClampingScrollSimulation.decelerationRate - 2.3582018) < 1e-6)
        #expect(abs(ClampingScrollSimulation.physicalCoefficient - 51890.2) < 0.1)
        // A 1000 dp/s fling: l = ln(0.35·1000 / (0.015·51890.2)); 194.3 dp in 0.555 s.
        let s = SplineFlingSimulation(position: 0, velocity: 1000)
        #expect(abs(s.distance - 194.3) < 0.1)
        #expect(abs(s.duration - 0.5552) < 0.001)
        #expect(s.position(at: s.duration) == s.finalPosition && s.velocity(at: s.duration) == 0)
    }

    @Test func theSplineTableRisesFromZeroToOne() {
        let table = SplineFlingSimulation.splinePosition
        #expect(table.count == 101 && table[0] < 1e-4 && table[100] == 1)   // AOSP bisects to 1e-5
        #expect(zip(table, table.dropFirst()).allSatisfy { $0 < $1 })
        // Android's fling front-loads its travel: 86% of the distance in half the time, leaving at
        // 2.86× the mean speed ("Android's moves faster at the very beginning", Flutter's note).
        #expect(abs(table[50] - 0.8584) < 1e-4)
        #expect(abs(table[1] * 100 - 2.856) < 1e-3)
    }

    @Test func aClampedFlingStopsAtTheEdgeWhenItReachesIt() {
        let s = EdgeClampedSimulation(.spline(SplineFlingSimulation(position: 900, velocity: 3000)), lower: 0, upper: 1000)
        #expect(s.finalPosition == 1000)
        #expect(abs(s.fling.position(at: s.duration) - 1000) < 1e-6)
        #expect(s.position(at: s.duration) == 1000)
        #expect(s.position(at: s.duration * 0.5) < 1000)
    }
}

/// The physics in the scroll view: UIKit's callbacks and order, the platform's fling.
@Suite struct ScrollViewPhysicsTests {
    static func fling(_ physics: ScrollPhysicsKind, velocity: Double, contentHeight: Double = 20000,
                      frameRate: Double = 60) -> (FrameDriver, ScrollView) {
        let view = ScrollViewEventOrderTests.makeView(contentHeight: contentHeight)
        view.configuration.physics = physics
        let driver = FrameDriver(view, startFrame: 60)
        driver.play(ScrollViewEventOrderTests.fling(at: 1.0, velocity: Point(x: 0, y: -velocity)))
        while view.isMoving { driver.run(until: driver.time + 1.0 / frameRate) }
        return (driver, view)
    }

    @Test(arguments: ScrollPhysicsKind.allCases)
    func callbacksKeepUIKitsOrder(_ physics: ScrollPhysicsKind) {
        let (driver, view) = Self.fling(physics, velocity: 2000)
        #expect(driver.names == ["willBeginDragging", "willEndDragging", "didEndDragging", "willBeginDecelerating",
                                 "didEndDecelerating"])
        #expect(view.contentOffset.y == driver.releases[0].target.y)
    }

    @Test func androidTravelsItsSplineDistance() {
        let (driver, view) = Self.fling(.android, velocity: 2000)
        let release = driver.records.first { $0.event.name == "willEndDragging" }!
        let velocity = driver.releases[0].velocity.y * 1000
        // AOSP's OverScroller.getSplineFlingDistance, written out here (1 pt a dp, 160 dpi): friction 0.015,
        // inflexion 0.35, deceleration rate ln 0.78 / ln 0.9, physical coefficient g × 39.37 × ppi × 0.84.
        let decelerationRate = log(0.78) / log(0.9), physicalCoefficient = 9.80665 * 39.37 * 160 * 0.84, friction = 0.015
        let spline = friction * physicalCoefficient
            * exp(decelerationRate / (decelerationRate - 1) * log(0.35 * abs(velocity) / (friction * physicalCoefficient)))
        #expect(abs(velocity) > 1500)
        #expect(abs(view.contentOffset.y - (release.offset.y + spline)) < 0.01)
    }

    @Test func clampingPhysicsStopAtTheEdgeAndNeverPassIt() {
        for physics in [ScrollPhysicsKind.android, .flutterClamping] {
            let (driver, view) = Self.fling(physics, velocity: 6000, contentHeight: 1480)
            #expect(view.contentOffset.y == 1000)
            #expect(driver.records.allSatisfy { $0.offset.y <= 1000 })
        }
    }

    /// A flick into the edge the content rests at: clamping physics fling nothing (Flutter's
    /// `ClampingScrollPhysics.createBallisticSimulation` returns null there; RecyclerView gives the pulled
    /// edge effect the velocity), so the drag ends without deceleration; bouncing physics bounce.
    @Test(arguments: ScrollPhysicsKind.allCases)
    func aFlickIntoTheEdgeAtRestFlingsOnlyWithABounce(_ physics: ScrollPhysicsKind) {
        let (driver, view) = Self.fling(physics, velocity: -2000)
        #expect(view.contentOffset.y == 0)
        if physics.bounces {
            #expect(driver.willDecelerate == [true])
            #expect(driver.names.last == "didEndDecelerating")
        } else {
            #expect(driver.willDecelerate == [false])
            #expect(driver.names == ["willBeginDragging", "willEndDragging", "didEndDragging"])
            #expect(driver.releases[0].target.y == 0)
        }
    }

    @Test func flutterBouncingRunsPastTheEdgeAndComesBack() {
        let (driver, view) = Self.fling(.flutterBouncing, velocity: 4000, contentHeight: 1480)
        #expect(view.contentOffset.y == 1000)
        #expect(driver.records.contains { $0.offset.y > 1005 })
    }

    /// Releases are clamped to 8000 pt/s, except Flutter's bouncing physics at `fast`, which allows
    /// `kMaxFlingVelocity * 8.0` (scroll_physics.dart, `BouncingScrollPhysics.maxFlingVelocity`).
    @Test func theFlingLimitIsThePhysicsAtItsRate() {
        func release(_ physics: ScrollPhysicsKind, _ rate: DecelerationRate) -> Double {
            let view = ScrollViewEventOrderTests.makeView(contentHeight: 400_000)
            view.configuration.physics = physics
            view.decelerationRate = rate
            let driver = FrameDriver(view, startFrame: 60)
            driver.play(ScrollViewEventOrderTests.fling(at: 1.0, velocity: Point(x: 0, y: -15_000)))
            driver.run(until: 1.5)
            return driver.releases[0].velocity.y * 1000
        }
        let free = release(.flutterBouncing, .fast)
        #expect(free > 12_000 && free < 16_000)
        #expect(release(.flutterBouncing, .normal) == 8000)
        for physics in [ScrollPhysicsKind.ios, .android, .flutterClamping] {
            #expect(release(physics, .fast) == 8000)
        }
        #expect(ScrollPhysicsKind.flutterBouncing.maximumFlingVelocity(8000, rate: .fast) == 64_000)
        #expect(ScrollPhysicsKind.ios.maximumFlingVelocity(8000, rate: .fast) == 8000)
    }

    @Test func eachPhysicsHasItsOwnMinimumFling() {
        #expect(ScrollPhysicsKind.android.minimumFlingVelocity == 50)
        #expect(ScrollPhysicsKind.flutterBouncing.minimumFlingVelocity == 100)
        let (driver, _) = Self.fling(.android, velocity: 200)
        #expect(driver.willDecelerate == [true])
        let (ios, _) = Self.fling(.ios, velocity: 200)
        #expect(ios.willDecelerate == [false])
    }

    @Test(arguments: [ScrollPhysicsKind.android, .flutterBouncing, .flutterClamping])
    func frameRateIndependent(_ physics: ScrollPhysicsKind) {
        let (a, viewA) = Self.fling(physics, velocity: 3000, contentHeight: 2480, frameRate: 60)
        let (b, viewB) = Self.fling(physics, velocity: 3000, contentHeight: 2480, frameRate: 120)
        #expect(abs(viewA.contentOffset.y - viewB.contentOffset.y) < 1.0 / 3)
        #expect(a.names == b.names)
    }

    @Test func aClampingDragStopsAtTheEdgeAndComesBackAtOnce() {
        let view = ScrollViewEventOrderTests.makeView(contentHeight: 1480)
        view.configuration.physics = .android
        view.handle(PointerEvent(time: 1.0, position: Point(x: 160, y: 100), phase: .down))
        view.handle(PointerEvent(time: 1.1, position: Point(x: 160, y: 200), phase: .move))
        #expect(view.contentOffset.y == 0)
        view.handle(PointerEvent(time: 1.2, position: Point(x: 160, y: 150), phase: .move))
        #expect(view.contentOffset.y == 50)
    }
}
