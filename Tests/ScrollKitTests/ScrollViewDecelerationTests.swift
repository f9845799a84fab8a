import Foundation
import Testing
@testable import ScrollKit

/// B-DEC-1 through the scroll view: the 10 pt/s stop, the pixel grid, and when didEndDecelerating comes.
@Suite struct ScrollViewDecelerationTests {
    /// Flings at `speed` pt/s (content), settles, and returns the release record, the lift time and the driver.
    static func fling(speed: Double, rate: DecelerationRate = .normal)
        -> (release: (velocity: Point, target: Point, proposed: Point), lift: Double, driver: FrameDriver) {
        let view = ScrollViewEventOrderTests.makeView(contentHeight: 100_000)
        view.decelerationRate = rate
        let driver = FrameDriver(view, startFrame: 60)
        let gesture = ScrollViewEventOrderTests.fling(at: 1.0, velocity: Point(x: 0, y: -speed))
        driver.play(gesture)
        driver.settle()
        return (driver.releases[0], gesture[gesture.count - 1].time, driver)
    }

    @Test func flingTravelsToTheTenPointsPerSecondStopOnThePixelGrid() {
        for (rate, distance) in [(DecelerationRate.normal, 494.5), (.fast, 98.5)] {
            let (release, _, driver) = Self.fling(speed: 1000, rate: rate)
            let start = driver.records.last { $0.event == .didEndDragging(willDecelerate: true) }!.offset.y
            #expect(abs(release.velocity.y - 1) < 1e-9)
            // Exactly the nearest @3x pixel to start + 494.5 (0.998) or 98.5 (0.99).
            let exact = start + 990 * rate.timeConstant
            #expect(abs(exact - start - distance) < 0.01)
            #expect(release.target.y == (exact * 3).rounded() / 3)
            #expect(driver.scrollView.contentOffset == release.target)
        }
    }

    @Test func didEndDeceleratingComesWhenTheMotionEnds() {
        // 1000 pt/s at 0.998: ~2.3 s after the release (the first 60 Hz frame after it).
        let (_, lift, driver) = Self.fling(speed: 1000)
        let end = driver.records.last { $0.event == .didEndDecelerating }!.time - lift
        #expect(end >= 2.29 && end <= 2.3 + 1.0 / 60)
        // The offset changes until the end: no frames of sub-pixel creeping, no frame without motion before it.
        let moves = driver.records.filter { $0.event == .didScroll && $0.time > lift }
        #expect(moves.last!.time == driver.records.last!.time)
        // iOS: a 481 pt/s fling is done 1.92 s after the release.
        let (_, lift481, driver481) = Self.fling(speed: 481)
        let end481 = driver481.records.last { $0.event == .didEndDecelerating }!.time - lift481
        #expect(abs(end481 - 1.92) <= 0.02 + 1.0 / 60)
    }

    @Test func lastFramesMoveAtTheStopSpeed() {
        // Just before the stop the view still moves at 10 pt/s (1/6 pt per frame), then stops on the target.
        let (release, lift, driver) = Self.fling(speed: 1000)
        let ys = driver.records.filter { $0.event == .didScroll && $0.time > lift }.map(\.offset.y)
        let step = ys[ys.count - 2] - ys[ys.count - 3]
        #expect(step > 0.1 && step < 0.25)
        #expect(ys.last == release.target.y)
    }
}

/// B-DEC-4: the minimum fling speed, 300 pt/s, from iOS recordings.
@Suite struct MinimumFlingTests {
    /// A steady vertical drag released at `speed` pt/s (content direction), 8 ms samples.
    static func release(at speed: Double) -> (FrameDriver, ScrollView) {
        let view = ScrollViewEventOrderTests.makeView(contentHeight: 5000)
        view.setContentOffset(Point(x: 0, y: 1000), animated: false, time: 0.5)
        let driver = FrameDriver(view, startFrame: 60)
        var events = [PointerEvent(time: 1.0, position: Point(x: 160, y: 400), phase: .down)]
        for i in 1...30 {
            let t = 1.0 + Double(i) * 0.008
            events.append(PointerEvent(time: t, position: Point(x: 160, y: 400 - 20 - speed * (t - 1.0)), phase: .move))
        }
        events.append(PointerEvent(time: events.last!.time + 0.004, position: events.last!.position, phase: .up))
        driver.play(events)
        while view.isMoving { driver.run(until: driver.time + 1.0 / 60) }
        return (driver, view)
    }

    @Test func theDefaultIsThreeHundredPointsPerSecond() {
        #expect(ScrollViewConfiguration().minimumFlingVelocity == 300)
    }

    @Test func aReleaseUnderTheMinimumStopsWhereItIs() {
        let (driver, view) = Self.release(at: 250)
        #expect(driver.willDecelerate == [false])
        #expect(driver.releases[0].velocity == .zero)
        #expect(abs(view.lastReleaseSpeed - 250) < 5)
        #expect(!driver.names.contains("willBeginDecelerating"))
    }

    @Test func aReleaseOverTheMinimumGlides() {
        let (driver, view) = Self.release(at: 350)
        #expect(driver.willDecelerate == [true])
        #expect(abs(driver.releases[0].velocity.y - 0.35) < 0.005)   // pt/ms, UIKit's unit
        #expect(abs(view.lastReleaseSpeed - 350) < 5)
        #expect(driver.names.last == "didEndDecelerating")
    }
}

/// Paging keeps its own, lower minimum: a slow flick still turns the page (100 pt/s threshold).
@Suite struct PagingMinimumFlingTests {
    @Test func aSlowFlickStillTurnsThePage() {
        let view = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480), contentSize: Size(width: 3200, height: 480))
        view.isPagingEnabled = true
        let driver = FrameDriver(view, startFrame: 60)
        var events = [PointerEvent(time: 1.0, position: Point(x: 200, y: 200), phase: .down)]
        for i in 1...20 {   // 200 pt/s to the left, past the slop: under the free fling's 300, over paging's 100
            let t = 1.0 + Double(i) * 0.008
            events.append(PointerEvent(time: t, position: Point(x: 200 - 11 - 200 * (t - 1.0), y: 200), phase: .move))
        }
        events.append(PointerEvent(time: events.last!.time + 0.004, position: events.last!.position, phase: .up))
        driver.play(events)
        while view.isMoving { driver.run(until: driver.time + 1.0 / 60) }
        #expect(view.contentOffset.x == 320)
    }
}
