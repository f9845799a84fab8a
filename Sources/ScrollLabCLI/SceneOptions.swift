import ArgumentParser
import LabKit
import ScrollKit
import ScrollLabCore

/// The options that choose and configure a scene, shared by the window and `replay`: parsed here, then
/// handed on as the plain `SceneConfiguration` (`configuration`, the one place they are copied).
struct SceneOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Scene: " + SceneKind.all.map(\.name).joined(separator: " or ") + "."))
    var scene: SceneKind = .grid

    @Option(help: "Paging mode of the pager scene: none, frame, snap or target.")
    var paging: PagingMode = .frame

    @Option(help: "Deceleration rate: normal (0.998) or fast (0.99).")
    var rate: RateOption = .normal

    @Option(help: ArgumentHelp("Image-loading policy of the grid: "
                               + LoadingPolicyKind.allCases.filter { !$0.isPeer }.map(\.rawValue).joined(separator: ", ")
                               + ", or a peer from a shipping system: "
                               + LoadingPolicyKind.allCases.filter(\.isPeer).map { "\($0.rawValue) (\($0.system))" }.joined(separator: ", ")
                               + " (on the shared pipeline; "
                               + PolicyVariant.allNames.filter { $0.hasSuffix(PolicyVariant.shippedSuffix) }.joined(separator: ", ")
                               + " on the system's own); all (replay --headless): every policy in turn."))
    var policy: PolicyChoice = .one(PolicyVariant(.adaptive))

    @Option(name: .customLong("seed-problem"), help: "Show seed 000's problem 1, 2 or 3 in its broken form (Deferred and Target).")
    var seedProblem: Int?

    @Option(name: .customLong("latency-ms"), parsing: .unconditional, help: "Simulated image source latency in milliseconds.")
    var latencyMs: Double = 80

    @Option(help: ArgumentHelp("Network the grid's images come over: " + NetworkProfile.names
                               + " (Network Link Conditioner's and DevTools' presets; round trip, shared bandwidth, loss). "
                               + "Default: none, --latency-ms's constant latency with no bandwidth limit."))
    var network: NetworkProfile?

    @Option(name: .customLong("disk-cache"), help: ArgumentHelp("Disk cache between memory and network, under --network or --source: a folder, or off (default \(DiskCacheChoice.defaultDirectory) in the window; replay without it models one in memory, starting empty; with a folder it starts with the folder's images and leaves its own there).", valueName: "DIR|off"))
    var diskCache: DiskCacheChoice?

    @Option(name: .customLong("request-order"), help: "Order of requests waiting for a connection under --network: fifo or lifo (SDWebImage's execution order).")
    var requestOrder: RequestOrder = .fifo

    @Option(parsing: .unconditional, help: "Requests in flight at once, the same for every policy: URLSession's connections per host (default 6); under --http 2, streams on one connection.")
    var connections: Int = GridSceneConfiguration().connections

    @Option(help: "HTTP version of the modelled network: 1.1 (a connection per request in flight) or 2 (one connection, one handshake, streams sharing its bandwidth and its losses).")
    var http: HTTPVersion = .http1_1

    @Option(parsing: .unconditional, help: "Display refresh rate in Hz: the model clock's frame rate in replay and the window's pacing (default: 60 in replay, the display's rate in the window).")
    var refresh: Double?

    @Option(name: .customLong("touch-hz"), parsing: .unconditional, help: "Resample gestures (replays) to this touch rate in Hz before they reach the model.")
    var touchHz: Double?

    @Option(parsing: .unconditional, help: "Number of grid items.")
    var items: Int = 500

    @Option(help: ArgumentHelp("Scroll physics of the fling: " + ScrollPhysicsKind.allCases.map(\.rawValue).joined(separator: ", ")
                               + " (default ios: UIKit's; the others ported from Android and Flutter)."))
    var physics: ScrollPhysicsKind = .ios

    @Option(help: "Velocity estimator: ios (UIKit-like, default) or lsq (least squares).")
    var estimator: EstimatorOption = .ios

    @Option(help: "Folder of images for the grid (default: the bundled Assets/Images).")
    var assets: String?

    @Option(name: .customLong("delays-content-touches"), help: "Hold a touch-down on a tile back 150 ms (UIKit's delaysContentTouches): on or off.")
    var delaysContentTouches: OnOff = .on

    @Option(name: .customLong("can-cancel-content-touches"), help: "Let a drag take a touch away from a tracking tile (UIKit's canCancelContentTouches): on or off.")
    var canCancelContentTouches: OnOff = .on

    @Option(name: .customLong("compare"), help: ArgumentHelp(
        "Two to four phones side by side, one per policy or physics (adaptive,deferred or ios,android): one gesture drives them all.",
        valueName: "A,B[,C,D]"), transform: { (argument: String) throws -> [CompareEntry] in
            do { return try CompareEntry.list(argument) } catch let error as CompareEntry.ListError { throw ValidationError(error.message) }
        })
    var compare: [CompareEntry] = []

    @OptionGroup var feedOptions: FeedOptions

    @OptionGroup var phoneOptions: PhoneOptions
    @OptionGroup var client: ClientOptions

    func validate() throws {
        try OptionRules.latencyMs(latencyMs)
        try OptionRules.refresh(refresh)
        try OptionRules.touchHz(touchHz)
        try OptionRules.items(items)
        try OptionRules.connections(connections)
        try OptionRules.http(http, hasNetwork: network != nil || CommandLineOptions(CommandLine.arguments).has("--source"))
        if let seedProblem, SeedProblem(rawValue: seedProblem) == nil {
            throw ValidationError("--seed-problem must be 1, 2 or 3")
        }
        if seedProblem != nil, policy == .all || !SeedProblem.policies.contains(policy.kind) {
            let which = policy == .all ? "all" : policy.kind.rawValue
            throw ValidationError("--seed-problem applies to the seed's policies, deferred and target; \(which) has none")
        }
        if policy == .all, !compare.isEmpty {
            throw ValidationError("--compare names each phone's policy: it cannot go with --policy all")
        }
        if feedOptions.feed != nil, scene != .grid {
            throw ValidationError("--feed scrolls the grid scene: it needs --scene grid")
        }
        if policy == .all, scene != .grid {
            throw ValidationError("--policy all compares the grid's loading policies: it needs --scene grid")
        }
    }

    /// These options as the lab takes them.
    var configuration: SceneConfiguration {
        var configuration = SceneConfiguration()
        configuration.scene = scene
        configuration.paging = paging
        configuration.rate = rate
        configuration.policy = policy
        configuration.seedProblem = seedProblem
        configuration.latencyMs = latencyMs
        configuration.network = network
        configuration.diskCache = diskCache
        configuration.requestOrder = requestOrder
        configuration.connections = connections
        configuration.http = http
        configuration.feed = feedOptions.feed
        configuration.layout = feedOptions.layout
        configuration.columns = feedOptions.columns
        configuration.refresh = refresh
        configuration.touchHz = touchHz
        configuration.items = items
        configuration.physics = physics
        configuration.estimator = estimator
        configuration.assets = assets
        configuration.delaysContentTouches = delaysContentTouches
        configuration.canCancelContentTouches = canCancelContentTouches
        configuration.compare = compare
        configuration.phone = phoneOptions.phone
        configuration.placeholder = client.placeholder
        configuration.constrained = client.constrained
        return configuration
    }

    /// The image files of `--assets` (or the bundled ones); a folder that is missing or unreadable ends
    /// the program with one line and exit code 2.
    func imagePaths() -> [AssetFile] { configuration.imagePathsOrExit() }
}

extension SceneConfiguration {
    /// `imagePaths()`, or the end of the program with one line and exit code 2.
    func imagePathsOrExit() -> [AssetFile] {
        do {
            return try imagePaths()
        } catch {
            fail("scrolllab: \(error.description)", code: CommandExit.input)
        }
    }

    /// `resolvingImageSizes()`, or the end of the program with one line naming the fix and exit
    /// code 2 (an input is missing): a modelled network with no image files to size does not run.
    func withImageSizesOrExit(command: String) -> SceneConfiguration {
        do {
            return try resolvingImageSizes()
        } catch {
            fail("\(command): \(error.description)", code: CommandExit.input)
        }
    }
}
