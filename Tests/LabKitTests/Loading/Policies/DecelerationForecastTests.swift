import Foundation
import Testing
@testable import ScrollKit
import LabKit
import ScrollKitTestSupport

@Suite struct DecelerationForecastTests {
    let f = DecelerationForecast(startTime: 1, startOffset: 0, targetOffset: 2300, timeConstant: 0.5, viewportHeight: 450)

    @Test func timeConstantOfUIKitRates() {
        #expect(abs(DecelerationForecast.timeConstant(decelerationRate: 0.998) - 0.4995) < 1e-4)
        #expect(abs(DecelerationForecast.timeConstant(decelerationRate: 0.99) - 0.0995) < 1e-4)
    }

    @Test func offsetAndTimeAreInverse() {
        #expect(f.offset(at: 1) == 0)
        // The scroll view's decay: asymptote 2300 + 10 pt/s · τ = 2305, stopping on 2300 (B-DEC-1).
        #expect(abs(f.offset(at: 1.5) - 2305 * (1 - exp(-1.0))) < 1e-9)
        #expect(f.offset(at: 1 + 0.5 * log(2305.0 / 5)) == 2300)
        #expect(abs(f.time(reaching: f.offset(at: 1.7))! - 1.7) < 1e-9)
        #expect(f.time(reaching: 2300) == .infinity)
        #expect(f.time(reaching: 2400) == nil)
        #expect(f.time(reaching: -5) == nil)
    }

    @Test func visibleIntervals() {
        // Row 0 is on screen at the start and leaves when the offset passes 220.
        let row0 = f.visibleInterval(of: Rect(x: 5, y: 0, width: 150, height: 220))!
        #expect(row0.enter == 1)
        #expect(abs(row0.exit - (1 + 0.5 * log(2305.0 / 2085.0))) < 1e-9)
        // Row 11 (y 2530–2750) is on screen at rest.
        let row11 = f.visibleInterval(of: Rect(x: 5, y: 2530, width: 150, height: 220))!
        #expect(abs(row11.enter - (1 + 0.5 * log(2305.0 / 225.0))) < 1e-9)
        #expect(row11.exit == .infinity)
        // Row 12 (y 2760) is never on screen.
        #expect(f.visibleInterval(of: Rect(x: 5, y: 2760, width: 150, height: 220)) == nil)
        // Upward: from 2300 back to 0, row 11 leaves and row 0 arrives.
        let up = DecelerationForecast(startTime: 0, startOffset: 2300, targetOffset: 0, timeConstant: 0.5, viewportHeight: 450)
        #expect(up.visibleInterval(of: Rect(x: 5, y: 0, width: 150, height: 220))!.exit == .infinity)
        #expect(abs(up.visibleInterval(of: Rect(x: 5, y: 2530, width: 150, height: 220))!.exit - 0.5 * log(2305.0 / 2085.0)) < 1e-9)
    }

    /// Built on the scroll view's own motion, a forecast of a rewritten target follows the re-timed decay
    /// the content runs, not the rate's τ.
    @Test func followsTheScrollViewsMotionToARewrittenTarget() throws {
        final class Shorten: ScrollViewDelegate {
            func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                           targetContentOffset: inout Point) {
                targetContentOffset.y -= 300
            }
        }
        let view = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 450), contentSize: Size(width: 320, height: 50_000))
        let delegate = Shorten()
        view.delegate = delegate
        for event in SyntheticGesture.drag(from: Point(x: 100, y: 400), velocity: Point(x: 0, y: -1500), duration: 0.1, at: 0) {
            view.handle(event)
            view.advance(to: event.time)
        }
        let motion = try #require(view.motionForecast)
        let forecast = DecelerationForecast(motion, timeConstant: 0.4995, viewportHeight: 450)
        #expect(forecast.targetOffset == motion.target.y)
        #expect(forecast.timeConstant < 0.4)
        for step in 1...60 {
            let t = motion.startTime + Double(step) / 60
            #expect(abs(forecast.offset(at: t) - motion.offset(at: t).y) < 1e-9)
        }
        let halfway = (forecast.startOffset + forecast.targetOffset) / 2
        let when = try #require(forecast.time(reaching: halfway))
        #expect(abs(motion.offset(at: when).y - halfway) < 1e-6)
    }
}
