/// What the metrics recorder sees of one tile in one frame.
public struct FrameTile: Hashable, Sendable {
    /// The item the tile is bound to (nil: unbound).
    public var item: Int?
    /// Whether the tile overlaps the viewport.
    public var isVisible: Bool
    /// The image the tile displays (fading or opaque), nil if none.
    public var displayedKey: ImageKey?
    /// Decoded bytes of the displayed image.
    public var displayedBytes: Int

    /// Makes a tile observation.
    public init(item: Int?, isVisible: Bool, displayedKey: ImageKey?, displayedBytes: Int = 0) {
        self.item = item
        self.isVisible = isVisible
        self.displayedKey = displayedKey
        self.displayedBytes = displayedBytes
    }
}
