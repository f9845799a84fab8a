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
