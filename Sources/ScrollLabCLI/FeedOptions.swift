import ArgumentParser
import LabKit
import ScrollLabCore

/// `--feed FILE`, `--layout`, `--columns`: scroll a feed instead of the bundled grid (B-FEED-1,
/// docs/feeds.md). The file is read once, when the command line is parsed: a missing one ends the
/// program with exit 2, a bad one with exit 1, each naming the line.
struct FeedOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A feed file to scroll instead of the bundled grid (JSON lines, docs/feeds.md).", valueName: "FILE"),
            transform: { LoadedFeed(path: $0, feed: loadFeed($0, command: CommandName.parsing)) })
    var feed: LoadedFeed?

    @Option(help: ArgumentHelp("Layout of the --feed: \(FeedLayoutKind.names) (default: the file's, else list)."))
    var layout: FeedLayoutKind?

    @Option(parsing: .unconditional, help: "Columns of the --feed's masonry or grid (default: the file's, else 2).")
    var columns: Int?

    /// `--layout` or `--columns` without a `--feed` is refused by `OptionAudit.feedLayout`.
    func validate() throws {
        try OptionRules.columns(columns, layout: feed.map { layout ?? $0.feed.layout ?? .list })
    }

    /// Puts the feed (if any) into `config`, laid out as asked.
    func apply(to config: inout GridSceneConfiguration, layout override: FeedLayoutKind? = nil) {
        guard let feed else { return }
        config.use(feed.feed, layout: override ?? layout, columns: columns)
    }
}
