/// A least-recently-used cache of decoded images, limited by their decoded bytes.
///
/// It stores keys and costs only: whoever owns the pixels (the app's textures) keeps them in its own
/// table and drops the ones `insert` reports as evicted. Every operation is O(1): a dictionary from
/// key to slot plus a doubly linked recency list threaded through parallel arrays (no allocation per
/// operation once slots exist; freed slots are reused).
public struct MemoryCache<Key: Hashable>: Sendable where Key: Sendable {
    /// Total cost allowed; inserting beyond it evicts least recently used entries first.
    public let byteLimit: Int
    /// Sum of the costs of the entries held.
    public private(set) var totalBytes: Int = 0

    private var slotOf: [Key: Int] = [:]
    private var keys: [Key?] = []
    private var costs: [Int] = []
    private var newer: [Int] = []   // towards the most recent end
    private var older: [Int] = []   // towards the least recent end
    private var freeSlots: [Int] = []
    private var mostRecent = -1
    private var leastRecent = -1

    /// An empty cache holding at most `byteLimit` bytes.
    public init(byteLimit: Int) {
        self.byteLimit = Swift.max(0, byteLimit)
    }

    /// Number of entries held.
    public var count: Int { slotOf.count }

    /// True when `key` is held. Does not change the recency order.
    public func contains(_ key: Key) -> Bool { slotOf[key] != nil }

    /// The cost of `key` if held. Does not change the recency order.
    public func cost(of key: Key) -> Int? { slotOf[key].map { costs[$0] } }

    /// Looks `key` up as a use: if held, it becomes the most recently used and its cost is returned.
    @discardableResult
    public mutating func get(_ key: Key) -> Int? {
        guard let slot = slotOf[key] else { return nil }
        unlink(slot)
        linkAsMostRecent(slot)
        return costs[slot]
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
        if let slot = slotOf[key] {
            totalBytes -= costs[slot]
            unlink(slot)
            freeSlot(slot)
            slotOf[key] = nil
        }
        guard cost <= byteLimit else {
            evicted.append(key)
            return
        }
        while totalBytes + cost > byteLimit, leastRecent >= 0, let victim = keys[leastRecent] {
            remove(victim)
            evicted.append(victim)
        }
        let slot = allocateSlot(key: key, cost: cost)
        slotOf[key] = slot
        totalBytes += cost
        linkAsMostRecent(slot)
    }

    /// Removes `key`; returns whether it was held.
    @discardableResult
    public mutating func remove(_ key: Key) -> Bool {
        guard let slot = slotOf[key] else { return false }
        totalBytes -= costs[slot]
        unlink(slot)
        freeSlot(slot)
        slotOf[key] = nil
        return true
    }

    /// The keys from most to least recently used (O(n); for tests, the HUD and logs).
    public var keysByRecency: [Key] {
        var out: [Key] = []
        out.reserveCapacity(count)
        var slot = mostRecent
        while slot >= 0, let key = keys[slot] {
            out.append(key)
            slot = older[slot]
        }
        return out
    }

    private mutating func allocateSlot(key: Key, cost: Int) -> Int {
        if let slot = freeSlots.popLast() {
            keys[slot] = key
            costs[slot] = cost
            newer[slot] = -1
            older[slot] = -1
            return slot
        }
        keys.append(key)
        costs.append(cost)
        newer.append(-1)
        older.append(-1)
        return keys.count - 1
    }

    private mutating func freeSlot(_ slot: Int) {
        keys[slot] = nil
        costs[slot] = 0
        freeSlots.append(slot)
    }

    private mutating func unlink(_ slot: Int) {
        let n = newer[slot], o = older[slot]
        if n >= 0 { older[n] = o } else { mostRecent = o }
        if o >= 0 { newer[o] = n } else { leastRecent = n }
        newer[slot] = -1
        older[slot] = -1
    }

    private mutating func linkAsMostRecent(_ slot: Int) {
        older[slot] = mostRecent
        newer[slot] = -1
        if mostRecent >= 0 { newer[mostRecent] = slot }
        mostRecent = slot
        if leastRecent < 0 { leastRecent = slot }
    }
}
