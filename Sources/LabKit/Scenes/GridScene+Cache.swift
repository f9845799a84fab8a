extension GridScene {
    /// Empties the memory cache (key `C`): images already on screen stay, every other image must come
    /// from the source again, and fades in when it does.
    public func clearMemoryCache() {
        let keys = pipeline.cache.keysByRecency
        for key in keys { pipeline.cache.remove(key) }
        recorder.evicted(keys)
    }
}
