import ScrollKit

/// B-POL-1 policy 5, the project's own (B-POL-5): it reads the physics, and knows only what a shipping app knows —
/// the scroll view (offset, velocity, the target at release, the deceleration rate), its memory and disk
/// caches, and what its own requests measured (`LoadingContext.expectedLoadDuration`, the pipeline's
/// moving average of its loads' durations, raised to the age of the oldest one still running; and of its
/// network responses the time to first byte and the link's throughput, `LinkEstimate`). Never the
/// network profile, the latency setting or the gesture's future.
///
/// At release the scroll view already knows where the fling stops (`targetContentOffset`) and the decay
/// curve says when every tile will come on screen and leave it (`DecelerationForecast`). So at
/// `willEndDragging` it
/// - plans the tiles that will be on screen at rest (the target rect), the tiles passed on the way
///   whose image can be ready and then show for at least `minimumShowTime` (half a load time, at
///   least a frame: tiles that would show their image only briefly, or after they left, are skipped;
///   an image in the disk cache is always worth it), and one row beyond the target rect;
/// - issues each planned load `leadTime` before its tile appears, in order of appearance, while the
///   cache has room: look-ahead images not yet shown never exceed the cache's capacity less the tiles
///   on screen (`lookAheadRoom`), so no image is evicted before its tile appears;
/// - and, from UIKit's prefetching (the lab's Prefetch policy), issues at once the planned loads of the
///   `flingWindowRows` rows ahead of the screen, so a tile the fling reaches sooner than planned is ready
///   (with loads of at least `flingWindowMinimum`, 50 ms: a quicker one is covered by the lead time).
/// Images in the memory or the disk cache are always shown (they move no bytes). While the finger is
/// down it prefetches each of the `dragRows` rows ahead once the drag will reach it within `dragHorizon`.
/// When its loads are quick (measured at most `quickLoadLimit`, 0.2 s) a fling loads every tile it passes,
/// as Prefetch and Glide do: a quick load shows on most of them and skipping saves little (on a network
/// the images are fetched anyway when the feed comes back to them). Images in the disk cache in the
/// `storedRowsAhead` rows ahead are read at once while the content moves, as Prefetch's window reads
/// them: they move no bytes. The row beyond the rest position is loaded only when loads take at least
/// `beyondTargetMinimum` (50 ms): a quicker load is ready within a few frames of its tile appearing.
/// When the measured load time exceeds `lookAheadLimit` (a slow network: EDGE) it loads nothing ahead —
/// Target's rule: while the content decelerates, only the tiles of the target rect and cache hits — since
/// every extra image delays the ones on screen. Before any load of its own is measured, that limit is held
/// against twice the estimate (`unmeasuredLifeFactor`): the estimate is then the age of the oldest load
/// still running, a load seen at a random moment is on average halfway through its life, so look-ahead
/// stops once the first loads have run 1.5 s unfinished (on EDGE, whose first loads take seconds, the
/// flings' look-ahead of those seconds was loaded and never shown). With loads of `slowLoadMinimum` (0.4 s)
/// or more, a drag that catches a fling leaves the screen's loads until it ends without a fling
/// (`defersCaughtScreen`; a fling's rest is its plan's): in a burst of flings the next one follows within a
/// fraction of a load time, and the caught screen's loads were cancelled as their tiles left (flings at
/// 1000 ms: Flutter, which never loads for a tile that leaves before it resolves, had fewer loads on those
/// sessions). A drag that catches a fling keeps the fling's look-ahead
/// loads (they finish into the cache); a reversal cancels those the new direction does not want, except
/// those begun at least half a load time ago, which finish into the cache.
///
/// On a network (the app's disk cache is in front of it) whose loads measure at most `prefetchWindowLimit`
/// (0.6 s: LTE, Wi-Fi; the pipeline's prior of 0.5 s too, so a session starts so), the motion is left to
/// UIKit's prefetch window — the lab's Prefetch policy (`PrefetchPolicy`, 2 rows ahead while the content
/// moves, cancelled on a reversal) runs every decision, the drag's frames too: there every policy moves
/// each image once, so bytes tie and blank time decides, and Prefetch's window was the least blank
/// (Adaptive's own drag-ahead, a row once the drag would reach it, had the same images later: Prefetch was
/// as costly and less blank on 122 of 400 development sessions under LTE). The window asks for nothing
/// before the content moves, where UIKit's asks for its rows below as the view opens: asked for with the
/// screen's images they share the link, and a reader's screen shows a frame later (on development seed
/// 777 under LTE, Adaptive undominated in 78% → 40% of `read` sessions); asked for once the screen's
/// images are in, the first drag has set the window's direction on nearly every session, and nothing
/// changes. A change of regime starts afresh; loads in flight finish.
/// Two limits on the window, both from the app's own evidence. On the pipeline's prior alone (no load of
/// its own measured yet) it fetches nothing ahead until one is (`windowWaitsForFirstScreen`): on a cold
/// start that is the screen's own images (on EDGE the extra images would share the slow link with them);
/// on a warm one, whose screen came from the disk cache, the first network load. And a release that
/// travels less than `windowMinimumTravel` (2) viewport heights — a reader's flick — is Adaptive's own
/// plan (what shows at rest and the forecast's row beyond), not 2 rows ahead all the way.
/// When loads measure `slowLoadMinimum` (0.4 s) or more, the drag loads its rows ahead as it starts
/// (`slowDragHorizonLoads` infinite, as Prefetch's window does) instead of once the drag will reach them
/// within `dragHorizonLoads` (3) load times: a slow reader reaches the rows ahead anyway, so loading them
/// earlier costs nothing and shows them sooner (Prefetch's earlier look-ahead won those sessions at
/// equal cost).
///
/// A reader (`isReading`: the last release travelled less than `windowMinimumTravel`, 2 viewport heights —
/// a drag that stops, or a flick; so too at the start) with loads neither quick (over `quickLoadLimit`)
/// nor too slow for look-ahead, and no disk cache in front of a network, is served as Flutter's cache
/// extent serves every user (`FlutterPolicy`, credited): the items within `readerExtent` (250 pt) beyond
/// the screen's edge in the last direction of motion are loaded at rest as in motion (ahead only, not
/// behind as Flutter does), none while a fling runs faster than Flutter's deferral speed (960 pt/s), and
/// with slow loads (`slowLoadMinimum` or more) the drag loads `readerDragRows` (1) row ahead instead of 2.
/// A reader dwells on the screen longer than a load takes, so the next row is in before the drag reaches
/// it, and one row beyond the screen is what a reader's next drag uncovers. On a network the extent's
/// images share the link with the screen's, and the extent is off (on the development seed it cost
/// browsing under LTE 16 points of undominated sessions, against Prefetch). Where loads are too slow for look-ahead, a reader not in a fling still
/// loads the row the pool binds just before it shows (`.bind`), as Eager does.
///
/// On a link its responses show to be the bottleneck (3G, EDGE) it runs only the network loads that keep
/// the link busy, and `linkLoadsSpare` more (`linkLoads`, `networkLoadsAtOnce`): more only split the link,
/// and every image, the screen's too, comes later; the pipeline runs the screen's loads first (their
/// priority). Its rules then read a load's duration as what it takes when the pipeline's loads share the
/// link (`loadDuration`): the limits were made for that, not for the shorter time the limit brings.
///
/// Under Low Data Mode (`LoadingContext.isConstrained`, which an app reads from `NWPath.isConstrained` or
/// Android's restrict-background status) it loads nothing ahead, as when loads are too slow for look-ahead:
/// the screen, a fling's rest (its target rect), and images in the memory or disk cache (they move no
/// bytes). Apple asks apps to reduce prefetching under Low Data Mode (WWDC19 session 712), never what the
/// user asked for: the screen's images still load.
///
/// Its parts: the constants in `AdaptiveTuning`; the estimators `AdaptiveLoadDurationEstimator` and
/// `AdaptiveLinkEstimator`; the rules `FlingPlanRule`, `DragAheadRule`, `ReaderRowRule`,
/// `LookAheadLimitRule` and `LoadsAtOnceRule`; its state the look-ahead (`LookAheadPlan`,
/// `ShownLookAhead`), the running motion and the regime.
public struct AdaptivePolicy: LoadingPolicy {
    public var kind: LoadingPolicyKind { .adaptive }
    /// The constants its rules read.
    public var tuning: AdaptiveTuning
    /// The look-ahead asked for and a fling's loads not yet issued.
    private var lookAhead = LookAheadPlan()
    /// The look-ahead loads whose tiles appeared while they ran.
    private var shown = ShownLookAhead()
    /// The running fling's forecast, from `willEndDragging` until the motion ends.
    public private(set) var forecast: DecelerationForecast?
    /// The viewport-sized rect at the fling's target, for drawing.
    public private(set) var targetRect: Rect?
    /// Direction of the drag-ahead prefetch: +1, −1, or 0.
    public private(set) var direction = 0
    /// True while the running motion is Adaptive's own plan under the window regime (a short fling).
    public private(set) var isOwnMotion = false
    /// Whether `prefetchWindowLimit` holds now: the window runs the decisions.
    public private(set) var isPrefetching = false
    /// UIKit's prefetch window (the lab's Prefetch policy, 2 rows), run while `isPrefetching`.
    public private(set) var window = PrefetchPolicy(openingRows: 0)
    /// Whether the user reads: the last release travelled less than `windowMinimumTravel` (2) viewport
    /// heights — a drag that stops, or a reader's flick; true at the start (no gesture seen yet).
    public private(set) var isReading = true
    /// The last direction of motion: +1 down the list (the start), −1 up.
    public private(set) var lastDirection = 1
    /// True from a catch whose screen was not loaded (`defersCaughtScreen`) until the drag ends.
    public private(set) var screenDeferred = false
    /// Network loads at once after the last decision (nil: as many as the pipeline allows).
    public private(set) var networkLoadsAtOnce: Int?
    private var storage = DecisionStorage()

    /// Makes the policy with `tuning`.
    public init(tuning: AdaptiveTuning) {
        self.tuning = tuning
    }

    /// Makes the policy with the shipped tuning but these settings.
    public init(minimumShowTime: Double? = nil, speedLimit: Double? = nil, rowsBeyondTarget: Int = 1, dragHorizon: Double? = nil,
                leadTime: Double? = nil, lookAheadLimit: Double = 3) {
        var tuning = AdaptiveTuning()
        tuning.lookAheadLimit = lookAheadLimit
        tuning.leadTime = leadTime
        tuning.dragHorizon = dragHorizon
        tuning.minimumShowTime = minimumShowTime
        tuning.speedLimit = speedLimit
        tuning.rowsBeyondTarget = Swift.max(0, rowsBeyondTarget)
        self.init(tuning: tuning)
    }

    /// Look-ahead items requested and not cancelled (tiles not on screen when asked for).
    public var plan: Set<Int> { lookAhead.planned.set }
    /// Fling loads not yet issued: item and the absolute time its tile appears (as `priority`), in order
    /// of appearance.
    public var scheduled: [LoadRequest] { lookAhead.scheduled }
    /// When each look-ahead item of `plan` was requested.
    public var requestedAt: [Int: Double] {
        var times: [Int: Double] = [:]
        for item in lookAhead.planned { times[item] = lookAhead.requestTime(of: item) }
        return times
    }

    /// The link's figures, nil before a response is measured.
    public func link(_ context: LoadingContext) -> AdaptiveLinkEstimator? {
        AdaptiveLinkEstimator(context)
    }

    /// The network loads that keep the measured link busy, and `linkLoadsSpare` more (`LoadsAtOnceRule`);
    /// nil: the pipeline's.
    public func linkLoads(_ context: LoadingContext) -> Int? {
        LoadsAtOnceRule(tuning).loads(link: link(context), pipelineLoads: context.maxConcurrentLoads)
    }

    /// The load duration the rules read (`AdaptiveLoadDurationEstimator`).
    public func loadDuration(_ context: LoadingContext) -> Double {
        AdaptiveLoadDurationEstimator(context, link: link(context), limited: linkLoads(context) != nil).duration
    }

    /// True while loads are quick enough for look-ahead to pay (`LookAheadLimitRule`), and the path is
    /// not constrained: under Low Data Mode it loads nothing ahead (B-COST-2).
    public func isLookingAhead(_ context: LoadingContext) -> Bool {
        !context.isConstrained && LookAheadLimitRule(tuning).allows(duration: loadDuration(context), measuredLoads: context.measuredLoads)
    }

    /// True when the loads' own measured duration passes the look-ahead limit: the durations alone, not the
    /// link's figures, which start low while few responses are measured.
    public func measuresTooSlow(_ context: LoadingContext) -> Bool {
        LookAheadLimitRule(tuning).isTooSlow(expected: context.expectedLoadDuration, measuredLoads: context.measuredLoads)
    }

    /// True while loads are quick enough that a fling loads every tile it passes: at most `quickLoadLimit`.
    public func isQuick(_ context: LoadingContext) -> Bool {
        loadDuration(context) <= tuning.quickLoadLimit
    }

    /// True while a reader's look-ahead runs (`ReaderRowRule`).
    public func readsAhead(_ context: LoadingContext) -> Bool {
        ReaderRowRule(tuning).applies(reading: isReading, diskCache: context.diskCache != nil,
                                      quick: isQuick(context), lookingAhead: isLookingAhead(context))
    }

    /// True when UIKit's prefetch window runs the motion: on a network (the app's disk cache is there)
    /// whose loads measure at most `prefetchWindowLimit`.
    public func usesWindow(_ context: LoadingContext) -> Bool {
        guard let limit = tuning.prefetchWindowLimit, !context.isConstrained else { return false }
        return context.diskCache != nil && loadDuration(context) <= limit
    }

    /// Whether a tile passed during the fling would, loaded now, show its image for at least the
    /// minimum show time before it leaves (always true for tiles on screen at rest).
    public func isWorthLoading(_ item: Int, forecast: DecelerationForecast, in context: LoadingContext, queuedBefore: Int = 0) -> Bool {
        guard let interval = forecast.visibleInterval(of: context.frame(of: item)) else { return false }
        return FlingPlanRule(tuning).isWorthLoading(interval: interval, time: context.time, duration: loadDuration(context),
                                                    queuedBefore: queuedBefore, maxConcurrentLoads: context.maxConcurrentLoads)
    }

    /// How many more look-ahead images the cache can take without evicting one not yet shown: its
    /// capacity less the tiles on screen and the look-ahead loads whose tiles have not appeared.
    public func lookAheadRoom(in context: LoadingContext) -> Int {
        context.cacheCapacityImages - context.visibleItems.count - lookAhead.planned.count
    }

    public mutating func decide(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision {
        if case let .appear(items) = trigger { shown.appeared(items, in: context) }
        var decision = decideNow(trigger, in: context)
        shown.decided(decision, prefetching: isPrefetching, in: context)
        if !shown.isEmpty && measuresTooSlow(context) {
            // Too slow for look-ahead: a look-ahead load whose tile showed and left is the screen's, and is
            // cancelled as the screen's are when their tiles leave (UIKit's cell owns it once displayed).
            shown.cancelLeft(in: context, into: &decision.cancel)
        }
        return decision
    }

    private mutating func decideNow(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision {
        networkLoadsAtOnce = linkLoads(context)
        if context.velocity.y != 0 { lastDirection = context.velocity.y > 0 ? 1 : -1 }
        if case let .willEndDragging(_, target) = trigger {
            isReading = abs(target.y - context.contentOffset.y) < (tuning.windowMinimumTravel ?? tuning.readerTravel) * context.bounds.height
        }
        if case .frame = trigger, let decision = readAhead(context) { return decision }
        let prefetching = usesWindow(context)
        if prefetching != isPrefetching {
            // A change of regime starts afresh; loads in flight finish into the cache. The window waits for
            // motion: it never asks for UIKit's opening rows (see the type's comment).
            isPrefetching = prefetching
            window = PrefetchPolicy(openingRows: 0)
            lookAhead.clear()
            direction = 0
            endMotion()
            isOwnMotion = false
        }
        guard prefetching else { return decideAlone(trigger, in: context) }
        guard screenDeferred else { return decideWithWindow(trigger, in: context) }
        // The regime changed during a drag that caught a fling with the screen left unloaded: it loads now.
        screenDeferred = false
        var decision = decideWithWindow(trigger, in: context)
        decision.load.insert(contentsOf: context.visibleItems.map { LoadRequest(item: $0) }, at: 0)
        return decision
    }

    /// The decision while UIKit's prefetch window runs the motion (`isPrefetching`).
    private mutating func decideWithWindow(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision {
        if tuning.windowWaitsForFirstScreen && context.measuredLoads == 0 && !context.isTracking {
            // On the prior alone, nothing ahead until a load of its own is measured: on a cold start, the
            // screen's own loads are; on a warm one (the screen read from the disk cache), the first
            // network load is — a disk hit says nothing of the network.
            if case let .appear(items) = trigger { return storage.load(items) }
            return .none
        }
        switch trigger {
        case .frame where context.isTracking:
            return window.decide(trigger, in: context)
        case let .willEndDragging(_, target):
            // A short fling (a reader's flick) is Adaptive's own plan: what shows at rest, nothing past it
            // but the forecast's row; a long one is the window's.
            if let travel = tuning.windowMinimumTravel, abs(target.y - context.contentOffset.y) < travel * context.bounds.height {
                isOwnMotion = true
                return planFling(to: target, in: context)
            }
            isOwnMotion = false
            endMotion()
            return window.decide(trigger, in: context)
        case .willBeginDragging, .didEndDecelerating, .didEndScrollingAnimation:
            guard isOwnMotion else { return window.decide(trigger, in: context) }
            isOwnMotion = false
            return decideAlone(trigger, in: context)
        case .didEndDragging, .frame, .willBeginDecelerating, .bind:
            return isOwnMotion ? decideAlone(trigger, in: context) : window.decide(trigger, in: context)
        case let .appear(items):
            guard !isOwnMotion else { return decideAlone(trigger, in: context) }
            for item in items { lookAhead.forget(item) }
            return window.decide(trigger, in: context)
        }
    }

    /// A reader's look-ahead (`ReaderRowRule`): the items of the band beyond the screen's edge in the last
    /// direction, not on screen and not yet asked for. Nil when there is nothing to load (the frame's
    /// other decisions run).
    private mutating func readAhead(_ context: LoadingContext) -> LoadDecision? {
        let rule = ReaderRowRule(tuning)
        guard readsAhead(context), !rule.waits(decelerating: context.isDecelerating, speed: context.velocity.y) else { return nil }
        let band = rule.band(beyond: context.bounds, direction: lastDirection)
        var decision = storage.begin()
        for item in context.items(fromY: band.fromY, toY: band.toY)
        where !lookAhead.planned.contains(item) && !context.isCached(item) && !context.visibleItems.contains(item) {
            lookAhead.add(item, at: context.time)
            decision.load.append(LoadRequest(item: item, priority: 1))
        }
        let loads = !decision.load.isEmpty
        let kept = storage.end(decision)
        return loads ? kept : nil
    }

    /// The decision of Adaptive's own rules (no prefetch window).
    private mutating func decideAlone(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision {
        switch trigger {
        case let .appear(items):
            for item in items { lookAhead.forget(item) }
            guard let forecast, context.isDecelerating, !context.userDragging else { return storage.load(items) }
            var decision = storage.begin()
            for item in items where isQuick(context) || context.isStored(item) || isWorthLoading(item, forecast: forecast, in: context) {
                decision.load.append(LoadRequest(item: item))
            }
            return storage.end(decision)
        case .willBeginDragging:
            // A drag that catches a fling drops the fling's plan; a fresh drag keeps its look-ahead.
            var cancel: [Int] = []
            if forecast != nil && tuning.cancelsOnCatch {
                let visible = Set(context.visibleItems)
                cancel = cancellable(plan.subtracting(visible), in: context)
                lookAhead.clear()
                direction = 0
            }
            // With slow loads a catch does not load the screen: the drag that ends without a fling does.
            screenDeferred = tuning.defersCaughtScreen && forecast != nil && !isPrefetching
                && loadDuration(context) >= tuning.slowLoadMinimum
            endMotion()
            if screenDeferred { return LoadDecision(cancel: cancel) }
            return LoadDecision(load: context.visibleItems.map { LoadRequest(item: $0) }, cancel: cancel)
        case let .willEndDragging(_, target):
            return planFling(to: target, in: context)
        case let .didEndDragging(willDecelerate):
            // A caught screen loads when the drag ends without a fling; a fling's rest is its plan's.
            let deferred = screenDeferred
            screenDeferred = false
            if !willDecelerate { endMotion() }
            return deferred && !willDecelerate ? .load(context.visibleItems) : .none
        case .didEndDecelerating, .didEndScrollingAnimation:
            endMotion()
            return .load(context.visibleItems)
        case .frame:
            if context.isTracking { return isLookingAhead(context) ? dragAhead(context) : dropLookAhead(context) }
            guard !lookAhead.scheduled.isEmpty || (tuning.storedRowsAhead > 0 && forecast != nil) else { return .none }
            var decision = storage.begin()
            if let forecast { readStoredAhead(direction: forecast.direction, in: context, into: &decision.load) }
            issueDue(in: context, into: &decision.load)
            if isLookingAhead(context) { pullWindow(in: context, into: &decision.load) }
            return storage.end(decision)
        case let .bind(items) where isReading && !isLookingAhead(context) && !context.isDecelerating:
            // Too slow for look-ahead, a reader still gets the row the pool binds before it shows, as
            // Eager loads it (UIKit's cellForRowAt moment): the next drag shows it.
            return storage.load(items)
        case .bind, .willBeginDecelerating:
            return .none
        }
    }

    /// Of `items` (look-ahead no longer wanted), those to cancel: the ones requested less than half a
    /// load time ago; older ones are likely half done and finish into the cache.
    private func cancellable(_ items: Set<Int>, in context: LoadingContext) -> [Int] {
        lookAhead.cancellable(items, age: loadDuration(context) / 2, at: context.time)
    }

    /// Slow loads while dragging: no row ahead; a look-ahead still pending is dropped as a new drag drops it.
    private mutating func dropLookAhead(_ context: LoadingContext) -> LoadDecision {
        guard !lookAhead.planned.isEmpty else { return .none }
        let cancel = cancellable(plan, in: context)
        lookAhead.clear()
        direction = 0
        return LoadDecision(cancel: cancel)
    }

    private mutating func endMotion() {
        forecast = nil
        targetRect = nil
        lookAhead.clearSchedule()
    }

    /// The plan at release (`FlingPlanRule`): what the fling will show for at least the minimum show time,
    /// the target rect, the rows beyond; issued by `issueDue`.
    public mutating func planFling(to target: Point, in context: LoadingContext) -> LoadDecision {
        let height = context.bounds.height
        guard abs(target.y - context.contentOffset.y) >= 1 else {
            endMotion()
            return .none
        }
        let f = context.motion.map {
            DecelerationForecast($0, timeConstant: context.decelerationTimeConstant, viewportHeight: height)
        } ?? DecelerationForecast(startTime: context.time, startOffset: context.contentOffset.y, targetOffset: target.y,
                                  timeConstant: context.decelerationTimeConstant, viewportHeight: height)
        forecast = f
        let rect = Rect(origin: target, size: context.bounds.size)
        targetRect = rect
        let chosen = FlingPlanRule(tuning).requests(forecast: f, targetRect: rect, in: context, duration: loadDuration(context),
                                                    lookingAhead: isLookingAhead(context), quick: isQuick(context))
        let wanted = Set(chosen.map(\.item))
        let cancel = cancellable(plan.subtracting(wanted).subtracting(context.visibleItems), in: context)
        lookAhead.clear()
        lookAhead.schedule(chosen.map { LoadRequest(item: $0.item, priority: context.time + $0.priority) })
        direction = f.direction
        var due: [LoadRequest] = []
        issueDue(in: context, into: &due)
        return LoadDecision(load: due, cancel: cancel)
    }

    /// Moves the scheduled loads whose tiles appear within the lead time into the plan, as many as
    /// `lookAheadRoom` allows, and appends them to `due` (priority: seconds until the tile appears).
    /// With slow loads (no look-ahead but the screen at rest) every scheduled load is due at once.
    private mutating func issueDue(in context: LoadingContext, into due: inout [LoadRequest]) {
        let leadTime = FlingPlanRule(tuning).leadTime(duration: loadDuration(context), lookingAhead: isLookingAhead(context))
        lookAhead.issueDue(at: context.time, leadTime: leadTime, room: lookAheadRoom(in: context), into: &due)
    }

    /// While the finger is down (`DragAheadRule`): the next row in the drag direction once the drag will
    /// reach it within the horizon (so a drag that stops short costs nothing); cancelled on reversal or
    /// above the speed limit.
    private mutating func dragAhead(_ context: LoadingContext) -> LoadDecision {
        let rule = DragAheadRule(tuning)
        let v = context.velocity.y
        let dir = rule.direction(speed: v, current: direction)
        let duration = loadDuration(context)
        let horizon = rule.horizon(duration: duration)
        let rows = readsAhead(context) ? ReaderRowRule(tuning).dragRows(duration: duration, otherwise: rule.rows) : rule.rows
        let ahead = context.lazyItemsAhead(rows: v == 0 || dir == 0 ? 0 : rows, direction: dir)
        var decision = storage.begin()
        if dir != direction || dir == 0 {
            // The look-ahead the new direction does not want.
            lookAhead.drop(unless: { Self.isWanted($0, ahead: ahead, direction: dir, speed: v, horizon: horizon, in: context) },
                           age: loadDuration(context) / 2, at: context.time, cancel: &decision.cancel)
            direction = dir
        }
        for item in ahead where !lookAhead.planned.contains(item) && Self.isWanted(item, ahead: nil, direction: dir, speed: v, horizon: horizon, in: context) {
            lookAhead.add(item, at: context.time)
            if !context.isCached(item) { decision.load.append(LoadRequest(item: item, priority: 1)) }
        }
        if dir != 0 { readStoredAhead(direction: dir, in: context, into: &decision.load) }
        return storage.end(decision)
    }

    /// Whether the drag at `speed` (pt/s) in `direction` reaches `item` within `horizon` seconds; with
    /// `ahead`, also whether `item` is one of those rows (nil: the caller iterates them).
    private static func isWanted(_ item: Int, ahead: ItemsAhead?, direction: Int, speed: Double, horizon: Double,
                                 in context: LoadingContext) -> Bool {
        if let ahead, !ahead.contains(item) { return false }
        let frame = context.frame(of: item), bounds = context.bounds
        let distance = direction > 0 ? frame.minY - bounds.maxY : bounds.minY - frame.maxY
        return distance / abs(speed) <= horizon
    }

    /// The images in the disk cache (not in memory) of the `storedRowsAhead` rows ahead in `dir`, not yet
    /// asked for: read now, nearest first (Prefetch's window, for what moves no bytes); taken out of the
    /// fling's schedule if planned there.
    private mutating func readStoredAhead(direction dir: Int, in context: LoadingContext, into due: inout [LoadRequest]) {
        guard tuning.storedRowsAhead > 0 else { return }
        for item in context.lazyItemsAhead(rows: tuning.storedRowsAhead, direction: dir)
        where !lookAhead.planned.contains(item) && !context.isCached(item) && context.isStored(item) {
            if let i = lookAhead.scheduledIndex(of: item) { _ = lookAhead.unschedule(at: i) }
            lookAhead.add(item, at: context.time)
            due.append(LoadRequest(item: item, priority: 1))
        }
    }

    /// During a fling, UIKit's prefetching window (Prefetch, `PrefetchPolicy`): the planned loads of the
    /// `flingWindowRows` rows ahead of the screen are issued now, nearest first, whatever their lead time
    /// or the cache's room, so tiles a fast fling reaches sooner than planned are ready. Only planned
    /// tiles: nothing past the rest position's plan, nothing the forecast says would not show. Not with
    /// loads under `flingWindowMinimum`: the lead time covers them.
    private mutating func pullWindow(in context: LoadingContext, into due: inout [LoadRequest]) {
        guard tuning.flingWindowRows > 0, !lookAhead.scheduled.isEmpty, let forecast,
              loadDuration(context) >= tuning.flingWindowMinimum else { return }
        for item in context.lazyItemsAhead(rows: tuning.flingWindowRows, direction: forecast.direction) {
            guard let i = lookAhead.scheduledIndex(of: item) else { continue }
            let request = lookAhead.unschedule(at: i)
            due.append(LoadRequest(item: item, priority: Swift.max(0, request.priority - context.time)))
            lookAhead.add(item, at: context.time)
        }
    }
}
