import ArgumentParser
import Foundation
import LabKit
import ScrollLabCore

/// `sweep run --feed FILE --layout a,b`: every configuration scrolls the feed, once per layout (a factor).
struct SweepFeedOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A feed file every run scrolls instead of the bundled grid (docs/feeds.md).", valueName: "FILE"),
            transform: { LoadedFeed(path: $0, feed: loadFeed($0, command: CommandName.parsing)) })
    var feed: LoadedFeed?

    @Option(help: ArgumentHelp("Layouts of the --feed, comma-separated: \(FeedLayoutKind.names) (default: the file's)."))
    var layout: String?

    /// Sets the plan's feed and its layouts factor (deduplicated, in the order given).
    func apply(to plan: inout SweepPlan) throws {
        guard let feed else {
            if layout != nil { throw ValidationError("--layout lays out a --feed: give one (scrolllab feed generate makes one)") }
            return
        }
        plan.feed = (feed.path as NSString).lastPathComponent
        let kinds = try SweepCommand.Run.list(layout, "--layout") { FeedLayoutKind(rawValue: $0) }
        var seen: [FeedLayoutKind] = []
        for kind in kinds where !seen.contains(kind) { seen.append(kind) }
        plan.layouts = seen.isEmpty ? [feed.feed.layout ?? .list] : seen
    }
}
