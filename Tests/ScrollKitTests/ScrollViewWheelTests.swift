import Testing
@testable import ScrollKit

@Suite struct ScrollViewWheelTests {
    static let page = ScrollViewPagingTests.page

    /// Plays frames at 60 Hz from `from` to `to` (seconds), settling a wheel scroll as the window does.
    static func frames(_ view: ScrollView, from: Double, to: Double) {
        var t = from
        while t <= to {
            view.settleWheelScroll(at: t)
            view.advance(to: t)
            t += 1.0 / 60
        }
    }

    static func names(_ records: [ScrollEventRecord]) -> [String] {
        records.map(\.event.name).filter { $0 != "didScroll" }
    }

    @Test func twoNotchesInThePagerSettleOnTheNextPage() {
        let view = ScrollViewPagingTests.makePager()
        var records: [ScrollEventRecord] = []
        view.eventHandler = { records.append($0) }
        view.wheelScroll(by: Point(x: 40, y: 0), time: 1.00)
        view.wheelScroll(by: Point(x: 40, y: 0), time: 1.03)
        Self.frames(view, from: 1.04, to: 1.17)
        #expect(view.contentOffset.x == 80)   // still scrolling: no settle before the pause
        Self.frames(view, from: 1.18, to: 2.0)
        #expect(view.contentOffset.x == Self.page)
        #expect(Self.names(records) == ["didEndScrollingAnimation"])
    }

    @Test func aNudgeGoesBackAndALongScrollStopsOnTheNearestPage() {
        #expect(ScrollView.settledPageOffset(from: 0, to: 20, pageSize: 220) == 0)
        #expect(ScrollView.settledPageOffset(from: 0, to: 27.5, pageSize: 220) == 220)
        #expect(ScrollView.settledPageOffset(from: 440, to: 400, pageSize: 220) == 220)
        #expect(ScrollView.settledPageOffset(from: 0, to: 500, pageSize: 220) == 440)
        #expect(ScrollView.settledPageOffset(from: 0, to: 560, pageSize: 220) == 660)
        #expect(ScrollView.settledPageOffset(from: 0, to: 30, pageSize: 0) == 30)
    }

    @Test func trackpadFractionsScrollInPointsAndSettleOnceAtTheEnd() {
        let view = ScrollViewPagingTests.makePager()
        // Precise deltas: 0.3 of a 40 pt notch every frame, 10 frames → 120 pt in small steps.
        for k in 0..<10 { view.wheelScroll(by: Point(x: 12, y: 0), time: 1 + Double(k) / 60) }
        #expect(abs(view.contentOffset.x - 120) < 1e-9)
        Self.frames(view, from: 1.2, to: 2.2)
        #expect(view.contentOffset.x == Self.page)
    }

    @Test func withoutPagingAWheelScrollStaysWhereItStops() {
        let view = ScrollViewPagingTests.makePager()
        view.isPagingEnabled = false
        view.wheelScroll(by: Point(x: 80, y: 0), time: 1)
        Self.frames(view, from: 1, to: 2)
        #expect(view.contentOffset.x == 80)
    }

    @Test func explicitWheelPagesSettleWithoutIsPagingEnabled() {
        let view = ScrollViewPagingTests.makePager()
        view.isPagingEnabled = false
        view.wheelPages = PageGrid(pageSize: Self.page)
        view.wheelScroll(by: Point(x: -40, y: 0), time: 1)   // at the left edge: nothing to settle
        view.wheelScroll(by: Point(x: 340, y: 0), time: 1.01)
        Self.frames(view, from: 1.02, to: 2.2)
        #expect(view.contentOffset.x == 2 * Self.page)
    }

    @Test func aDragAfterTheWheelTakesOverTheSettle() {
        let view = ScrollViewPagingTests.makePager()
        view.wheelScroll(by: Point(x: 80, y: 0), time: 1)
        // A quick drag to the right (content back towards page 0) before the wheel's pause.
        _ = view.touchDown(at: Point(x: 160, y: 240), time: 1.05)
        for k in 1...8 { view.touchMoved(to: Point(x: 160 + 8 * Double(k), y: 240), time: 1.05 + 0.008 * Double(k)) }
        view.touchUp(at: Point(x: 224, y: 240), time: 1.114)
        Self.frames(view, from: 1.12, to: 3)
        // The drag's paging decides (page 0), not the wheel (which would have gone on to page 1).
        #expect(view.contentOffset.x == 0)
    }
}
