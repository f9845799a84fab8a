import ScrollKit

/// Settings of the grid scene: content, image costs, pipeline and policy.
public struct GridSceneConfiguration: Hashable, Sendable {
    /// Number of items in the grid.
    public var itemCount = 500
    /// Number of distinct images (Assets/Images holds 72); item i shows image i % assetCount.
    public var assetCount = 72
    /// The loading policy.
    public var policy: LoadingPolicyKind = .adaptive
    /// True: the policy runs on its shipping system's own pipeline (`texture@shipped`), not the shared one.
    public var usesShippedPipeline = false
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
    /// Each asset's file size as stored, whether or not a network moves it: the bytes its decode reads on
    /// a device (B-COST-1). Empty: the sizes the network counts (`transferBytes`).
    public var assetFileBytes: [Int] = []
    /// Bytes per image when `assetByteSizes` is empty: the bundled photos' mean, 25 kB.
    public static let defaultTransferBytes = 25_000
    /// The disk cache's byte limit under a network (B-DISK-1), or nil for none. Headless it is modelled
    /// and starts empty each run; the window keeps real files.
    public var diskCacheByteLimit: Int? = 100 << 20
    /// The shared pipeline's requests in flight at once (B-PIPE-1, `--connections`): URLSession's
    /// `httpMaximumConnectionsPerHost`, 6 by default. Every policy's pipeline runs this many loads at once
    /// (under HTTP/2 as streams on one connection), unless a `@shipped` variant runs its system's own.
    public var connections = 6
    /// The HTTP version of the network (`--http`): HTTP/1.1 by default.
    public var httpVersion: HTTPVersion = .http1_1
    /// Connections to the image host are made over TLS 1.3 (`--tls`: HTTPS, as App Transport Security has
    /// an iOS app's images): each new connection's handshake takes one round trip more.
    public var tls = false
    /// The network model's connections per host: the shared `connections` (an alias kept for callers).
    public var connectionsPerHost: Int {
        get { connections }
        set { connections = newValue }
    }
    /// The assets in the disk cache at the start, least recently used first (`--disk-cache DIR` headless:
    /// the folder's entries); empty: a cold cache.
    public var diskCacheEntries: [Int] = []
    /// The assets whose entry in that folder was torn or corrupt at the start (deleted there): the first
    /// load of each counts `diskCorrupt` and goes to the network.
    public var diskCacheCorrupt: [Int] = []
    /// Order of requests waiting for a connection.
    public var requestOrder: RequestOrder = .fifo
    /// Seed of the network's packet losses.
    public var networkSeed: UInt64 = 1
    /// Simulated decode time per image of the headless source, seconds.
    public var decodeCost = 0.006
    /// Decoded size of one image: a 2× tile, 300 × 440 × 4 bytes.
    public var bytesPerImage = 300 * 440 * 4
    /// The shared pipeline's loads at once: `connections` (an alias kept for callers).
    public var maxConcurrentLoads: Int {
        get { connections }
        set { connections = newValue }
    }
    /// Memory cache limit in bytes: about two screens, 12 images.
    public var cacheByteLimit = 12 * 300 * 440 * 4
    /// Fade-in of an image loaded from disk, seconds (B-IMG-2); cache hits never fade.
    public var fadeDuration = 0.25
    /// A feed shown instead of the bundled grid (B-FEED-1; set with `use(_:layout:columns:)`), or nil.
    public var feed: Feed?
    /// The feed's layout.
    public var feedLayout: FeedLayoutKind?
    /// Columns of a feed's masonry or grid.
    public var feedColumns: Int?
    /// The phone whose costs the run models (B-COST-1, `--device`): each image decodes in its own time
    /// (`decodeCosts`) and the device's memory limit holds; nil: the lab's constant decode, no limit.
    public var device: DeviceProfile?
    /// Images decode downsampled to their tile's pixels (`--downsample on`, the default) or whole.
    public var downsample = true
    /// Decodes run on the main thread (`--decode-on-main`): the model charges them to its frames.
    public var decodeOnMain = false
    /// The display's refresh rate, Hz: the frame budget the main thread's work is charged against.
    public var refresh = 60.0
    /// Each image's decode time on `device`, seconds, by asset (empty: `decodeCost` for every image).
    public var decodeCosts: [Double] = []
    /// What a tile shows while its image is on its way (`--placeholder`, B-COST-2).
    public var placeholder: PlaceholderKind = .none
    /// The images' previews: the bundled images' by default, a feed's own with a feed, none for a folder
    /// of other images.
    public var previews: ImagePreviews = .bundled
    /// The path is constrained (`--constrained`: iOS's Low Data Mode, `NWPath.isConstrained`; Android's
    /// Data Saver, `RESTRICT_BACKGROUND_STATUS_ENABLED`): policies that read it load less ahead (B-COST-2).
    public var isConstrained = false

    /// The defaults above.
    public init() {}

    /// The policy and the pipeline it runs on.
    public var policyVariant: PolicyVariant {
        get { PolicyVariant(policy, shipped: usesShippedPipeline) }
        set {
            policy = newValue.kind
            usesShippedPipeline = newValue.isShipped
        }
    }

    /// Loads the pipeline of `variant` (default: this configuration's) runs at once.
    public func loadsAtOnce(_ variant: PolicyVariant? = nil) -> Int {
        (variant ?? policyVariant).loadsAtOnce(sharedConnections: connections)
    }

    /// The network's connections per host for `variant` (default: this configuration's).
    public func hostConnections(_ variant: PolicyVariant? = nil) -> Int {
        (variant ?? policyVariant).connectionsPerHost(sharedConnections: connections)
    }
}
