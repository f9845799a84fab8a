/// A map from image keys to values kept by asset index (`ItemMap`), so a lookup is an array read rather
/// than a hash: the grid scene and its metrics look keys up several times a frame.
struct ImageKeyMap<Value: Sendable>: Sendable {
    private var byAsset = ItemMap<Value>()

    /// An empty map.
    init() {}

    /// The value of `key`, nil when none; setting nil removes it.
    subscript(key: ImageKey) -> Value? {
        get { byAsset[key.asset] }
        set { byAsset[key.asset] = newValue }
    }

    /// Removes the value of `key` and returns it (nil: none).
    @discardableResult
    mutating func removeValue(forKey key: ImageKey) -> Value? { byAsset.removeValue(forKey: key.asset) }

    /// Calls `body` with every value held (in no particular order).
    func forEachValue(_ body: (Value) -> Void) { byAsset.forEachValue(body) }
}
