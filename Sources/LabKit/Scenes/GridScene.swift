import ScrollKit

/// The image grid of seeds 000/001/003/004: a vertical 2-column grid of 500 tiles recycled through six
/// views (B-GRID-2) — or a feed of your own as a list, masonry or carousels, with as many views as its
/// visible items need (B-FEED-1, `GridSceneConfiguration.use(_:layout:columns:)`) — each tile loading
/// its image through the pipeline under the active loading policy (B-POL-1), with fades (B-IMG-2), the
/// stale-image guard (B-GRID-4) and the B-POL-2 metrics.
///
/// The scroll view frame is (0, 30, 320, 450) in phone coordinates under a 30 pt title bar; the whole
/// phone is the touch area. The scene is the scroll view's delegate: it keeps `userDragging`
/// (B-EVT-2), rebinds the pool from the content offset and asks the policy what to load at every
/// callback and frame. Headless the images come from a `VirtualImageSource`; the app passes its own.
///
/// Two values do the work: the grid (`TileGrid`: scroll view, layout, views, tiles, carousels,
/// touches) and its loading (`GridLoading`: policy, pipeline, recorder, look-ahead), which loads into
/// the grid's tiles. The scene routes events and frames to them and keeps the policy segments'
/// comparison; its delegate callbacks reach them only while it holds no access to either.
public final class GridScene: LabScene, ScrollViewDelegate {
    public let name = "grid"
    /// The settings the scene was made with (policy and seed problem as at creation).
    public let configuration: GridSceneConfiguration
    /// Which image each item shows.
    public let itemImages: ItemImages
    /// The grid: scroll view, layout, recycled views and their tiles, carousels, touches.
    ///
    /// Neither the grid nor its loading is checked for exclusive access at run time (each frame reaches
    /// them dozens of times): the scene lends them only to calls that never call back into the scene
    /// (the scroll view's delegate callbacks arrive while it holds no access to either, see below).
    @exclusivity(unchecked) var grid: TileGrid
    /// The grid's loading: policy, pipeline, metrics recorder, look-ahead.
    @exclusivity(unchecked) var loading: GridLoading
    /// The active policy and the pipeline it runs on.
    public internal(set) var policyVariant: PolicyVariant
    /// The seed problem shown in its broken form, if any.
    public internal(set) var seedProblem: SeedProblem?
    /// The condition the current segment runs under (B-COND-1); `setCondition(_:)` changes it.
    public internal(set) var condition: LoadCondition
    /// The policies used since the last reset, each with the metrics of its segments (B-POL-2).
    public private(set) var comparison = PolicyComparison()

    /// The grid's scroll view (the grid's own, kept here too: a class's constant is read without an
    /// access check, and the scene hands it events and frames).
    public let scrollView: ScrollView
    /// When the scene started (its first event or frame), nil before; and the items on screen then.
    public var startScreen: (time: Double, visibleItems: [Int])? { loading.startScreen }
    /// The content's geometry: the bundled grid, or a feed's layout (B-FEED-1).
    public var layout: FeedLayout { grid.layout }
    /// The recycled views: the grid's six, or as many as a feed's visible items need.
    public var pool: ViewPool { grid.pool }
    /// The loading pipeline and its memory cache.
    public internal(set) var pipeline: ImagePipeline {
        get { loading.pipeline }
        set { loading.pipeline = newValue }
    }
    /// The active policy's kind.
    public var policyKind: LoadingPolicyKind { policyVariant.kind }
    /// True when the active policy runs on its shipping system's pipeline (`texture@shipped`).
    public var usesShippedPipeline: Bool { policyVariant.isShipped }
    /// True between willBeginDragging and didEndDragging: the user's finger drags the content (B-EVT-2).
    public var userDragging: Bool { grid.userDragging }
    /// Items on screen, in index order, as of the last binding update.
    public var visibleItems: [Int] { grid.visibleItems }
    /// The content view tracking the current touch (a tile or its ♥), drawn pressed (B-TCH-1).
    public var pressed: ContentView? { grid.touches.pressed }
    /// The item last tapped, drawn selected.
    public var selectedItem: Int? { grid.touches.selectedItem }
    /// Items whose ♥ was tapped (each tap toggles).
    public var likedItems: Set<Int> { grid.touches.likedItems }
    /// The active policy.
    var policy: any LoadingPolicy { loading.policy }
    /// The carousels' own scroll views and who holds the pointer (a `carousels` feed only).
    var carousels: CarouselRows { grid.carousels }
    /// The scene's clock: the time of its last frame or start.
    var now: Double { loading.now }
    /// True once the scene has started (its first event or frame).
    var started: Bool { loading.started }

    /// The phone-coordinates frame of the grid's scroll view.
    public static let scrollFrame = Rect(x: 0, y: 30, width: 320, height: 450)
    /// The touch area: the whole phone viewport.
    public static let phoneBounds = Rect(x: 0, y: 0, width: 320, height: 480)

    /// A grid scene; `source` defaults to a deterministic virtual source with the configured latency.
    public convenience init(configuration: GridSceneConfiguration = .init(), source: (any ImageSource)? = nil) {
        self.init(configuration: configuration, source: source, sharing: nil)
    }

    /// A grid scene whose content moves in `shared` when given (scenes replayed in lockstep,
    /// `GridSceneLockstep`: the scroll view's delegate and content are then theirs, not the scene's),
    /// else in a scroll view of its own.
    init(configuration: GridSceneConfiguration, source: (any ImageSource)?, sharing shared: ScrollView?) {
        self.configuration = configuration
        let layout = configuration.feedGeometry
        itemImages = configuration.itemImages
        scrollView = shared ?? Self.makeScrollView(configuration, contentSize: layout.contentSize)
        grid = TileGrid(scrollView: scrollView, layout: layout,
                        pool: configuration.feed == nil || layout.kind == .grid ? .window(capacity: 6) : .queue)
        var pipeline = ImagePipeline(source: source ?? Self.feedSized(Self.headlessSource(configuration), configuration, layout: layout),
                                     cacheByteLimit: configuration.cacheByteLimit,
                                     maxConcurrent: configuration.loadsAtOnce())
        pipeline.order = configuration.requestOrder
        loading = GridLoading(configuration: configuration, layout: layout, pipeline: pipeline,
                              policy: configuration.policy.makePolicy(problem: configuration.seedProblem))
        policyVariant = configuration.policyVariant
        condition = LoadCondition(configuration)
        seedProblem = configuration.seedProblem
        guard shared == nil else { return }
        scrollView.delegate = self
        scrollView.content = self
    }

    /// The grid's scroll view for `configuration`: the phone's frame and touch area, its physics.
    static func makeScrollView(_ configuration: GridSceneConfiguration, contentSize: Size) -> ScrollView {
        let scrollView = ScrollView(frame: scrollFrame, contentSize: contentSize)
        scrollView.touchArea = phoneBounds
        scrollView.configuration.physics = configuration.physics
        return scrollView
    }

    /// The headless source: the network model when the configuration names a profile, else today's
    /// constant latency with no bandwidth limit (so `--latency-ms` figures stay what they were).
    public static func headlessSource(_ c: GridSceneConfiguration) -> any ImageSource {
        if let network = networkSource(c) { return network }
        var source = VirtualImageSource(latency: c.latency, decodeCost: c.decodeCost, bytesPerImage: c.bytesPerImage)
        source.decodeCosts = c.decodeCosts
        return source
    }

    /// The network model of a configuration that names a profile (nil: none). `modelsDisk` false leaves
    /// its disk cache out: the window keeps a real one in front of the model.
    public static func networkSource(_ c: GridSceneConfiguration, modelsDisk: Bool = true) -> NetworkImageSource? {
        guard let profile = c.network else { return nil }
        var source = NetworkImageSource(profile: profile, byteSizes: c.assetByteSizes, decodeCost: c.decodeCost,
                                        decodedBytes: c.bytesPerImage, connectionsPerHost: c.hostConnections(),
                                        httpVersion: c.httpVersion, tls: c.tls, order: c.requestOrder,
                                        diskByteLimit: modelsDisk ? c.diskCacheByteLimit : nil,
                                        diskEntries: modelsDisk ? c.diskCacheEntries : [], diskCorrupt: modelsDisk ? c.diskCacheCorrupt : [],
                                        seed: c.networkSeed)
        source.decode.byAsset = c.decodeCosts
        return source
    }

    /// The modelled disk cache policies may read (nil: no network model, or no disk cache).
    var diskCache: MemoryCache<ImageKey>? { loading.pipeline.source.disk }

    /// The assets in the disk cache now, least recently used first (nil: no disk cache), for a caller that
    /// keeps them in a folder: the modelled network's, or a real server's (`--source`) as its source models it.
    public var diskCacheAssets: [Int]? {
        pipeline.source.disk.map { $0.keysByRecency.reversed().map(\.asset) }
    }

    /// The tiles as the renderer draws them, by view number.
    public var tiles: [TileState] {
        let grid = grid
        return (0..<grid.pool.capacity).map { v in
            let item = grid.pool.item(ofView: v)
            var tile = TileState(view: v, item: item, frame: item.map { grid.frame(ofItem: $0) } ?? .zero,
                                 image: image(of: grid.slots[v]))
            if let item { grid.touches.decorate(&tile, item: item) }
            return tile
        }
    }

    /// The policy's rect at `targetContentOffset` (Target and Adaptive), for drawing; nil otherwise.
    public var targetRect: Rect? { loading.policy.targetRect }

    /// The running policy, to read its state (a peer's bands, what it has requested).
    public var loadingPolicy: any LoadingPolicy { loading.policy }

    /// The B-POL-2 metrics of the current segment: since the policy was last switched or reset.
    public var metrics: LoadMetrics { loading.metrics }

    /// The policy as the comparison names it: its variant (`texture@shipped` on its system's pipeline),
    /// and the seed problem shown broken (`deferred · problem 1`), which is a policy of its own for the metrics.
    public var segmentName: String {
        policyVariant.name + (seedProblem.map { " · problem \($0.rawValue)" } ?? "")
    }

    /// The comparison table: every policy used since the last reset under any condition, the current
    /// segment included.
    public var policyRows: [PolicyComparison.Row] {
        comparison.rows(current: segmentName, live: metrics, condition: condition)
    }

    /// Fewest loads possible for the run so far: distinct images visible at rest.
    public var boundMinLoads: Int { loading.recorder.boundMinLoads }
    /// Distinct items ever visible in the run so far.
    public var boundClairvoyantLoads: Int { loading.recorder.boundClairvoyantLoads }

    /// Switches the loading policy (its digit keys) and the seed problem while scrolling; the new policy
    /// runs as many loads at once as the system it reproduces and is shown the tiles on screen at once.
    ///
    /// Once the scene has started, the old policy's segment ends: its metrics join the comparison and
    /// are returned (for the trace), and the new policy's metrics start from zero. A load still in
    /// flight at the switch is counted by the segment in which it completes.
    ///
    /// The pipeline stays the shared one (B-PIPE-1) unless `shipped` asks for the system's own
    /// (`texture@shipped`: 10 loads at once).
    @discardableResult
    public func setPolicy(_ kind: LoadingPolicyKind, problem: SeedProblem? = nil, shipped: Bool = false) -> PolicyComparison.Row? {
        let ended = endSegment()
        policyVariant = PolicyVariant(kind, shipped: shipped)
        seedProblem = problem
        loading.policy = kind.makePolicy(problem: problem)
        loading.pipeline.setMaxConcurrent(configuration.loadsAtOnce(policyVariant), time: now)
        if started {
            resetMetrics()
            let time = now
            loading.consult(.appear(grid.visibleItems), time: time, grid: &grid)
        }
        return ended
    }

    /// Changes the condition (B-COND-1: a network, latency, physics, refresh rate or pipeline change):
    /// when it differs and the scene has started, the current segment ends — its metrics join the
    /// comparison under the old condition and are returned (for the trace) — and the metrics start from
    /// zero under the new one. The same condition again changes nothing (nil).
    @discardableResult
    public func setCondition(_ new: LoadCondition) -> PolicyComparison.Row? {
        guard new != condition else { return nil }
        let ended = endSegment()
        condition = new
        if started { resetMetrics() }
        return ended
    }

    /// Adds the current segment to the comparison (once started) and returns it.
    private func endSegment() -> PolicyComparison.Row? {
        guard started else { return nil }
        comparison.add(policy: segmentName, metrics: metrics, condition: condition)
        return PolicyComparison.Row(policy: segmentName, metrics: metrics, segments: 1, condition: condition)
    }

    /// Starts the current segment's metrics afresh, keeping the cache, the tiles and the comparison.
    public func resetMetrics() {
        loading.resetMetrics(GridLoading.recorder(configuration), grid: grid)
    }

    /// The comparison with the current segment added as a finished one (A carries it from run to run).
    public var comparisonIncludingCurrent: PolicyComparison {
        var carried = comparison
        if started { carried.add(policy: segmentName, metrics: metrics, condition: condition) }
        return carried
    }

    /// Takes `carried` as the comparison so far (A's runs, each a fresh scene, fill one table).
    public func adoptComparison(_ carried: PolicyComparison) { comparison = carried }

    /// R: forgets the comparison and starts the current policy's metrics from zero.
    public func resetComparison() {
        comparison.removeAll()
        resetMetrics()
    }

    // The scroll view's delegate callbacks reach the grid and its loading: no access to either is held
    // while it handles an event or advances.

    public func pointer(_ event: PointerEvent) {
        loading.beginEvent(at: event.time, grid: &grid)
        if grid.layout.kind == .carousels { return routeCarouselPointer(event) }
        scrollView.handle(event)
    }

    public func advance(to time: Double) {
        loading.beginFrame(at: time, grid: &grid)  // loads finished before the scroll view moves are in the cache
        scrollView.advance(to: time)
        loading.endFrame(at: time, grid: &grid)
    }

    /// Settled: the scroll view neither moves nor is touched, and no load is queued or running.
    ///
    /// A visible tile still without its image (nor a failure to show) also keeps the scene unsettled:
    /// a broken policy that leaves tiles empty at rest (seed problem 2) is then seen for as long as a
    /// replay lasts, not hidden by the replay stopping early.
    public var isSettled: Bool {
        started && !scrollView.isTracking && !scrollView.isMoving && carouselsAtRest && loading.pipeline.isIdle
            && grid.visibleTilesResolved
    }

    public var settingLines: [JSONValue] { [] }

    public var summary: [(String, JSONValue)] {
        [("viewsCreated", .int(grid.pool.viewsCreated))] + carouselSummary + [("metrics", metrics.json)]
    }
}
