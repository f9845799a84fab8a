extension GridScene {
    /// Empties the memory cache (key `C`): images already on screen stay, every other image must come
    /// from the source again, and fades in when it does.
    public func clearMemoryCache() { loading.clearMemoryCache() }
}

extension GridScene {
    /// The assets whose images must stay decoded: those in the memory cache and those shown on `tiles`
    /// (this frame's `tiles`). The window keeps their textures and destroys every other.
    public func liveImageAssets(showing tiles: [TileState]) -> Set<Int> {
        var live = Set(loading.pipeline.cache.keysByRecency.map(\.asset))
        for tile in tiles { if case let .shown(key, _) = tile.image { live.insert(key.asset) } }
        return live
    }
}
