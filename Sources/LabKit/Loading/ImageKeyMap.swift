/// A map from image keys to values kept by asset index, so a lookup is an array read rather than a
/// hash: the grid scene and its metrics look keys up several times a frame. Keys with a negative asset,
/// which no grid or feed has, go to a dictionary beside the array.
struct ImageKeyMap<Value: Sendable>: Sendable {
    private var byAsset: [Value?] = []
    private var negatives: [ImageKey: Value] = [:]

    /// An empty map.
    init() {}

    /// The value of `key`, nil when none; setting nil removes it.
    subscript(key: ImageKey) -> Value? {
        get {
            guard key.asset >= 0 else { return negatives[key] }
            return key.asset < byAsset.count ? byAsset[key.asset] : nil
        }
        set {
            guard key.asset >= 0 else { negatives[key] = newValue; return }
            if key.asset >= byAsset.count {
                guard newValue != nil else { return }
                byAsset.append(contentsOf: repeatElement(nil, count: key.asset + 1 - byAsset.count))
            }
            byAsset[key.asset] = newValue
        }
    }

    /// Removes the value of `key` and returns it (nil: none).
    @discardableResult
    mutating func removeValue(forKey key: ImageKey) -> Value? {
        let old = self[key]
        if old != nil { self[key] = nil }
        return old
    }

    /// Calls `body` with every value held (in no particular order).
    func forEachValue(_ body: (Value) -> Void) {
        for case let value? in byAsset { body(value) }
        for value in negatives.values { body(value) }
    }
}
