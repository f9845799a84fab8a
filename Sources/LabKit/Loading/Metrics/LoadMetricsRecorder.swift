/// Computes `LoadMetrics` from what happens in a run: load events from the pipeline, fade starts, and
/// one observation of the tiles per frame. Stale frames and cache-hit fades are checked here from the
/// raw observations (item → expected key; the recorder's own record of when each key entered the
/// cache), independently of the scene logic that is supposed to prevent them.
///
/// It also collects the two bounds of the bench: the distinct images visible at rest (fewest loads
/// possible: items that share an image need it loaded once) and the distinct images ever visible.
public struct LoadMetricsRecorder: Sendable {
    /// Number of distinct images (ImageKey = item % assetCount).
    public let assetCount: Int
    /// Which image each item shows when a feed says (nil: item % assetCount).
    public var itemImages: ItemImages? { didSet { lastPass.isCurrent = false } }
    /// Items visible while the scroll view was at rest (not tracking, not moving).
    public var atRestItems: Set<Int> { seen.restItems.set }
    /// Items visible at any frame.
    public var everVisibleItems: Set<Int> { seen.visitedItems.set }
    /// The items and images seen, at rest and at all.
    private var seen = SeenItems()

    private var base = LoadMetrics()
    /// Completions not yet shown on a visible tile, by key: how many, and the bytes the network moved for them.
    private var pendingWaste = ImageKeyMap<PendingWaste>()
    private var evictedUnseen = EvictedUnseen()
    /// Bytes moved for nothing so far, pending completions aside.
    private var wasted = WastedBytes()
    /// When each key last entered the cache.
    private var insertedAt = ImageKeyMap<Double>()
    /// When the run (or segment) started, its last frame, and when a first image came to a visible tile
    /// before the frame that shows it.
    private var times = RecorderTimes()
    /// The last frame's blanks: what the screen shows until the next one.
    private var last = BlankFrame()
    /// Placeholders: which blank tiles show one, and the previews' bytes (B-COST-2).
    private var placeholders = PlaceholderTally()
    /// The settle latency's waits.
    private var settle = SettleWait()
    /// Per pool view: the item it showed visible in the last frame (nil: not visible), when that
    /// appearance began, whether it is still waiting for its image, and whether it has shown it.
    private var appearance: [Appearance] = []
    /// What the last frame's pass over the tiles saw and counted.
    private var lastPass = LastPass()

    /// What one frame shows blank, kept until the next frame: visible tiles without their image, how many
    /// of them show a placeholder, and their visible area (pt²).
    private struct RecorderTimes: Sendable {
        var start: Double?
        var lastFrame: Double?
        /// When the first image came to a visible tile, until a frame showed it.
        var firstImageShown: Double?
    }

    private struct BlankFrame: Sendable {
        var tiles = 0
        var placeholders = 0
        var area = 0.0
    }

    /// Bytes moved for nothing: completions wasted for good (evicted before they showed), and what
    /// cancelled transfers received (the source's count).
    private struct WastedBytes: Sendable {
        var completions = 0
        var cancelled = 0
        /// Bodies moved for loads that then failed (an image too big to decode on the phone).
        var failed = 0
    }

    /// Network bytes of completions evicted unseen, by key, while the copy they left on disk may still show
    /// them: counted wasted until the key shows from that copy, then not (they reached the screen); `count`
    /// keys, so the frame's check costs nothing while there are none.
    private struct EvictedUnseen: Sendable {
        var bytes = ImageKeyMap<Int>()
        var count = 0

        mutating func add(_ key: ImageKey, _ amount: Int) {
            if bytes[key] == nil { count += 1 }
            bytes[key] = (bytes[key] ?? 0) + amount
        }

        /// Removes `key`'s bytes and returns them (nil: none).
        mutating func take(_ key: ImageKey) -> Int? {
            guard count > 0, let amount = bytes.removeValue(forKey: key) else { return nil }
            count -= 1
            return amount
        }
    }

    /// Completions of one key not yet shown.
    private struct PendingWaste: Sendable {
        var loads = 0
        var bytes = 0
    }

    /// The items and images visible at rest and at any frame (the bounds count the images).
    private struct SeenItems: Sendable {
        var restItems = ItemSet()
        var visitedItems = ItemSet()
        var restAssets = ItemSet()
        var visitedAssets = ItemSet()

        /// `item`, showing image `asset`, is visible; `atRest`: the scroll view is neither touched nor moving.
        @inline(__always)
        mutating func visible(_ item: Int, asset: Int, atRest: Bool) {
            visitedItems.insert(item)
            visitedAssets.insert(asset)
            if atRest {
                restItems.insert(item)
                restAssets.insert(asset)
            }
        }
    }

    /// What the last frame's pass over the tiles saw, view by view, and counted. A frame whose tiles show
    /// the same items, visibility and images, in the same motion, with no load event since (a completion or
    /// an eviction changes what a shown image clears), counts the same again: every step of the pass is then
    /// a no-op (the item sets hold its items, the appearances have moved on) but its per-frame counts. Such a
    /// frame repeats those and sums only the blank tiles' visible area, which moves with the tiles.
    private struct LastPass: Sendable {
        /// One view as the pass saw it, and whether it was a visible tile without its image.
        struct View: Sendable {
            var item: Int?
            var isVisible = false
            var displayedKey: ImageKey?
            var isBlank = false
        }

        var views: [View] = []
        /// False before the first pass and after an event the pass reads.
        var isCurrent = false
        var isMoving = false
        var wrongImages = 0
        var stale = false
        var blank = 0
        var showing = 0
        var waiting = 0

        /// The blank tiles' visible area when `tiles` repeat the last pass's (in its order, so the sum is
        /// the pass's to the bit); nil when the pass must run.
        func repeatedBlankArea(_ tiles: [FrameTile], isMoving: Bool) -> Double? {
            guard isCurrent, isMoving == self.isMoving, views.count == tiles.count else { return nil }
            var area = 0.0
            for v in tiles.indices {
                let seen = views[v], t = tiles[v]
                guard seen.item == t.item, seen.isVisible == t.isVisible, seen.displayedKey == t.displayedKey else { return nil }
                if seen.isBlank { area += t.visibleArea }
            }
            return area
        }
    }

    /// One pool view's current appearance.
    private struct Appearance: Sendable {
        var item: Int?
        var since = 0.0
        var waiting = false
        var hasShown = false
    }

    /// How soon an image must show for its tile to count as ready on appear (web.dev's 10 ms).
    public static let readyWithin = 0.010

    /// A recorder for a grid whose items show `assetCount` distinct images.
    public init(assetCount: Int) {
        self.assetCount = Swift.max(1, assetCount)
    }

    /// A recorder whose blank tiles show `placeholder` from `previews` while they wait (B-COST-2).
    public init(assetCount: Int, placeholder: PlaceholderKind, previews: ImagePreviews) {
        self.init(assetCount: assetCount)
        placeholders.kind = placeholder
        placeholders.previews = previews
    }

    /// The metrics so far; pending waits and not-yet-shown completions are counted as of the last frame.
    public var metrics: LoadMetrics {
        var m = base
        // A first image no frame has shown yet (the run ended first): the time it came.
        if m.timeToFirstImage == nil, let shown = times.firstImageShown, let start = times.start {
            m.timeToFirstImage = Swift.max(0, shown - start)
        }
        var pending = 0, pendingBytes = 0
        pendingWaste.forEachValue { pending += $0.loads; pendingBytes += $0.bytes }
        m.loadsWastedPending = pending
        m.loadsWasted += m.loadsWastedPending
        m.wastedBytes = wasted.completions + pendingBytes + wasted.cancelled + wasted.failed
        m.previewBytes = placeholders.bytes
        m.undecodablePreviews = placeholders.undecodable
        var sum = settle.sum, count = m.settleCount
        if let start = settle.start, let now = times.lastFrame {
            let wait = now - start
            sum += wait
            count += 1
            m.settleLatencyMax = Swift.max(m.settleLatencyMax, wait)
        }
        m.settleCount = count
        m.settleLatency = count == 0 ? 0 : sum / Double(count)
        return m
    }

    /// Fewest loads possible: distinct images visible at rest (each must be loaded at least once).
    public var boundMinLoads: Int { seen.restAssets.count }
    /// Distinct images ever visible.
    public var boundClairvoyantLoads: Int { seen.visitedAssets.count }

    /// Records the run's start: the first screen counts as at rest, `time` starts the frame clock.
    public mutating func start(time: Double, tiles: [FrameTile]) {
        times = RecorderTimes(start: time, lastFrame: time)
        last = BlankFrame()
        lastPass.isCurrent = false
        for t in tiles where t.isVisible {
            guard let item = t.item else { continue }
            let expected = key(item)
            seen.visible(item, asset: expected.asset, atRest: true)
            placeholders.visible(asset: expected.asset)
            if t.displayedKey != expected {
                last.tiles += 1
                last.area += t.visibleArea
                if placeholders.shows(asset: expected.asset) { last.placeholders += 1 }
            }
        }
        observeAppearances(tiles, time: time)
    }

    /// Copies the pipeline's load counters.
    public mutating func setLoadCounts(issued: Int, completed: Int, cancelled: Int) {
        base.loadsIssued = issued
        base.loadsCompleted = completed
        base.loadsCancelled = cancelled
    }

    /// Copies the source's traffic since the segment began.
    public mutating func setTraffic(_ traffic: SourceTraffic) {
        base.networkBytes = traffic.networkBytes
        base.requests = traffic.requests
        base.diskHits = traffic.diskHits
        base.diskCorrupt = traffic.diskCorrupt
        wasted.cancelled = traffic.cancelledBytes
        base.radioJoules = traffic.radioJoules
        base.radioActiveSeconds = traffic.radioActiveSeconds
    }

    /// A bound tile was given its image from the memory cache at `time`.
    public mutating func memoryHit(time: Double) {
        base.memoryHits += 1
        imageShown(time: time)
    }

    /// A visible tile started showing an image at `time` (a fade or a cache hit): the first one is on screen
    /// at the next frame (or this one, when a frame's work gave it), where `timeToFirstImage` is taken, as
    /// blank time counts it; at an input between frames that is the frame after.
    public mutating func imageShown(time: Double) {
        if base.timeToFirstImage == nil, times.start != nil, times.firstImageShown == nil { times.firstImageShown = time }
    }

    /// A load finished; `visibleKeys` are the images of the tiles visible at that moment.
    public mutating func loadCompleted(_ key: ImageKey, result: LoadResult, time: Double, visibleKeys: Set<ImageKey>) {
        loadCompleted(key, result: result, time: time, isVisible: visibleKeys.contains(key))
    }

    /// The same; `isVisible`: a tile visible at that moment shows `key`; `networkBytes`: the body bytes the
    /// network moved for it (nil: none, e.g. a disk hit).
    public mutating func loadCompleted(_ key: ImageKey, result: LoadResult, time: Double, isVisible: Bool, networkBytes: Int? = nil) {
        lastPass.isCurrent = false
        if case let .failed(reason) = result {
            base.failedLoads += 1
            base.failuresByReason[reason, default: 0] += 1
            wasted.failed += networkBytes ?? 0
        }
        guard case .image = result else { return }
        insertedAt[key] = time
        // Fetched again: the evicted copy's bytes were moved for nothing after all.
        if (networkBytes ?? 0) > 0 { _ = evictedUnseen.take(key) }
        if !isVisible {
            var waste = pendingWaste[key] ?? PendingWaste()
            waste.loads += 1
            waste.bytes += networkBytes ?? 0
            pendingWaste[key] = waste
        }
    }

    /// An image from an earlier segment's load entered the cache at `time` (not this segment's load: only
    /// its time is kept, so a later fade is still recognised as a cache hit or not).
    public mutating func imageArrived(_ key: ImageKey, time: Double) {
        insertedAt[key] = time
    }

    /// The cache dropped `keys`: completions of theirs not yet shown are now wasted for good.
    public mutating func evicted(_ keys: [ImageKey]) {
        if !keys.isEmpty { lastPass.isCurrent = false }
        for k in keys {
            insertedAt[k] = nil
            if let waste = pendingWaste.removeValue(forKey: k) {
                base.loadsWasted += waste.loads
                wasted.completions += waste.bytes
                if waste.bytes > 0 { evictedUnseen.add(k, waste.bytes) }
            }
        }
    }

    /// A tile started a fade for `key`; it had asked for the image at `requestTime`. If the key was
    /// already in the cache then, this was a cache hit and must not have faded.
    public mutating func fadeStarted(_ key: ImageKey, requestTime: Double) {
        if let inserted = insertedAt[key], inserted < requestTime { base.cacheHitFades += 1 }
    }

    /// One frame at `time`: the tiles as displayed, whether the scroll view is in motion or touched,
    /// the cache's bytes and the bytes held only by tiles.
    public mutating func frame(time: Double, tiles: [FrameTile], isMoving: Bool, cacheBytes: Int, tileOnlyBytes: Int) {
        let dt = Swift.max(0, time - (times.lastFrame ?? time))
        times.lastFrame = time
        if times.firstImageShown != nil, base.timeToFirstImage == nil, let start = times.start {
            base.timeToFirstImage = Swift.max(0, time - start)
        }
        var stale = false, blank = 0, blankArea = 0.0, showing = 0, waiting = 0
        if let area = lastPass.repeatedBlankArea(tiles, isMoving: isMoving) {
            base.wrongImages += lastPass.wrongImages
            (stale, blank, blankArea, showing, waiting) = (lastPass.stale, lastPass.blank, area, lastPass.showing, lastPass.waiting)
        } else {
            if appearance.count != tiles.count { appearance = Array(repeating: Appearance(), count: tiles.count) }
            if lastPass.views.count != tiles.count { lastPass.views = Array(repeating: LastPass.View(), count: tiles.count) }
            var wrong = 0
            // One pass: the tile's own checks, then its view's appearance (`observe`), each tile's expected
            // key worked out once. The two touch different counters, so the order is theirs alone.
            for v in tiles.indices {
                let t = tiles[v]
                var expected: ImageKey?
                var isBlank = false
                if let item = t.item {
                    let key = key(item)
                    expected = key
                    if let shown = t.displayedKey, shown != key {
                        stale = true
                        wrong += 1
                    }
                    if t.isVisible {
                        seen.visible(item, asset: key.asset, atRest: !isMoving)
                        placeholders.visible(asset: key.asset)
                        if t.displayedKey == key {
                            pendingWaste.removeValue(forKey: key)
                            // Shown from the disk copy an evicted completion's bytes left: those bytes reached the screen.
                            if let bytes = evictedUnseen.take(key) { wasted.completions -= bytes }
                        } else {
                            isBlank = true
                            blank += 1
                            blankArea += t.visibleArea
                            if placeholders.shows(asset: key.asset) { showing += 1 }
                        }
                    }
                } else if t.displayedKey != nil {
                    stale = true
                }
                if Self.observe(&appearance[v], of: t, expected: expected, time: time, base: &base) { waiting += 1 }
                lastPass.views[v] = LastPass.View(item: t.item, isVisible: t.isVisible, displayedKey: t.displayedKey, isBlank: isBlank)
            }
            base.wrongImages += wrong
            lastPass.isCurrent = true
            lastPass.isMoving = isMoving
            lastPass.wrongImages = wrong
            (lastPass.stale, lastPass.blank, lastPass.showing, lastPass.waiting) = (stale, blank, showing, waiting)
            // Every view's appearance was just observed: those still waiting are counted here, not in a second
            // pass. (A repeated pass leaves the share as it was: its counts have not moved.)
            base.readyOnAppearShare = Self.share(ready: base.readyOnAppear, of: base.appearances + waiting)
        }
        if stale { base.staleFrames += 1 }
        base.blankAreaPt2s += last.area * dt
        base.maxBlankAreaPt2 = Swift.max(base.maxBlankAreaPt2, blankArea)
        // A frame stays on screen until the next: the interval just ended showed the last frame's
        // blanks. (Charging it to this frame's would bill a long still hold the replay skips to the
        // tiles that only came on screen after it.)
        base.blankTileSeconds += Double(last.tiles) * dt
        // The same interval split by what the blank tiles showed: without placeholders, all empty.
        base.emptyTileSeconds += Double(last.tiles - last.placeholders) * dt
        base.placeholderTileSeconds += Double(last.placeholders) * dt
        last = BlankFrame(tiles: blank, placeholders: showing, area: blankArea)
        base.peakDecodedBytes = Swift.max(base.peakDecodedBytes, cacheBytes + tileOnlyBytes)

        if let wait = settle.frame(at: time, isMoving: isMoving, settled: blank == 0) {
            base.settleCount += 1
            base.settleLatencyMax = Swift.max(base.settleLatencyMax, wait)
        }
    }

    /// Tracks each pool view's appearance: a tile that became visible (or was rebound while visible)
    /// starts one; it is ready if its image shows within `readyWithin`; a shown image that goes back to
    /// the placeholder while the appearance lasts is a flicker.
    private mutating func observeAppearances(_ tiles: [FrameTile], time: Double) {
        if appearance.count != tiles.count { appearance = Array(repeating: Appearance(), count: tiles.count) }
        for (v, t) in tiles.enumerated() { Self.observe(&appearance[v], of: t, expected: t.item.map(key), time: time, base: &base) }
        base.readyOnAppearShare = Self.readyShare(appearance, ready: base.readyOnAppear, appearances: base.appearances)
    }

    /// One view's step of `observeAppearances`: `a` is its appearance, `t` its tile, `expected` the key
    /// of the tile's item; the counts go to `base`. Returns whether the appearance still waits for its image.
    @inline(__always) @discardableResult
    private static func observe(_ a: inout Appearance, of t: FrameTile, expected: ImageKey?, time: Double,
                                base: inout LoadMetrics) -> Bool {
        let visibleItem = t.isVisible ? t.item : nil
        let showing = visibleItem != nil && t.displayedKey == expected
        if visibleItem != a.item {
            if a.waiting { base.appearances += 1 }   // it left (or was rebound) before its image came
            a = Appearance(item: visibleItem, since: time, waiting: visibleItem != nil, hasShown: false)
        }
        if a.item != nil {
            if showing {
                if a.waiting {
                    base.appearances += 1
                    if time - a.since <= readyWithin + 1e-9 { base.readyOnAppear += 1 }
                    a.waiting = false
                }
                a.hasShown = true
            } else if a.hasShown {
                base.flickers += 1
                a.hasShown = false
            }
        }
        return a.waiting
    }

    /// Whether the next frame may repeat the last pass's counts (its tiles permitting).
    var lastPassIsCurrent: Bool { lastPass.isCurrent }

    /// The share of appearances ready on appear, those still waiting counted as not (yet) ready: the
    /// full pass over the views that `frame` does in its own (a test compares the two).
    var readyOnAppearShare: Double {
        Self.readyShare(appearance, ready: base.readyOnAppear, appearances: base.appearances)
    }

    /// `readyOnAppearShare` from its parts: a mutating caller passes them rather than a copy of the recorder.
    private static func readyShare(_ appearance: [Appearance], ready: Int, appearances: Int) -> Double {
        var waiting = 0
        for a in appearance where a.waiting { waiting += 1 }
        return share(ready: ready, of: appearances + waiting)
    }

    private static func share(ready: Int, of count: Int) -> Double { count == 0 ? 1 : Double(ready) / Double(count) }

    private func key(_ item: Int) -> ImageKey { itemImages?.key(of: item) ?? ImageKey(item: item, assetCount: assetCount) }
}

/// What the metrics recorder sees of one tile in one frame.
public struct FrameTile: Hashable, Sendable {
    /// The item the tile is bound to (nil: unbound).
    public var item: Int?
    /// Whether the tile overlaps the viewport.
    public var isVisible: Bool
    /// The image the tile displays (fading or opaque), nil if none.
    public var displayedKey: ImageKey?
    /// Decoded bytes of the displayed image.
    public var displayedBytes: Int
    /// The part of the tile inside the viewport, pt².
    public var visibleArea: Double

    /// Makes a tile observation.
    public init(item: Int?, isVisible: Bool, displayedKey: ImageKey?, displayedBytes: Int = 0, visibleArea: Double = 0) {
        self.item = item
        self.isVisible = isVisible
        self.displayedKey = displayedKey
        self.displayedBytes = displayedBytes
        self.visibleArea = visibleArea
    }
}
