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
    public typealias Source = RunCondition.Source
    /// One point of the grid: a run's condition (its `id` and `json` name the factors).
    public typealias Configuration = RunCondition

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
    /// The phone every configuration models (B-COST-1; the lab's default unless `--device` and the rest say).
    public var phone = PhoneCost()
    /// Placeholders (`--placeholder` as a factor, B-COST-2) and Low Data Mode (`--constrained`, B-COST-2):
    /// innermost, so a sweep without them runs what it ran before, in the same order.
    public var placeholders: [PlaceholderKind] = [.none]
    public var constrained: [Bool] = [false]
    /// Connections over TLS 1.3 or not (`--tls` as a factor): innermost of all, for the same reason.
    public var tls: [Bool] = [false]

    /// A plan; an empty factor list stands for the lab's default (80 ms, a 12-image cache, 60 Hz, 6
    /// connections, HTTP/1.1). A value given twice (`80,80.0,8e1`, `12,012`, `eager,eager`) is one value:
    /// each configuration runs once.
    public init(policies: [PolicyVariant], sources: [Source] = [], cacheImages: [Int] = [], refreshRates: [Double] = [],
                connections: [Int] = [], httpVersions: [HTTPVersion] = []) {
        self.policies = Self.unique(policies)
        self.sources = sources.isEmpty ? [.latency(80)] : Self.unique(sources)
        self.cacheImages = cacheImages.isEmpty ? [RunCondition.defaultCacheImages] : Self.unique(cacheImages)
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
    public static func unique<T: Hashable>(_ values: [T]) -> [T] {
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
                                    for w in placeholders {
                                        for low in constrained {
                                            for secure in tls {
                                                var configuration = Configuration(variant: p, source: s, cacheImages: c, refresh: r,
                                                                                  connections: k, http: h, layout: l, feed: feed)
                                                configuration.phone = phone
                                                configuration.placeholder = w
                                                configuration.constrained = low
                                                configuration.tls = secure
                                                out.append(configuration)
                                            }
                                        }
                                    }
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

    /// Runs one configuration on one gesture: the result line (configuration, gesture, every metric, the
    /// fewest loads possible, and with `oracle` the least blank time any schedule reaches on this
    /// configuration's pipeline — B-ORACLE-2: it bounds this line's blank time).
    /// The disk cache under a network: `disk` false for none, else one holding `diskEntries` at the
    /// start (`--disk-cache DIR`; `diskCorrupt`: the folder's entries found torn or corrupt); `stored` gets the assets it holds at the end. `assetCount`: the
    /// grid's distinct images (nil: the bundled grid's). Under a network the line ends with
    /// `imageBytesMean`, the mean bytes of the images it moved. `external`: the images from a real server
    /// (its label ends the line).
    public static func run(_ configuration: Configuration, gesture: String, events: [PointerEvent],
                           assetByteSizes: [Int], assetCount: Int? = nil, oracle: Bool, feed: Feed? = nil, disk: Bool = true,
                           diskEntries: [Int] = [], diskCorrupt: [Int] = [], external: ExternalImageSource? = nil,
                           stored: ([Int]) -> Void = { _ in }) -> JSONValue {
        let bench = bench(configuration, assetByteSizes: assetByteSizes, assetCount: assetCount, feed: feed, disk: disk,
                          diskEntries: diskEntries, diskCorrupt: diskCorrupt, external: external)
        let scene = bench.run(events, variant: configuration.variant)
        stored(scene.diskCacheAssets ?? [])
        return line(configuration, gesture: gesture, scene: scene, bench: bench,
                    oracle: oracle ? bench.oracle(events, variant: configuration.variant) : nil)
    }

    /// The bench a configuration's run replays on: its scene settings (with the disk cache's start) and
    /// its replay clock.
    static func bench(_ configuration: Configuration, assetByteSizes: [Int], assetCount: Int?, feed: Feed?, disk: Bool,
                      diskEntries: [Int], diskCorrupt: [Int], external: ExternalImageSource?) -> GridBench {
        var condition = configuration
        condition.diskCache = disk
        var grid = condition.gridConfiguration(assetByteSizes: assetByteSizes, feed: feed, assetCount: assetCount)
        grid.diskCacheEntries = diskEntries
        grid.diskCacheCorrupt = diskCorrupt
        var bench = GridBench(configuration: grid, replay: condition.replayClock)
        bench.external = external
        return bench
    }

    /// The result line of `configuration`'s finished `scene` on `gesture`, with `oracle`'s blank time when
    /// there is one.
    static func line(_ configuration: Configuration, gesture: String, scene: GridScene, bench: GridBench,
                     oracle: BlankTimeOracle?) -> JSONValue {
        var line: [(String, JSONValue)] = [("id", .string(id(configuration, gesture: gesture))), ("gesture", .string(gesture))]
        line += configuration.json
        if case let .object(metrics) = scene.metrics.json { line += metrics }
        line.append(("boundMinLoads", .int(scene.boundMinLoads)))
        // A run stopped at the replay's time cap before it settled (a tile never got its image) says so.
        if !scene.isSettled { line.append(("settled", .bool(false))) }
        if let oracle { line.append(("oracleBlankTileSeconds", .number(oracle.blankTileSeconds))) }
        if let mean = bench.configuration.imageBytesMean { line.append(("imageBytesMean", .int(mean))) }
        line += bench.external?.label ?? []
        return .object(line)
    }
}
