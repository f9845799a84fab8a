import ScrollKit

/// B-POL-1 policy 5, the project's own: it reads the physics, and knows only what a shipping app knows —
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
///   `flingWindowRows` rows ahead of the screen, so a tile the fling reaches sooner than planned is ready.
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
/// as costly and less blank on 122 of 400 development sessions under LTE). A change of regime starts
/// afresh; loads in flight finish.
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
/// the drag loads `readerDragRows` (1) row ahead instead of 2. A reader dwells on the screen longer than a
/// load takes, so the next row is in before the drag reaches it, and one row beyond the screen is what a
/// reader's next drag uncovers. On a network the extent's images share the link with the screen's, and
/// the extent is off (on the development seed it cost browsing under LTE 16 points of undominated
/// sessions, against Prefetch). Where loads are too slow for look-ahead, a reader not in a fling still
/// loads the row the pool binds just before it shows (`.bind`), as Eager does.
///
/// On a link its responses show to be the bottleneck (3G, EDGE) it runs only the network loads that keep
/// the link busy, and `linkLoadsSpare` more (`linkLoads`, `networkLoadsAtOnce`): more only split the link,
/// and every image, the screen's too, comes later; the pipeline runs the screen's loads first (their
/// priority). Its rules then read a load's duration as what it takes when the pipeline's loads share the
/// link (`loadDuration`): the limits were made for that, not for the shorter time the limit brings.
public struct AdaptivePolicy: LoadingPolicy {
    public var kind: LoadingPolicyKind { .adaptive }
    /// Least time a tile passed during a fling must show its image to be worth a load; nil means half
    /// the expected load duration, at least one 60 Hz frame.
    public var minimumShowTime: Double?
    /// Drag speed (pt/s) above which no row is prefetched; nil means no limit.
    public var speedLimit: Double?
    /// Rows prefetched beyond the target rect in the fling direction.
    public var rowsBeyondTarget: Int
    /// While dragging, the row ahead is prefetched once the drag would reach it within this many
    /// seconds; nil means `dragHorizonLoads` (3) expected load durations, `slowDragHorizonLoads` (infinite:
    /// at once) when loads take `slowLoadMinimum` or more, at least 0.15 s.
    public var dragHorizon: Double?
    /// Look-ahead items requested and not cancelled (tiles not on screen when asked for).
    public var plan: Set<Int> { planned.set }
    /// `plan` as bits: a frame asks it several times, without hashing.
    private var planned = ItemSet()
    /// Fling loads not yet issued: item and the absolute time its tile appears (as `priority`), in order
    /// of appearance (so the loads due next are always at the front).
    public private(set) var scheduled: [LoadRequest] = []
    /// Every item of `scheduled` (and, when it holds one twice, some it no longer holds): a frame looks for
    /// the items ahead of the screen there without searching the whole schedule.
    private var scheduledItems = ItemSet()
    /// Whether `scheduled` was made with an item twice: `scheduledItems` then keeps the bits of removed ones.
    private var scheduleRepeats = false
    /// A planned load is issued this many seconds before its tile appears (immediately when the
    /// tile appears sooner), so a fling caught early wastes little; nil means the expected load
    /// duration plus a margin of 0.22 s, or four load durations when loads are quicker than 55 ms
    /// (about 0.3 s at 80 ms latency, 0.03 s at 0 ms). `.infinity` issues all at release.
    public var leadTime: Double?
    /// The running fling's forecast, from `willEndDragging` until the motion ends.
    public private(set) var forecast: DecelerationForecast?
    /// The viewport-sized rect at the fling's target, for drawing.
    public private(set) var targetRect: Rect?
    /// Direction of the drag-ahead prefetch: +1, −1, or 0.
    public private(set) var direction = 0
    /// Above this measured load duration (seconds) no look-ahead is loaded.
    public var lookAheadLimit: Double
    /// Rows ahead prefetched while dragging (each once the drag will reach it within `dragHorizon`).
    public var dragRows = 2
    /// Rows ahead of the screen whose planned loads are issued at once during a fling (0: none).
    public var flingWindowRows = 2
    /// With slow loads, whether the screen at rest is requested at the release (else as its tiles appear).
    public var plansRestWhenSlow = false
    /// Whether a drag that catches a fling cancels the fling's look-ahead (else it finishes into the cache).
    public var cancelsOnCatch = false
    /// At or below this measured load duration (seconds) a fling loads every tile it passes.
    public var quickLoadLimit = 0.2
    /// Below this measured load duration (seconds) no row beyond the rest position is loaded.
    public var beyondTargetMinimum = 0.05
    /// Rows ahead whose images in the disk cache are read at once while the content moves (0: none).
    public var storedRowsAhead = 2
    /// When each look-ahead item of `plan` was requested.
    public var requestedAt: [Int: Double] {
        var times: [Int: Double] = [:]
        for item in planned { times[item] = requestTimes[item] }
        return times
    }
    /// `requestedAt` by item (an array read, no hashing); it holds exactly the items of `planned`.
    private var requestTimes = ItemMap<Double>()
    /// At or below this measured load duration (seconds), on a network (a disk cache in front of it), the
    /// motion is left to UIKit's prefetch window (`window`) but for the drag's own look-ahead; nil: never.
    public var prefetchWindowLimit: Double? = 0.6
    /// On the pipeline's prior alone (no load of its own measured yet), whether the window waits for a
    /// measured load before it fetches anything ahead: the prior is no evidence of a quick network, and on
    /// a slow one the extra images would share the link with the first screen. Disk hits are not measured.
    public var windowWaitsForFirstScreen = true
    /// With the window running, a release whose fling travels less than this many viewport heights is
    /// planned by Adaptive's own rules (a reader's flick: what shows at rest and the forecast's row beyond,
    /// nothing fetched further); nil: every motion is the window's.
    public var windowMinimumTravel: Double? = 2
    /// True while the running motion is Adaptive's own plan under the window regime (a short fling).
    public private(set) var isOwnMotion = false
    /// Before a load of its own is measured, the estimate (the prior, raised to the age of the oldest load
    /// still running) is a lower bound: a load seen running for a seconds lasts about this many times a in
    /// all (seen at a random moment, it is on average halfway through its life), and that is what
    /// `lookAheadLimit` is held against. 1: the estimate as it is.
    public var unmeasuredLifeFactor = 2.0
    /// Whether `prefetchWindowLimit` holds now: the window runs the decisions.
    public private(set) var isPrefetching = false
    /// UIKit's prefetch window (the lab's Prefetch policy, 2 rows), run while `isPrefetching`.
    public private(set) var window = PrefetchPolicy()
    /// While dragging, the row ahead is prefetched once the drag would reach it within this many load
    /// durations (`dragHorizon` nil), or `slowDragHorizonLoads` when loads take `slowLoadMinimum` or more.
    public var dragHorizonLoads = 3.0
    /// The drag horizon in load durations when loads are slow (at least `slowLoadMinimum`): infinite, the
    /// rows ahead at once as the drag starts (Prefetch's window: a slow reader reaches them anyway).
    public var slowDragHorizonLoads = Double.infinity
    /// Measured load duration (seconds) from which the drag horizon is `slowDragHorizonLoads`.
    public var slowLoadMinimum = 0.4
    /// A reader's look-ahead (`readsAhead`): the items within this many
    /// points beyond the screen's edge in the last direction of motion are loaded, at rest as in motion
    /// (Flutter's cache extent, 250 pt, ahead only); 0: none.
    public var readerExtent = 250.0
    /// A reader's look-ahead waits while a fling runs faster than this (pt/s): Flutter's deferral speed.
    public var readerDeferralSpeed = 960.0
    /// Rows ahead a reader's drag loads (instead of `dragRows`), with loads neither quick nor too slow.
    public var readerDragRows = 1
    /// Whether the user reads: the last release travelled less than `windowMinimumTravel` (2) viewport
    /// heights — a drag that stops, or a reader's flick; true at the start (no gesture seen yet).
    public private(set) var isReading = true
    /// The last direction of motion: +1 down the list (the start), −1 up.
    public private(set) var lastDirection = 1
    /// With loads of `slowLoadMinimum` or more, whether a drag that catches a fling leaves the screen's
    /// loads until the drag ends without a fling (else they are issued at the catch).
    public var defersCaughtScreen = true
    /// True from a catch whose screen was not loaded (`defersCaughtScreen`) until the drag ends.
    public private(set) var screenDeferred = false
    private var storage = DecisionStorage()
    /// Kept between drag frames: the look-ahead a changed direction no longer wants.
    private var unwanted: [Int] = []

    /// Makes the policy.
    public init(minimumShowTime: Double? = nil, speedLimit: Double? = nil, rowsBeyondTarget: Int = 1, dragHorizon: Double? = nil,
                leadTime: Double? = nil, lookAheadLimit: Double = 3) {
        self.lookAheadLimit = lookAheadLimit
        self.leadTime = leadTime
        self.dragHorizon = dragHorizon
        self.minimumShowTime = minimumShowTime
        self.speedLimit = speedLimit
        self.rowsBeyondTarget = Swift.max(0, rowsBeyondTarget)
    }

    /// Network loads at once after the last decision (nil: as many as the pipeline allows).
    public private(set) var networkLoadsAtOnce: Int?
    /// Whether the network loads at once follow the measured link (`linkLoads`).
    public var limitsLinkLoads = true
    /// Loads `linkLoads` adds to the ones that keep the link busy, so a connection opening or a lost
    /// packet's recovery leaves it busy still.
    public var linkLoadsSpare = 1

    /// The network loads that keep the measured link busy, and `linkLoadsSpare` more: while one load
    /// waits for its response's first byte (`timeToFirstByte`) or decodes after its last
    /// (`timeAfterLastByte`), the others take the link (`imageTransferTime` each), so
    /// 1 + (timeToFirstByte + timeAfterLastByte) / imageTransferTime of them, rounded up. More only split
    /// the link (its fair share): every image comes later, the screen's too. Nil (the pipeline's) when the
    /// link is not measured or that is no fewer than the pipeline allows: a latency with no bandwidth to
    /// share, LTE's 4 ms images behind a 115 ms round trip.
    public func linkLoads(_ context: LoadingContext) -> Int? {
        guard limitsLinkLoads, let ttfb = context.timeToFirstByte, let transfer = context.imageTransferTime, transfer > 0 else { return nil }
        let busy = 1 + (ttfb + (context.timeAfterLastByte ?? 0)) / transfer
        guard busy < Double(context.maxConcurrentLoads) else { return nil }
        let loads = Int(busy.rounded(.up)) + linkLoadsSpare
        return loads < context.maxConcurrentLoads ? loads : nil
    }

    /// The load duration the rules read: the measured one (`expectedLoadDuration`), and while the loads at
    /// once follow the link, at least what one takes when the pipeline's loads share the link (time to
    /// first byte + maxConcurrentLoads × imageTransferTime): the rules' limits were set for that, not for
    /// the shorter time the limit itself brings (on EDGE, look-ahead the link cannot carry would pass
    /// `lookAheadLimit` again).
    public func loadDuration(_ context: LoadingContext) -> Double {
        guard linkLoads(context) != nil, let ttfb = context.timeToFirstByte, let transfer = context.imageTransferTime else {
            return context.expectedLoadDuration
        }
        return Swift.max(context.expectedLoadDuration, ttfb + Double(context.maxConcurrentLoads) * transfer)
    }

    /// Look-ahead loads asked for (not on screen when asked), until their tiles appear or they are cancelled.
    private var askedAhead = ItemSet()
    /// Look-ahead loads whose tiles appeared while they still ran: the screen's loads now.
    private var shownAhead = ItemSet()
    /// Kept between decisions: the shown look-ahead loads to cancel.
    private var leftAhead: [Int] = []

    public mutating func decide(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision {
        if case let .appear(items) = trigger {
            for item in items where askedAhead.remove(item) && !context.isCached(item) { shownAhead.insert(item) }
        }
        var decision = decideNow(trigger, in: context)
        if isPrefetching { for request in decision.load where !context.visibleItems.contains(request.item) { askedAhead.insert(request.item) } }
        for item in decision.cancel { askedAhead.remove(item) }
        if !shownAhead.isEmpty && measuresTooSlow(context) {
            // Too slow for look-ahead: a look-ahead load whose tile showed and left is the screen's, and is
            // cancelled as the screen's are when their tiles leave (UIKit's cell owns it once displayed).
            leftAhead.removeAll(keepingCapacity: true)
            for item in shownAhead where !context.visibleItems.contains(item) { leftAhead.append(item) }
            for item in leftAhead {
                shownAhead.remove(item)
                if !context.isCached(item) { decision.cancel.append(item) }
            }
        }
        return decision
    }

    private mutating func decideNow(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision {
        networkLoadsAtOnce = linkLoads(context)
        if context.velocity.y != 0 { lastDirection = context.velocity.y > 0 ? 1 : -1 }
        if case let .willEndDragging(_, target) = trigger {
            isReading = abs(target.y - context.contentOffset.y) < (windowMinimumTravel ?? 2) * context.bounds.height
        }
        if case .frame = trigger, let decision = readAhead(context) { return decision }
        let prefetching = usesWindow(context)
        if prefetching != isPrefetching {
            // A change of regime starts afresh; loads in flight finish into the cache.
            isPrefetching = prefetching
            window = PrefetchPolicy()
            clearPlan()
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
        if windowWaitsForFirstScreen && context.measuredLoads == 0 && !context.isTracking {
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
            if let travel = windowMinimumTravel, abs(target.y - context.contentOffset.y) < travel * context.bounds.height {
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
            for item in items { forget(item) }
            return window.decide(trigger, in: context)
        }
    }

    /// True while a reader's look-ahead runs: the user reads (`isReading`), no disk cache is in front of a
    /// network (its images would share the link with the screen's), and loads are neither quick (over
    /// `quickLoadLimit`: a quick load is ready as its tile appears) nor too slow for look-ahead.
    public func readsAhead(_ context: LoadingContext) -> Bool {
        isReading && readerExtent > 0 && context.diskCache == nil && !isQuick(context) && isLookingAhead(context)
    }

    /// A reader's look-ahead (Flutter's cache extent, from FlutterPolicy, but ahead only): the items within
    /// `readerExtent` of the screen's edge in the last direction, not on screen and not yet asked for; none
    /// while a fling runs faster than `readerDeferralSpeed`. Nil when there is nothing to load (the frame's
    /// other decisions run).
    private mutating func readAhead(_ context: LoadingContext) -> LoadDecision? {
        guard readsAhead(context), !(context.isDecelerating && abs(context.velocity.y) > readerDeferralSpeed) else { return nil }
        let b = context.bounds
        let band = lastDirection > 0 ? context.items(fromY: b.maxY, toY: b.maxY + readerExtent)
                                     : context.items(fromY: b.minY - readerExtent, toY: b.minY)
        var decision = storage.begin()
        for item in band where !planned.contains(item) && !context.isCached(item) && !context.visibleItems.contains(item) {
            addToPlan(item, at: context.time)
            decision.load.append(LoadRequest(item: item, priority: 1))
        }
        let loads = !decision.load.isEmpty
        let kept = storage.end(decision)
        return loads ? kept : nil
    }

    /// True when UIKit's prefetch window runs the motion: on a network (the app's disk cache is there)
    /// whose loads measure at most `prefetchWindowLimit`.
    public func usesWindow(_ context: LoadingContext) -> Bool {
        guard let limit = prefetchWindowLimit else { return false }
        return context.diskCache != nil && loadDuration(context) <= limit
    }

    /// The decision of Adaptive's own rules (no prefetch window).
    private mutating func decideAlone(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision {
        switch trigger {
        case let .appear(items):
            for item in items { forget(item) }
            guard let forecast, context.isDecelerating, !context.userDragging else { return storage.load(items) }
            var decision = storage.begin()
            for item in items where isQuick(context) || context.isStored(item) || isWorthLoading(item, forecast: forecast, in: context) {
                decision.load.append(LoadRequest(item: item))
            }
            return storage.end(decision)
        case .willBeginDragging:
            // A drag that catches a fling drops the fling's plan; a fresh drag keeps its look-ahead.
            var cancel: [Int] = []
            if forecast != nil && cancelsOnCatch {
                let visible = Set(context.visibleItems)
                cancel = cancellable(plan.subtracting(visible), in: context)
                clearPlan()
                direction = 0
            }
            // With slow loads a catch does not load the screen: the drag that ends without a fling does.
            screenDeferred = defersCaughtScreen && forecast != nil && !isPrefetching
                && loadDuration(context) >= slowLoadMinimum
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
            guard !scheduled.isEmpty || (storedRowsAhead > 0 && forecast != nil) else { return .none }
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

    /// True while loads are quick enough for look-ahead to pay: the measured duration at most `lookAheadLimit`
    /// (before a load is measured, `unmeasuredLifeFactor` times the estimate).
    public func isLookingAhead(_ context: LoadingContext) -> Bool {
        let duration = loadDuration(context)
        return (context.measuredLoads == 0 ? unmeasuredLifeFactor * duration : duration) <= lookAheadLimit
    }

    /// True when the loads' own measured duration passes `lookAheadLimit` (before one is measured,
    /// `unmeasuredLifeFactor` times the estimate): the durations alone, not the link's figures, which
    /// start low while few responses are measured.
    public func measuresTooSlow(_ context: LoadingContext) -> Bool {
        (context.measuredLoads == 0 ? unmeasuredLifeFactor : 1) * context.expectedLoadDuration > lookAheadLimit
    }

    /// True while loads are quick enough that a fling loads every tile it passes: at most `quickLoadLimit`.
    public func isQuick(_ context: LoadingContext) -> Bool {
        loadDuration(context) <= quickLoadLimit
    }

    private mutating func forget(_ item: Int) {
        if planned.remove(item) { requestTimes[item] = nil }
    }

    /// Adds `item` to the plan, requested at `time`.
    private mutating func addToPlan(_ item: Int, at time: Double) {
        planned.insert(item)
        requestTimes[item] = time
    }

    /// Empties the plan and its request times, keeping their storage.
    private mutating func clearPlan() {
        for item in planned { requestTimes[item] = nil }
        planned.removeAll()
    }

    /// Sets the schedule (in order of appearance) and its item bits.
    private mutating func setSchedule(_ requests: [LoadRequest]) {
        clearSchedule()
        scheduled = requests
        for request in requests where !scheduledItems.insert(request.item) { scheduleRepeats = true }
    }

    /// Empties the schedule.
    private mutating func clearSchedule() {
        scheduled = []
        scheduledItems.removeAll()
        scheduleRepeats = false
    }

    /// Where `item` is in the schedule, nil when it is not; a search only for an item scheduled.
    private func scheduledIndex(of item: Int) -> Int? {
        guard scheduledItems.contains(item) else { return nil }
        return scheduled.firstIndex { $0.item == item }
    }

    /// Takes the request at `index` out of the schedule.
    private mutating func unschedule(at index: Int) -> LoadRequest {
        let request = scheduled.remove(at: index)
        if !scheduleRepeats { scheduledItems.remove(request.item) }
        return request
    }

    /// Of `items` (look-ahead no longer wanted), those to cancel: the ones requested less than half a
    /// load time ago; older ones are likely half done and finish into the cache.
    private func cancellable(_ items: Set<Int>, in context: LoadingContext) -> [Int] {
        let half = loadDuration(context) / 2
        return items.filter { context.time - (requestTimes[$0] ?? context.time) < half }.sorted()
    }

    /// Slow loads while dragging: no row ahead; a look-ahead still pending is dropped as a new drag drops it.
    private mutating func dropLookAhead(_ context: LoadingContext) -> LoadDecision {
        guard !planned.isEmpty else { return .none }
        let cancel = cancellable(plan, in: context)
        clearPlan()
        direction = 0
        return LoadDecision(cancel: cancel)
    }

    private mutating func endMotion() {
        forecast = nil
        targetRect = nil
        clearSchedule()
    }

    /// Whether a tile passed during the fling would, loaded now, show its image for at least the
    /// minimum show time before it leaves (always true for tiles on screen at rest).
    public func isWorthLoading(_ item: Int, forecast: DecelerationForecast, in context: LoadingContext, queuedBefore: Int = 0) -> Bool {
        guard let interval = forecast.visibleInterval(of: context.frame(of: item)) else { return false }
        if interval.exit == .infinity { return true }
        let duration = loadDuration(context)
        let waves = Double(queuedBefore / Swift.max(1, context.maxConcurrentLoads) + 1)
        let ready = context.time + waves * duration
        return interval.exit - Swift.max(interval.enter, ready) >= (minimumShowTime ?? Swift.max(1.0 / 60, duration / 2))
    }

    /// The plan at release: what the fling will show for at least `minimumShowTime`, the target rect,
    /// one row beyond; issued by `issueDue`.
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
        targetRect = Rect(origin: target, size: context.bounds.size)
        let visible = Set(context.visibleItems)
        let layout = context.layout

        // Every tile the motion passes or stops on, with its on-screen interval.
        let low = Swift.min(context.contentOffset.y, target.y), high = Swift.max(context.contentOffset.y, target.y) + height
        let swept = layout.items(in: Rect(x: 0, y: low, width: layout.contentSize.width, height: high - low))
        var atRest: [(item: Int, enter: Double)] = []
        var passing: [(item: Int, enter: Double, exit: Double)] = []
        let lookingAhead = isLookingAhead(context)
        for item in swept where !visible.contains(item) && !context.isCached(item) && (lookingAhead || plansRestWhenSlow) {
            guard let iv = f.visibleInterval(of: layout.frame(ofItem: item)) else { continue }
            if iv.exit == .infinity { atRest.append((item, iv.enter)) } else { passing.append((item, iv.enter, iv.exit)) }
        }
        passing.sort { ($0.enter, $0.item) < ($1.enter, $1.item) }

        // Every tile seen at rest, and each passing tile that would show its image (ready in queue order).
        var chosen: [LoadRequest] = atRest.map { LoadRequest(item: $0.item, priority: $0.enter - context.time) }
        // An image in the disk cache is ready within a disk read and a decode: worth it for any tile that shows.
        for (index, p) in passing.enumerated()
        where lookingAhead && (isQuick(context) || context.isStored(p.item) || isWorthLoading(p.item, forecast: f, in: context, queuedBefore: index)) {
            chosen.append(LoadRequest(item: p.item, priority: p.enter - context.time))
        }
        // One row beyond the rest position, for the next gesture, unless loads are too quick for it to matter.
        if rowsBeyondTarget > 0 && lookingAhead && loadDuration(context) >= beyondTargetMinimum {
            let restVisible = layout.items(in: targetRect!)
            let restContext = LoadingContext(layout: layout, bounds: targetRect!, visibleItems: Array(restVisible))
            let beyond = restContext.itemsAhead(rows: rowsBeyondTarget, direction: f.direction)
            let stopPriority = (chosen.map(\.priority).filter(\.isFinite).max() ?? 0) + loadDuration(context)
            for item in beyond where !visible.contains(item) && !context.isCached(item) {
                chosen.append(LoadRequest(item: item, priority: stopPriority))
            }
        }
        chosen.sort { ($0.priority, $0.item) < ($1.priority, $1.item) }
        let wanted = Set(chosen.map(\.item))
        let cancel = cancellable(plan.subtracting(wanted).subtracting(visible), in: context)
        clearPlan()
        setSchedule(chosen.map { LoadRequest(item: $0.item, priority: context.time + $0.priority) })
        direction = f.direction
        var due: [LoadRequest] = []
        issueDue(in: context, into: &due)
        return LoadDecision(load: due, cancel: cancel)
    }

    /// Moves the scheduled loads whose tiles appear within `leadTime` into the plan, as many as
    /// `lookAheadRoom` allows, and appends them to `due` (priority: seconds until the tile appears).
    /// With slow loads (no look-ahead but the screen at rest) every scheduled load is due at once.
    private mutating func issueDue(in context: LoadingContext, into due: inout [LoadRequest]) {
        let time = context.time
        let duration = loadDuration(context)
        let leadTime = isLookingAhead(context) ? self.leadTime ?? duration + Swift.min(0.22, 4 * duration) : .infinity
        var room = lookAheadRoom(in: context)
        // The schedule is in order of appearance: the loads due are the front ones, up to `room`.
        var taken = 0
        while taken < scheduled.count, room > 0, scheduled[taken].priority - time <= leadTime {
            let request = scheduled[taken]
            room -= 1
            due.append(LoadRequest(item: request.item, priority: Swift.max(0, request.priority - time)))
            addToPlan(request.item, at: time)
            taken += 1
        }
        guard taken > 0 else { return }
        if !scheduleRepeats { for request in scheduled[..<taken] { scheduledItems.remove(request.item) } }
        scheduled.removeFirst(taken)
    }

    /// How many more look-ahead images the cache can take without evicting one not yet shown: its
    /// capacity less the tiles on screen and the look-ahead loads whose tiles have not appeared.
    public func lookAheadRoom(in context: LoadingContext) -> Int {
        context.cacheCapacityImages - context.visibleItems.count - planned.count
    }

    /// While the finger is down: the next row in the drag direction once the drag will reach it within
    /// `dragHorizon` (so a drag that stops short costs nothing); cancelled on reversal or above `speedLimit`.
    private mutating func dragAhead(_ context: LoadingContext) -> LoadDecision {
        let v = context.velocity.y
        let limit = speedLimit ?? .infinity
        let dir = abs(v) > limit ? 0 : (v > 0 ? 1 : (v < 0 ? -1 : direction))
        let duration = loadDuration(context)
        let horizon = dragHorizon ?? Swift.max(0.15, (duration >= slowLoadMinimum ? slowDragHorizonLoads : dragHorizonLoads) * duration)
        let rows = readsAhead(context) ? readerDragRows : dragRows
        let ahead = context.lazyItemsAhead(rows: v == 0 || dir == 0 ? 0 : rows, direction: dir)
        var decision = storage.begin()
        if dir != direction || dir == 0 {
            // The look-ahead the new direction does not want, gathered in kept storage (no allocation per frame).
            unwanted.removeAll(keepingCapacity: true)
            for item in planned where !Self.isWanted(item, ahead: ahead, direction: dir, speed: v, horizon: horizon, in: context) {
                unwanted.append(item)
            }
            let half = loadDuration(context) / 2
            for item in unwanted {
                if context.time - (requestTimes[item] ?? context.time) < half { decision.cancel.append(item) }
                forget(item)
            }
            decision.cancel.sort()
            direction = dir
        }
        for item in ahead where !planned.contains(item) && Self.isWanted(item, ahead: nil, direction: dir, speed: v, horizon: horizon, in: context) {
            addToPlan(item, at: context.time)
            if !context.isCached(item) { decision.load.append(LoadRequest(item: item, priority: 1)) }
        }
        if dir != 0 { readStoredAhead(direction: dir, in: context, into: &decision.load) }
        return storage.end(decision)
    }

    /// Whether the drag at `speed` (pt/s) in `direction` reaches `item` within `horizon` seconds; with
    /// `ahead`, also whether `item` is one of those rows (nil: the caller iterates them). A static function,
    /// not a closure, so a drag frame captures nothing on the heap.
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
        guard storedRowsAhead > 0 else { return }
        for item in context.lazyItemsAhead(rows: storedRowsAhead, direction: dir)
        where !planned.contains(item) && !context.isCached(item) && context.isStored(item) {
            if let i = scheduledIndex(of: item) { _ = unschedule(at: i) }
            addToPlan(item, at: context.time)
            due.append(LoadRequest(item: item, priority: 1))
        }
    }

    /// During a fling, UIKit's prefetching window (Prefetch, `PrefetchPolicy`): the planned loads of the
    /// `flingWindowRows` rows ahead of the screen are issued now, nearest first, whatever their lead time
    /// or the cache's room, so tiles a fast fling reaches sooner than planned are ready. Only planned
    /// tiles: nothing past the rest position's plan, nothing the forecast says would not show.
    private mutating func pullWindow(in context: LoadingContext, into due: inout [LoadRequest]) {
        guard flingWindowRows > 0, !scheduled.isEmpty, let forecast else { return }
        for item in context.lazyItemsAhead(rows: flingWindowRows, direction: forecast.direction) {
            guard let i = scheduledIndex(of: item) else { continue }
            let request = unschedule(at: i)
            due.append(LoadRequest(item: item, priority: Swift.max(0, request.priority - context.time)))
            addToPlan(item, at: context.time)
        }
    }
}
