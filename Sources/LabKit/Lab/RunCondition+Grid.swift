import ScrollKit

extension RunCondition {
    /// Sets everything this condition decides in `c`, the grid's configuration: `assetByteSizes` are the
    /// images' stored sizes (a network moves them, a device's decode reads them), `feed` the feed shown (its layout and columns this
    /// condition's), `assetCount` the distinct images (nil: leave `c`'s). The memory cache is counted in
    /// the bundled images' decoded size, before a feed changes it.
    public func apply(to c: inout GridSceneConfiguration, assetByteSizes: [Int] = [], feed: Feed? = nil, assetCount: Int? = nil) {
        if let assetCount { c.assetCount = Swift.max(1, assetCount) }
        c.itemCount = items
        c.policyVariant = variant
        c.connections = connections
        c.httpVersion = http
        c.tls = tls
        c.physics = physics
        c.seedProblem = seedProblem
        c.requestOrder = requestOrder
        c.assetFileBytes = assetByteSizes
        switch source {
        case let .latency(ms):
            c.latency = ms / 1000
            c.network = nil
        case let .network(profile):
            c.network = profile
            c.assetByteSizes = assetByteSizes
        }
        c.cacheByteLimit = cacheImages * c.bytesPerImage
        if !diskCache { c.diskCacheByteLimit = nil }
        c.refresh = refresh
        phone.apply(to: &c)
        c.placeholder = placeholder
        c.isConstrained = constrained
        if let feed {
            let network = c.network
            c.use(feed, layout: layout, columns: columns)
            // Without a network no bytes move: the feed's sizes are not this condition's.
            if network == nil { c.assetByteSizes = [] }
        }
        phone.setDecodeTimes(in: &c)
    }

    /// The grid's configuration under this condition (see `apply(to:)`).
    public func gridConfiguration(assetByteSizes: [Int] = [], feed: Feed? = nil, assetCount: Int? = nil) -> GridSceneConfiguration {
        var c = GridSceneConfiguration()
        apply(to: &c, assetByteSizes: assetByteSizes, feed: feed, assetCount: assetCount)
        return c
    }

    /// The headless replay clock at this condition's refresh rate.
    public var replayClock: HeadlessReplay {
        var replay = HeadlessReplay()
        replay.frameRate = refresh
        return replay
    }
}
