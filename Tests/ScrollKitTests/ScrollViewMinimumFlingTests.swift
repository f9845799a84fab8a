import Testing
@testable import ScrollKit

/// B-DEC-5: the minimum fling. UIScrollView flings when the pan recognizer's last reading is at least
/// 250 pt/s (both axes together) and then flings with the blend of its last two readings; every iOS
/// recording in and around the 260–350 pt/s band agrees.
@Suite struct ScrollViewMinimumFlingTests {
    /// A drag from `start`: the pointer goes down, its first move (8 ms later) jumps 20 pt along each
    /// moving axis (past the slop), then it moves for one 8 ms interval per entry of `speeds` (content
    /// points per second) and lifts 4 ms after the last move. The release leaves at
    /// `start + 10 + Σ speed × 0.008` on an axis moving at every step.
    static func drag(_ speeds: [Point], from start: Point = Point(x: 0, y: 1000), rate: DecelerationRate = .normal,
                     contentSize: Size = Size(width: 320, height: 20_000),
                     physics: ScrollPhysicsKind = .ios) -> (FrameDriver, ScrollView) {
        let view = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480), contentSize: contentSize)
        view.decelerationRate = rate
        view.configuration.physics = physics
        view.setContentOffset(start, animated: false, time: 0.5)
        let driver = FrameDriver(view, startFrame: 60)
        var pointer = Point(x: 200, y: 400)
        var events = [PointerEvent(time: 1.0, position: pointer, phase: .down)]
        let first = speeds[0]
        pointer = pointer - Point(x: first.x == 0 ? 0 : (first.x > 0 ? 20 : -20), y: first.y == 0 ? 0 : (first.y > 0 ? 20 : -20))
        for (i, speed) in speeds.enumerated() {
            pointer = pointer - speed * 0.008  // the content moves against the pointer
            events.append(PointerEvent(time: 1.0 + Double(i + 1) * 0.008, position: pointer, phase: .move))
        }
        events.append(PointerEvent(time: events.last!.time + 0.004, position: pointer, phase: .up))
        driver.play(events)
        driver.settle()
        return (driver, view)
    }

    /// A steady vertical drag released at `speed` pt/s (content direction).
    static func release(at speed: Double, from start: Double = 1000, rate: DecelerationRate = .normal) -> (FrameDriver, ScrollView) {
        drag(Array(repeating: Point(x: 0, y: speed), count: 30), from: Point(x: 0, y: start), rate: rate)
    }

    @Test func theDefaultIsUIKitsTwoHundredFifty() {
        #expect(ScrollViewConfiguration().minimumFlingVelocity == 250)
        #expect(ScrollPhysicsKind.ios.minimumFlingVelocity == 250)
        #expect(ScrollViewConfiguration().effectiveMinimumFlingVelocity == 250)
    }

    /// UIKit's `scrollViewWillEndDragging` velocity and `targetContentOffset` for twelve releases on the
    /// iOS 26.5 Simulator (iPhone 17 Pro Max), from 263 to 5992 pt/s at both rates:
    /// samoylenkodmitry/Cranpose, `crates/cranpose-ui/src/tests/ios_fling_measurement.rs`,
    /// `TARGET_OFFSET_SAMPLES` (rate, offset at release, pt/ms, iOS target). The 262.6 pt/s release is
    /// inside the band and glides its whole decay distance (126 pt), as every one here does.
    static let cranposeTargets: [(rate: DecelerationRate, offset: Double, velocity: Double, target: Double)] = [
        (.normal, 400.00, 0.480_834, 635.333_3),
        (.normal, 1244.67, 0.495_222, 1487.0),
        (.normal, 1755.67, 0.307_760, 1904.333_4),
        (.normal, 2010.00, 0.262_579, 2136.0),
        (.normal, 2315.67, 0.677_054, 2649.0),
        (.normal, 2912.67, 1.381_048, 3597.666_7),
        (.normal, 4029.00, 2.530_246, 5288.0),
        (.normal, 5686.67, 5.613_967, 8486.0),
        (.fast, 8662.33, 0.756_662, 8736.667),
        (.fast, 9000.33, 1.193_017, 9118.0),
        (.fast, 9549.33, 2.347_413, 9782.0),
        (.fast, 10180.67, 5.991_895, 10776.0),
    ]

    @Test(arguments: cranposeTargets.indices)
    func everyRecordedReleaseGlidesToItsIOSTarget(_ index: Int) {
        let recording = Self.cranposeTargets[index]
        let speed = recording.velocity * 1000
        let (driver, view) = Self.release(at: speed, from: recording.offset - 10 - 0.24 * speed, rate: recording.rate)
        let released = driver.records.first { if case .willEndDragging = $0.event { return true }; return false }!
        #expect(abs(released.offset.y - recording.offset) < 0.01)
        #expect(driver.willDecelerate == [true])
        #expect(abs(driver.releases[0].velocity.y - recording.velocity) < 1e-6)
        #expect(abs(driver.releases[0].target.y - recording.target) <= 1)
        #expect(abs(view.contentOffset.y - recording.target) <= 1)
        #expect(driver.names.last == "didEndDecelerating")
    }

    @Test func aSteadyReleaseUnderTheMinimumStopsWhereItIs() {
        let (driver, view) = Self.release(at: 240)
        #expect(driver.willDecelerate == [false])
        #expect(driver.releases[0].velocity == .zero)
        #expect(abs(driver.releases[0].target.y - (1000 + 10 + 0.24 * 240)) < 1e-9)
        #expect(abs(view.lastReleaseSpeed - 240) < 1e-6)
        #expect(view.lastReleaseSpeed < view.minimumFlingVelocityInEffect)
        #expect(!driver.names.contains("willBeginDecelerating"))
    }

    @Test func aSteadyReleaseAtTheMinimumGlides() {
        let (driver, view) = Self.release(at: 251)
        #expect(driver.willDecelerate == [true])
        #expect(abs(driver.releases[0].velocity.y - 0.251) < 1e-9)  // pt/ms, UIKit's unit
        #expect(abs(view.lastReleaseSpeed - 251) < 1e-6)
        #expect(driver.names.last == "didEndDecelerating")
    }

    /// Why a band: the judged reading (0.8 × 230 + 0.2 × 200 = 224 pt/s) is not the release velocity
    /// (0.6 × 400 + 0.35 × 230 + 0.05 × 200 = 330.5 pt/s). A finger slowing at the lift stops dead though
    /// it reports a speed inside the band.
    @Test func aReleaseThatSlowsAtTheLiftStopsThoughItsVelocityIsInTheBand() {
        let speeds = Array(repeating: Point(x: 0, y: 400), count: 28) + [Point(x: 0, y: 230), Point(x: 0, y: 200)]
        let (driver, view) = Self.drag(speeds)
        #expect(driver.willDecelerate == [false])
        #expect(driver.releases[0].velocity == .zero)
        #expect(abs(view.lastReleaseSpeed - 224) < 1e-6)
    }

    /// And a finger speeding up at the lift glides with its (lower) release velocity: judged at
    /// 0.8 × 280 + 0.2 × 300 = 284 pt/s, it flings at 0.6 × 150 + 0.35 × 280 + 0.05 × 300 = 203 pt/s.
    @Test func aReleaseThatSpeedsUpAtTheLiftGlidesAtItsVelocity() {
        let speeds = Array(repeating: Point(x: 0, y: 150), count: 28) + [Point(x: 0, y: 280), Point(x: 0, y: 300)]
        let (driver, view) = Self.drag(speeds)
        #expect(driver.willDecelerate == [true])
        #expect(abs(driver.releases[0].velocity.y - 0.203) < 1e-9)
        #expect(abs(view.lastReleaseSpeed - 284) < 1e-6)
        let released = driver.records.first { if case .willEndDragging = $0.event { return true }; return false }!
        let distance = driver.releases[0].target.y - released.offset.y
        #expect(abs(distance - (203 - 10) * DecelerationRate.normal.timeConstant) <= 1.0 / 3)
    }

    /// UIKit judges both axes together (vx² + vy²): 180 pt/s on each axis is 254.6 pt/s and flings both;
    /// 170 on each (240.4) flings neither.
    @Test func aDiagonalReleaseIsJudgedByItsSpeed() {
        let big = Size(width: 20_000, height: 20_000)
        let (driver, view) = Self.drag(Array(repeating: Point(x: 180, y: 180), count: 30),
                                       from: Point(x: 1000, y: 1000), contentSize: big)
        #expect(driver.willDecelerate == [true])
        #expect(abs(driver.releases[0].velocity.x - 0.18) < 1e-9 && abs(driver.releases[0].velocity.y - 0.18) < 1e-9)
        #expect(abs(view.lastReleaseSpeed - 180 * 2.0.squareRoot()) < 1e-6)
        let (slower, _) = Self.drag(Array(repeating: Point(x: 170, y: 170), count: 30),
                                    from: Point(x: 1000, y: 1000), contentSize: big)
        #expect(slower.willDecelerate == [false])
        #expect(slower.releases[0].velocity == .zero)
    }

    @Test func anAxisTooSlowToTravelIsLeftStill() {
        // 5 pt/s sideways beside a 1000 pt/s fling: under the deceleration's 10 pt/s stop, it stays put.
        let (driver, view) = Self.drag(Array(repeating: Point(x: 5, y: 1000), count: 30),
                                       from: Point(x: 1000, y: 1000), contentSize: Size(width: 20_000, height: 20_000))
        #expect(driver.releases[0].velocity.x == 0)
        #expect(abs(driver.releases[0].velocity.y - 1) < 1e-9)
        let released = driver.records.first { if case .willEndDragging = $0.event { return true }; return false }!
        #expect(view.contentOffset.x == released.offset.x)
    }

    @Test func otherPhysicsJudgeTheirReleaseVelocityByTheirOwnMinimum() {
        // The release that slows at the lift (330.5 pt/s) flings under Android's 50 dp/s and Flutter's 100.
        let speeds = Array(repeating: Point(x: 0, y: 400), count: 28) + [Point(x: 0, y: 230), Point(x: 0, y: 200)]
        for physics in [ScrollPhysicsKind.android, .flutterBouncing, .flutterClamping] {
            let (driver, view) = Self.drag(speeds, physics: physics)
            #expect(driver.willDecelerate == [true])
            #expect(abs(driver.releases[0].velocity.y - 0.3305) < 1e-9)
            #expect(abs(view.lastReleaseSpeed - 330.5) < 1e-6)
            #expect(view.minimumFlingVelocityInEffect == physics.minimumFlingVelocity)
        }
    }
}

/// Paging keeps its own, lower minimum: a slow flick still turns the page (100 pt/s threshold).
@Suite struct PagingMinimumFlingTests {
    @Test func aSlowFlickStillTurnsThePage() {
        let view = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480), contentSize: Size(width: 3200, height: 480))
        view.isPagingEnabled = true
        let driver = FrameDriver(view, startFrame: 60)
        var events = [PointerEvent(time: 1.0, position: Point(x: 200, y: 200), phase: .down)]
        for i in 1...20 {   // 200 pt/s to the left, past the slop: under the free fling's 250, over paging's 100
            let t = 1.0 + Double(i) * 0.008
            events.append(PointerEvent(time: t, position: Point(x: 200 - 11 - 200 * (t - 1.0), y: 200), phase: .move))
        }
        events.append(PointerEvent(time: events.last!.time + 0.004, position: events.last!.position, phase: .up))
        driver.play(events)
        while view.isMoving { driver.run(until: driver.time + 1.0 / 60) }
        #expect(view.contentOffset.x == 320)
        #expect(view.lastReleaseSpeed >= view.minimumFlingVelocityInEffect)  // no "no glide" toast
    }
}
