import ScrollKit

/// What a loading policy may look at when it decides: the scroll state, the grid, the cache.
///
/// A plain value built by the grid scene at each trigger, so policies are pure and testable.
public struct LoadingContext: Sendable {
    /// Current time, seconds.
    public var time: Double
    /// The content's geometry: the grid, or a feed's layout.
    public var layout: FeedLayout
    /// The visible rectangle in content coordinates (origin = content offset, size = viewport).
    public var bounds: Rect
    /// Content velocity, points per second (positive y: content moving up, offset growing).
    public var velocity: Point
    /// Finger down on the scroll view.
    public var isTracking: Bool
    /// UIKit's `isDragging`: from drag start until any deceleration ends.
    public var isDragging: Bool
    /// Decelerating after a release.
    public var isDecelerating: Bool
    /// The scene's own flag: true between willBeginDragging and didEndDragging (B-EVT-2).
    public var userDragging: Bool
    /// Where the current deceleration or animation stops, if one is running.
    public var targetContentOffset: Point?
    /// Items on screen, in index order.
    public var visibleItems: [Int]
    /// Items bound to pool views, by view (nil: unbound).
    public var boundItems: [Int?]
    /// The memory cache (nil: empty). `isCached` asks it directly, so building a context copies no keys
    /// (a copy of the cache value shares its storage).
    public var cache: MemoryCache<ImageKey>?
    /// Number of distinct images (ImageKey = item % assetCount unless `itemImages` says).
    public var assetCount: Int
    /// Which image each item shows, when a feed says (nil: item % assetCount).
    public var itemImages: ItemImages?
    /// The disk cache in front of the network (nil: none, or no network): a load of an item it holds
    /// moves no bytes and takes a disk read and a decode. An app knows its own URLCache.
    public var diskCache: MemoryCache<ImageKey>?
    /// Expected time from request to image when a slot is free (seconds): measured by the pipeline on
    /// its own loads (`ImagePipeline.expectedLoadDuration(at:)`), never read from the network's settings.
    public var expectedLoadDuration: Double
    /// How many of its own loads the pipeline has measured (`LoadDurationEstimate.samples`): 0 while
    /// `expectedLoadDuration` is still the prior.
    public var measuredLoads: Int
    /// The time from a request to its response's first byte, as the app's network loads measured it
    /// (nil: none measured; a source with no network never measures one).
    public var timeToFirstByte: Double?
    /// How long one image holds the whole link, from the measured throughput (nil: not measured).
    public var imageTransferTime: Double?
    /// The time from a response's last byte to its decoded image, as measured (nil: not measured).
    public var timeAfterLastByte: Double?
    /// The system's estimate of a request's time to first byte on this network (nil: unknown): what
    /// Chrome's network quality estimator gives its effective connection type. Chrome keeps it per
    /// network across sessions, so it is known from the first frame; the lab gives the source's.
    public var httpRoundTrip: Double?
    /// How many loads run at once.
    public var maxConcurrentLoads: Int
    /// How many images the memory cache holds at most.
    public var cacheCapacityImages: Int
    /// Time constant τ of the deceleration: offset(t) = target − (target − x₀)·e^(−t/τ).
    public var decelerationTimeConstant: Double
    /// The scroll view's motion after the release: the running one, or at `willEndDragging` the one
    /// the release is about to start (nil when there is none).
    public var motion: MotionForecast?
    /// The path is constrained (iOS's Low Data Mode, `NWPath.isConstrained`; Android's Data Saver,
    /// `getRestrictBackgroundStatus()`): what an app can read, and Adaptive does (B-COST-2).
    public var isConstrained = false

    /// Makes a context; defaults describe a grid at rest at offset 0 with an empty cache.
    public init(time: Double = 0, layout: FeedLayout = FeedLayout(grid: GridLayout()), bounds: Rect = Rect(x: 0, y: 0, width: 320, height: 450),
                velocity: Point = .zero, isTracking: Bool = false, isDragging: Bool = false, isDecelerating: Bool = false,
                userDragging: Bool = false, targetContentOffset: Point? = nil, visibleItems: [Int]? = nil,
                boundItems: [Int?] = [], cache: MemoryCache<ImageKey>? = nil, assetCount: Int = 72, itemImages: ItemImages? = nil,
                diskCache: MemoryCache<ImageKey>? = nil, expectedLoadDuration: Double = 0.086, measuredLoads: Int = 0,
                maxConcurrentLoads: Int = 4, cacheCapacityImages: Int = 12,
                decelerationTimeConstant: Double = 0.5, motion: MotionForecast? = nil) {
        self.time = time
        self.layout = layout
        self.bounds = bounds
        self.velocity = velocity
        self.isTracking = isTracking
        self.isDragging = isDragging
        self.isDecelerating = isDecelerating
        self.userDragging = userDragging
        self.targetContentOffset = targetContentOffset
        self.visibleItems = visibleItems ?? Array(layout.items(in: bounds))
        self.boundItems = boundItems
        self.cache = cache
        self.assetCount = assetCount
        self.itemImages = itemImages
        self.diskCache = diskCache
        self.expectedLoadDuration = expectedLoadDuration
        self.measuredLoads = measuredLoads
        self.maxConcurrentLoads = maxConcurrentLoads
        self.cacheCapacityImages = cacheCapacityImages
        self.decelerationTimeConstant = decelerationTimeConstant
        self.motion = motion
    }

    /// The content offset (top-left of `bounds`).
    public var contentOffset: Point { bounds.origin }

    /// The image key of `item`.
    public func key(of item: Int) -> ImageKey { itemImages?.key(of: item) ?? ImageKey(item: item, assetCount: assetCount) }

    /// True when `item`'s image is in the memory cache (showing it costs no load).
    public func isCached(_ item: Int) -> Bool {
        cache?.contains(key(of: item)) ?? false
    }

    /// True when `item`'s image is in the memory cache or the disk cache: showing it moves no bytes.
    public func isStored(_ item: Int) -> Bool {
        let k = key(of: item)
        return (cache?.contains(k) ?? false) || (diskCache?.contains(k) ?? false)
    }

    /// The frame of `item` in content coordinates.
    public func frame(of item: Int) -> Rect { layout.frame(ofItem: item) }

    /// The items whose frames overlap the band of content from `minY` to `maxY` (full width): from the
    /// first to the last of them in index order (in a masonry an item between two may end above the band).
    public func items(fromY minY: Double, toY maxY: Double) -> Range<Int> {
        items(in: Rect(x: 0, y: minY, width: layout.contentSize.width, height: Swift.max(0, maxY - minY)))
    }

    /// The items whose frames overlap `band` (content coordinates; a carousel item's frame at its row's
    /// offset): from the first to the last of them in index order, so the range may hold items outside it.
    public func items(in band: Rect) -> Range<Int> {
        // A grid's candidates are exactly its items in the band: no walk over them.
        if let grid = layout.grid {
            let items = grid.items(in: band)
            return items.isEmpty ? 0..<0 : items
        }
        let items = layout.items(in: band)
        guard let first = items.first, let last = items.last else { return 0..<0 }
        return first..<(last + 1)
    }

    /// The items of row `row` (empty outside the grid).
    public func items(inRow row: Int) -> [Int] {
        Array(layout.items(inRow: row))
    }

    /// The rows `count` beyond the visible ones in direction `direction` (+1 down the list, −1 up),
    /// nearest first, as items (of a carousel row, those across the view at its offset).
    public func itemsAhead(rows count: Int, direction: Int) -> [Int] {
        Array(lazyItemsAhead(rows: count, direction: direction))
    }

    /// The same items as `itemsAhead`, in the same order, produced one by one (no array is built).
    public func lazyItemsAhead(rows count: Int, direction: Int) -> ItemsAhead {
        guard direction != 0, count > 0, let first = visibleItems.first, let last = visibleItems.last else {
            return ItemsAhead(layout: layout, edgeRow: 0, direction: 0, rows: 0)
        }
        let edgeRow = direction > 0 ? layout.row(ofItem: last) : layout.row(ofItem: first)
        return ItemsAhead(layout: layout, edgeRow: edgeRow, direction: direction, rows: count)
    }
}

/// The items of the `rows` rows beyond `edgeRow` in `direction`, nearest row first, each row in index
/// order; rows outside the grid are skipped.
public struct ItemsAhead: Sequence, IteratorProtocol, Sendable {
    let layout: FeedLayout
    let edgeRow: Int, direction: Int, rows: Int
    var step = 0, item = 0, rowEnd = 0

    init(layout: FeedLayout, edgeRow: Int, direction: Int, rows: Int) {
        self.layout = layout
        self.edgeRow = edgeRow
        self.direction = direction
        self.rows = rows
    }

    public mutating func next() -> Int? {
        while item >= rowEnd {
            guard step < rows else { return nil }
            step += 1
            let row = layout.itemsAcross(row: edgeRow + direction * step)
            if !row.isEmpty {
                item = row.lowerBound
                rowEnd = row.upperBound
            }
        }
        defer { item += 1 }
        return item
    }
}
