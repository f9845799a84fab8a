import ScrollKit

/// Binding, the policy's decisions carried out, completions, and the stale-image guard.
extension GridScene {
    /// The image key of `item`.
    func key(of item: Int) -> ImageKey { itemImages.key(of: item) }

    /// True when `item`'s tile overlaps the viewport.
    func isVisible(_ item: Int) -> Bool { frame(ofItem: item).intersects(scrollView.bounds) }

    /// The frame of `item` in content coordinates (`layout.frame(ofItem:)`).
    @inline(__always)
    func frame(ofItem item: Int) -> Rect {
        if let gridGeometry { return gridGeometry.frame(ofItem: item) }
        return layout.frame(ofItem: item)
    }

    /// First call: binds the pool, shows the policy the first screen, starts the metrics.
    func start(at time: Double) {
        guard !started else { return }
        started = true
        now = time
        updateBinding(time: time)
        recorder.start(time: time, tiles: frameTiles())
        startScreen = (time, visibleItems)
    }

    /// Moves the pool window to the content offset (firstItem = first visible row × columns), resets
    /// rebound views (B-GRID-4: old image, fade and pending load dropped), then tells the policy which
    /// items were bound and which came on screen.
    func updateBinding(time: Double) {
        guard started else { return }
        var s = bindingScratch
        bindingScratch = BindingScratch()  // its arrays stay uniquely referenced while refilled
        defer { bindingScratch = s }
        let bounds = scrollView.bounds
        if let gridGeometry, pool.isWindow {
            pool.updateWindow(firstItem: gridGeometry.firstVisibleRow(offsetY: bounds.minY) * layout.columns,
                              itemCount: gridGeometry.itemCount, into: &s.rebinds)
        } else {
            pool.update(layout: layout, bounds: bounds, into: &s.rebinds)
        }
        if slots.count < pool.capacity { slots += Array(repeating: TileSlot(), count: pool.capacity - slots.count) }
        s.dropped.removeAll(keepingCapacity: true)
        for r in s.rebinds {
            if let key = slots[r.view].loadingKey { s.dropped.append(key) }
            slots[r.view].content = .empty
        }
        // A policy whose loads outlive their views keeps them as look-ahead: they finish into the cache.
        if !policy.cancelsOnRebind {
            for key in s.dropped where pipeline.isPending(key) { lookAheadKeys.insert(key) }
        }
        // Queued requests go first, so a freed slot never starts a load that is dropped next.
        if !s.dropped.isEmpty {
            s.droppedRunning.removeAll(keepingCapacity: true)
            for key in s.dropped { s.droppedRunning.append(pipeline.isRunning(key)) }
            for (key, running) in zip(s.dropped, s.droppedRunning) where !running { releaseIfUnwanted(key, time: time) }
            for (key, running) in zip(s.dropped, s.droppedRunning) where running { releaseIfUnwanted(key, time: time) }
        }
        s.items.removeAll(keepingCapacity: true)
        for r in s.rebinds { if let item = r.newItem { s.items.append(item) } }
        if !s.items.isEmpty { consult(.bind(s.items), time: time) }
        // Nothing rebound and the same items in view: the visible list cannot have changed.
        s.visible.removeAll(keepingCapacity: true)
        if let gridGeometry {
            // A grid's items in a rect are the candidates themselves (`FeedLayout.items(in:)`).
            let range = gridGeometry.items(in: bounds)
            if s.rebinds.isEmpty, range == visibleRange { return }
            visibleRange = range
            for item in range where pool.view(showing: item) != nil { s.visible.append(item) }
        } else {
            let items = layout.items(in: bounds), range = items.candidates
            if s.rebinds.isEmpty, range == visibleRange { return }
            visibleRange = range
            for item in items where pool.view(showing: item) != nil { s.visible.append(item) }
        }
        s.items.removeAll(keepingCapacity: true)
        for item in s.visible where !visibleItems.contains(item) { s.items.append(item) }
        if s.visible != visibleItems { swap(&s.visible, &visibleItems) }
        if !s.items.isEmpty { consult(.appear(s.items), time: time) }
    }

    /// Asks the policy and carries out its decision.
    func consult(_ trigger: LoadTrigger, time: Double) {
        guard started else { return }
        let decision: LoadDecision
        do {  // the context shares the cache's storage: it must be gone before a load touches the cache
            var context = context(time: time)
            if case let .willEndDragging(velocity, target) = trigger {
                context.motion = scrollView.forecast(withVelocity: velocity, target: target)
            }
            decision = policy.decide(trigger, in: context)
        }
        for request in decision.load { load(request.item, priority: request.priority, time: time) }
        for item in decision.cancel {
            let k = key(of: item)
            if lookAheadKeys.remove(k) { releaseIfUnwanted(k, time: time) }
        }
        if !decision.evict.isEmpty {
            var evicted = evictScratch
            evictScratch = []
            evicted.removeAll(keepingCapacity: true)
            for item in decision.evict where pipeline.cache.remove(key(of: item)) { evicted.append(key(of: item)) }
            recorder.evicted(evicted)
            evictScratch = evicted
        }
    }

    /// The context policies decide on.
    func context(time: Double) -> LoadingContext {
        LoadingContext(time: time, layout: layout, bounds: scrollView.bounds, velocity: scrollView.velocity,
                       isTracking: scrollView.isTracking, isDragging: scrollView.isDragging,
                       isDecelerating: scrollView.isDecelerating, userDragging: userDragging,
                       targetContentOffset: scrollView.targetContentOffset, visibleItems: visibleItems,
                       boundItems: pool.items, cache: pipeline.cache,
                       assetCount: configuration.assetCount, itemImages: itemImages, diskCache: diskCache,
                       expectedLoadDuration: pipeline.expectedLoadDuration(at: time),
                       maxConcurrentLoads: pipeline.maxConcurrent,
                       cacheCapacityImages: configuration.cacheByteLimit / Swift.max(1, configuration.bytesPerImage),
                       decelerationTimeConstant: DecelerationForecast.timeConstant(
                           decelerationRate: scrollView.decelerationRate.clampedValue),
                       motion: scrollView.motionForecast)
    }

    /// Loads `item`: into its view if a view shows it (a cache hit appears at once, no fade), else
    /// into the cache only (look-ahead).
    func load(_ item: Int, priority: Double, time: Double) {
        guard item >= 0, item < layout.itemCount else { return }
        let k = key(of: item)
        if let v = pool.view(showing: item) {
            switch slots[v].content {
            case let .shown(shown, _, _) where shown == k:
                return
            case let .loading(waiting, _) where waiting == k:
                pipeline.request(k, priority: priority, time: time)
                return
            default:
                break
            }
            if let bytes = pipeline.cache.get(k) {
                slots[v].content = .shown(key: k, bytes: bytes, fadeStart: nil)
                recorder.memoryHit(time: time)
            } else {
                slots[v].content = .loading(key: k, since: time)
                pipeline.request(k, priority: priority, time: time)
            }
        } else if !pipeline.cache.contains(k) {
            lookAheadKeys.insert(k)
            pipeline.request(k, priority: priority, time: time)
        }
    }

    /// Cancels the pending load of `key` unless a view waits for it or a look-ahead still wants it.
    func releaseIfUnwanted(_ key: ImageKey, time: Double) {
        guard !lookAheadKeys.contains(key), !slots.contains(where: { $0.loadingKey == key }) else { return }
        pipeline.cancel(key, time: time)
    }

    /// Takes every load finished by `time`, in completion order, into the cache and the views still
    /// waiting for it. Stale-image guard: only a view that still shows an item with this key and is
    /// waiting for it gets the image; a late result for a rebound view only reaches the cache.
    func drainCompletions(upTo time: Double) {
        while let outcome = pipeline.completeNext(upTo: time) {
            let k = outcome.ticket.key
            lookAheadKeys.remove(k)
            recorder.evicted(outcome.evicted)
            // A load from an earlier segment is that segment's: its result still reaches the cache and the
            // views, but not this segment's counts.
            if !outcome.isCarriedOver {
                let isVisible = visibleItems.contains { key(of: $0) == k }
                recorder.loadCompleted(k, result: outcome.result, time: outcome.time, isVisible: isVisible)
            } else if case .image = outcome.result {
                recorder.imageArrived(k, time: outcome.time)
            }
            for v in slots.indices {
                guard case let .loading(waiting, since) = slots[v].content, waiting == k,
                      let item = pool.item(ofView: v), key(of: item) == k else { continue }
                switch outcome.result {
                case let .image(bytes):
                    slots[v].content = .shown(key: k, bytes: bytes, fadeStart: time)
                    recorder.fadeStarted(k, requestTime: since)
                    recorder.imageShown(time: time)
                case let .failed(reason):
                    slots[v].content = .failed(reason: reason)
                }
            }
        }
    }

    /// A slot as the renderer sees it.
    func image(of slot: TileSlot) -> TileImage {
        switch slot.content {
        case .empty: return .none
        case .loading: return .loading
        case let .failed(reason): return .failed(reason: reason)
        case let .shown(key, _, fadeStart):
            guard let fadeStart, configuration.fadeDuration > 0 else { return .shown(key: key, alpha: 1) }
            return .shown(key: key, alpha: Swift.min(1, Swift.max(0, (now - fadeStart) / configuration.fadeDuration)))
        }
    }
}
