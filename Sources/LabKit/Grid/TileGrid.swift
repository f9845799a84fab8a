import ScrollKit

/// The grid scene's grid: its scroll view, the content's geometry, the recycled views and the tile each
/// shows, the carousels' rows and what the user touches — what is on screen, nothing about loading
/// (`GridLoading` loads into its tiles).
///
/// A value the scene keeps whole, so a frame's work on it is one access to the scene, not one per
/// property (a class's stored properties are checked for exclusive access at every access).
struct TileGrid {
    /// The scroll view the grid's content moves in (the scene is its delegate and content).
    let scrollView: ScrollView
    /// The content's geometry: the bundled grid, or a feed's layout (B-FEED-1). The loading's policy
    /// context shares it; only a carousels feed's row offsets change, lent to the context at each decision.
    var layout: FeedLayout
    /// The grid's geometry when the content is a grid (`layout.grid`, which never changes): the frame's
    /// hot paths read it directly rather than copying the whole layout.
    let gridGeometry: GridLayout?
    /// The recycled views: the grid's six, or as many as a feed's visible items need.
    var pool: ViewPool
    /// The tiles: each pool view's image, by view.
    var slots: [TileSlot]
    /// Items on screen, in index order, as of the last binding update.
    var visibleItems: [Int] = []
    /// The visible item range at the last binding update (nil before the first), to skip unchanged frames.
    var visibleRange: Range<Int>?
    /// The viewport of the last binding update of a grid (whose layout never changes), nil before the
    /// first: an update at the same viewport binds nothing new (`isBound(at:)`).
    var boundBounds: Rect?
    /// The carousels' own scroll views and who holds the pointer (a `carousels` feed only).
    var carousels = CarouselRows()
    /// True between willBeginDragging and didEndDragging: the user's finger drags the content (B-EVT-2).
    var userDragging = false
    /// The tile pressed, the tile selected and the tiles liked (B-TCH-1).
    var touches = TileTouches()
    /// Shared with the other grids of a lockstep (`GridSceneLockstep`), nil alone.
    var memo: LockstepMemo?
    /// The binding updates made so far (the lockstep's key to an update's result).
    var bindingSerial = 0

    /// A grid of `layout` in `scrollView`, with `pool`'s views, every tile empty.
    init(scrollView: ScrollView, layout: FeedLayout, pool: ViewPool) {
        self.scrollView = scrollView
        self.layout = layout
        gridGeometry = layout.grid
        self.pool = pool
        slots = Array(repeating: TileSlot(), count: pool.capacity)
    }

    /// The frame of `item` in content coordinates (`layout.frame(ofItem:)`).
    @inline(__always)
    func frame(ofItem item: Int) -> Rect {
        if let gridGeometry { return gridGeometry.frame(ofItem: item) }
        return layout.frame(ofItem: item)
    }

    /// True when `item`'s tile overlaps the viewport.
    func isVisible(_ item: Int) -> Bool { frame(ofItem: item).intersects(scrollView.bounds) }

    /// True when the views were last bound at `bounds` in a grid: another update there would rebind no
    /// view and find the same items on screen (a frame's second update, after its `didScroll`'s).
    func isBound(at bounds: Rect) -> Bool {
        gridGeometry != nil && pool.isWindow && boundBounds == bounds
    }

    /// Moves the pool to the viewport `bounds` (the grid's window: firstItem = first visible row ×
    /// columns; a feed's queue: the items crossing `bounds`) and empties the rebound views' tiles
    /// (B-GRID-4: old image, fade and pending load dropped). `rebinds` gets the changes, `dropped` the
    /// keys the emptied tiles were waiting for.
    mutating func rebind(bounds: Rect, into rebinds: inout [ReusePool.Rebind], dropped: inout [ImageKey]) {
        boundBounds = bounds
        bindingSerial += 1
        if let gridGeometry, pool.isWindow {
            // The grid's window: a comparison when it stays (most frames), six views when it moves —
            // cheaper than taking a shared result.
            pool.updateWindow(firstItem: gridGeometry.firstVisibleRow(offsetY: bounds.minY) * gridGeometry.columns,
                              itemCount: gridGeometry.itemCount, into: &rebinds)
        } else if let memo, memo.bindingSerial == bindingSerial, memo.bindingBounds == bounds, let bound = memo.boundPool {
            pool = bound
            rebinds.empty()
            if !memo.rebinds.isEmpty { rebinds.append(contentsOf: memo.rebinds) }  // most updates rebind nothing
        } else {
            pool.update(layout: layout, bounds: bounds, into: &rebinds)
            if let memo {
                memo.bindingSerial = bindingSerial
                memo.bindingBounds = bounds
                memo.boundPool = pool
                memo.rebinds.empty()
                memo.rebinds.append(contentsOf: rebinds)
            }
        }
        if slots.count < pool.capacity { slots += Array(repeating: TileSlot(), count: pool.capacity - slots.count) }
        dropped.empty()
        for r in rebinds {
            if let key = slots[r.view].loadingKey { dropped.append(key) }
            slots[r.view].content = .empty
        }
    }

    /// Fills `visible` with the bound items on screen at `bounds`, in index order; false (and `visible`
    /// left as it is) when nothing was rebound and the candidates are those of the last update, so the
    /// visible list cannot have changed.
    mutating func boundItemsOnScreen(bounds: Rect, rebound: Bool, into visible: inout [Int]) -> Bool {
        if let gridGeometry {
            // A grid's items in a rect are the candidates themselves (`FeedLayout.items(in:)`).
            let range: Range<Int>
            if let memo, let done = memo.screen, done.serial == bindingSerial, done.bounds == bounds {
                range = done.range
            } else {
                range = gridGeometry.items(in: bounds)
                memo?.screen = LockstepMemo.Screen(serial: bindingSerial, bounds: bounds, range: range)
            }
            if !rebound, range == visibleRange { return false }
            visibleRange = range
            visible.empty()
            for item in range where pool.view(showing: item) != nil { visible.append(item) }
        } else {
            let items = layout.items(in: bounds), range = items.candidates
            if !rebound, range == visibleRange { return false }
            visibleRange = range
            visible.empty()
            for item in items where pool.view(showing: item) != nil { visible.append(item) }
        }
        return true
    }

    /// True when every visible item's view shows its image or the reason it has none.
    var visibleTilesResolved: Bool {
        visibleItems.allSatisfy { item in
            guard let v = pool.view(showing: item) else { return false }
            switch slots[v].content {
            case .shown, .failed: return true
            case .empty, .loading: return false
            }
        }
    }

    /// The recorder's view of pool view `v`, with the scroll view's `bounds` read once by the caller:
    /// item, on screen or not, displayed key and bytes.
    func frameTile(view v: Int, bounds: Rect) -> FrameTile {
        let item = pool.item(ofView: v)
        var shown: ImageKey?, bytes = 0
        if case let .shown(key, b, _) = slots[v].content { shown = key; bytes = b }
        // `intersection` is nil exactly when the frames do not intersect: the tile is visible when it is not.
        let overlap = item.flatMap { frame(ofItem: $0).intersection(bounds) }
        return FrameTile(item: item, isVisible: overlap != nil, displayedKey: shown, displayedBytes: bytes,
                         visibleArea: overlap.map { $0.width * $0.height } ?? 0)
    }

    /// The tiles as the recorder sees them, by view.
    var frameTiles: [FrameTile] {
        let bounds = scrollView.bounds
        return (0..<pool.capacity).map { frameTile(view: $0, bounds: bounds) }
    }
}

/// What the user touches on the grid's tiles (B-TCH-1).
struct TileTouches {
    /// The content view tracking the current touch (a tile or its ♥), drawn pressed.
    var pressed: ContentView?
    /// The item last tapped, drawn selected.
    var selectedItem: Int?
    /// Items whose ♥ was tapped (each tap toggles).
    var likedItems: Set<Int> = []

    /// Sets the touch states of `tile`, which shows `item`.
    func decorate(_ tile: inout TileState, item: Int) {
        if let pressed, pressed.item == item {
            tile.isPressed = !pressed.isControl
            tile.isHeartPressed = pressed.isControl
        }
        tile.isSelected = selectedItem == item
        tile.isLiked = likedItems.contains(item)
    }
}
