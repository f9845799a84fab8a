/// A least-recently-used cache of decoded images, limited by their decoded bytes.
///
/// It stores keys and costs only: whoever owns the pixels (the app's textures) keeps them in its own
/// table and drops the ones `insert` reports as evicted. Every operation is O(1): a table from key to
/// slot — indexed by asset for an `ImageKey`, no hashing; a dictionary for other keys — plus a doubly
/// linked recency list threaded through one array of entries (no allocation per operation once slots
/// exist; freed slots are reused, last freed first).
public struct MemoryCache<Key: Hashable>: Sendable where Key: Sendable {
    /// Total cost allowed; inserting beyond it evicts least recently used entries first.
    public let byteLimit: Int
    /// Sum of the costs of the entries held.
    public private(set) var totalBytes: Int = 0

    /// Slots of keys that are not image keys.
    private var slotOf: [Key: Int] = [:]
    /// Slots of image keys by asset index (-1: not held); grows to the largest asset held.
    private var slotOfAsset: [Int] = []
    /// Number of entries held.
    public private(set) var count = 0
    /// The slots: held entries linked by recency, free ones linked from `freeSlot`.
    private var entries: [Entry] = []
    /// The last freed slot (-1: none); each free slot's `older` is the one freed before it.
    private var freeSlot = -1
    private var mostRecent = -1
    private var leastRecent = -1

    /// One slot: its key (nil when free), cost and neighbours in the recency list.
    private struct Entry: Sendable {
        var key: Key?
        var cost: Int
        /// Towards the most recent end (-1: none).
        var newer: Int
        /// Towards the least recent end (-1: none); for a free slot, the next free one.
        var older: Int
    }

    /// An empty cache holding at most `byteLimit` bytes.
    public init(byteLimit: Int) {
        self.byteLimit = Swift.max(0, byteLimit)
    }

    /// True when `key` is held. Does not change the recency order.
    public func contains(_ key: Key) -> Bool { slot(of: key) != nil }

    /// The cost of `key` if held. Does not change the recency order.
    public func cost(of key: Key) -> Int? { slot(of: key).map { entries[$0].cost } }

    /// The slot holding `key`, if any.
    @inline(__always)
    private func slot(of key: Key) -> Int? {
        if let image = key as? ImageKey, image.asset >= 0 {
            guard image.asset < slotOfAsset.count else { return nil }
            let slot = slotOfAsset[image.asset]
            return slot >= 0 ? slot : nil
        }
        return slotOf[key]
    }

    /// Records `key` in `slot` (nil: no longer held).
    @inline(__always)
    private mutating func setSlot(_ slot: Int?, of key: Key) {
        if let image = key as? ImageKey, image.asset >= 0 {
            if image.asset >= slotOfAsset.count {
                guard slot != nil else { return }
                slotOfAsset.append(contentsOf: repeatElement(-1, count: image.asset + 1 - slotOfAsset.count))
            }
            count += (slot != nil ? 1 : 0) - (slotOfAsset[image.asset] >= 0 ? 1 : 0)
            slotOfAsset[image.asset] = slot ?? -1
        } else {
            count += (slot != nil ? 1 : 0) - (slotOf[key] != nil ? 1 : 0)
            slotOf[key] = slot
        }
    }

    /// Looks `key` up as a use: if held, it becomes the most recently used and its cost is returned.
    @discardableResult
    public mutating func get(_ key: Key) -> Int? {
        guard let slot = slot(of: key) else { return nil }
        unlink(slot)
        linkAsMostRecent(slot)
        return entries[slot].cost
    }

    /// Inserts (or refreshes) `key` with `cost` as the most recently used entry, then evicts least
    /// recently used entries until the total fits `byteLimit`.
    ///
    /// Returns the evicted keys in eviction order. An entry costing more than the whole limit is not
    /// kept: it is returned as evicted at once and the other entries stay.
    @discardableResult
    public mutating func insert(_ key: Key, cost: Int) -> [Key] {
        var evicted: [Key] = []
        insert(key, cost: cost, appendingEvictedTo: &evicted)
        return evicted
    }

    /// The same, appending the evicted keys to `evicted` (no allocation when it has room).
    public mutating func insert(_ key: Key, cost: Int, appendingEvictedTo evicted: inout [Key]) {
        let cost = Swift.max(0, cost)
        if let slot = slot(of: key) {
            totalBytes -= entries[slot].cost
            unlink(slot)
            free(slot)
            setSlot(nil, of: key)
        }
        guard cost <= byteLimit else {
            evicted.append(key)
            return
        }
        while totalBytes + cost > byteLimit, leastRecent >= 0, let victim = entries[leastRecent].key {
            remove(victim)
            evicted.append(victim)
        }
        let slot = allocateSlot(key: key, cost: cost)
        setSlot(slot, of: key)
        totalBytes += cost
        linkAsMostRecent(slot)
    }

    /// Removes `key`; returns whether it was held.
    @discardableResult
    public mutating func remove(_ key: Key) -> Bool {
        guard let slot = slot(of: key) else { return false }
        totalBytes -= entries[slot].cost
        unlink(slot)
        free(slot)
        setSlot(nil, of: key)
        return true
    }

    /// The keys from most to least recently used (O(n); for tests, the HUD and logs).
    public var keysByRecency: [Key] {
        var out: [Key] = []
        out.reserveCapacity(count)
        var slot = mostRecent
        while slot >= 0, let key = entries[slot].key {
            out.append(key)
            slot = entries[slot].older
        }
        return out
    }

    private mutating func allocateSlot(key: Key, cost: Int) -> Int {
        let entry = Entry(key: key, cost: cost, newer: -1, older: -1)
        if freeSlot >= 0 {
            let slot = freeSlot
            freeSlot = entries[slot].older
            entries[slot] = entry
            return slot
        }
        entries.append(entry)
        return entries.count - 1
    }

    private mutating func free(_ slot: Int) {
        entries[slot] = Entry(key: nil, cost: 0, newer: -1, older: freeSlot)
        freeSlot = slot
    }

    private mutating func unlink(_ slot: Int) {
        let n = entries[slot].newer, o = entries[slot].older
        if n >= 0 { entries[n].older = o } else { mostRecent = o }
        if o >= 0 { entries[o].newer = n } else { leastRecent = n }
        entries[slot].newer = -1
        entries[slot].older = -1
    }

    private mutating func linkAsMostRecent(_ slot: Int) {
        entries[slot].older = mostRecent
        entries[slot].newer = -1
        if mostRecent >= 0 { entries[mostRecent].newer = slot }
        mostRecent = slot
        if leastRecent < 0 { leastRecent = slot }
    }
}
