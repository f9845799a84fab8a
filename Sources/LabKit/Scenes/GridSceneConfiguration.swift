import ScrollKit

/// Settings of the grid scene: content, image costs, pipeline and policy.
public struct GridSceneConfiguration: Hashable, Sendable {
    /// Number of items in the grid.
    public var itemCount = 500
    /// Number of distinct images (Assets/Images holds 72); item i shows image i % assetCount.
    public var assetCount = 72
    /// The loading policy.
    public var policy: LoadingPolicyKind = .adaptive
    /// The scroll physics of the natural fling (B-PHYS-1); UIKit's by default.
    public var physics: ScrollPhysicsKind = .ios
    /// A seed problem shown in its broken form (Deferred and Target), or nil.
    public var seedProblem: SeedProblem?
    /// Simulated source latency of the headless source, seconds (B-IMG-1; default 80 ms).
    public var latency = 0.080
    /// The network images come over (B-NET-1), or nil for today's constant `latency` with no bandwidth
    /// limit. With a profile, `latency` is not used: the round trip, bandwidth and loss decide.
    public var network: NetworkProfile?
    /// Each asset's size in bytes as stored (its file): what crosses the network. Empty: every image
    /// counts `defaultTransferBytes`.
    public var assetByteSizes: [Int] = []
    /// Bytes per image when `assetByteSizes` is empty: the bundled photos' mean, 25 kB.
    public static let defaultTransferBytes = 25_000
    /// The disk cache's byte limit under a network (B-DISK-1), or nil for none. Headless it is modelled
    /// and starts empty each run; the window keeps real files.
    public var diskCacheByteLimit: Int? = 100 << 20
    /// The assets in the disk cache at the start, least recently used first (`--disk-cache DIR` headless:
    /// the folder's entries); empty: a cold cache.
    public var diskCacheEntries: [Int] = []
    /// Requests in flight at once to the image host (URLSession's `httpMaximumConnectionsPerHost`: 4 on iOS).
    public var connectionsPerHost = 4
    /// Order of requests waiting for a connection.
    public var requestOrder: RequestOrder = .fifo
    /// Seed of the network's packet losses.
    public var networkSeed: UInt64 = 1
    /// Simulated decode time per image of the headless source, seconds.
    public var decodeCost = 0.006
    /// Decoded size of one image: a 2× tile, 300 × 440 × 4 bytes.
    public var bytesPerImage = 300 * 440 * 4
    /// Loads running at once (3–6).
    public var maxConcurrentLoads = 4
    /// Memory cache limit in bytes: about two screens, 12 images.
    public var cacheByteLimit = 12 * 300 * 440 * 4
    /// Fade-in of an image loaded from disk, seconds (B-IMG-2); cache hits never fade.
    public var fadeDuration = 0.25

    /// The defaults above.
    public init() {}
}
