import ScrollKit

/// The condition one headless run of the grid measures under: the policy and its pipeline, where images
/// come from, the memory cache, the refresh rate, connections and HTTP version, and the rest the command
/// line sets (physics, request order, items, a feed's layout). `replay`, `bench` and a sweep's factors
/// each build one, and `apply(to:)` is the one place it becomes the grid's configuration, so the same
/// condition and gesture give the same metrics in every command (B-SWEEP-1, B-DESIGN-2).
public struct RunCondition: Hashable, Sendable {
    /// Where images come from.
    public enum Source: Hashable, Sendable, CustomStringConvertible {
        /// A constant latency, milliseconds (`--latency-ms`).
        case latency(Double)
        /// A network profile (`--network`).
        case network(NetworkProfile)

        public var description: String {
            switch self {
            case let .latency(ms): return "latency \(Self.number(ms)) ms"
            case let .network(profile): return profile.name
            }
        }

        /// The profile of a network source, nil for a constant latency.
        public var network: NetworkProfile? {
            if case let .network(profile) = self { return profile }
            return nil
        }

        static func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
    }

    /// The policy and its pipeline (shared, or `@shipped`).
    public var variant: PolicyVariant
    public var source: Source
    /// The memory cache in images (`--cache-images`).
    public var cacheImages: Int
    /// The model clock's rate, Hz (`--refresh`).
    public var refresh: Double
    /// The shared pipeline's connections (`--connections`).
    public var connections: Int
    /// The HTTP version (`--http`).
    public var http: HTTPVersion
    /// Connections over TLS 1.3 (`--tls`): a handshake takes one round trip more.
    public var tls = false
    /// The layout of the feed (nil: the bundled grid, or the feed's own layout).
    public var layout: FeedLayoutKind? = nil
    /// The name of the feed file (nil: the bundled grid); in a sweep's ids.
    public var feed: String? = nil
    /// Columns of the feed's masonry or grid (nil: the feed's, else 2).
    public var columns: Int? = nil
    /// The fling's physics.
    public var physics: ScrollPhysicsKind = .ios
    /// Order of requests waiting for a connection.
    public var requestOrder: RequestOrder = .fifo
    /// A seed problem shown in its broken form (Deferred and Target), or nil.
    public var seedProblem: SeedProblem? = nil
    /// The bundled grid's items.
    public var items: Int = GridSceneConfiguration().itemCount
    /// A modelled disk cache under a network (false: `--disk-cache off`).
    public var diskCache = true
    /// The phone: its device, how images decode, the memory cache in bytes (B-COST-1).
    public var phone = PhoneCost()
    /// What a tile shows while its image is on its way (`--placeholder`, B-COST-2).
    public var placeholder: PlaceholderKind = .none
    /// Low Data Mode / Data Saver (`--constrained`, B-COST-2).
    public var constrained = false

    /// The memory cache the lab uses unless told otherwise, in images.
    public static let defaultCacheImages = 12

    /// A condition of `variant`; the defaults are the command line's.
    public init(variant: PolicyVariant, source: Source = .latency(80), cacheImages: Int = RunCondition.defaultCacheImages,
                refresh: Double = 60, connections: Int = GridSceneConfiguration().connections, http: HTTPVersion = .http1_1,
                layout: FeedLayoutKind? = nil, feed: String? = nil) {
        self.variant = variant
        self.source = source
        self.cacheImages = cacheImages
        self.refresh = refresh
        self.connections = connections
        self.http = http
        self.layout = layout
        self.feed = feed
    }

    /// A condition of `policy` on the shared pipeline.
    public init(policy: LoadingPolicyKind, source: Source = .latency(80), cacheImages: Int = RunCondition.defaultCacheImages,
                refresh: Double = 60, connections: Int = GridSceneConfiguration().connections, http: HTTPVersion = .http1_1,
                layout: FeedLayoutKind? = nil, feed: String? = nil) {
        self.init(variant: PolicyVariant(policy), source: source, cacheImages: cacheImages, refresh: refresh,
                  connections: connections, http: http, layout: layout, feed: feed)
    }

    /// The policy's decisions.
    public var policy: LoadingPolicyKind { variant.kind }
}
