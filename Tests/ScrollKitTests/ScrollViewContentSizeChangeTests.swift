import Testing
@testable import ScrollKit

/// The content's size changed during a deceleration (UIKit steps its deceleration against the content's
/// edges every frame): a fling runs on over content that grew past the end it was headed for, as an
/// endless feed appends in `didScroll`; content that shrank under the target brings the motion back inside;
/// a change that leaves the target where it was changes nothing. The callbacks keep their order.
@Suite struct ScrollViewContentSizeChangeTests {
    /// Flings 3000 pt/s up over content `height` tall, running `during` at each frame after the lift, and
    /// settles: the driver.
    static func fling(contentHeight height: Double, during: (ScrollView) -> Void = { _ in }) -> FrameDriver {
        let view = ScrollViewEventOrderTests.makeView(contentHeight: height)
        let driver = FrameDriver(view, startFrame: 60)
        let gesture = ScrollViewEventOrderTests.fling(at: 1.0, velocity: Point(x: 0, y: -3000))
        driver.play(gesture)
        while view.isMoving, driver.time < 30 {
            during(view)
            driver.run(until: driver.time + 1.0 / 60)
        }
        ScrollViewEventOrderTests.expectValidGrammar(driver)
        return driver
    }

    @Test func aFlingRunsOnOverContentThatGrew() {
        let tall = Self.fling(contentHeight: 100_000).scrollView.contentOffset.y
        // An endless feed: 1500 pt more whenever the offset comes within a screen of the end.
        let endless = Self.fling(contentHeight: 2000) { view in
            if view.contentOffset.y > view.contentSize.height - 2 * view.frame.height {
                view.contentSize.height += 1500
            }
        }
        #expect(tall > 1500)
        #expect(abs(endless.scrollView.contentOffset.y - tall) < 1, "\(endless.scrollView.contentOffset.y) against \(tall)")
        #expect(endless.names.filter { $0 == "didEndDecelerating" }.count == 1)
    }

    @Test func contentThatShrankUnderTheTargetBringsTheMotionInside() {
        var shrunk = false
        let driver = Self.fling(contentHeight: 100_000) { view in
            guard !shrunk, view.contentOffset.y > 400 else { return }
            view.contentSize.height = 1200
            shrunk = true
        }
        #expect(shrunk)
        #expect(driver.scrollView.contentOffset.y == 1200 - 480)
    }

    @Test func aChangeThatLeavesTheTargetChangesNothing() {
        let plain = Self.fling(contentHeight: 100_000)
        let grown = Self.fling(contentHeight: 100_000) { view in view.contentSize.height += 10 }
        #expect(plain.scrollView.contentOffset == grown.scrollView.contentOffset)
        #expect(plain.records.filter { $0.event == .didScroll }.map(\.offset) == grown.records.filter { $0.event == .didScroll }.map(\.offset))
    }
}
