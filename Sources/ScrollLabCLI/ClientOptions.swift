import ArgumentParser
import LabKit
import ScrollLabCore

/// What the phone's settings and the app's display choose (B-COST-2): the placeholder a tile
/// shows while its image is on its way, and Low Data Mode. Shared by the window, `replay` and `bench`.
struct ClientOptions: ParsableArguments {
    @Option(help: ArgumentHelp("What a tile shows while its image is on its way: none (the tile's fill, default), color (the image's average colour) or thumbhash (its ThumbHash preview), cross-faded into the image. The preview comes with the feed item (the bundled images' are built in); blank time splits into emptyTileSeconds and placeholderTileSeconds.", valueName: PlaceholderKind.names))
    var placeholder: PlaceholderKind = .none

    @Flag(help: "Low Data Mode: the path is constrained (iOS's NWPath.isConstrained, Android's Data Saver). Each policy does what its system does under it (docs/policies.md); Adaptive loads nothing ahead.")
    var constrained = false
}

/// `sweep run --placeholder none,color --constrained off,on`: two more factors.
struct SweepClientOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Placeholders, comma-separated: \(PlaceholderKind.names) (default none).", valueName: "LIST"))
    var placeholder: String?

    @Option(help: ArgumentHelp("Low Data Mode, comma-separated: off, on (default off).", valueName: "LIST"))
    var constrained: String?

    /// Sets the plan's placeholder and Low Data Mode factors (deduplicated, in the order given).
    func apply(to plan: inout SweepPlan) throws {
        let kinds = try SweepCommand.Run.list(placeholder, "--placeholder") { PlaceholderKind(rawValue: $0) }
        if !kinds.isEmpty { plan.placeholders = SweepPlan.unique(kinds) }
        let modes = try SweepCommand.Run.list(constrained, "--constrained") { OnOff(rawValue: $0).map { $0 == .on } }
        if !modes.isEmpty { plan.constrained = SweepPlan.unique(modes) }
    }
}
