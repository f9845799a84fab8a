import ScrollKit

/// A sweep's grid of factors (B-SWEEP-1): every combination of policy (a `@shipped` variant is a policy
/// on its system's pipeline), image source (a constant latency or a network profile), memory cache size,
/// refresh rate, connections and HTTP version (B-PIPE-1), each run on every gesture.
///
/// Configurations come in a fixed order (policies outermost, then sources, caches, rates, connections,
/// HTTP versions), so a
/// result's `id` — its configuration and gesture — names it the same way in every run, shard and merge.
public struct SweepPlan: Sendable {
    /// Where images come from in one configuration.
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

        static func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
    }

    /// One point of the grid.
    public struct Configuration: Hashable, Sendable {
        /// The policy and its pipeline (shared, or `@shipped`).
        public var variant: PolicyVariant
        public var source: Source
        public var cacheImages: Int
        public var refresh: Double
        /// The shared pipeline's connections (`--connections`).
        public var connections: Int
        /// The HTTP version (`--http`).
        public var http: HTTPVersion
        /// The layout of the sweep's feed (nil: the bundled grid, or the feed's own layout).
        public var layout: FeedLayoutKind? = nil
        /// The name of the sweep's feed file (nil: the bundled grid).
        public var feed: String? = nil

        /// A configuration of `variant`.
        public init(variant: PolicyVariant, source: Source, cacheImages: Int, refresh: Double, connections: Int = 6,
                    http: HTTPVersion = .http1_1, layout: FeedLayoutKind? = nil, feed: String? = nil) {
            self.layout = layout
            self.feed = feed
            self.variant = variant
            self.source = source
            self.cacheImages = cacheImages
            self.refresh = refresh
            self.connections = connections
            self.http = http
        }

        /// A configuration of `policy` on the shared pipeline.
        public init(policy: LoadingPolicyKind, source: Source, cacheImages: Int, refresh: Double, connections: Int = 6,
                    http: HTTPVersion = .http1_1, layout: FeedLayoutKind? = nil, feed: String? = nil) {
            self.init(variant: PolicyVariant(policy), source: source, cacheImages: cacheImages, refresh: refresh,
                      connections: connections, http: http, layout: layout, feed: feed)
        }

        /// The policy's decisions.
        public var policy: LoadingPolicyKind { variant.kind }

        /// The configuration's part of a result id: `adaptive|latency=80|cache=12|refresh=60|connections=6|http=1.1`.
        public var id: String {
            let source: String
            switch self.source {
            case let .latency(ms): source = "latency=" + Source.number(ms)
            case let .network(profile): source = "network=" + profile.name
            }
            return "\(variant.name)|\(source)|cache=\(cacheImages)|refresh=\(Source.number(refresh))|connections=\(connections)|http=\(http.rawValue)"
                + (feed.map { "|feed=" + $0 } ?? "") + (layout.map { "|layout=" + $0.rawValue } ?? "")
        }

        /// The grid scene's settings for this configuration (assets' stored sizes for a network), showing
        /// `assetCount` distinct images (nil: the bundled grid's).
        public func gridConfiguration(assetByteSizes: [Int], feed: Feed? = nil, assetCount: Int? = nil) -> GridSceneConfiguration {
            var c = GridSceneConfiguration()
            if let assetCount { c.assetCount = Swift.max(1, assetCount) }
            c.policyVariant = variant
            c.connections = connections
            c.httpVersion = http
            switch source {
            case let .latency(ms): c.latency = ms / 1000
            case let .network(profile):
                c.network = profile
                c.assetByteSizes = assetByteSizes
            }
            c.cacheByteLimit = cacheImages * c.bytesPerImage
            if let feed {
                let network = c.network
                c.use(feed, layout: layout)
                if network == nil { c.assetByteSizes = [] }
            }
            return c
        }

        /// The configuration's keys in a result line.
        public var json: [(String, JSONValue)] {
            var out: [(String, JSONValue)] = [("policy", .string(variant.name))]
            switch source {
            case let .latency(ms): out += [("latencyMs", .number(ms)), ("network", .null)]
            case let .network(profile): out += [("latencyMs", .null), ("network", .string(profile.name))]
            }
            out += [("cacheImages", .int(cacheImages)), ("refresh", .number(refresh)), ("connections", .int(connections)),
                    ("http", .string(http.rawValue))]
            if let feed { out.append(("feed", .string(feed))) }
            if let layout { out.append(("layout", .string(layout.rawValue))) }
            return out
        }
    }

    public var policies: [PolicyVariant]
    public var sources: [Source]
    public var cacheImages: [Int]
    public var refreshRates: [Double]
    public var connections: [Int]
    public var httpVersions: [HTTPVersion]
    /// Layouts of the sweep's feed (`--layout` as a factor); `[nil]`: one layout, the feed's or the grid.
    public var layouts: [FeedLayoutKind?] = [nil]
    /// The name of the feed every configuration scrolls (nil: the bundled grid).
    public var feed: String?

    /// A plan; an empty factor list stands for the lab's default (80 ms, a 12-image cache, 60 Hz, 6
    /// connections, HTTP/1.1). A value given twice (`80,80.0,8e1`, `12,012`, `eager,eager`) is one value:
    /// each configuration runs once.
    public init(policies: [PolicyVariant], sources: [Source] = [], cacheImages: [Int] = [], refreshRates: [Double] = [],
                connections: [Int] = [], httpVersions: [HTTPVersion] = []) {
        self.policies = Self.unique(policies)
        self.sources = sources.isEmpty ? [.latency(80)] : Self.unique(sources)
        self.cacheImages = cacheImages.isEmpty ? [12] : Self.unique(cacheImages)
        self.refreshRates = refreshRates.isEmpty ? [60] : Self.unique(refreshRates)
        self.connections = connections.isEmpty ? [GridSceneConfiguration().connections] : Self.unique(connections)
        self.httpVersions = httpVersions.isEmpty ? [.http1_1] : Self.unique(httpVersions)
    }

    /// A plan of policies on the shared pipeline.
    public init(policies: [LoadingPolicyKind], sources: [Source] = [], cacheImages: [Int] = [], refreshRates: [Double] = [],
                connections: [Int] = [], httpVersions: [HTTPVersion] = []) {
        self.init(policies: policies.map { PolicyVariant($0) }, sources: sources, cacheImages: cacheImages, refreshRates: refreshRates,
                  connections: connections, httpVersions: httpVersions)
    }

    /// `values` without repeats, in the order first given.
    static func unique<T: Hashable>(_ values: [T]) -> [T] {
        var seen: Set<T> = []
        return values.filter { seen.insert($0).inserted }
    }

    /// Every configuration, in the plan's order.
    public var configurations: [Configuration] {
        var out: [Configuration] = []
        for p in policies {
            for s in sources {
                for c in cacheImages {
                    for r in refreshRates {
                        for k in connections {
                            for h in httpVersions {
                                for l in layouts {
                                    out.append(Configuration(variant: p, source: s, cacheImages: c, refresh: r, connections: k, http: h,
                                                             layout: l, feed: feed))
                                }
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// A result's id: its configuration and gesture.
    public static func id(_ configuration: Configuration, gesture: String) -> String { configuration.id + "|" + gesture }

    /// True when gesture number `index` belongs to shard `part` of `parts` (1-based): gestures are dealt
    /// round-robin, so every shard gets a like share of long and short sessions.
    public static func inShard(_ index: Int, part: Int, of parts: Int) -> Bool { index % parts == part - 1 }

    /// Runs one configuration on one gesture: the result line (configuration, gesture, every metric, the
    /// fewest loads possible, and with `oracle` the least blank time any schedule reaches on this
    /// configuration's pipeline — B-ORACLE-2: it bounds this line's blank time).
    /// The disk cache under a network: `disk` false for none, else one holding `diskEntries` at the
    /// start (`--disk-cache DIR`; `diskCorrupt`: the folder's entries found torn or corrupt); `stored` gets the assets it holds at the end. `assetCount`: the
    /// grid's distinct images (nil: the bundled grid's). Under a network the line ends with
    /// `imageBytesMean`, the mean bytes of the images it moved.
    public static func run(_ configuration: Configuration, gesture: String, events: [PointerEvent],
                           assetByteSizes: [Int], assetCount: Int? = nil, oracle: Bool, feed: Feed? = nil, disk: Bool = true,
                           diskEntries: [Int] = [], diskCorrupt: [Int] = [], stored: ([Int]) -> Void = { _ in }) -> JSONValue {
        var replay = HeadlessReplay()
        replay.frameRate = configuration.refresh
        var grid = configuration.gridConfiguration(assetByteSizes: assetByteSizes, feed: feed, assetCount: assetCount)
        if !disk { grid.diskCacheByteLimit = nil }
        grid.diskCacheEntries = diskEntries
        grid.diskCacheCorrupt = diskCorrupt
        let bench = GridBench(configuration: grid, replay: replay)
        let scene = bench.run(events, variant: configuration.variant)
        stored(scene.diskCacheAssets ?? [])
        var line: [(String, JSONValue)] = [("id", .string(id(configuration, gesture: gesture))), ("gesture", .string(gesture))]
        line += configuration.json
        if case let .object(metrics) = scene.metrics.json { line += metrics }
        line.append(("boundMinLoads", .int(scene.boundMinLoads)))
        if oracle {
            line.append(("oracleBlankTileSeconds", .number(bench.oracle(events, variant: configuration.variant).blankTileSeconds)))
        }
        if let mean = grid.imageBytesMean { line.append(("imageBytesMean", .int(mean))) }
        return .object(line)
    }
}
