import Testing
@testable import ScrollKit
import LabKit

@Suite struct PagerSceneTests {
    /// A point in the middle of the pager band, on the current page.
    static let centre = Point(x: 200, y: 260)

    /// A scene resting on page `page`.
    static func scene(_ mode: PagingMode, atPage page: Int = 0) -> PagerScene {
        let scene = PagerScene(mode: mode)
        scene.scrollView.setContentOffset(Point(x: 220 * Double(page), y: 0), animated: false, time: 0)
        return scene
    }

    static func isOnPage(_ x: Double, tolerance: Double = 1e-6) -> Bool {
        abs(x - (x / 220).rounded() * 220) <= tolerance
    }

    /// A wheel scroll settles on a page 0.15 s after its last delta in the headless replay as in the window:
    /// the scene is not settled while it waits, so the replay runs its frames on (it used to end at once,
    /// between pages, or settle only when a later input came).
    @Test(arguments: PagingMode.allCases)
    func aWheelScrollSettlesOnAPageAfterItsPause(_ mode: PagingMode) {
        let notch = PointerEvent.wheel(time: 0, position: Self.centre, delta: Point(x: 0, y: 40), isPrecise: false)
        let scene = Self.scene(mode)
        let result = HeadlessReplay().run([notch], on: scene)
        guard mode != .none else {
            #expect(result.finalOffset.x == 40)
            return
        }
        // 40 pt is past ⅛ of a 220 pt page: it goes on to the next.
        #expect(result.isSettled && result.finalOffset.x == 220)
        let settle = result.callbacks.first { $0.event.name == "didEndScrollingAnimation" }
        #expect(settle != nil && settle!.time > ScrollView.wheelQuietTime && settle!.time < 1)
        // A later input does not hold the settle back.
        let tap = PointerEvent(time: 2, position: Point(x: 160, y: 20), phase: .down)
        let withTap = HeadlessReplay().run([notch, tap, PointerEvent(time: 2.05, position: Point(x: 160, y: 20), phase: .up)],
                                           on: Self.scene(mode))
        #expect(withTap.callbacks.first { $0.event.name == "didEndScrollingAnimation" }?.time == settle?.time)
    }

    // MARK: - Frame mode (pagingEnabled, B-PAGE-1)

    /// The pager's touch area is wider than its 220 pt frame (and a drag may leave it), so one drag can carry
    /// the content past a page. The page is chosen from the offset at the release: a forward flick 1.3 pages
    /// on goes to the next page (it used to slide back against the flick to the page after the touch-down's),
    /// and a still release 2.3 pages on to the nearest (it used to animate back 1.3 pages).
    @Test func aDragAcrossPagesChoosesFromTheRelease() {
        func drag(by distance: Double, still: Bool) -> HeadlessReplayResult {
            var events = [PointerEvent(time: 0, position: Point(x: 310, y: 260), phase: .down)]
            for k in 1...36 {
                events.append(PointerEvent(time: Double(k) / 120, position: Point(x: 310 - distance * Double(k) / 36, y: 260), phase: .move))
            }
            if still { events.append(PointerEvent(time: 0.5, position: Point(x: 310 - distance, y: 260), phase: .move)) }
            events.append(PointerEvent(time: still ? 0.6 : 0.301, position: Point(x: 310 - distance, y: 260), phase: .up))
            return HeadlessReplay().run(events, on: Self.scene(.frame))
        }
        let flick = drag(by: 300, still: false)
        let release = flick.callbacks.first { $0.event.name == "willEndDragging" }!
        #expect(release.offset.x > 280 && release.offset.x < 300)
        #expect(flick.finalOffset.x == 440)
        let still = drag(by: 510, still: true)
        #expect(still.callbacks.first { $0.event.name == "willEndDragging" }!.offset.x > 490)
        #expect(still.finalOffset.x == 440)
    }

    @Test(arguments: [(500.0, 6), (2000.0, 6), (8000.0, 2)])
    func frameFlingMovesExactlyOnePage(speed: Double, steps: Int) {
        for direction in [-1.0, 1.0] {
            let scene = Self.scene(.frame, atPage: 3)
            let gesture = PagerDrag.events(from: Self.centre, speed: direction * speed, steps: steps)
            let result = HeadlessReplay().run(gesture, on: scene)
            let expected = direction < 0 ? 880.0 : 440.0   // next page in the fling direction
            #expect(result.isSettled)
            #expect(abs(result.finalOffset.x - expected) <= 1e-6, "speed \(speed) direction \(direction)")
            #expect(Self.isOnPage(result.finalOffset.x))
            #expect(abs(result.finalOffset.x - 660) <= 220 + 1e-6)
        }
    }

    @Test func frameSlowDragsLandOnTheNearestPage() {
        // 96 pt then a still release: page 3 stays nearest.
        var scene = Self.scene(.frame, atPage: 3)
        var result = HeadlessReplay().run(PagerDrag.events(from: Self.centre, speed: -50, steps: 240, pause: 0.1), on: scene)
        #expect(abs(result.finalOffset.x - 660) <= 1e-6)
        // 160 pt then a still release: past half a page, page 4 is nearest.
        scene = Self.scene(.frame, atPage: 3)
        result = HeadlessReplay().run(PagerDrag.events(from: Self.centre, speed: -100, steps: 200, pause: 0.1), on: scene)
        #expect(abs(result.finalOffset.x - 880) <= 1e-6)
        #expect(scene.currentPage == 4)
    }

    @Test func frameModeFrameIsOnePageAndTheSettingSaysSo() {
        let scene = PagerScene(mode: .frame)
        #expect(scene.scrollView.frame == Rect(x: 50, y: 150, width: 220, height: 220))
        #expect(scene.scrollView.isPagingEnabled)
        #expect(scene.settingLines.map(\.serialized) ==
            [#"{"event":"setting","name":"pager","value":{"pageWidth":220,"frameWidth":220,"mode":"frame"}}"#])
    }

    // MARK: - Target rewrite (B-PAGE-4)

    @Test func targetStrongFlingTravelsSeveralPagesAndLandsExactly() throws {
        let scene = Self.scene(.target)
        #expect(scene.scrollView.frame.width == 320)
        let result = HeadlessReplay().run(PagerDrag.events(from: Self.centre, speed: -3000, steps: 4), on: scene)
        let willEnd = try #require(result.records.first { $0.event.name == "willEndDragging" })
        guard case let .willEndDragging(_, target, proposed) = willEnd.event else { Issue.record("no target"); return }
        #expect(Self.isOnPage(target.x, tolerance: 1e-9))
        #expect(target.x > 220)                         // more than one page
        #expect(proposed.x != target.x)                 // the rewrite happened
        #expect(abs(target.x - (proposed.x / 220).rounded() * 220) <= 1e-9)
        #expect(abs(result.finalOffset.x - target.x) <= 0.01)
        #expect(!result.records.contains { $0.event == .didEndScrollingAnimation })
        #expect(result.records.contains { $0.event == .didEndDecelerating })
        #expect(scene.currentPage == Int((target.x / 220).rounded()))
    }

    // MARK: - Snap after deceleration (B-PAGE-3)

    @Test func snapDeceleratesThenAnimatesToTheNearestPage() throws {
        let scene = Self.scene(.snap)
        let result = HeadlessReplay().run(PagerDrag.events(from: Self.centre, speed: -1000, steps: 5), on: scene)
        let names = result.callbacks.map(\.event.name)
        let endDecel = try #require(names.firstIndex(of: "didEndDecelerating"))
        let endAnim = try #require(names.lastIndex(of: "didEndScrollingAnimation"))
        #expect(endDecel < endAnim)
        // The deceleration stopped between pages; the snap came after it, visibly.
        let restX = result.callbacks[endDecel].offset.x
        #expect(!Self.isOnPage(restX, tolerance: 1))
        #expect(Self.isOnPage(result.finalOffset.x))
        #expect(abs(result.finalOffset.x - (restX / 220).rounded() * 220) <= 1e-6)
        #expect(result.records.last?.event == .didEndScrollingAnimation)
    }

    @Test func snapAfterAStillReleaseToo() {
        let scene = Self.scene(.snap, atPage: 2)
        let result = HeadlessReplay().run(PagerDrag.events(from: Self.centre, speed: -100, steps: 100, pause: 0.1), on: scene)
        let names = result.callbacks.map(\.event.name)
        #expect(names.contains("didEndDragging"))
        #expect(!names.contains("didEndDecelerating"))
        #expect(names.last == "didEndScrollingAnimation")
        #expect(abs(result.finalOffset.x - 440) <= 1e-6)   // 80 pt from page 2: back to it
    }

    // MARK: - Touch bridging (B-PAGE-2)

    @Test func dragOnTheLeftNeighbourScrollsTheFramePager() {
        let scene = Self.scene(.frame, atPage: 3)
        let start = Point(x: 10, y: 260)
        #expect(!scene.scrollView.frame.contains(start))   // outside the 220 pt frame
        let result = HeadlessReplay().run(PagerDrag.events(from: start, speed: 100, steps: 200, pause: 0.1), on: scene)
        #expect(result.records.contains { $0.event == .willBeginDragging })
        #expect(result.records.contains { $0.event == .didScroll && $0.offset.x < 540 })
        #expect(abs(result.finalOffset.x - 440) <= 1e-6)
    }

    @Test func dragAboveThePagerBandDoesNotScroll() {
        let scene = Self.scene(.frame, atPage: 3)
        let result = HeadlessReplay().run(PagerDrag.events(from: Point(x: 160, y: 110), speed: -2000, steps: 6), on: scene)
        #expect(result.records.isEmpty)
        #expect(result.finalOffset.x == 660)
    }

    // MARK: - Linked scrolling (B-LINK-1) and the pool

    @Test(arguments: PagingMode.allCases)
    func stripParallaxAndPoolFollowEveryDidScroll(mode: PagingMode) {
        let scene = Self.scene(mode, atPage: 5)
        var didScrolls = 0
        var stripMismatches = 0
        var unboundVisiblePages = 0
        scene.scrollView.eventHandler = { [unowned scene] record in
            guard record.event == .didScroll else { return }
            didScrolls += 1
            let x = record.offset.x
            if scene.titleStripOffset != x * 120 / 220 || scene.parallaxOffset != x * 0.35 { stripMismatches += 1 }
            let bound = Set(scene.pages.map(\.page))
            for page in 0..<12 where scene.layout.bubbleFrame(page: page, offsetX: x).intersects(
                Rect(x: 0, y: 0, width: 320, height: 480)) && !bound.contains(page) {
                unboundVisiblePages += 1
            }
        }
        let flings = PagerDrag.events(from: Self.centre, speed: -6000, steps: 3, at: 1)
            + PagerDrag.events(from: Self.centre, speed: 6000, steps: 3, at: 1.05)
            + PagerDrag.events(from: Self.centre, speed: 8000, steps: 3, at: 4)
            + PagerDrag.events(from: Point(x: 300, y: 200), speed: -400, steps: 30, at: 8)
        let result = HeadlessReplay().run(flings, on: scene)
        #expect(result.isSettled)
        #expect(didScrolls > 30)
        #expect(stripMismatches == 0)
        #expect(unboundVisiblePages == 0)
        #expect(scene.pool.viewsCreated == PagerScene.poolCapacity)
        #expect(scene.pages.count == PagerScene.poolCapacity)
        #expect(scene.summary.map(\.0) == ["viewsCreated"])
        #expect(scene.summary.first?.1 == .int(5))
    }

    @Test func switchingModeKeepsThePageAndReshapesTheFrame() {
        let scene = Self.scene(.frame, atPage: 4)
        scene.mode = .target
        #expect(scene.scrollView.frame == Rect(x: 0, y: 150, width: 320, height: 220))
        #expect(scene.scrollView.contentSize.width == 2740)
        #expect(!scene.scrollView.isPagingEnabled)
        #expect(scene.scrollView.contentOffset.x == 880)
        #expect(scene.layout.bubbleFrame(page: 4, offsetX: scene.scrollView.contentOffset.x).center.x == 160)
        #expect(scene.settingLines.first?.serialized.contains(#""frameWidth":320,"mode":"target""#) == true)
        scene.mode = .snap
        let result = HeadlessReplay().run(PagerDrag.events(from: Self.centre, speed: -1000, steps: 5), on: scene)
        #expect(result.records.last?.event == .didEndScrollingAnimation)   // the snap behaviour is live
    }

    /// A mode switched mid-glide stops the glide, and a paging mode then settles on the nearer page: never
    /// at rest between two (P in the window during a fling).
    @Test func switchingModeMidGlideSettlesOnAPage() {
        for mode in [PagingMode.frame, .snap, .target] {
            let scene = Self.scene(.none)
            let fling = PagerDrag.events(from: Self.centre, speed: -1000, steps: 8)
            for event in fling { scene.advance(to: event.time); scene.pointer(event) }
            scene.advance(to: fling.last!.time + 0.3)
            #expect(scene.scrollView.isDecelerating)
            scene.mode = mode
            scene.advance(to: fling.last!.time + 1.5)
            #expect(Self.isOnPage(scene.scrollView.contentOffset.x), "\(mode): at rest on a page, not \(scene.scrollView.contentOffset.x)")
            #expect(!scene.scrollView.isDecelerating && scene.scrollView.targetContentOffset == nil)
        }
    }
}
