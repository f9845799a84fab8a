import ArgumentParser
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

extension FeedCommand {
    /// `scrolllab feed verdict`: how the recommendation changes between layouts (docs/feeds.md).
    struct Verdict: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verdict",
            abstract: "Every policy on the bundled gestures over a generated feed in each layout: the recommendation per layout.",
            discussion: """
                Each layout gets its own generated feed (same seed, same image sizes: only the shapes differ); a layout \
                named LAYOUT-photos gets camera photos of 1–12 MP instead of the web's images. Every run is the line \
                `sweep run` writes for it, and the verdict is `sweep report --recommend`'s for those lines: per session, \
                mean [95% interval], blank time in tile·s and bytes in kB; recommended (marked *): on the frontier of \
                blank time against bytes, the least blank, or the cheapest whose blank time the runs cannot tell from \
                that one's (gesture by gesture, the 95% interval of the difference holds 0); never one the phone rules out (a critical hitch ratio of 10 ms/s or more, or past the --device's \
                memory limit: marked x). Radio J: the radio's energy for the transfers.
                """
        )

        @Option(help: ArgumentHelp("Layouts, comma-separated: \(FeedLayoutKind.names), each also as LAYOUT-photos (camera photos of 1–12 MP; default grid,list,masonry,masonry-photos; with --feed, the file's own)."))
        var layouts: String?

        @Option(help: ArgumentHelp("Your own feed file to judge instead of the generated ones (docs/feeds.md): its items, sizes and image bytes, laid out as --layouts names (default: as the file says).", valueName: "FILE"),
                transform: { LoadedFeed(path: $0, feed: loadFeed($0, command: CommandName.parsing)) })
        var feed: LoadedFeed?

        @Option(help: ArgumentHelp("Network the images come over: " + NetworkProfile.names + " (default 3g)."))
        var network: NetworkProfile = .threeG

        @Option(parsing: .unconditional, help: "Items in each generated feed (default 400).")
        var count: Int = 400

        @Option(parsing: .unconditional, help: "Seed of the generated feeds (default 1).")
        var seed: UInt64 = 1

        @Option(help: "Directory of gesture files (*.jsonl; pager-* skipped). Default: Assets/Gestures.")
        var gestures: String?

        @Flag(help: "One JSON line per layout and policy instead of tables.")
        var json = false

        @OptionGroup var phoneOptions: PhoneOptions
        @Flag(help: "Under Low Data Mode (the path constrained): each policy does what its system does under it; Adaptive loads nothing ahead.")
        var constrained = false

        @Flag(help: "Connections over TLS 1.3 (HTTPS): each new connection's handshake takes one round trip more than TCP's alone.")
        var tls = false

        func validate() throws {
            _ = try kinds()
            guard (1...Feed.itemLimit).contains(count) else { throw ValidationError("--count must be between 1 and \(Feed.itemLimit) (got \(count))") }
        }

        /// The feeds asked for: a layout, with the web's images or (`LAYOUT-photos`) camera photos; with
        /// `--feed`, the file's layouts (camera photos are the generated feeds' only).
        func kinds() throws -> [(layout: FeedLayoutKind, images: FeedImageSizes)] {
            var seen: [(layout: FeedLayoutKind, images: FeedImageSizes)] = []
            let names = layouts ?? (feed.map { ($0.feed.layout ?? .list).rawValue } ?? "grid,list,masonry,masonry-photos")
            if feed != nil, names.contains("-photos") {
                throw ValidationError("--layouts: LAYOUT-photos names a generated feed of camera photos; --feed brings its own images")
            }
            let parsed = try SweepCommand.Run.list(names, "--layouts") { name -> (layout: FeedLayoutKind, images: FeedImageSizes)? in
                if name.hasSuffix("-photos") { return FeedLayoutKind(rawValue: String(name.dropLast(7))).map { ($0, .photos) } }
                return FeedLayoutKind(rawValue: name).map { ($0, .web) }
            }
            for kind in parsed where !seen.contains(where: { $0 == kind }) { seen.append(kind) }
            return seen
        }

        func run() throws {
            defer { finishStandardOutput(command: "feed verdict") }
            guard let directory = gestures.map({ URL(fileURLWithPath: $0) }) ?? AssetLocator.directory("Gestures") else {
                fail("scrolllab feed verdict: no Assets/Gestures found from the current directory or the executable; use --gestures DIR",
                     code: CommandExit.input)
            }
            let files = BenchCommand.regularGestureFiles(in: directory, command: "feed verdict")
            guard !files.isEmpty else {
                fail("scrolllab feed verdict: no gesture files (*.jsonl) in \(MessageText.quoted(directory.path))", code: CommandExit.input)
            }
            let sessions = files.map { (name: $0.deletingPathExtension().lastPathComponent, events: loadGesture($0.path, command: "feed verdict")) }
            var condition = RunCondition(policy: .adaptive, source: .network(network))
            condition.phone = phoneOptions.phone
            condition.constrained = constrained
            condition.tls = tls
            let verdict = FeedVerdict(condition: condition)
            let output = CommandOutput(command: "feed verdict")
            if !json {
                output.line("scrolllab feed verdict — \(network.name)\(tls ? " over TLS" : "")\(constrained ? " under Low Data Mode" : "")" + (condition.phone.device.map { ", \($0.name)" } ?? "")
                            + (feed.map { ", the feed \(($0.path as NSString).lastPathComponent) (\($0.feed.items.count) items), " }
                               ?? ", feeds of \(count) generated items (seed \(seed)), ")
                            + "\(files.count) gestures: \(files.map { $0.deletingPathExtension().lastPathComponent }.joined(separator: ", "))")
                output.line("per session, mean [95% interval]; * recommended (as sweep report --recommend on the same runs), x ruled out by the phone")
            }
            var summary: [String] = []
            for kind in try kinds() {
                let feed = self.feed?.feed ?? FeedGenerator(layout: kind.layout, seed: seed, images: kind.images).feed(count: count)
                // The results' feed factor: the file's name, as `sweep run --feed` names it; a generated feed's kind.
                let feedName = self.feed.map { ($0.path as NSString).lastPathComponent } ?? kind.layout.rawValue + (kind.images == .photos ? "-photos" : "")
                let judged = verdict.layout(feed: feed, feedName: feedName, layout: kind.layout, gestures: sessions, images: kind.images)
                if json {
                    for line in judged.jsonLines { output.line(line.serialized) }
                    continue
                }
                // What the phone pays (B-COST-1), for big photos or a named device.
                let phone = kind.images == .photos || !condition.phone.isDefault
                let name = judged.rows.first?.feedName ?? kind.layout.rawValue
                let ruledOut = Set(judged.recommendation?.ruledOut.map(\.policy) ?? [])
                output.line("")
                output.line(name)
                output.line("  " + "policy".padding(toLength: 12, withPad: " ", startingAt: 0) + Self.column("blank tile·s", 24) + Self.column("kB", 24)
                            + Self.column("loads", 8) + Self.column("radio J", 22) + (phone ? "  hitch ms/s      band  overrun p99 ms  peak MB" : ""))
                for row in judged.rows {
                    // Every policy ruled out: the one recommended over all of them is both (`target *x`).
                    let marks = (row.isRecommended ? "*" : "") + (ruledOut.contains(row.policy.rawValue) ? "x" : "")
                    let label = row.policy.rawValue + (marks.isEmpty ? "" : " " + marks)   // never cut: `flashlist x` is 11 characters
                    let cells = row.perSession
                    output.line("  " + label.padding(toLength: Swift.max(12, label.count), withPad: " ", startingAt: 0)
                                + Self.column(cells.map { $0.blankTileSeconds.text(2) } ?? "-", 24)
                                + Self.column(cells?.networkBytes.map { $0.text(0, divisor: 1000) } ?? "-", 24)
                                + Self.column(cells.map { SweepRecommendation.fixed($0.loadsIssued.mean, 1) } ?? "-", 8)
                                + Self.column(cells?.radioJoules.map { $0.text(1) } ?? "-", 22)
                                + (phone ? Self.column(String(format: "%.1f", row.hitchTimeRatioMsPerS), 12)
                                    // Apple's band of the hitch ratio, and Android's frame overrun p99 (B-COST-1).
                                    + Self.column(MainThreadMeter.band(ofRatio: row.hitchTimeRatioMsPerS), 10)
                                    + Self.column(row.frameOverrunMsP99.map { String(format: "%.1f", $0) } ?? "-", 16)
                                    // The per-session mean, as every column (and `sweep report`): the JSON keeps the largest.
                                    + Self.column(String(format: "%.1f", (cells?.phone?.peakResidentBytes.mean ?? Double(row.peakResidentBytes)) / 1e6), 9) : ""))
                }
                if let recommendation = judged.recommendation {
                    output.line("")
                    output.line(recommendation.paragraph)
                    summary.append("\(name): \(recommendation.recommended.policy)" + (recommendation.allRuledOut ? " (every policy ruled out)" : ""))
                }
            }
            if !json {
                output.line("")
                output.line("recommended on \(network.name) — " + summary.joined(separator: " · "))
            }
        }

        static func column(_ text: String, _ width: Int) -> String {
            String(repeating: " ", count: Swift.max(1, width - text.count)) + text
        }
    }
}
