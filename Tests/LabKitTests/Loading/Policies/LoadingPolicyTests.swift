import Foundation
import Testing
@testable import ScrollKit
import LabKit

/// Decisions of each policy in fixed contexts, with exact expectations.
@Suite struct LoadingPolicyTests {
    /// At offset `y`, rows fully described by the grid (2 columns, pitch 230, viewport 450).
    func context(offset y: Double = 0, velocity: Double = 0, tracking: Bool = false, dragging: Bool = false,
                 decelerating: Bool = false, userDragging: Bool = false, cached: [Int] = [], time: Double = 1) -> LoadingContext {
        LoadingContext(time: time, bounds: Rect(x: 0, y: y, width: 320, height: 450), velocity: Point(x: 0, y: velocity),
                       isTracking: tracking, isDragging: dragging, isDecelerating: decelerating, userDragging: userDragging,
                       cache: Self.cache(holding: cached))
    }

    /// A memory cache holding the images of `items` (one byte each, far below the limit).
    static func cache(holding items: [Int]) -> MemoryCache<ImageKey> {
        var cache = MemoryCache<ImageKey>(byteLimit: 1 << 20)
        for item in items { _ = cache.insert(ImageKey(item: item, assetCount: 72), cost: 1) }
        return cache
    }

    @Test func contextVisibleItemsAndRowsAhead() {
        let c = context(offset: 230)
        #expect(c.visibleItems == [2, 3, 4, 5])
        #expect(c.itemsAhead(rows: 2, direction: 1) == [6, 7, 8, 9])
        #expect(c.itemsAhead(rows: 2, direction: -1) == [0, 1])
    }

    @Test func eagerLoadsOnBindOnly() {
        var p = EagerPolicy()
        let r1 = p.decide(.bind([6, 7]), in: context(decelerating: true)); #expect(r1.loadedItems == [6, 7])
        let r2 = p.decide(.appear([4, 5]), in: context()); #expect(r2 == .none)
        let r3 = p.decide(.didEndDecelerating, in: context()); #expect(r3 == .none)
    }

    @Test func deferredLoadsWhileDraggingAndAtRestButNotDuringDeceleration() {
        var p = DeferredPolicy()
        let r4 = p.decide(.appear([4, 5]), in: context(tracking: true, dragging: true, userDragging: true)); #expect(r4.loadedItems == [4, 5])
        let r5 = p.decide(.appear([4, 5]), in: context()); #expect(r5.loadedItems == [4, 5])
        let r6 = p.decide(.appear([8, 9]), in: context(dragging: true, decelerating: true)); #expect(r6 == .none)
        // Even a cache hit is not shown during deceleration (the seed sets the image to nil).
        let r7 = p.decide(.appear([8, 9]), in: context(dragging: true, decelerating: true, cached: [8])); #expect(r7 == .none)
        let r8 = p.decide(.didEndDecelerating, in: context(offset: 230)); #expect(r8.loadedItems == [2, 3, 4, 5])
        let r9 = p.decide(.willBeginDragging, in: context(offset: 460)); #expect(r9.loadedItems == [4, 5, 6, 7])
        let r10 = p.decide(.frame, in: context()); #expect(r10 == .none)
    }

    @Test func deferredSeedProblemsInBrokenForm() {
        // A drag that caught a decelerating view: UIKit still reports dragging and decelerating.
        let caught = context(tracking: true, dragging: true, decelerating: true, userDragging: true)
        var fixed = DeferredPolicy()
        let r11 = fixed.decide(.appear([6, 7]), in: caught); #expect(r11.loadedItems == [6, 7])
        var problem1 = DeferredPolicy(problem: .judgesDraggingByScrollViewFlags)
        let r12 = problem1.decide(.appear([6, 7]), in: caught); #expect(r12 == .none)
        var problem2 = DeferredPolicy(problem: .noLoadAfterDeceleration)
        let r13 = problem2.decide(.didEndDecelerating, in: context()); #expect(r13 == .none)
        let r14 = problem2.decide(.willBeginDragging, in: context()); #expect(r14.loadedItems == [0, 1, 2, 3])
        var problem3 = DeferredPolicy(problem: .noLoadOnNewDrag)
        let r15 = problem3.decide(.willBeginDragging, in: context()); #expect(r15 == .none)
        let r16 = problem3.decide(.didEndDecelerating, in: context()); #expect(r16.loadedItems == [0, 1, 2, 3])
        #expect(SeedProblem(rawValue: 2) == .noLoadAfterDeceleration)
    }

    @Test func targetLoadsCacheHitsAndTheTargetRectDuringDeceleration() {
        var p = TargetPolicy()
        let r17 = p.decide(.willEndDragging(velocity: Point(x: 0, y: 4.6), target: Point(x: 0, y: 2300)),
                         in: context(tracking: true, dragging: true, userDragging: true)); #expect(r17 == .none)
        #expect(p.targetRect == Rect(x: 0, y: 2300, width: 320, height: 450))
        let decel = context(offset: 1900, dragging: true, decelerating: true, cached: [12])
        // Row 9 (items 18, 19: y 2070–2290) misses the target rect; row 10 (20, 21) hits it; 12 is cached.
        let r18 = p.decide(.appear([12, 18, 19, 20, 21]), in: decel); #expect(r18.loadedItems == [12, 20, 21])
        let r19 = p.decide(.didEndDecelerating, in: context(offset: 2300)); #expect(r19.loadedItems == [20, 21, 22, 23])
        #expect(p.targetRect == nil)
        _ = p.decide(.willEndDragging(velocity: .zero, target: Point(x: 0, y: 100)), in: context())
        _ = p.decide(.didEndDragging(willDecelerate: false), in: context())
        #expect(p.targetRect == nil)
        _ = p.decide(.willEndDragging(velocity: .zero, target: Point(x: 0, y: 100)), in: context())
        let r20 = p.decide(.willBeginDragging, in: context()); #expect(r20.loadedItems == [0, 1, 2, 3])
        #expect(p.targetRect == nil)
    }

    @Test func prefetchAheadNearestFirstCancelledOnLeavingTheWindowOnly() {
        var p = PrefetchPolicy()
        let down = p.decide(.frame, in: context(velocity: 500, tracking: true))
        #expect(down.load == [LoadRequest(item: 4, priority: 1), LoadRequest(item: 5, priority: 1),
                              LoadRequest(item: 6, priority: 2), LoadRequest(item: 7, priority: 2)])
        let r21 = p.decide(.frame, in: context(offset: 10, velocity: 500, tracking: true)); #expect(r21 == .none)  // already asked
        let r22 = p.decide(.appear([4, 5]), in: context(offset: 230)); #expect(r22.loadedItems == [4, 5])
        // Reversal at offset 230 (rows 1–2 visible): 6 and 7 are no longer wanted; row 0 is.
        let up = p.decide(.frame, in: context(offset: 230, velocity: -500, tracking: true))
        #expect(up.cancel == [6, 7])
        #expect(up.load == [LoadRequest(item: 0, priority: 1), LoadRequest(item: 1, priority: 1)])
        // Speed alone cancels nothing (UIKit documents cancels for items leaving the window only).
        let fast = p.decide(.frame, in: context(offset: 230, velocity: -5000, tracking: true))
        #expect(fast == .none)
        #expect(p.prefetched == [0, 1])
        let r23 = p.decide(.appear([8, 9]), in: context(decelerating: true)); #expect(r23.loadedItems == [8, 9])
    }

    /// UIKit asks for the window below the first screen as the collection view opens (Nuke's prefetching
    /// guide: "When you open it for the first time, the prefetch API asks the app to start prefetching for
    /// indices [32-55]"), once; a window taken over mid-session waits for motion.
    @Test func prefetchAsksForTheWindowBelowAsTheViewOpens() {
        var p = PrefetchPolicy()
        let open = p.decide(.frame, in: context())
        #expect(open.load == [LoadRequest(item: 4, priority: 1), LoadRequest(item: 5, priority: 1),
                              LoadRequest(item: 6, priority: 2), LoadRequest(item: 7, priority: 2)])
        #expect(p.direction == 1)
        #expect(p.decide(.frame, in: context()) == .none)
        var taken = PrefetchPolicy(openingRows: 0)
        #expect(taken.decide(.frame, in: context()) == .none)
        #expect(taken.direction == 0)
    }

    @Test func prefetchSkipsCachedItems() {
        var p = PrefetchPolicy(rowsAhead: 1)
        let d = p.decide(.frame, in: context(velocity: 300, cached: [5]))
        #expect(d.loadedItems == [4])
    }

    @Test func adaptivePlansTheFlingAtRelease() {
        var p = AdaptivePolicy(leadTime: .infinity)
        p.tuning.quickLoadLimit = 0   // the worth rule (the 86 ms loads here would otherwise count as quick)
        let release = context(velocity: 4600, tracking: false, dragging: true, userDragging: true, time: 1)
        let plan = p.decide(.willEndDragging(velocity: Point(x: 0, y: 4.6), target: Point(x: 0, y: 2300)), in: release)
        // Every passing row (2–9) shows its image for more than a frame, then rows 10–11 at rest and row 12
        // beyond. The 12-image cache less the 4 tiles on screen has room for 8: rows 2–5 go now, in order
        // of appearance; the rest wait for room.
        #expect(plan.loadedItems == [4, 5, 6, 7, 8, 9, 10, 11])
        #expect(plan.cancel == [])
        #expect(p.scheduled.map(\.item) == Array(12...25))
        #expect(p.targetRect == Rect(x: 0, y: 2300, width: 320, height: 450))
        // Row 6 comes on screen when the offset passes 930, row 9 at 1620: t = 1 + 0.5·ln(2305/(2305 − y))
        // (the decay's asymptote is 2300 + 10 pt/s · τ; it stops on 2300).
        #expect(abs(p.scheduled.first { $0.item == 12 }!.priority - 1 - 0.5 * log(2305.0 / 1375.0)) < 1e-9)
        #expect(abs(p.scheduled.first { $0.item == 18 }!.priority - 1 - 0.5 * log(2305.0 / 685.0)) < 1e-9)
        #expect(abs(plan.load[0].priority - 0.5 * log(2305.0 / 2295.0)) < 1e-9)
        // During deceleration: a tile that leaves before its image could show (0 leaves at t ≈ 1.050,
        // an image asked for at 1.005 arrives at 1.091) is skipped; a cache hit and a tile that will show load.
        let decel = context(offset: 20, dragging: true, decelerating: true, cached: [4], time: 1.005)
        let r24 = p.decide(.appear([0, 4, 5]), in: decel); #expect(r24.loadedItems == [4, 5])
        // A new drag loads what is on screen and keeps the look-ahead already asked for (it finishes into the
        // cache: the next drag often goes the same way); only a reversal cancels.
        let drag = p.decide(.willBeginDragging, in: context(offset: 1500, tracking: true, dragging: true, decelerating: true, userDragging: true))
        #expect(drag.loadedItems == [12, 13, 14, 15, 16, 17])
        #expect(drag.cancel == [])
        #expect(p.targetRect == nil)
        #expect(p.scheduled.isEmpty)
    }

    @Test func adaptiveIssuesPlannedLoadsALeadTimeBeforeTheyAppearWhileTheCacheHasRoom() {
        var p = AdaptivePolicy(leadTime: 0.3)
        let release = context(velocity: 4600, dragging: true, userDragging: true, time: 1)
        let plan = p.decide(.willEndDragging(velocity: Point(x: 0, y: 4.6), target: Point(x: 0, y: 2300)), in: release)
        // Rows 2–6 appear within 0.3 s (row 6 after 0.259 s, row 7 after 0.351 s); room for 8 images.
        #expect(plan.loadedItems == [4, 5, 6, 7, 8, 9, 10, 11])
        #expect(p.lookAheadRoom(in: release) == 0)
        // At 1.17 rows 6–8 (row 8 at 1.464) are due; rows 2–3 came on screen (6 tiles now), so the cache
        // has room for 12 − 6 − 4 still ahead = 2 images.
        let at = context(offset: 400, dragging: true, decelerating: true, time: 1.17)
        _ = p.decide(.appear([4, 5, 6, 7]), in: at)
        let later = p.decide(.frame, in: at)
        #expect(later.loadedItems == [12, 13])
        #expect(p.scheduled.map(\.item) == Array(14...25))
        // A drag that catches the fling keeps what was issued and drops what was not.
        let caught = p.decide(.willBeginDragging, in: context(offset: 460, tracking: true, dragging: true, decelerating: true, userDragging: true, time: 1.2))
        #expect(caught.cancel == [])
        #expect(caught.loadedItems == [4, 5, 6, 7])
        #expect(p.scheduled.isEmpty)
    }

    @Test func adaptiveLookAheadBeyondThePrefetchWindowNeverOutgrowsASmallCache() {
        var p = AdaptivePolicy(leadTime: .infinity)
        var release = context(velocity: 4600, dragging: true, userDragging: true, time: 1)
        release.cacheCapacityImages = 6
        let plan = p.decide(.willEndDragging(velocity: Point(x: 0, y: 4.6), target: Point(x: 0, y: 2300)), in: release)
        // 6 images less the 4 on screen: 2 look-ahead loads; nothing more until one of them appears.
        #expect(plan.loadedItems == [4, 5])
        // During the fling the planned tiles of the 2 rows ahead of the screen (rows 2–3: 4–7) go whatever
        // the room (Prefetch's window): 6 and 7 now; nothing further ahead while the cache has no room.
        var decel = context(offset: 10, dragging: true, decelerating: true, time: 1.01)
        decel.cacheCapacityImages = 6
        #expect(p.decide(.frame, in: decel).loadedItems == [6, 7])
        _ = p.decide(.appear([4]), in: decel)
        #expect(p.decide(.frame, in: decel) == .none)
    }

    @Test func adaptiveWorthRuleKeepsTilesThatShowHalfALoadTime() {
        let p = AdaptivePolicy()
        let c = context(velocity: 4600, time: 1)
        let f = DecelerationForecast(startTime: 1, startOffset: 0, targetOffset: 2300, timeConstant: 0.5, viewportHeight: 450)
        // Row 2 shows from t ≈ 1.002 to ≈ 1.175: an image ready at 1.086 shows for 0.09 s, more than half a load (0.043 s).
        #expect(p.isWorthLoading(4, forecast: f, in: c))
        // Behind 8 queued loads (two waves more) it would be ready at 1.258, after the tile left.
        #expect(!p.isWorthLoading(4, forecast: f, in: c, queuedBefore: 8))
        // A longer minimum show time skips it.
        #expect(!AdaptivePolicy(minimumShowTime: 0.1).isWorthLoading(4, forecast: f, in: c))
        // At rest it is always worth a load.
        #expect(p.isWorthLoading(20, forecast: f, in: c))
    }

    @Test func adaptiveSmallFlingLoadsTheRestRowsAndOneRowBeyond() {
        var p = AdaptivePolicy(leadTime: .infinity)
        let plan = p.decide(.willEndDragging(velocity: Point(x: 0, y: 0.46), target: Point(x: 0, y: 230)),
                            in: context(velocity: 460, userDragging: true))
        // At rest rows 1–2 (items 2–5): 4 and 5 are new; the row beyond (6, 7) is prefetched last.
        #expect(plan.loadedItems == [4, 5, 6, 7])
        #expect(plan.load.last!.priority > plan.load[1].priority)
    }

    /// Loads measured at most `quickLoadLimit` (0.2 s): a fling loads every tile that appears (Prefetch's
    /// and Glide's rule), even one that leaves before its image could show; under 50 ms no row beyond the rest.
    @Test func adaptiveWithQuickLoadsLoadsEveryPassingTileAndNoRowBeyond() {
        var p = AdaptivePolicy(leadTime: .infinity)
        let release = context(velocity: 4600, tracking: false, dragging: true, userDragging: true, time: 1)
        #expect(p.isQuick(release))
        _ = p.decide(.willEndDragging(velocity: Point(x: 0, y: 4.6), target: Point(x: 0, y: 2300)), in: release)
        let decel = context(offset: 20, dragging: true, decelerating: true, cached: [4], time: 1.005)
        #expect(p.decide(.appear([0, 4, 5]), in: decel).loadedItems == [0, 4, 5])
        var small = AdaptivePolicy(leadTime: .infinity)
        var c = context(velocity: 460, userDragging: true)
        c.expectedLoadDuration = 0.006
        // At rest rows 1–2 (items 2–5): 4 and 5 are new; with 6 ms loads, no row beyond.
        #expect(small.decide(.willEndDragging(velocity: Point(x: 0, y: 0.46), target: Point(x: 0, y: 230)), in: c).loadedItems == [4, 5])
    }

    /// Images in the disk cache in the 2 rows ahead are read at once while the content moves (they move no bytes).
    /// Adaptive's own drag rule: with a disk cache and 86 ms loads the prefetch window would run the drag
    /// (`adaptiveDragUnderTheWindowIsTheWindowsDecision`), so it is off here.
    @Test func adaptiveReadsDiskCachedImagesOfTheRowsAhead() {
        var p = AdaptivePolicy()
        p.tuning.prefetchWindowLimit = nil
        var c = context(velocity: 300, tracking: true, dragging: true, userDragging: true)
        var disk = MemoryCache<ImageKey>(byteLimit: 1 << 20)
        _ = disk.insert(ImageKey(item: 6, assetCount: 72), cost: 1)
        _ = disk.insert(ImageKey(item: 8, assetCount: 72), cost: 1)
        c.diskCache = disk
        // Row 2 (4, 5) is within the drag horizon; row 3's 6 is on disk; row 4's 8 is beyond the 2 rows.
        #expect(p.decide(.frame, in: c).loadedItems == [4, 5, 6])
        #expect(p.decide(.frame, in: c) == .none)
    }

    @Test func adaptiveDragAheadIsTheRowsWithinTheHorizonAndCancelledOnReversal() {
        var p = AdaptivePolicy()
        let r25 = p.decide(.frame, in: context(velocity: 300, tracking: true, dragging: true, userDragging: true)); #expect(r25.loadedItems == [4, 5])
        let back = p.decide(.frame, in: context(offset: 230, velocity: -300, tracking: true, dragging: true, userDragging: true))
        #expect(back.cancel == [4, 5])
        #expect(back.loadedItems == [0, 1])
        let r26 = p.decide(.frame, in: context(offset: 230, velocity: 0)); #expect(r26 == .none)   // not tracking
    }

    @Test func adaptiveDragAheadHasNoSpeedLimitAndAtLeastAShortHorizon() {
        // A fast drag still loads the rows ahead (the old 900 pt/s limit left fast flings' finger phase blank):
        // at 3000 pt/s row 3, 240 pt away, is 0.08 s off, within 3 load times (0.258 s).
        var fast = AdaptivePolicy()
        let quick = fast.decide(.frame, in: context(velocity: 3000, tracking: true, dragging: true, userDragging: true))
        #expect(quick.loadedItems == [4, 5, 6, 7])
        // With 6 ms loads the horizon is 0.15 s, not 3 × 6 ms: row 2, 10 pt away at 80 pt/s (0.125 s), loads.
        var slow = AdaptivePolicy()
        var c = context(velocity: 80, tracking: true, dragging: true, userDragging: true)
        c.expectedLoadDuration = 0.006
        #expect(slow.decide(.frame, in: c).loadedItems == [4, 5])
        c.velocity = Point(x: 0, y: 50)   // 0.2 s away: not yet
        var slower = AdaptivePolicy()
        #expect(slower.decide(.frame, in: c) == .none)
    }

    /// With loads measured over `lookAheadLimit` (EDGE) Adaptive loads nothing ahead: no row while dragging,
    /// no plan at the release; during the deceleration, Target's rule (the target rect's tiles, cache hits).
    @Test func adaptiveLoadsNothingAheadWhenLoadsAreSlow() {
        var p = AdaptivePolicy()
        var drag = context(velocity: 3000, tracking: true, dragging: true, userDragging: true)
        drag.expectedLoadDuration = 4
        #expect(!p.isLookingAhead(drag))
        #expect(p.decide(.frame, in: drag) == .none)
        var release = context(velocity: 4600, dragging: true, userDragging: true, time: 1)
        release.expectedLoadDuration = 4
        let plan = p.decide(.willEndDragging(velocity: Point(x: 0, y: 4.6), target: Point(x: 0, y: 2300)), in: release)
        #expect(plan == .none && p.scheduled.isEmpty)
        var passing = context(offset: 800, dragging: true, decelerating: true, cached: [8], time: 1.2)
        passing.expectedLoadDuration = 4
        // Passing rows load only cache hits; the rows at rest (10–11: items 20–23) load as they appear.
        #expect(p.decide(.appear([6, 7, 8, 9]), in: passing).loadedItems == [8])
        #expect(p.decide(.appear([20, 21]), in: passing).loadedItems == [20, 21])
        // Back under the limit, the drag looks ahead again.
        drag.expectedLoadDuration = 0.3
        #expect(p.decide(.frame, in: drag).loadedItems == [4, 5, 6, 7])
    }

    /// An image in the disk cache moves no bytes: it loads on appearing even where a network load would
    /// not be worth it, and the plan takes it as any other.
    @Test func adaptiveTreatsDiskHitsAsFree() {
        var p = AdaptivePolicy(leadTime: .infinity)
        var release = context(velocity: 4600, dragging: true, userDragging: true, time: 1)
        release.expectedLoadDuration = 2
        release.measuredLoads = 1
        var disk = MemoryCache<ImageKey>(byteLimit: 1 << 20)
        _ = disk.insert(ImageKey(item: 8, assetCount: 72), cost: 1)
        release.diskCache = disk
        #expect(release.isStored(8) && !release.isCached(8) && !release.isStored(9))
        let plan = p.decide(.willEndDragging(velocity: Point(x: 0, y: 4.6), target: Point(x: 0, y: 2300)), in: release)
        // With 2 s loads no passing tile would show its image, except the one on disk.
        #expect(plan.loadedItems.contains(8) && !plan.loadedItems.contains(9))
    }

    /// Before a load of its own is measured, the estimate (the age of the oldest load still running) is
    /// held against the look-ahead limit doubled: loads running 1.6 s unfinished stop the look-ahead that
    /// 1.6 s measured loads keep; 1.4 s keeps it.
    @Test func adaptiveUnmeasuredEstimateCountsTwice() {
        let p = AdaptivePolicy()
        var c = context(velocity: 3000, tracking: true, dragging: true, userDragging: true)
        c.expectedLoadDuration = 1.6
        #expect(!p.isLookingAhead(c))
        c.measuredLoads = 1
        #expect(p.isLookingAhead(c))
        c.measuredLoads = 0
        c.expectedLoadDuration = 1.4
        #expect(p.isLookingAhead(c))
    }

    /// With loads of 0.4 s or more, a drag that catches a fling loads nothing at the catch; the drag that
    /// ends without a fling loads the screen. With quicker loads the catch loads the screen at once.
    @Test func adaptiveCaughtScreenWaitsForTheDragToEnd() {
        for (duration, deferred) in [(1.0, true), (0.3, false)] {
            var p = AdaptivePolicy()
            var release = context(velocity: 4600, dragging: true, userDragging: true, time: 1)
            release.expectedLoadDuration = duration
            release.measuredLoads = 1
            _ = p.decide(.willEndDragging(velocity: Point(x: 0, y: 4.6), target: Point(x: 0, y: 2300)), in: release)
            #expect(p.forecast != nil)
            var caught = context(offset: 600, tracking: true, dragging: true, userDragging: true, time: 1.3)
            caught.expectedLoadDuration = duration
            caught.measuredLoads = 1
            let atCatch = p.decide(.willBeginDragging, in: caught)
            #expect(atCatch.loadedItems == (deferred ? [] : caught.visibleItems))
            #expect(p.screenDeferred == deferred)
            let atEnd = p.decide(.didEndDragging(willDecelerate: false), in: caught)
            #expect(atEnd.loadedItems == (deferred ? caught.visibleItems : []))
            #expect(!p.screenDeferred)
        }
    }

    /// On the pipeline's 0.5 s prior alone (no load of its own measured), the window fetches nothing ahead
    /// (EDGE's first half-second), even with the screen's images in from the caches (a warm start: disk
    /// hits say nothing of the network); a measured load lets it run.
    @Test func adaptivePrefetchWindowOnThePriorWaitsForAMeasuredLoad() {
        var disk = MemoryCache<ImageKey>(byteLimit: 1 << 20)
        _ = disk.insert(ImageKey(item: 70, assetCount: 72), cost: 1)
        func onPrior(_ c: LoadingContext) -> LoadingContext {
            var c = c
            c.diskCache = disk
            c.expectedLoadDuration = LoadDurationEstimate.defaultPrior
            return c
        }
        let release = Point(x: 0, y: 4.6), target = Point(x: 0, y: 2300)
        var p = AdaptivePolicy()
        #expect(p.usesWindow(onPrior(context())))
        // The first screen (items 0–3) still loading: the release fetches nothing ahead; its tiles load as they appear.
        #expect(p.decide(.willEndDragging(velocity: release, target: target), in: onPrior(context(velocity: 4600, userDragging: true))) == .none)
        #expect(p.decide(.appear([4, 5]), in: onPrior(context(offset: 20, velocity: 4000, dragging: true, decelerating: true))).loadedItems == [4, 5])
        // The first screen in from the caches, nothing measured: still nothing ahead.
        var q = AdaptivePolicy()
        #expect(q.decide(.willEndDragging(velocity: release, target: target),
                         in: onPrior(context(velocity: 4600, userDragging: true, cached: [0, 1, 2, 3]))) == .none)
        // A load measured: the window runs whatever the screen shows.
        var r = AdaptivePolicy()
        var measured = onPrior(context(velocity: 4600, userDragging: true))
        measured.measuredLoads = 1
        measured.expectedLoadDuration = 0.2
        #expect(r.decide(.willEndDragging(velocity: release, target: target), in: measured).loadedItems == [4, 5, 6, 7])
    }

    /// With the window running, a release that travels less than 2 screens is Adaptive's own plan (what
    /// shows at rest and the forecast's row beyond), not the window's 2 rows ahead; a longer fling is the
    /// window's until the motion ends.
    @Test func adaptiveShortFlingUnderTheWindowIsItsOwnPlan() {
        var disk = MemoryCache<ImageKey>(byteLimit: 1 << 20)
        _ = disk.insert(ImageKey(item: 70, assetCount: 72), cost: 1)
        func quick(_ c: LoadingContext) -> LoadingContext {
            var c = c
            c.diskCache = disk
            c.measuredLoads = 3
            c.expectedLoadDuration = 0.3
            return c
        }
        var p = AdaptivePolicy(leadTime: .infinity)
        let short = p.decide(.willEndDragging(velocity: Point(x: 0, y: 0.46), target: Point(x: 0, y: 230)),
                             in: quick(context(velocity: 460, userDragging: true)))
        #expect(p.isPrefetching && p.isOwnMotion)
        // At rest rows 1–2 (items 2–5): 4 and 5 are new, then the row beyond (6, 7); no window rows past it.
        #expect(short.loadedItems == [4, 5, 6, 7])
        let decel = p.decide(.frame, in: quick(context(offset: 100, velocity: 300, dragging: true, decelerating: true, time: 1.1)))
        #expect(!decel.loadedItems.contains(8) && !decel.loadedItems.contains(9))
        _ = p.decide(.didEndDecelerating, in: quick(context(offset: 230, time: 1.5)))
        #expect(!p.isOwnMotion)
        var q = AdaptivePolicy(leadTime: .infinity)
        let long = q.decide(.willEndDragging(velocity: Point(x: 0, y: 4.6), target: Point(x: 0, y: 2300)),
                            in: quick(context(velocity: 4600, userDragging: true)))
        #expect(q.isPrefetching && !q.isOwnMotion)
        // The window: the 2 rows ahead of the screen (items 4–7), nearest first.
        #expect(long.loadedItems == [4, 5, 6, 7])
        #expect(q.scheduled.isEmpty)
    }

    /// A reader (no release yet, or one that travelled under 2 screens) with loads neither quick nor too slow
    /// and no disk cache: the items within 250 pt beyond the screen's edge in the last direction load at rest
    /// (Flutter's cache extent, ahead only), and a drag loads 1 row ahead, at once.
    @Test func adaptiveReaderLoadsTheExtentAheadAtRestAndOneRowWhileDragging() {
        func slow(_ c: LoadingContext) -> LoadingContext {
            var c = c
            c.expectedLoadDuration = 1
            c.measuredLoads = 3
            return c
        }
        var p = AdaptivePolicy()
        // At rest at offset 200 (rows 0–2 on screen, to 650): 650–900 holds row 3 (690–910), not row 4 (920).
        #expect(p.readsAhead(slow(context(offset: 200))))
        #expect(p.decide(.frame, in: slow(context(offset: 200))).loadedItems == [6, 7])
        #expect(p.decide(.frame, in: slow(context(offset: 200))) == .none)
        // Dragging slowly down from there: the extent's row 3, then nothing more (1 row ahead, not rows 3–4).
        var q = AdaptivePolicy()
        let drag = slow(context(offset: 200, velocity: 20, tracking: true, dragging: true, userDragging: true))
        #expect(q.decide(.frame, in: drag).loadedItems == [6, 7])
        #expect(q.decide(.frame, in: drag) == .none)
        // Up the list from 700 (rows 3–4 on screen): the extent above the screen, row 2 (460–680).
        var up = AdaptivePolicy()
        let upward = up.decide(.frame, in: slow(context(offset: 700, velocity: -20, tracking: true, dragging: true, userDragging: true)))
        #expect(upward.loadedItems.contains(4) && upward.loadedItems.contains(5) && upward.loadedItems.allSatisfy { $0 < 6 })
        // Quick loads, a disk cache in front of a network, or a long fling: no reader's look-ahead.
        #expect(!p.readsAhead(context()))
        var onNetwork = slow(context())
        onNetwork.diskCache = MemoryCache<ImageKey>(byteLimit: 1 << 20)
        #expect(!p.readsAhead(onNetwork))
        var flinger = AdaptivePolicy()
        _ = flinger.decide(.willEndDragging(velocity: Point(x: 0, y: 4.6), target: Point(x: 0, y: 2300)),
                           in: slow(context(velocity: 4600, userDragging: true)))
        #expect(!flinger.isReading && !flinger.readsAhead(slow(context())))
        // A reader's flick: reading again; while it runs faster than 960 pt/s the extent waits.
        _ = flinger.decide(.willEndDragging(velocity: Point(x: 0, y: 0.46), target: Point(x: 0, y: 230)),
                           in: slow(context(velocity: 460, userDragging: true)))
        #expect(flinger.isReading)
        var fast = AdaptivePolicy()
        #expect(fast.decide(.frame, in: slow(context(offset: 20, velocity: 1500, dragging: true, decelerating: true))) == .none)
    }

    /// With loads of 0.4 s or more (not a reader's: after a long fling), a drag loads its 2 rows ahead as it
    /// starts, however slowly it moves (Prefetch's window), not once it would reach them within a horizon.
    @Test func adaptiveSlowDragLoadsTheRowsAheadAtOnce() {
        var p = AdaptivePolicy()
        var release = context(velocity: 4600, userDragging: true)
        release.expectedLoadDuration = 0.5
        _ = p.decide(.willEndDragging(velocity: Point(x: 0, y: 4.6), target: Point(x: 0, y: 2300)), in: release)
        _ = p.decide(.didEndDecelerating, in: release)
        var drag = context(offset: 2300, velocity: 5, tracking: true, dragging: true, userDragging: true)
        drag.expectedLoadDuration = 0.5
        // Rows 10–11 on screen (2300–2750): rows 12 and 13 (items 24–27), 10 and 240 pt away at 5 pt/s.
        #expect(p.decide(.frame, in: drag).loadedItems == [24, 25, 26, 27])
    }

    /// In the prefetch window's regime (a disk cache in front of a network, measured loads of at most 0.6 s)
    /// a drag's frames are the window's: its 2 rows ahead at once, nearest first, as Prefetch asks them — not
    /// Adaptive's own drag rows within a horizon (with the window off, row 2 only: 10 pt away at 100 pt/s,
    /// within 3 load times, 0.9 s; row 3, 240 pt away, is not).
    /// Adaptive's window waits for motion: at rest under the window's regime it asks for nothing ahead,
    /// where UIKit's (Prefetch) asks for its rows below as the view opens.
    @Test func adaptivesWindowAsksForNothingBeforeMotion() {
        var c = context(cached: [0, 1, 2, 3])
        c.expectedLoadDuration = 0.3
        c.measuredLoads = 4
        c.diskCache = MemoryCache<ImageKey>(byteLimit: 1 << 20)
        var p = AdaptivePolicy()
        #expect(p.decide(.frame, in: c) == .none)
        #expect(p.isPrefetching && p.window.openingRows == 0)
        var uikit = PrefetchPolicy()
        #expect(uikit.decide(.frame, in: c).loadedItems == [4, 5, 6, 7])
    }

    @Test func adaptiveDragUnderTheWindowIsTheWindowsDecision() {
        var drag = context(velocity: 100, tracking: true, dragging: true, userDragging: true)
        drag.expectedLoadDuration = 0.3
        drag.measuredLoads = 3
        drag.diskCache = MemoryCache<ImageKey>(byteLimit: 1 << 20)
        var alone = AdaptivePolicy()
        alone.tuning.prefetchWindowLimit = nil
        #expect(alone.decide(.frame, in: drag).loadedItems == [4, 5])
        var p = AdaptivePolicy()
        var window = PrefetchPolicy()
        let decision = p.decide(.frame, in: drag)
        #expect(p.isPrefetching)
        #expect(decision == window.decide(.frame, in: drag))
        #expect(decision.load == [LoadRequest(item: 4, priority: 1), LoadRequest(item: 5, priority: 1),
                                  LoadRequest(item: 6, priority: 2), LoadRequest(item: 7, priority: 2)])
        // Reversing cancels the rows the window no longer holds, as Prefetch does.
        var up = drag
        up.bounds.origin.y = 230
        up.velocity = Point(x: 0, y: -100)
        up.visibleItems = [2, 3, 4, 5]
        #expect(p.decide(.frame, in: up) == window.decide(.frame, in: up))
    }

    /// With loads too slow for look-ahead, a reader not in a fling's deceleration loads the row the pool
    /// binds before it shows (Eager's moment); a fling's deceleration, a flinger, or loads quick enough for
    /// the reader's look-ahead load nothing at a bind.
    @Test func adaptiveReaderLoadsTheBoundRowWhenTooSlowForLookAhead() {
        func slow(_ c: LoadingContext, _ duration: Double = 4) -> LoadingContext {
            var c = c
            c.expectedLoadDuration = duration
            c.measuredLoads = 3
            return c
        }
        var p = AdaptivePolicy()
        #expect(p.isReading && !p.isLookingAhead(slow(context())))
        #expect(p.decide(.bind([6, 7]), in: slow(context(offset: 100, velocity: 40, tracking: true, dragging: true, userDragging: true))).loadedItems == [6, 7])
        #expect(p.decide(.bind([8, 9]), in: slow(context(offset: 300))).loadedItems == [8, 9])
        #expect(p.decide(.bind([10, 11]), in: slow(context(offset: 500, velocity: 200, dragging: true, decelerating: true))) == .none)
        // Quick enough for look-ahead (1 s loads): the reader's extent runs instead; a bind loads nothing.
        var quick = AdaptivePolicy()
        #expect(quick.decide(.bind([6, 7]), in: slow(context(offset: 100), 1)) == .none)
        // After a long fling the user is not reading.
        var flinger = AdaptivePolicy()
        _ = flinger.decide(.willEndDragging(velocity: Point(x: 0, y: 4.6), target: Point(x: 0, y: 2300)),
                           in: slow(context(velocity: 4600, userDragging: true)))
        #expect(!flinger.isReading)
        #expect(flinger.decide(.bind([6, 7]), in: slow(context(offset: 100))) == .none)
        // A link limited to EDGE's loads makes 0.5 s loads too slow for look-ahead (5.9 s shared): the bind loads.
        var edge = AdaptivePolicy()
        var c = slow(context(offset: 100), 0.5)
        c.timeToFirstByte = 0.87
        c.imageTransferTime = 0.837
        c.maxConcurrentLoads = 6  // the shared pipeline's: 4 loads keep EDGE busy, fewer than it allows
        #expect(edge.decide(.bind([6, 7]), in: c).loadedItems == [6, 7])
    }

    /// The registry: every policy makes itself, names are unique, and the policies the spec names are in it.
    @Test func kindsAndRawValues() {
        let kinds = LoadingPolicyKind.allCases
        for kind in kinds { #expect(kind.makePolicy().kind == kind) }
        #expect(Set(kinds.map(\.rawValue)).count == kinds.count)
        for name in ["eager", "deferred", "target", "prefetch", "adaptive", "texture", "flutter", "glide"] {
            #expect(LoadingPolicyKind(rawValue: name) != nil)
        }
    }

    /// A policy that does not heed frames (the scene then skips its `.frame` decisions) decides nothing on
    /// one and is left as it was: with a frame between every two triggers of a drag, a fling and its end,
    /// it decides as a twin that never saw a frame. The seeds' Eager, Deferred and Target are such.
    @Test func aPolicyThatDoesNotHeedFramesDecidesNothingOnOne() {
        let steps: [(LoadTrigger, LoadingContext)] = [
            (.bind([0, 1, 2, 3]), context()),
            (.appear([0, 1, 2, 3]), context()),
            (.willBeginDragging, context(tracking: true, userDragging: true)),
            (.bind([4, 5]), context(offset: 120, velocity: 900, tracking: true, dragging: true, userDragging: true)),
            (.appear([4, 5]), context(offset: 120, velocity: 900, tracking: true, dragging: true, userDragging: true)),
            (.willEndDragging(velocity: Point(x: 0, y: 2), target: Point(x: 0, y: 1400)),
             context(offset: 150, velocity: 2000, tracking: true, dragging: true, userDragging: true)),
            (.didEndDragging(willDecelerate: true), context(offset: 150, velocity: 2000, dragging: true, decelerating: true)),
            (.bind([6, 7]), context(offset: 500, velocity: 1500, dragging: true, decelerating: true, cached: [6])),
            (.appear([6, 7]), context(offset: 500, velocity: 1500, dragging: true, decelerating: true, cached: [6])),
            (.didEndDecelerating, context(offset: 1380)),
        ]
        let kinds = LoadingPolicyKind.allCases.filter { !$0.makePolicy().heedsFrames }
        #expect(kinds.map(\.rawValue) == ["eager", "deferred", "target"])
        for kind in kinds {
            for problem in [nil] + SeedProblem.allCases {
                var framed = kind.makePolicy(problem: problem), twin = kind.makePolicy(problem: problem)
                for (trigger, context) in steps {
                    #expect(framed.decide(.frame, in: context) == .none)
                    #expect(framed.decide(trigger, in: context) == twin.decide(trigger, in: context))
                    #expect(framed.targetRect == twin.targetRect && framed.networkLoadsAtOnce == twin.networkLoadsAtOnce)
                }
            }
        }
    }
}
