import Testing
@testable import ScrollKit
import ScrollKitTestSupport

@Suite struct ScrollViewPagingTests {
    static let page = 220.0

    /// The pager of ARCH.md in frame mode: a 220 pt frame centred in the phone, touch area the full width.
    static func makePager(pages: Int = 10) -> ScrollView {
        let view = ScrollView(frame: Rect(x: 50, y: 0, width: 220, height: 480),
                              contentSize: Size(width: page * Double(pages), height: 480))
        view.touchArea = Rect(x: 0, y: 0, width: 320, height: 480)
        view.isPagingEnabled = true
        return view
    }

    static func horizontalFling(speed: Double, at time: Double, duration: Double = 0.048,
                                hold: Double = 0) -> [PointerEvent] {
        // Pointer moving left (negative speed in x) moves the content offset right.
        SyntheticGesture.drag(from: Point(x: 160, y: 240), velocity: Point(x: -speed, y: 0), duration: duration,
                              at: time, hold: hold)
    }

    @Test func pagingModesHaveTheirCommandLineNames() {
        #expect(PagingMode.allCases.map(\.rawValue) == ["none", "frame", "snap", "target"])
        #expect(PagingMode(rawValue: "snap") == .snap)
    }

    /// A flick of any speed whose drag stays on its page moves exactly one page (the drag itself moves the
    /// content: a fast flick is short, about 100 pt here).
    @Test func flingsOfAnySpeedMoveExactlyOnePage() {
        for speed in [300.0, 1000, 3000, 8000, -300, -1000, -3000, -8000] {
            let view = Self.makePager()
            view.setContentOffset(Point(x: 3 * Self.page, y: 0), animated: false, time: 0)
            let driver = FrameDriver(view, startFrame: 60)
            driver.play(Self.horizontalFling(speed: speed, at: 1.0, duration: 100 / abs(speed)))
            #expect(driver.willDecelerate == [true])
            driver.settle()
            let expected = (3 + (speed > 0 ? 1.0 : -1.0)) * Self.page
            #expect(view.contentOffset == Point(x: expected, y: 0), "speed \(speed)")
            #expect(driver.releases[0].target.x == expected)
            #expect(driver.names.last == "didEndDecelerating")
        }
    }

    /// B-PAGE-1 at the page-turn velocity (100 pt/s): a slow drag of about a tenth of a page released at
    /// 90 pt/s goes back to its page, at 110 pt/s on to the next; the motion after the lift is damped, every
    /// frame closer to the page and none past it.
    @Test func aReleaseTurnsThePageFromAHundredPointsASecondWithoutOvershoot() {
        for (speed, expectedPage) in [(90.0, 3.0), (110, 4), (-90, 3), (-110, 2)] {
            let view = Self.makePager()
            view.setContentOffset(Point(x: 3 * Self.page, y: 0), animated: false, time: 0)
            let driver = FrameDriver(view, startFrame: 60)
            driver.play(Self.horizontalFling(speed: speed, at: 1.0, duration: 0.24))
            #expect(abs(driver.releases[0].velocity.x * 1000 - speed) < 1, "released at \(driver.releases[0].velocity.x) pt/ms for \(speed)")
            let lift = driver.records.count
            driver.settle()
            let goal = expectedPage * Self.page
            #expect(view.contentOffset.x == goal, "speed \(speed)")
            let after = driver.records[lift...].map(\.offset.x)
            #expect(zip(after, after.dropFirst()).allSatisfy { abs($1 - goal) <= abs($0 - goal) }, "speed \(speed): always closer")
            #expect(after.allSatisfy { ($0 - goal) * (after[after.startIndex] - goal) >= 0 }, "speed \(speed): never past the page")
        }
    }

    @Test func aSlowReleaseGoesToTheNearestPageAndSaysItWillDecelerate() {
        for (drag, expectedPage) in [(0.4, 3.0), (0.6, 4.0), (-0.4, 3.0), (-0.6, 2.0)] {
            let view = Self.makePager()
            view.setContentOffset(Point(x: 3 * Self.page, y: 0), animated: false, time: 0)
            let driver = FrameDriver(view, startFrame: 60)
            // Drag `drag` pages (plus the slop) in 0.2 s, hold still, lift.
            let distance = drag * Self.page + (drag > 0 ? 10 : -10)
            driver.play(Self.horizontalFling(speed: distance / 0.2, at: 1.0, duration: 0.2, hold: 0.1))
            #expect(driver.releases[0].velocity == .zero)
            #expect(driver.willDecelerate == [true])
            driver.settle()
            #expect(view.contentOffset.x == expectedPage * Self.page, "drag \(drag)")
        }
    }

    /// B-PAGE-1 over random flings (some dragging the content across pages first): each release ends on a
    /// page less than a page from where it let go, on the fling's side at the page-turn velocity or more
    /// (never against it), else the nearest.
    @Test func neverMoreThanOnePagePerReleaseOverRandomFlings() {
        var random = SeededRandom(seed: 0x5C0_11AB)
        let view = Self.makePager(pages: 40)
        view.setContentOffset(Point(x: 20 * Self.page, y: 0), animated: false, time: 0)
        let driver = FrameDriver(view, startFrame: 60)
        var time = 1.0
        for _ in 0..<150 {
            let speed = Double.random(in: -12000...12000, using: &random)
            let duration = Double.random(in: 0.016...0.3, using: &random)
            let hold = Bool.random(using: &random) ? Double.random(in: 0.01...0.1, using: &random) : 0
            driver.play(Self.horizontalFling(speed: speed, at: time, duration: duration, hold: hold))
            let release = driver.records.last { $0.event.name == "willEndDragging" }!
            let velocity = driver.releases.last!.velocity.x * 1000
            driver.settle()
            let final = view.contentOffset.x, from = release.offset.x
            time = driver.time + 0.1
            #expect(final == (final / Self.page).rounded() * Self.page)
            // A release past an edge (rubber-banded) springs back to it.
            guard final > 0, final < 39 * Self.page else { continue }
            #expect(abs(final - from) <= Self.page)
            if abs(velocity) >= 100 { #expect((final - from) * velocity > 0) } else { #expect(abs(final - from) <= Self.page / 2) }
        }
        var grammar = CallbackGrammar(initialOffset: Point(x: 20 * Self.page, y: 0))
        for record in driver.records { grammar.accept(record) }
        #expect(grammar.violations == [])
    }

    @Test func snapAfterDecelerationIsLateAndEndsWithDidEndScrollingAnimation() {
        let view = Self.makePager()
        view.isPagingEnabled = false
        let counter = RewritingDelegate()
        let snap = SnapPagingBehavior(pageSize: Self.page, next: counter)
        view.delegate = snap
        let driver = FrameDriver(view, startFrame: 60)
        driver.play(Self.horizontalFling(speed: 1000, at: 1.0))
        #expect(driver.releases[0].target == driver.releases[0].proposed)  // no rewrite
        driver.settle()
        #expect(driver.names == ["willBeginDragging", "willEndDragging", "didEndDragging", "willBeginDecelerating",
                                 "didEndDecelerating", "didEndScrollingAnimation"])
        let decelerationEnd = driver.records.firstIndex { $0.event == .didEndDecelerating }!
        let natural = driver.records[decelerationEnd].offset.x
        #expect(natural != (natural / Self.page).rounded() * Self.page)  // rested off-page first
        #expect(driver.records[decelerationEnd...].filter { $0.event == .didScroll }.count >= 10)  // visible snap
        #expect(view.contentOffset.x == (natural / Self.page).rounded() * Self.page)
        #expect(counter.names == driver.names)  // everything forwarded
        #expect(counter.didScrollCount == driver.records.filter { $0.event == .didScroll }.count)
    }

    @Test func snapAfterAStillReleaseAndAfterACaughtDeceleration() {
        let view = Self.makePager()
        view.isPagingEnabled = false
        let snap = SnapPagingBehavior(pageSize: Self.page)
        view.delegate = snap
        let driver = FrameDriver(view, startFrame: 60)
        driver.play(Self.horizontalFling(speed: 1000, at: 1.0))
        driver.run(until: 1.4)
        driver.play(Self.horizontalFling(speed: 0, at: 1.41, duration: 0.1))
        driver.settle()
        #expect(driver.names == ["willBeginDragging", "willEndDragging", "didEndDragging", "willBeginDecelerating",
                                 "willBeginDragging", "willEndDragging", "didEndDragging", "didEndDecelerating",
                                 "didEndScrollingAnimation"])
        #expect(view.contentOffset.x == (view.contentOffset.x / Self.page).rounded() * Self.page)
        var grammar = CallbackGrammar()
        for record in driver.records { grammar.accept(record) }
        #expect(grammar.violations == [] && grammar.state == .idle)
    }

    @Test func targetRewriteLandsExactlyOnAPageSeveralPagesAway() {
        // Target mode: the scroll view spans the phone, pages of 220 pt, several per screen.
        let view = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480),
                              contentSize: Size(width: Self.page * 30 + 100, height: 480))
        let behavior = TargetPagingBehavior(pageSize: Self.page)
        view.delegate = behavior
        let driver = FrameDriver(view, startFrame: 60)
        driver.play(Self.horizontalFling(speed: 3000, at: 1.0))
        let release = driver.releases[0]
        #expect(release.target.x == (release.proposed.x / Self.page).rounded() * Self.page)
        #expect(release.target.x != release.proposed.x)
        driver.settle()
        #expect(abs(view.contentOffset.x - release.target.x) < 0.01)
        #expect(view.contentOffset.x > 2 * Self.page)
        #expect(!driver.names.contains("didEndScrollingAnimation"))
        #expect(driver.names.last == "didEndDecelerating")
    }

    @Test func nearestPageOffsetFollowsTheSeed() {
        let grid = PageGrid(pageSize: 220)
        #expect(grid.nearestPageOffset(for: Point(x: 329, y: 7)) == Point(x: 220, y: 7))
        #expect(grid.nearestPageOffset(for: Point(x: 330, y: 7)) == Point(x: 440, y: 7))  // roundf: half away from zero
        #expect(PageGrid(pageSize: 0).nearestPageOffset(for: Point(x: 5, y: 5)) == Point(x: 5, y: 5))
        #expect(PageGrid(pageSize: 100, axis: .vertical).nearestPageOffset(for: Point(x: 5, y: 149)) == Point(x: 5, y: 100))
    }
}
