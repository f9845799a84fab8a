import Testing
@testable import ScrollKit

/// The read-only forecast of the motion after a release: the very simulations the scroll view runs.
@Suite struct MotionForecastTests {
    /// A delegate that rewrites the target and, from inside `willEndDragging`, asks the scroll view what
    /// the release will do with the rewritten target.
    final class ForecastingDelegate: ScrollViewDelegate {
        let rewrite: (Point) -> Point
        var forecast: MotionForecast?
        init(rewrite: @escaping (Point) -> Point) { self.rewrite = rewrite }
        func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                       targetContentOffset: inout Point) {
            targetContentOffset = rewrite(targetContentOffset)
            forecast = scrollView.forecast(withVelocity: velocity, target: targetContentOffset)
        }
    }

    static func release(rewrite: @escaping (Point) -> Point) -> (ForecastingDelegate, FrameDriver, MotionForecast?) {
        let view = ScrollViewEventOrderTests.makeView(contentHeight: 100_000)
        let delegate = ForecastingDelegate(rewrite: rewrite)
        view.delegate = delegate
        let driver = FrameDriver(view, startFrame: 60)
        driver.play(ScrollViewEventOrderTests.fling(at: 1.0, velocity: Point(x: 0, y: -1000)))
        return (delegate, driver, view.motionForecast)
    }

    @Test func theForecastAtWillEndDraggingIsTheMotionThatRuns() throws {
        for rewrite in [{ (p: Point) in p }, { Point(x: $0.x, y: $0.y - 200) }, { Point(x: $0.x, y: $0.y + 150) }] {
            let (delegate, driver, running) = Self.release(rewrite: rewrite)
            let asked = try #require(delegate.forecast)
            let motion = try #require(running)
            #expect(asked.target == motion.target)
            #expect(asked.startTime == motion.startTime)
            for step in 0...150 {
                let t = motion.startTime + Double(step) / 60
                #expect(asked.offset(at: t) == motion.offset(at: t))
                #expect(asked.velocity(at: t) == motion.velocity(at: t))
            }
            // The content follows it frame by frame and stops on its target at its end time.
            let end = try #require(motion.endTime)
            driver.run(until: motion.startTime + 0.5)
            #expect(driver.scrollView.contentOffset == motion.offset(at: driver.time))
            driver.settle()
            #expect(driver.scrollView.contentOffset == motion.target)
            #expect(driver.scrollView.motionForecast == nil)
            let ended = try #require(driver.records.last { $0.event == .didEndDecelerating }).time
            #expect(ended >= end && ended < end + 1.0 / 60)
        }
    }

    @Test func aRewrittenTargetIsReachedByTheReTimedDecayNotTheRatesCurve() throws {
        let (_, _, natural) = Self.release { $0 }
        let (_, _, shorter) = Self.release { Point(x: $0.x, y: $0.y - 200) }
        let a = try #require(natural?.decay(along: .vertical)), b = try #require(shorter?.decay(along: .vertical))
        // Same release velocity, 200 pt less to go: τ = distance / (|v₀| − 10 pt/s).
        #expect(a.initialVelocity == b.initialVelocity)
        #expect(abs(b.timeConstant - b.distance / (b.initialVelocity - 10)) < 1e-12)
        #expect(b.timeConstant < a.timeConstant - 0.1)
        #expect(natural?.decay(along: .horizontal) == nil)
    }
}
