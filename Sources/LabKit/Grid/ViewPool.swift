import ScrollKit

/// The grid scene's views: the bundled grid's six views in a fixed window (`ReusePool`, B-GRID-2), or
/// for a feed of items of any size a reuse queue holding as many views as the visible area needs
/// (`ReuseQueue`).
public struct ViewPool: Hashable, Sendable {
    enum Storage: Hashable, Sendable {
        case window(ReusePool)
        case queue(ReuseQueue)
        /// Only while a pool is being updated (keeps it uniquely referenced).
        case moving
    }

    var storage: Storage

    /// The bundled grid's pool: `capacity` views made up front.
    public static func window(capacity: Int) -> ViewPool { ViewPool(storage: .window(ReusePool(capacity: capacity))) }
    /// A feed's pool: views made as items need them.
    public static var queue: ViewPool { ViewPool(storage: .queue(ReuseQueue())) }

    /// Views that exist.
    public var capacity: Int {
        switch storage {
        case let .window(pool): pool.capacity
        case let .queue(queue): queue.viewsCreated
        case .moving: 0
        }
    }

    /// Views ever created.
    public var viewsCreated: Int {
        switch storage {
        case let .window(pool): pool.viewsCreated
        case let .queue(queue): queue.viewsCreated
        case .moving: 0
        }
    }

    /// Rebinds so far.
    public var rebindCount: Int {
        switch storage {
        case let .window(pool): pool.rebindCount
        case let .queue(queue): queue.rebindCount
        case .moving: 0
        }
    }

    /// Views taken from the reuse queue (for the fixed window: every rebind to an item reuses a view).
    public var reuseCount: Int {
        switch storage {
        case let .window(pool): pool.rebindCount
        case let .queue(queue): queue.reuseCount
        case .moving: 0
        }
    }

    /// Whether views are made as needed (a feed) rather than six up front.
    public var growsWithContent: Bool {
        if case .queue = storage { return true }
        return false
    }

    /// The item each view shows, by view.
    public var items: [Int?] {
        switch storage {
        case let .window(pool): pool.items
        case let .queue(queue): queue.items
        case .moving: []
        }
    }

    /// The item view `view` shows (nil: unbound), without copying `items`.
    @inline(__always)
    public func item(ofView view: Int) -> Int? {
        switch storage {
        case let .window(pool): pool.items[view]
        case let .queue(queue): queue.items[view]
        case .moving: nil
        }
    }

    /// The view showing `item`, if any.
    public func view(showing item: Int) -> Int? {
        switch storage {
        case let .window(pool): pool.view(showing: item)
        case let .queue(queue): queue.view(showing: item)
        case .moving: nil
        }
    }

    /// True for the bundled grid's fixed window of views.
    public var isWindow: Bool {
        if case .window = storage { return true }
        return false
    }

    /// The fixed window's update (`ReusePool.update(firstItem:itemCount:into:)`); a reuse queue is left as it is.
    public mutating func updateWindow(firstItem: Int, itemCount: Int, into rebinds: inout [ReusePool.Rebind]) {
        guard case let .window(bound) = storage, !bound.isBound(firstItem: firstItem, itemCount: itemCount) else {
            return rebinds.empty()  // most frames: the window stays, and nothing is moved out and back
        }
        var pool = bound
        storage = .moving  // keeps `pool` uniquely referenced while it changes
        pool.update(firstItem: firstItem, itemCount: itemCount, into: &rebinds)
        storage = .window(pool)
    }

    /// Binds the views for the visible rect `bounds` of `layout`: the fixed window from the first visible
    /// row's first item (the grid), or exactly the items crossing `bounds` (a feed: UIKit asks for a
    /// cell as it comes into view). `rebinds` gets the changes.
    public mutating func update(layout: FeedLayout, bounds: Rect, into rebinds: inout [ReusePool.Rebind]) {
        switch storage {
        case var .window(pool):
            storage = .moving  // keeps `pool` uniquely referenced while it changes
            let first = (layout.grid?.firstVisibleRow(offsetY: bounds.minY) ?? layout.row(ofItem: 0)) * layout.columns
            pool.update(firstItem: first, itemCount: layout.itemCount, into: &rebinds)
            storage = .window(pool)
        case var .queue(queue):
            storage = .moving
            let wanted = layout.items(in: bounds)
            queue.update(wanted: wanted, isWanted: { wanted.candidates.contains($0) && layout.frame(ofItem: $0).intersects(bounds) },
                         into: &rebinds)
            storage = .queue(queue)
        case .moving:
            break
        }
    }
}
