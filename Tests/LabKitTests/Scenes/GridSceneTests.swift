import Testing
@testable import LabKit
@testable import ScrollKit
import ScrollKitTestSupport

/// A source whose workers finish even when cancelled (a real decode already under way): the late
/// results still come back and must not reach a rebound view.
private struct StubbornSource: ImageSource {
    var inner = VirtualImageSource()
    mutating func begin(_ ticket: LoadTicket, time: Double) { inner.begin(ticket, time: time) }
    mutating func cancel(_ ticket: LoadTicket) {}
    mutating func nextCompletion(upTo time: Double) -> LoadCompletion? { inner.nextCompletion(upTo: time) }
}

@Suite struct GridSceneTests {
    func scene(_ policy: LoadingPolicyKind, source: (any ImageSource)? = nil) -> GridScene {
        var config = GridSceneConfiguration()
        config.policy = policy
        return GridScene(configuration: config, source: source)
    }

    /// Fast flings down, a catch, a fling back up, another fling down: reversals at speed.
    var flingsAndReversals: [PointerEvent] {
        SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -3000), duration: 0.1, at: 0)
            + SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -4000), duration: 0.08, at: 0.4)
            + SyntheticGesture.drag(from: Point(x: 160, y: 100), velocity: Point(x: 0, y: 3500), duration: 0.1, at: 0.9)
            + SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -2500), duration: 0.1, at: 2.5)
    }

    /// Drives `events` frame by frame at 60 Hz and checks every frame with `check`.
    func drive(_ s: GridScene, _ events: [PointerEvent], until end: Double, check: (GridScene) -> Void) {
        var next = 0
        var frame = 0
        while Double(frame) / 60 <= end {
            let t = Double(frame) / 60
            while next < events.count, events[next].time <= t { s.pointer(events[next]); next += 1 }
            s.advance(to: t)
            check(s)
            frame += 1
        }
    }

    @Test(arguments: LoadingPolicyKind.allCases)
    func sixViewsUnderFastFlingsAndReversalsWithoutStaleImages(_ policy: LoadingPolicyKind) {
        let s = scene(policy)
        var maxOffset = 0.0, frames = 0
        drive(s, flingsAndReversals, until: 8) { s in
            frames += 1
            maxOffset = max(maxOffset, s.scrollView.contentOffset.y)
            let tiles = s.tiles
            #expect(tiles.count == 6)
            #expect(tiles.map(\.view) == [0, 1, 2, 3, 4, 5])
            // The six views show six different items, each one its own image or none.
            let items = tiles.compactMap(\.item)
            #expect(Set(items).count == items.count)
            for tile in tiles {
                if case let .shown(key, alpha) = tile.image {
                    #expect(key == ImageKey(item: tile.item!, assetCount: 72))
                    #expect(alpha >= 0 && alpha <= 1)
                }
            }
        }
        #expect(maxOffset > 2000)                 // the flings really went far
        #expect(s.pool.viewsCreated == 6)
        #expect(s.pool.rebindCount > 30)
        #expect(s.metrics.staleFrames == 0)
        #expect(s.metrics.cacheHitFades == 0)
        #expect(s.summary.first?.0 == "viewsCreated")
        #expect(s.summary.first?.1 == .int(6))
    }

    @Test(arguments: LoadingPolicyKind.allCases)
    func metricsAreDeterministic(_ policy: LoadingPolicyKind) {
        let a = scene(policy), b = scene(policy)
        let ra = HeadlessReplay().run(flingsAndReversals, on: a)
        let rb = HeadlessReplay().run(flingsAndReversals, on: b)
        #expect(ra.isSettled && rb.isSettled)
        #expect(a.metrics == b.metrics)
        #expect(a.metrics.loadsIssued > 0)
        #expect(a.metrics.loadsIssued == a.metrics.loadsCompleted + a.metrics.loadsCancelled)
        #expect(a.pipeline.isIdle)
    }

    @Test func aLateResultForARecycledViewNeverShowsThere() {
        let s = scene(.eager, source: StubbornSource())
        s.advance(to: 0)                                    // binds 0–5, loads them (all 6 run: 6 connections)
        #expect(s.pipeline.running.count == 6)
        #expect(s.tiles.map(\.image) == Array(repeating: .loading, count: 6))
        // Before anything arrives, jump far: every view is rebound and its pending load dropped.
        s.scrollView.setContentOffset(Point(x: 0, y: 2300), animated: false, time: 0.03)
        s.advance(to: 0.05)
        #expect(s.pool.items == [24, 25, 20, 21, 22, 23])
        #expect(s.pipeline.loadsCancelled == 6)
        // The old loads finish anyway at 0.086 s: they reach neither the views nor the cache.
        var frame = 4
        while Double(frame) / 60 < 0.5 {
            s.advance(to: Double(frame) / 60)
            for tile in s.tiles {
                if case let .shown(key, _) = tile.image { #expect(key == ImageKey(item: tile.item!, assetCount: 72)) }
            }
            frame += 1
        }
        for old in 0..<6 { #expect(!s.pipeline.cache.contains(ImageKey(asset: old))) }
        #expect(s.metrics.staleFrames == 0)
        #expect(s.tiles.allSatisfy { if case .shown = $0.image { true } else { false } })
    }

    @Test func diskImagesFadeInOverAQuarterSecondAndCacheHitsAppearAtOnce() {
        let s = scene(.eager)
        s.advance(to: 0)
        s.advance(to: 5.0 / 60)                             // 0.083: nothing yet (loads finish at 0.086)
        #expect(s.tiles[0].image == .loading)
        s.advance(to: 6.0 / 60)                             // 0.1: arrived, fade starts at this frame
        #expect(s.tiles[0].image == .shown(key: ImageKey(asset: 0), alpha: 0))
        s.advance(to: 6.0 / 60 + 0.125)
        guard case let .shown(_, half) = s.tiles[0].image else { Issue.record("not shown"); return }
        #expect(abs(half - 0.5) < 1e-9)
        s.advance(to: 0.5)
        #expect(s.tiles[0].image == .shown(key: ImageKey(asset: 0), alpha: 1))
        // Away (items 4–9) and back: items 0–3 are memory-cache hits, shown opaque in the same frame.
        s.scrollView.setContentOffset(Point(x: 0, y: 460), animated: false, time: 0.6)
        s.advance(to: 0.65)
        s.advance(to: 1.0)
        s.scrollView.setContentOffset(Point(x: 0, y: 0), animated: false, time: 1.1)
        s.advance(to: 1.1)
        for v in 0..<4 {
            #expect(s.tiles[v].item == v)
            #expect(s.tiles[v].image == .shown(key: ImageKey(asset: v), alpha: 1))
        }
        #expect(s.metrics.cacheHitFades == 0)
        #expect(s.metrics.loadsIssued == 10)                 // 0–9 once each; no reload of 0–3
    }

    @Test func deferredLeavesDeceleratingTilesEmptyAndFillsThemAtRest() {
        let s = scene(.deferred)
        let fling = SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -3000), duration: 0.1, at: 0)
        var sawEmptyWhileDecelerating = false
        drive(s, fling, until: 6) { s in
            if s.scrollView.isDecelerating, !s.userDragging,
               s.tiles.contains(where: { $0.image == .none && $0.item.map { s.isVisible($0) } == true }) {
                sawEmptyWhileDecelerating = true
            }
        }
        #expect(sawEmptyWhileDecelerating)
        #expect(!s.scrollView.isMoving)
        for tile in s.tiles where s.isVisible(tile.item!) {
            guard case .shown = tile.image else { Issue.record("tile \(tile.view) empty at rest"); continue }
        }
    }

    @Test func seedProblemTwoLeavesTilesEmptyAtRest() {
        var config = GridSceneConfiguration()
        config.policy = .deferred
        config.seedProblem = .noLoadAfterDeceleration
        let s = GridScene(configuration: config)
        let fling = SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -3000), duration: 0.1, at: 0)
        let result = HeadlessReplay().run(fling, on: s)
        let empty = s.tiles.filter { s.isVisible($0.item!) && $0.image == .none }
        #expect(!empty.isEmpty)
        // Empty visible tiles keep the scene unsettled: the replay runs to its cap, and the blank
        // time keeps growing, as it would on screen.
        #expect(!result.isSettled)
        #expect(result.endTime > 120)
        #expect(s.metrics.blankTileSeconds > 100)
        // The fixed form settles right after the loads it starts at the end of the deceleration.
        let fixed = GridScene(configuration: { var c = config; c.seedProblem = nil; return c }())
        let fixedResult = HeadlessReplay().run(fling, on: fixed)
        #expect(fixedResult.isSettled)
        #expect(fixedResult.endTime < 10)
    }

    /// A fast fling down, then a finger that catches the deceleration at 0.5 s and drags on slowly for a
    /// second, holding the tiles the fling left on screen, and lifts still.
    var catchAndHold: [PointerEvent] {
        SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -3000), duration: 0.1, at: 0)
            + SyntheticGesture.drag(from: Point(x: 160, y: 300), velocity: Point(x: 0, y: -60), duration: 1.0, at: 0.5, hold: 0.2)
    }

    /// B-EVT-2: `userDragging` is true from willBeginDragging to didEndDragging, frame by frame: while the first
    /// drag moves, and while the finger holds the caught deceleration (the scroll view's isDragging and
    /// isDecelerating both true then, as during the deceleration itself, where the flag is false).
    @Test func userDraggingFollowsTheFingerThroughACaughtDeceleration() {
        let s = scene(.deferred)
        var moving = 0, caught = 0, decelerating = 0
        drive(s, catchAndHold, until: 3) { s in
            let v = s.scrollView, at = "at \(v.currentTime) s"
            if !v.isTracking { #expect(!s.userDragging, "\(at): no finger down") }
            if v.isTracking && v.isDecelerating { #expect(s.userDragging, "\(at): a finger holds the caught deceleration"); caught += 1 }
            if v.isDragging && !v.isTracking && v.isDecelerating { decelerating += 1 }
            if s.userDragging && !v.isDecelerating { moving += 1 }
        }
        #expect(moving > 0 && caught > 0 && decelerating > 0, "\(moving) frames dragging, \(caught) caught, \(decelerating) decelerating")
    }

    /// Seed problems 1 and 3 in the scene (B-POL-1): while a finger holds a caught deceleration, the fixed
    /// Deferred loads the tiles on screen (the drag is the user's: `userDragging`); judged by the scroll
    /// view's flags (1) the hold counts as deceleration and its loads wait for the lift, and without the load
    /// in willBeginDragging (3) the tiles the fling left empty stay so. Each broken form leaves more blank time
    /// for no more loads.
    @Test func seedProblemsOneAndThreeLeaveAHeldCatchBlank() {
        func run(_ problem: SeedProblem?) -> LoadMetrics {
            var config = GridSceneConfiguration()
            config.policy = .deferred
            config.seedProblem = problem
            let s = GridScene(configuration: config)
            _ = HeadlessReplay().run(catchAndHold, on: s)
            return s.metrics
        }
        let fixed = run(nil)
        for problem in [SeedProblem.judgesDraggingByScrollViewFlags, .noLoadOnNewDrag] {
            let broken = run(problem)
            #expect(broken.loadsIssued <= fixed.loadsIssued,
                    "problem \(problem.rawValue): \(broken.loadsIssued) loads, \(broken.blankTileSeconds) tile·s; fixed \(fixed.loadsIssued), \(fixed.blankTileSeconds)")
            #expect(broken.blankTileSeconds > fixed.blankTileSeconds,
                    "problem \(problem.rawValue): \(broken.blankTileSeconds) tile·s, fixed \(fixed.blankTileSeconds)")
        }
    }

    @Test func targetPolicyExposesItsRectDuringDeceleration() {
        let s = scene(.target)
        let fling = SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -3000), duration: 0.1, at: 0)
        var rects: [Rect] = []
        drive(s, fling, until: 6) { s in
            if s.scrollView.isDecelerating, let r = s.targetRect, let target = s.scrollView.targetContentOffset {
                #expect(r == Rect(origin: target, size: Size(width: 320, height: 450)))
                rects.append(r)
            }
        }
        #expect(!rects.isEmpty)
        #expect(s.targetRect == nil)
    }

    /// The first image is timed at the frame that shows it, as blank time counts it, whatever the touch
    /// sampling: a resting finger at 80 ms (+ 6 ms decode) shows its first images at the 0.1 s frame, and the
    /// four visible tiles' blank time is 4 × 0.1 (it read 0.088, 0.0917, 0.1 or 0.087 with the sample rate).
    @Test(arguments: [8.0, 1000.0 / 30, 1000.0 / 120, 1.0])
    func theFirstImageIsTimedAtTheFrameThatShowsIt(sampleMs: Double) {
        var events = [PointerEvent(time: 0, position: Point(x: 160, y: 300), phase: .down)]
        var t = sampleMs / 1000
        while t < 1 { events.append(PointerEvent(time: t, position: Point(x: 160, y: 300), phase: .move)); t += sampleMs / 1000 }
        events.append(PointerEvent(time: 1, position: Point(x: 160, y: 300), phase: .up))
        let grid = scene(.eager)
        _ = HeadlessReplay().run(events, on: grid)
        let metrics = grid.metrics
        #expect(metrics.timeToFirstImage.map { abs($0 - 0.1) < 1e-9 } == true, "\(String(describing: metrics.timeToFirstImage))")
        #expect(abs(metrics.blankTileSeconds - 0.4) < 1e-9)
    }
}
