/// What a tile view displays in its image area.
public enum TileImage: Hashable, Sendable {
    /// No image and none requested (for example, deferred during deceleration).
    case none
    /// An image was requested and has not arrived.
    case loading
    /// The image `key`, drawn with opacity `alpha` (below 1 while fading in from disk).
    case shown(key: ImageKey, alpha: Double)
    /// The load failed.
    case failed(reason: String)
}
