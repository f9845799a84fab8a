import ArgumentParser
import LabKit
import ScrollKit
import ScrollLabCore

/// The options that choose and configure a scene, shared by the window and `replay`: parsed here, then
/// handed on as the plain `SceneConfiguration` (`configuration`, the one place they are copied). They
/// come in groups by concern (`Choice`, `Loading`, `Rates`, `Fling`, `ContentTouches`, the feed, the
/// phone, the client), declared in the order `--help` lists them; their rules all run in `validate()`.
struct SceneOptions: ParsableArguments {
    @OptionGroup var choice: Choice

    @OptionGroup var loading: Loading

    @OptionGroup var rates: Rates

    @Option(parsing: .unconditional, help: "Number of grid items.")
    var items: Int = 500

    @OptionGroup var fling: Fling

    @Option(help: "Folder of images for the grid (default: the bundled Assets/Images).")
    var assets: String?

    @OptionGroup var contentTouches: ContentTouches

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
        let policy = loading.policy, scene = choice.scene
        try OptionRules.latencyMs(loading.latencyMs)
        try OptionRules.refresh(rates.refresh)
        try OptionRules.touchHz(rates.touchHz)
        try OptionRules.items(items)
        try OptionRules.connections(loading.connections)
        try OptionRules.http(loading.http, hasNetwork: loading.network != nil || CommandLineOptions(CommandLine.arguments).has("--source"))
        try OptionRules.tls(loading.tls, hasNetwork: loading.network != nil, hasSource: CommandLineOptions(CommandLine.arguments).has("--source"))
        if let seedProblem = loading.seedProblem, SeedProblem(rawValue: seedProblem) == nil {
            throw ValidationError("--seed-problem must be 1, 2 or 3")
        }
        if loading.seedProblem != nil, policy == .all || !SeedProblem.policies.contains(policy.kind) {
            let which = policy == .all ? "all" : policy.kind.rawValue
            throw ValidationError("--seed-problem applies to the seed's policies, deferred and target; \(which) has none")
        }
        if policy == .all, !compare.isEmpty {
            throw ValidationError("--compare names each phone's policy: it cannot go with --policy all")
        }
        try OptionRules.placeholder([client.placeholder], feed: feedOptions.feed?.feed, assets: assets)
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
        configuration.scene = choice.scene
        configuration.paging = choice.paging
        configuration.rate = choice.rate
        configuration.policy = loading.policy
        configuration.seedProblem = loading.seedProblem
        configuration.latencyMs = loading.latencyMs
        configuration.network = loading.network
        configuration.diskCache = loading.diskCache
        configuration.requestOrder = loading.requestOrder
        configuration.connections = loading.connections
        configuration.http = loading.http
        configuration.tls = loading.tls
        configuration.feed = feedOptions.feed
        configuration.layout = feedOptions.layout
        configuration.columns = feedOptions.columns
        configuration.refresh = rates.refresh
        configuration.touchHz = rates.touchHz
        configuration.items = items
        configuration.physics = fling.physics
        configuration.estimator = fling.estimator
        configuration.assets = assets
        configuration.delaysContentTouches = contentTouches.delaysContentTouches
        configuration.canCancelContentTouches = contentTouches.canCancelContentTouches
        configuration.compare = compare
        configuration.phone = phoneOptions.phone
        configuration.placeholder = client.placeholder
        configuration.constrained = client.constrained
        return configuration
    }

    /// The image files of `--assets` (or the bundled ones); a folder that is missing or unreadable ends
    /// the program with one line and exit code 2. `served`: the images come from `--source` (none found
    /// is not said).
    func imagePaths(command: String? = nil, served: Bool = false) -> [AssetFile] {
        configuration.imagePathsOrExit(command: command, served: served)
    }
}

extension SceneConfiguration {
    /// `imagePaths()`, or the end of the program with one line naming `command` (nil: the window's) and
    /// exit code 2.
    func imagePathsOrExit(command: String? = nil, served: Bool = false) -> [AssetFile] {
        do {
            return try imagePaths(served: served)
        } catch {
            fail("scrolllab\(command.map { " " + $0 } ?? ""): \(error.description)", code: CommandExit.input)
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
