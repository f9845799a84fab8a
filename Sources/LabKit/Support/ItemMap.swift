/// A map from item indices to values kept in an array by index, so a lookup is an array read rather
/// than a hash (the grid's items are 0..<itemCount; a policy looks items up several times a frame).
/// Negative indices, which no grid or feed has, go to a dictionary beside the array.
struct ItemMap<Value: Sendable>: Sendable {
    private var byIndex: [Value?] = []
    private var negatives: [Int: Value] = [:]

    /// An empty map.
    init() {}

    /// The value of `index`, nil when none; setting nil removes it.
    subscript(index: Int) -> Value? {
        get {
            guard index >= 0 else { return negatives[index] }
            return index < byIndex.count ? byIndex[index] : nil
        }
        set {
            guard index >= 0 else { negatives[index] = newValue; return }
            if index >= byIndex.count {
                guard newValue != nil else { return }
                byIndex.append(contentsOf: repeatElement(nil, count: index + 1 - byIndex.count))
            }
            byIndex[index] = newValue
        }
    }

    /// Removes the value of `index` and returns it (nil: none).
    @discardableResult
    mutating func removeValue(forKey index: Int) -> Value? {
        let old = self[index]
        if old != nil { self[index] = nil }
        return old
    }

    /// Removes every value, keeping the array's storage.
    mutating func removeAll() {
        for i in byIndex.indices { byIndex[i] = nil }
        negatives.removeAll()
    }

    /// Calls `body` with every value held (in no particular order).
    func forEachValue(_ body: (Value) -> Void) {
        for case let value? in byIndex { body(value) }
        for value in negatives.values { body(value) }
    }
}
