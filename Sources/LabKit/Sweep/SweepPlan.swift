import ScrollKit

/// A sweep's grid of factors (B-SWEEP-1): every combination of policy, image source (a constant
/// latency or a network profile), memory cache size and refresh rate, each run on every gesture.
///
/// Configurations come in a fixed order (policies outermost, then sources, caches, rates), so a
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
        public var policy: LoadingPolicyKind
        public var source: Source
        public var cacheImages: Int
        public var refresh: Double

        /// The configuration's part of a result id: `adaptive|latency=80|cache=12|refresh=60`.
        public var id: String {
            let source: String
            switch self.source {
            case let .latency(ms): source = "latency=" + Source.number(ms)
            case let .network(profile): source = "network=" + profile.name
            }
            return "\(policy.rawValue)|\(source)|cache=\(cacheImages)|refresh=\(Source.number(refresh))"
        }

        /// The grid scene's settings for this configuration (assets' stored sizes for a network).
        public func gridConfiguration(assetByteSizes: [Int]) -> GridSceneConfiguration {
            var c = GridSceneConfiguration()
            c.policy = policy
            switch source {
            case let .latency(ms): c.latency = ms / 1000
            case let .network(profile):
                c.network = profile
                c.assetByteSizes = assetByteSizes
            }
            c.cacheByteLimit = cacheImages * c.bytesPerImage
            return c
        }

        /// The configuration's keys in a result line.
        public var json: [(String, JSONValue)] {
            var out: [(String, JSONValue)] = [("policy", .string(policy.rawValue))]
            switch source {
            case let .latency(ms): out += [("latencyMs", .number(ms)), ("network", .null)]
            case let .network(profile): out += [("latencyMs", .null), ("network", .string(profile.name))]
            }
            out += [("cacheImages", .int(cacheImages)), ("refresh", .number(refresh))]
            return out
        }
    }

    public var policies: [LoadingPolicyKind]
    public var sources: [Source]
    public var cacheImages: [Int]
    public var refreshRates: [Double]

    /// A plan; an empty factor list stands for the lab's default (80 ms, a 12-image cache, 60 Hz).
    public init(policies: [LoadingPolicyKind], sources: [Source] = [], cacheImages: [Int] = [], refreshRates: [Double] = []) {
        self.policies = policies
        self.sources = sources.isEmpty ? [.latency(80)] : sources
        self.cacheImages = cacheImages.isEmpty ? [12] : cacheImages
        self.refreshRates = refreshRates.isEmpty ? [60] : refreshRates
    }

    /// Every configuration, in the plan's order.
    public var configurations: [Configuration] {
        var out: [Configuration] = []
        for p in policies {
            for s in sources {
                for c in cacheImages {
                    for r in refreshRates { out.append(Configuration(policy: p, source: s, cacheImages: c, refresh: r)) }
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
    /// fewest loads possible, and with `oracle` the least blank time any schedule reaches).
    /// The disk cache under a network: `disk` false for none, else one holding `diskEntries` at the
    /// start (`--disk-cache DIR`); `stored` gets the assets it holds at the end.
    public static func run(_ configuration: Configuration, gesture: String, events: [PointerEvent],
                           assetByteSizes: [Int], oracle: Bool, disk: Bool = true, diskEntries: [Int] = [],
                           stored: ([Int]) -> Void = { _ in }) -> JSONValue {
        var replay = HeadlessReplay()
        replay.frameRate = configuration.refresh
        var grid = configuration.gridConfiguration(assetByteSizes: assetByteSizes)
        if !disk { grid.diskCacheByteLimit = nil }
        grid.diskCacheEntries = diskEntries
        let bench = GridBench(configuration: grid, replay: replay)
        let scene = bench.run(events, policy: configuration.policy)
        stored(scene.diskCacheAssets ?? [])
        var line: [(String, JSONValue)] = [("id", .string(id(configuration, gesture: gesture))), ("gesture", .string(gesture))]
        line += configuration.json
        if case let .object(metrics) = scene.metrics.json { line += metrics }
        line.append(("boundMinLoads", .int(scene.boundMinLoads)))
        if oracle {
            line.append(("oracleBlankTileSeconds", .number(bench.oracle(events, maxConcurrent: scene.pipeline.maxConcurrent).blankTileSeconds)))
        }
        return .object(line)
    }
}
