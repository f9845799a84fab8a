/// A fixed pool of views recycled over a long list of items (seed 004, UITableView's idea).
///
/// The pool covers a window of `capacity` consecutive items. View `v` always shows the item of the
/// window whose index is `v` modulo `capacity`, so when a row leaves at one end its views move to the
/// other end and are rebound, in either direction and for jumps of any size. Views are created
/// once, up front; `viewsCreated` proves the pool never grows.
public struct ReusePool: Hashable, Sendable {
    /// One rebinding: view `view` stopped showing `oldItem` and now shows `newItem`.
    public struct Rebind: Hashable, Sendable {
        /// The view that was moved.
        public var view: Int
        /// What it showed before, or nil if it was unbound.
        public var oldItem: Int?
        /// What it shows now, or nil if it was left unbound (the list is shorter than the pool).
        public var newItem: Int?
    }

    /// Number of views, fixed for the pool's life.
    public let capacity: Int
    /// Views ever created: equals `capacity` for the whole run.
    public private(set) var viewsCreated: Int
    /// Rebinds made so far.
    public private(set) var rebindCount: Int = 0
    /// The item each view shows (nil: unbound), indexed by view.
    public private(set) var items: [Int?]
    /// First item of the current window.
    public private(set) var firstItem: Int = 0
    /// The item count of the last update (nil before the first): the same window over the same count
    /// binds nothing new, so a frame that stays within it is one comparison.
    private var boundItemCount: Int?

    /// Creates the pool and all its views, none bound yet.
    public init(capacity: Int) {
        self.capacity = Swift.max(1, capacity)
        self.viewsCreated = self.capacity
        self.items = Array(repeating: nil, count: self.capacity)
    }

    /// The view showing `item`, if any.
    public func view(showing item: Int) -> Int? {
        guard item >= 0 else { return nil }
        let v = item % capacity
        return items[v] == item ? v : nil
    }

    /// True when the window already starts at `firstItem` over `itemCount` items: an update would bind nothing.
    public func isBound(firstItem requested: Int, itemCount: Int) -> Bool {
        let count = Swift.max(0, itemCount)
        return Swift.max(0, Swift.min(requested, count - capacity)) == firstItem && count == boundItemCount
    }

    /// Moves the window to start at `firstItem` (clamped so it stays inside `0..<itemCount` where the
    /// list is long enough) and rebinds the views whose item left the window.
    /// Returns the rebinds in view order; empty when nothing changed.
    @discardableResult
    public mutating func update(firstItem requested: Int, itemCount: Int) -> [Rebind] {
        var rebinds: [Rebind] = []
        update(firstItem: requested, itemCount: itemCount, into: &rebinds)
        return rebinds
    }

    /// The same, writing the rebinds into `rebinds` (emptied first, its storage kept): no allocation
    /// once the buffer has room for `capacity` rebinds.
    public mutating func update(firstItem requested: Int, itemCount: Int, into rebinds: inout [Rebind]) {
        rebinds.empty()
        if isBound(firstItem: requested, itemCount: itemCount) { return }
        let count = Swift.max(0, itemCount)
        let first = Swift.max(0, Swift.min(requested, count - capacity))
        firstItem = first
        boundItemCount = count
        for v in 0..<capacity {
            // The item of [first, first + capacity) congruent to v.
            let candidate = first + ((v - first % capacity) + capacity) % capacity
            let newItem: Int? = candidate < count ? candidate : nil
            if items[v] != newItem {
                rebinds.append(Rebind(view: v, oldItem: items[v], newItem: newItem))
                items[v] = newItem
                rebindCount += 1
            }
        }
    }
}
