import ArgumentParser
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

extension FeedCommand {
    /// `scrolllab feed html`: the feed as a web page on the lab's layout (docs/feeds.md), and with
    /// `--gesture` a lab replay the page can play frame by frame, with the `chrome` peer's requests.
    struct Html: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "html",
            abstract: "Write a feed as a web page: each item an <img loading=\"lazy\"> at its frame in the lab's layout.",
            discussion: """
                Self-contained: open it in any browser and scroll it against `scrolllab serve`. URL template: {asset} is the \
                item's image number modulo --assets (the served index), {image} the image number. With --gesture the page \
                carries the lab replay's offsets, one per frame (scrollLab.replay() plays them), and --requests writes the \
                lab's `chrome` peer's requests on that replay: one JSON line per image, its frame and offset.
                """
        )

        @Argument(help: "The feed file (- for standard input).")
        var file: String

        @Option(help: "The page to write (- for standard output).")
        var out: String

        @Option(help: ArgumentHelp("Lay it out as \(FeedLayoutKind.names) (default: the file's header, else list)."))
        var layout: FeedLayoutKind?

        @Option(parsing: .unconditional, help: "Columns of a masonry or grid (default: the file's, else 2).")
        var columns: Int?

        @Option(help: "Image URL template (default \(FeedPage.defaultSource)).")
        var source: String = FeedPage.defaultSource

        @Option(parsing: .unconditional, help: "Images the server holds: {asset} counts modulo it (default 72, the bundled ones).")
        var assets: Int = 72

        @Option(help: "A gesture file: the page carries the lab replay's offsets, one per frame.")
        var gesture: String?

        @Option(help: ArgumentHelp("With --gesture: the network of the lab's replay: " + NetworkProfile.names + " (default: the 80 ms latency)."))
        var network: NetworkProfile?

        @Option(help: "With --gesture: write the lab's `chrome` requests on the replay here (JSON lines).")
        var requests: String?

        func validate() throws {
            try OptionRules.columns(columns, layout: layout)
            guard assets >= 1 else { throw ValidationError("--assets must be at least 1 (got \(assets))") }
            if gesture == nil, network != nil { throw ValidationError("--network sets the replay of a --gesture: give one") }
            if gesture == nil, requests != nil { throw ValidationError("--requests writes the replay of a --gesture: give one") }
            // Every image its own URL (two feed images are two fetches), as `--source` must name the image elsewhere.
            guard source.contains("{asset}") || source.contains("{image}") else {
                throw ValidationError("--source must contain {asset} or {image}: without either every image gets the same URL (got \(MessageText.quoted(source)))")
            }
        }

        func run() throws {
            let command = "feed html"
            // An output onto the feed, the gesture or the other output is refused before anything is read or written (§7).
            var paths = PathConflicts()
            paths.input(file == "-" ? nil : file, "FILE")
            paths.input(gesture, "--gesture")
            paths.output(out, "--out")
            paths.output(requests, "--requests")
            paths.refuse(command: "scrolllab \(command)")
            if out == "-", requests == "-" {
                fail("scrolllab \(command): --out - and --requests - both write to standard output: refused, nothing written", code: CommandExit.usage)
            }
            let feed = loadFeed(file, command: CommandName(Self.self))
            try OptionRules.columns(columns, layout: layout ?? feed.layout ?? .list)
            let geometry = FeedLayout(feed: feed, kind: layout, columns: columns)
            var page = FeedPage(feed: feed, layout: geometry, source: source, assetCount: assets)
            if let gesture {
                let replay = Self.replay(feed: feed, layout: layout, columns: columns, network: network,
                                         gesture: loadGesture(gesture, command: command))
                page.frames = replay.offsets
                if let requests { Self.write(replay.lines.joined(separator: "\n") + "\n", to: requests, command: command) }
            }
            Self.write(page.html, to: out, command: command)
            finishStandardOutput(command: command)
        }

        static func write(_ text: String, to path: String, command: String) {
            let file = openOutput(path, command: command)
            guard file.write(text) else { fail("scrolllab \(command): \(file.failure ?? "cannot write \(MessageText.quoted(path))")") }
            if let failure = file.close() { fail("scrolllab \(command): \(failure)") }
        }

        /// The lab's replay under `chrome`: its moving frames (and the first) and the requests' lines.
        static func replay(feed: Feed, layout: FeedLayoutKind?, columns: Int?, network: NetworkProfile?,
                           gesture: [PointerEvent]) -> (offsets: [(frame: Int, offset: Double)], lines: [String]) {
            var options = SceneConfiguration()
            options.feed = LoadedFeed(path: "", feed: feed)
            options.layout = layout
            options.columns = columns
            options.network = network
            options.policy = .one(PolicyVariant(.chrome))
            let resolved = options.withImageSizesOrExit(command: "scrolllab feed html")
            let lab = resolved.makeGridScene()
            let clock = resolved.replayClock
            let rate = clock.frameRate
            var offsets: [(frame: Int, offset: Double)] = [], first: Int?, seen = Set<Int>(), lines: [String] = []
            let stream = HeadlessReplayStream(clock, scene: lab, onRecord: { _ in }, afterFrame: { t in
                let index = Int((t * rate).rounded())
                if first == nil { first = index }
                let frame = index - first!
                let y = lab.scrollView.contentOffset.y
                if offsets.last?.offset != y { offsets.append((frame, y)) }
                guard let chrome = lab.loadingPolicy as? ChromePolicy else { return }
                for item in chrome.requested.subtracting(seen).sorted() {
                    lines.append(JSONValue.object([("item", .int(item)), ("frame", .int(frame)), ("t", .number(t)),
                                                   ("offset", .number(y))]).serialized)
                }
                seen.formUnion(chrome.requested)
            })
            for event in gesture { stream.push(event) }
            _ = stream.finish()
            let chrome = lab.loadingPolicy as? ChromePolicy
            let header = JSONValue.object([
                ("event", .string("lab")), ("policy", .string("chrome")),
                ("network", network.map { .string($0.name) } ?? .null),
                ("connectionType", .string(chrome?.connectionType?.rawValue ?? "")),
                ("margin", .number(chrome?.margin ?? 0)), ("frames", .int(offsets.count)), ("lastFrame", .int(offsets.last?.frame ?? 0)), ("frameRate", .number(rate)),
                ("viewport", .object([("width", .number(lab.scrollView.bounds.width)), ("height", .number(lab.scrollView.bounds.height))])),
            ]).serialized
            return (offsets, [header] + lines)
        }
    }
}
