/// A set of item indices as bits: insert, remove and lookup without hashing, and no allocation once its
/// words cover the largest item (the grid's items are 0..<itemCount). Iterates in ascending order.
/// Negative items, which the grid never has, are kept in a plain `Set` beside the bits.
public struct ItemSet: Sequence, Hashable, Sendable {
    private var words: [UInt64] = []
    private var negatives: Set<Int> = []
    /// Number of items held.
    public private(set) var count = 0

    /// An empty set.
    public init() {}

    /// An empty set whose words already cover `0..<capacity`: inserting those items never allocates.
    public init(capacity: Int) {
        words = Array(repeating: 0, count: (Swift.max(0, capacity) + 63) >> 6)
    }

    /// True when no item is held.
    public var isEmpty: Bool { count == 0 }

    /// True when `item` is held.
    public func contains(_ item: Int) -> Bool {
        guard item >= 0 else { return negatives.contains(item) }
        let w = item >> 6
        return w < words.count && words[w] & (1 << UInt64(item & 63)) != 0
    }

    /// Adds `item`; returns whether it was new. Inlined where the words already cover it (the metrics
    /// insert every visible item of every frame); growing and negatives go to `insertElsewhere`.
    @inline(__always) @discardableResult
    public mutating func insert(_ item: Int) -> Bool {
        let w = item >> 6
        guard item >= 0, w < words.count else { return insertElsewhere(item) }
        let bit: UInt64 = 1 << UInt64(item & 63)
        guard words[w] & bit == 0 else { return false }
        words[w] |= bit
        count += 1
        return true
    }

    /// `insert` of a negative item, or of one past the words.
    private mutating func insertElsewhere(_ item: Int) -> Bool {
        guard item >= 0 else {
            let inserted = negatives.insert(item).inserted
            if inserted { count += 1 }
            return inserted
        }
        let w = item >> 6, bit: UInt64 = 1 << UInt64(item & 63)
        if w >= words.count { words.append(contentsOf: repeatElement(0, count: w + 1 - words.count)) }
        guard words[w] & bit == 0 else { return false }
        words[w] |= bit
        count += 1
        return true
    }

    /// Removes `item`; returns whether it was held.
    @discardableResult
    public mutating func remove(_ item: Int) -> Bool {
        guard item >= 0 else {
            let removed = negatives.remove(item) != nil
            if removed { count -= 1 }
            return removed
        }
        let w = item >> 6, bit: UInt64 = 1 << UInt64(item & 63)
        guard w < words.count, words[w] & bit != 0 else { return false }
        words[w] &= ~bit
        count -= 1
        return true
    }

    /// Removes every item, keeping the storage.
    public mutating func removeAll() {
        for w in words.indices { words[w] = 0 }
        negatives.removeAll()
        count = 0
    }

    /// Removes the items for which `shouldRemove` is true, in place.
    public mutating func removeAll(where shouldRemove: (Int) -> Bool) {
        if !negatives.isEmpty {
            let gone = negatives.filter(shouldRemove)
            negatives.subtract(gone)
            count -= gone.count
        }
        for w in words.indices where words[w] != 0 {
            var bits = words[w], kept = words[w]
            while bits != 0 {
                let b = bits.trailingZeroBitCount
                bits &= bits - 1
                if shouldRemove(w << 6 | b) {
                    kept &= ~(1 << UInt64(b))
                    count -= 1
                }
            }
            words[w] = kept
        }
    }

    /// The items as a `Set`.
    public var set: Set<Int> { Set(self) }

    public func makeIterator() -> Iterator { Iterator(set: self) }

    /// The items in ascending order (negatives first).
    public struct Iterator: IteratorProtocol {
        let set: ItemSet
        var negatives: [Int]
        var w = 0, remaining: UInt64 = 0

        init(set: ItemSet) {
            self.set = set
            negatives = set.negatives.isEmpty ? [] : set.negatives.sorted()
            remaining = set.words.first ?? 0
        }

        public mutating func next() -> Int? {
            if let n = negatives.first {
                negatives.removeFirst()
                return n
            }
            while remaining == 0 {
                w += 1
                guard w < set.words.count else { return nil }
                remaining = set.words[w]
            }
            let bit = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            return w << 6 | bit
        }
    }

    /// Equal when they hold the same items (however many words each has).
    public static func == (a: ItemSet, b: ItemSet) -> Bool {
        a.count == b.count && a.negatives == b.negatives && a.allSatisfy { b.contains($0) }
    }

    public func hash(into hasher: inout Hasher) {
        for item in self { hasher.combine(item) }
    }
}
