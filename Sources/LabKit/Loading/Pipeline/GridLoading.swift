import ScrollKit

/// The grid scene's loading: the active policy, the pipeline it loads through, the metrics recorder,
/// the look-ahead keys and the buffers a frame reuses. It loads images into the tiles of a `TileGrid`
/// the scene lends each call, under the stale-image guard (B-GRID-4), and asks the policy at every
/// trigger (B-POL-1).
///
/// A value the scene keeps whole (as it keeps its grid), so a frame's loading work is one access to the
/// scene; the policy's context is one value kept here and refreshed at each trigger, never rebuilt.
struct GridLoading {
    /// Which image each item shows.
    let itemImages: ItemImages
    /// The active policy.
    var policy: any LoadingPolicy
    /// The loading pipeline and its memory cache.
    var pipeline: ImagePipeline
    /// The B-POL-2 metrics of the current segment.
    var recorder: LoadMetricsRecorder
    /// The phone's figures of the current segment: memory and the main thread (B-COST-1).
    var cost: PhoneCostRecorder
    /// Keys requested for items not bound to a view (look-ahead), still pending.
    var lookAheadKeys = ImageKeySet()
    /// The source's traffic when the current metrics segment began.
    var trafficBaseline = SourceTraffic()
    /// The context the policy decides on: its scroll state is refreshed and the grid's and the caches'
    /// state lent to it for each decision (`decide`); between decisions it holds none of them.
    var context: LoadingContext
    /// The scroll view's deceleration rate the context's time constant was worked out for (NaN: none yet).
    var contextDecelerationRate = Double.nan
    /// Reused storage, so a steady frame allocates nothing.
    var scratch = LoadingScratch()
    /// When the scene started (its first event or frame), nil before; and the items on screen then.
    var startScreen: (time: Double, visibleItems: [Int])?
    /// The scene's clock: the time of its last frame or start.
    var now = 0.0

    /// Loading for a grid of `configuration` laid out as `layout` (the grid's), over `pipeline`, under `policy`.
    init(configuration: GridSceneConfiguration, layout: FeedLayout, pipeline: ImagePipeline, policy: any LoadingPolicy) {
        itemImages = configuration.itemImages
        self.policy = policy
        self.pipeline = pipeline
        recorder = Self.recorder(configuration)
        cost = PhoneCostRecorder(costs: ImageCosts(configuration), refresh: configuration.refresh)
        // The grid's layout: the two share its storage; its one changing part, a carousels feed's row
        // offsets, is lent by the grid at each decision.
        context = LoadingContext(layout: layout, visibleItems: [], assetCount: configuration.assetCount, itemImages: itemImages,
                                 cacheCapacityImages: configuration.cacheByteLimit / Swift.max(1, configuration.bytesPerImage))
        context.isConstrained = configuration.isConstrained
    }

    /// A fresh recorder for a segment of `configuration`'s grid.
    static func recorder(_ configuration: GridSceneConfiguration) -> LoadMetricsRecorder {
        var recorder = LoadMetricsRecorder(assetCount: configuration.assetCount, placeholder: configuration.placeholder,
                                           previews: configuration.previews)
        recorder.itemImages = configuration.itemImages
        return recorder
    }

    /// The image key of `item`.
    func key(of item: Int) -> ImageKey { itemImages.key(of: item) }

    /// The current segment's metrics: the recorder's and the phone's.
    var metrics: LoadMetrics {
        var m = recorder.metrics
        cost.fill(&m)
        return m
    }

    /// True once the scene has started (its first event or frame).
    var started: Bool { startScreen != nil }

    /// First call: binds the grid's views, shows the policy the first screen, starts the metrics.
    mutating func start(at time: Double, grid: inout TileGrid) {
        guard !started else { return }
        startScreen = (time, [])
        now = time
        updateBinding(time: time, grid: &grid)
        recorder.start(time: time, tiles: grid.frameTiles)
        startScreen = (time, grid.visibleItems)
    }

    /// An event at `time`: starts the scene if it has not, and takes the loads finished by then.
    mutating func beginEvent(at time: Double, grid: inout TileGrid) {
        start(at: time, grid: &grid)
        drainCompletions(upTo: time, grid: &grid)
    }

    /// A frame at `time`, before the scroll view moves: starts the scene if it has not, sets the clock,
    /// and takes the loads finished by then into the cache.
    mutating func beginFrame(at time: Double, grid: inout TileGrid) {
        start(at: time, grid: &grid)
        now = time
        drainCompletions(upTo: time, grid: &grid)
    }

    /// The frame's work after the scroll view moved to `time`: the carousels' rows, rebinding, the loads
    /// finished by then, the policy's `.frame` decision and the metrics' observation.
    mutating func endFrame(at time: Double, grid: inout TileGrid) {
        if grid.layout.kind == .carousels { grid.advanceCarousels(to: time) }
        updateBinding(time: time, grid: &grid)
        drainCompletions(upTo: time, grid: &grid)
        consult(.frame, time: time, grid: &grid)
        recordFrame(time: time, grid: &grid)
    }

    /// Moves the grid's views to the content offset, drops the rebound tiles' loads unless a look-ahead
    /// keeps them, then tells the policy which items were bound and which came on screen. The working
    /// arrays are the kept ones (`scratch.binding`), filled in place.
    mutating func updateBinding(time: Double, grid: inout TileGrid) {
        guard started else { return }
        let bounds = grid.scrollView.bounds
        if grid.isBound(at: bounds) { return }
        grid.rebind(bounds: bounds, into: &scratch.binding.rebinds, dropped: &scratch.binding.dropped)
        if !scratch.binding.dropped.isEmpty { releaseDropped(time: time, grid: grid) }
        scratch.binding.items.empty()
        for r in scratch.binding.rebinds { if let item = r.newItem { scratch.binding.items.append(item) } }
        if !scratch.binding.items.isEmpty { consult(.bind(scratch.binding.items), time: time, grid: &grid) }
        guard grid.boundItemsOnScreen(bounds: bounds, rebound: !scratch.binding.rebinds.isEmpty,
                                      into: &scratch.binding.visible) else { return }
        scratch.binding.items.empty()
        for item in scratch.binding.visible where !grid.visibleItems.contains(item) { scratch.binding.items.append(item) }
        if scratch.binding.visible != grid.visibleItems { swap(&scratch.binding.visible, &grid.visibleItems) }
        if !scratch.binding.items.isEmpty { consult(.appear(scratch.binding.items), time: time, grid: &grid) }
    }

    /// The loads of the tiles a rebind emptied (`scratch.binding.dropped`): kept as look-ahead by a
    /// policy whose loads outlive their views, else cancelled unless still wanted — queued requests
    /// first, so a freed slot never starts a load that is dropped next.
    private mutating func releaseDropped(time: Double, grid: TileGrid) {
        if !policy.cancelsOnRebind {
            for key in scratch.binding.dropped where pipeline.isPending(key) { lookAheadKeys.insert(key) }
        }
        scratch.binding.droppedRunning.empty()
        for key in scratch.binding.dropped { scratch.binding.droppedRunning.append(pipeline.isRunning(key)) }
        for i in scratch.binding.dropped.indices where !scratch.binding.droppedRunning[i] {
            releaseIfUnwanted(scratch.binding.dropped[i], time: time, grid: grid)
        }
        for i in scratch.binding.dropped.indices where scratch.binding.droppedRunning[i] {
            releaseIfUnwanted(scratch.binding.dropped[i], time: time, grid: grid)
        }
    }

    /// Asks the policy and carries out its decision.
    mutating func consult(_ trigger: LoadTrigger, time: Double, grid: inout TileGrid) {
        guard started else { return }
        // A policy that ignores frames would decide nothing: only its network limit is set, as after any decision.
        if case .frame = trigger, !policy.heedsFrames { return pipeline.setNetworkLimit(policy.networkLoadsAtOnce, time: time) }
        let decision = decide(trigger, time: time, grid: &grid)
        pipeline.setNetworkLimit(policy.networkLoadsAtOnce, time: time)
        for request in decision.load { load(request.item, priority: request.priority, time: time, grid: &grid) }
        for item in decision.cancel {
            let k = key(of: item)
            if lookAheadKeys.remove(k) { releaseIfUnwanted(k, time: time, grid: grid) }
        }
        if !decision.evict.isEmpty {
            var evicted = scratch.evicted
            scratch.evicted = []
            evicted.empty()
            for item in decision.evict where pipeline.cache.remove(key(of: item)) { evicted.append(key(of: item)) }
            recorder.evicted(evicted)
            cost.evicted(evicted)
            scratch.evicted = evicted
        }
    }

    /// The policy's decision at `trigger`. The context's scroll state is refreshed from the grid's scroll
    /// view; the grid's visible items and row offsets and the memory cache are moved into it for the
    /// decision and back after it (no copy, no reference left behind: a load that touches the cache
    /// next must find its storage unshared, or the whole cache would be copied).
    private mutating func decide(_ trigger: LoadTrigger, time: Double, grid: inout TileGrid) -> LoadDecision {
        refreshContext(for: trigger, time: time, scrollView: grid.scrollView, userDragging: grid.userDragging, memo: grid.memo)
        swap(&context.layout.rowOffsets, &grid.layout.rowOffsets)
        swap(&context.visibleItems, &grid.visibleItems)
        // The cache goes in and out by swaps with the kept empty one: nothing is made, copied or freed.
        swap(&context.cache, &scratch.idleCache)
        swap(&context.cache!, &pipeline.cache)
        // Most sources have no disk cache: the context's stays nil, never assigned.
        let disk = pipeline.source.disk
        let hasDisk = disk != nil
        if hasDisk { context.diskCache = consume disk }
        context.boundItems = grid.pool.items
        let decision = policy.decide(trigger, in: context)
        swap(&context.cache!, &pipeline.cache)
        swap(&context.cache, &scratch.idleCache)
        if hasDisk { context.diskCache = nil }
        context.boundItems = []
        swap(&context.visibleItems, &grid.visibleItems)
        swap(&context.layout.rowOffsets, &grid.layout.rowOffsets)
        return decision
    }

    /// Sets the context's scalars: the time, the scroll view's state and motion, the pipeline's.
    private mutating func refreshContext(for trigger: LoadTrigger, time: Double, scrollView: ScrollView, userDragging: Bool,
                                         memo: LockstepMemo? = nil) {
        context.time = time
        var release: (velocity: Point, target: Point)?
        if case let .willEndDragging(velocity, target) = trigger { release = (velocity, target) }
        // The memo's state when it is the state now, written in place (a copy of it would retain its
        // forecast's motion once per scene); else worked out from the scroll view, and kept in the memo.
        if memo?.applyScroll(release: release, to: &context) != true {
            let motion: MotionForecast?
            if let release {
                motion = scrollView.forecast(withVelocity: release.velocity, target: release.target)
            } else {
                motion = scrollView.motionForecast
            }
            let state = LockstepMemo.ScrollState(
                serial: memo?.scrollSerial ?? 0, bounds: scrollView.bounds, velocity: scrollView.velocity,
                isTracking: scrollView.isTracking, isDragging: scrollView.isDragging, isDecelerating: scrollView.isDecelerating,
                targetContentOffset: scrollView.targetContentOffset, release: release, motion: motion)
            state.apply(to: &context)
            memo?.scroll = state
        }
        context.userDragging = userDragging
        context.expectedLoadDuration = pipeline.expectedLoadDuration(at: time)
        context.measuredLoads = pipeline.loadDurations.samples
        context.timeToFirstByte = pipeline.link.timeToFirstByte
        context.imageTransferTime = pipeline.link.imageTransferTime
        context.timeAfterLastByte = pipeline.link.timeAfterLastByte
        context.maxConcurrentLoads = pipeline.maxConcurrent
        context.httpRoundTrip = pipeline.source.httpRoundTrip
        let rate = scrollView.decelerationRate.clampedValue
        if rate != contextDecelerationRate {
            context.decelerationTimeConstant = DecelerationForecast.timeConstant(decelerationRate: rate)
            contextDecelerationRate = rate
        }
    }

    /// A context of its own as the policy would see it at `time` (for a caller outside the frame: a
    /// test, a tool); the frame's decisions use the kept one.
    func standaloneContext(time: Double, grid: TileGrid) -> LoadingContext {
        var loading = self
        loading.refreshContext(for: .frame, time: time, scrollView: grid.scrollView, userDragging: grid.userDragging)
        var context = loading.context
        context.layout = grid.layout
        context.visibleItems = grid.visibleItems
        context.cache = pipeline.cache
        context.diskCache = pipeline.source.disk
        context.boundItems = grid.pool.items
        return context
    }

    /// Loads `item`: into its view if a view shows it (a cache hit appears at once, no fade), else
    /// into the cache only (look-ahead).
    mutating func load(_ item: Int, priority: Double, time: Double, grid: inout TileGrid) {
        guard item >= 0, item < grid.layout.itemCount else { return }
        let k = key(of: item)
        if let v = grid.pool.view(showing: item) {
            switch grid.slots[v].content {
            case let .shown(shown, _, _) where shown == k:
                return
            case let .loading(waiting, _) where waiting == k:
                pipeline.request(k, priority: priority, time: time)
                return
            default:
                break
            }
            if let bytes = pipeline.cache.get(k) {
                grid.slots[v].content = .shown(key: k, bytes: bytes, fadeStart: nil)
                recorder.memoryHit(time: time)
            } else {
                grid.slots[v].content = .loading(key: k, since: time)
                pipeline.request(k, priority: priority, time: time)
            }
        } else if !pipeline.cache.contains(k) {
            lookAheadKeys.insert(k)
            pipeline.request(k, priority: priority, time: time)
        }
    }

    /// Cancels the pending load of `key` unless a tile of `grid` waits for it or a look-ahead still wants it.
    mutating func releaseIfUnwanted(_ key: ImageKey, time: Double, grid: TileGrid) {
        guard !lookAheadKeys.contains(key), !grid.slots.contains(where: { $0.loadingKey == key }) else { return }
        pipeline.cancel(key, time: time)
    }

    /// Takes every load finished by `time`, in completion order, into the cache and the tiles still
    /// waiting for it. Stale-image guard: only a view that still shows an item with this key and is
    /// waiting for it gets the image; a late result for a rebound view only reaches the cache.
    mutating func drainCompletions(upTo time: Double, grid: inout TileGrid) {
        guard pipeline.mayComplete(upTo: time) else { return }  // most calls: nothing due
        while let outcome = pipeline.completeNext(upTo: time) {
            let k = outcome.ticket.key
            lookAheadKeys.remove(k)
            // The load first: a key the cache did not keep is evicted by its own insert, and counts next time.
            cost.completed(k, result: outcome.result, networkBytes: outcome.networkBytes)
            cost.evicted(outcome.evicted)
            recorder.evicted(outcome.evicted)
            // A load from an earlier segment is that segment's: its result still reaches the cache and the
            // views, but not this segment's counts.
            if !outcome.isCarriedOver {
                let isVisible = grid.visibleItems.contains { key(of: $0) == k }
                recorder.loadCompleted(k, result: outcome.result, time: outcome.time, isVisible: isVisible,
                                       networkBytes: outcome.networkBytes)
            } else if case .image = outcome.result {
                recorder.imageArrived(k, time: outcome.time)
            }
            for v in grid.slots.indices {
                guard case let .loading(waiting, since) = grid.slots[v].content, waiting == k,
                      let item = grid.pool.item(ofView: v), key(of: item) == k else { continue }
                switch outcome.result {
                case let .image(bytes):
                    grid.slots[v].content = .shown(key: k, bytes: bytes, fadeStart: time)
                    recorder.fadeStarted(k, requestTime: since)
                    recorder.imageShown(time: time)
                case let .failed(reason):
                    grid.slots[v].content = .failed(reason: reason)
                }
            }
        }
    }
}

/// The loading's working arrays, kept between frames for their storage.
struct LoadingScratch {
    /// A binding update's.
    var binding = BindingScratch()
    /// The tiles handed to the metrics recorder each frame.
    var frameTiles: [FrameTile] = []
    /// The keys a policy evicts.
    var evicted: [ImageKey] = []
    /// The keys whose decode runs at a frame (`ImageSource.decodingKeys(at:into:)`).
    var decodingKeys: [ImageKey] = []
    /// An empty memory cache, swapped with the pipeline's around each decision (`GridLoading.decide`);
    /// nil only during one.
    var idleCache: MemoryCache<ImageKey>? = MemoryCache(byteLimit: 0)
}

/// The working arrays of one binding update.
struct BindingScratch {
    var rebinds: [ReusePool.Rebind] = []
    var dropped: [ImageKey] = []
    var droppedRunning: [Bool] = []
    /// Items rebound, then items that appeared.
    var items: [Int] = []
    var visible: [Int] = []
}
