/// A policy's wish to have one item's image: the item and how soon it is needed.
public struct LoadRequest: Hashable, Sendable {
    /// The item.
    public var item: Int
    /// Seconds until the image is needed (0 = on screen now); lower is served first.
    public var priority: Double

    /// Makes a request.
    public init(item: Int, priority: Double = 0) {
        self.item = item
        self.priority = priority
    }
}
