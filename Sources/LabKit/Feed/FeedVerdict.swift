import ScrollKit

/// The verdict for feeds (B-FEED-1): every policy on the same gestures over a feed in each layout, and
/// the policy the lab recommends for each — so one table shows how the recommendation moves from the
/// grid to a list or a masonry. Each row gives the radio's energy too (B-COST-2), and the condition may be
/// Low Data Mode (B-COST-2).
///
/// One verdict, one rule, one unit (B-SWEEP-2): each run is the very result line `sweep run` writes for it
/// (`SweepPlan.run`, read back by `SweepResultLine`), and a layout's recommendation is `sweep report
/// --recommend`'s for those results (`SweepRecommendation`: the frontier of blank time against bytes, the
/// 95% intervals of the one bootstrap, the phone's rule-outs). Blank time is in tile·s, as everywhere;
/// each row's per-session figures are the row `sweep report` prints for the same runs.
public struct FeedVerdict: Sendable {
    /// One policy's figures over the gestures in one layout.
    public struct Row: Hashable, Sendable {
        public var layout: FeedLayoutKind
        public var policy: LoadingPolicyKind
        /// Blank area summed over the gestures, screens × seconds (`blankAreaPt2s` over the 320×450 view):
        /// kept for the JSON key of that name; the verdict reads blank time in tile·s (`perSession`).
        public var blankScreenSeconds: Double
        /// Bytes over the network, summed over the gestures.
        public var networkBytes: Int
        /// Loads issued, summed.
        public var loads: Int
        /// Whether this is the layout's recommendation.
        public var isRecommended = false
        /// The images' sizes of the feed (the web's, or camera photos').
        public var images: FeedImageSizes = .web
        /// The phone's figures (B-COST-1): the mean hitch time ratio over the gestures, ms/s; the largest
        /// peak of resident decoded bytes; the gestures whose bytes passed the memory limit.
        public var hitchTimeRatioMsPerS = 0.0
        /// The mean of the gestures' frame overrun p99s, ms, over those with a frame in motion (nil: none).
        public var frameOverrunMsP99: Double?
        public var peakResidentBytes = 0
        public var memoryLimitExceeded = 0
        /// The radio's joules for the transfers, summed (B-COST-2).
        public var radioJoules = 0.0
        /// Per session, mean and 95% interval of every figure: the row `sweep report` prints for these runs
        /// (nil for a row made by hand).
        public var perSession: SweepSummary.Row?

        /// Makes a row.
        public init(layout: FeedLayoutKind, policy: LoadingPolicyKind, blankScreenSeconds: Double, networkBytes: Int, loads: Int,
                    isRecommended: Bool = false) {
            self.layout = layout
            self.policy = policy
            self.blankScreenSeconds = blankScreenSeconds
            self.networkBytes = networkBytes
            self.loads = loads
            self.isRecommended = isRecommended
        }

        /// The feed's name in tables: the layout, `masonry-photos` for camera photos.
        public var feedName: String { layout.rawValue + (images == .photos ? "-photos" : "") }

        /// The row as a JSON line: the keys it always had (sums over the gestures), then `sessions`,
        /// `blankTileSeconds` (the verdict's blank time, tile·s per session, mean and interval) and
        /// `perSession` (the `sweep report --json` line of these runs).
        public var json: JSONValue {
            .object([("layout", .string(layout.rawValue)), ("policy", .string(policy.rawValue)),
                     ("blankScreenSeconds", .number(blankScreenSeconds)), ("networkBytes", .int(networkBytes)),
                     ("loads", .int(loads)), ("recommended", .bool(isRecommended)), ("radioJoules", .number(radioJoules))]
                    + (images == .web ? [] : [("images", .string(images.rawValue))])
                    + [("hitchTimeRatioMsPerS", .number(hitchTimeRatioMsPerS)),
                       ("hitchBand", .string(MainThreadMeter.band(ofRatio: hitchTimeRatioMsPerS))),
                       ("frameOverrunMsP99", frameOverrunMsP99.map { .number($0) } ?? .null), ("peakResidentBytes", .int(peakResidentBytes)),
                       ("memoryLimitExceeded", .int(memoryLimitExceeded))]
                    + (perSession.map { [("sessions", .int($0.sessions)), ("blankTileSeconds", $0.blankTileSeconds.json), ("perSession", $0.json)] }
                       ?? []))
        }
    }

    /// One layout's verdict: a row per policy, and the recommendation `sweep report --recommend` gives
    /// for the same results (nil without runs).
    public struct Layout: Sendable {
        public var rows: [Row]
        public var recommendation: SweepRecommendation?
        /// The runs' results, a line per gesture and policy (what `sweep run` would have written).
        public var results: [SweepSummary.Result]

        /// The `feed verdict --json` lines: each row's, and when the runs say what reached the screen, the
        /// layout's `nothingWorks` (B-FEED-2: true when no policy gets images on screen in time).
        public var jsonLines: [JSONValue] {
            let nothingWorks = recommendation.flatMap { r in r.points.allSatisfy { $0.onScreen != nil } ? r.nothingWorks : nil }
            return rows.map { row in
                guard let nothingWorks, case let .object(pairs) = row.json else { return row.json }
                return .object(pairs + [("nothingWorks", .bool(nothingWorks))])
            }
        }
    }

    /// The view's area, points²: a screen.
    public static let screenArea = GridScene.scrollFrame.width * GridScene.scrollFrame.height

    /// The condition every run measures under (network, latency, cache, refresh rate); the feed, its
    /// layout and the policy are set per run.
    public var condition: RunCondition
    /// Bootstrap resamples of the intervals (`sweep report`'s default).
    public var resamples = 1000

    /// A verdict under `condition`.
    public init(condition: RunCondition) {
        self.condition = condition
    }

    /// Every policy's row for `feed` (named `feedName` in the results, as `sweep run --feed` names its
    /// file) laid out as `layout` over the named `gestures`, the recommendation marked.
    public func layout(feed: Feed, feedName: String, layout: FeedLayoutKind, gestures: [(name: String, events: [PointerEvent])],
                       policies: [LoadingPolicyKind] = LoadingPolicyKind.allCases, images: FeedImageSizes = .web) -> Layout {
        var results: [SweepSummary.Result] = []
        var blankArea: [String: Double] = [:]
        for gesture in gestures {
            for policy in policies {
                var run = condition
                run.variant = PolicyVariant(policy)
                run.layout = layout
                run.feed = feedName
                let line = SweepPlan.run(run, gesture: gesture.name, events: gesture.events, assetByteSizes: [], oracle: false, feed: feed)
                // The line `sweep run` writes, read as `sweep report` reads it: it cannot fail on a line made here.
                guard let result = try? SweepResultLine.parse(line.serialized).result else { continue }
                results.append(result)
                if case let .number(area)? = line["blankAreaPt2s"] { blankArea[policy.rawValue, default: 0] += area / Self.screenArea }
            }
        }
        return Self.judge(results, layout: layout, images: images, blankScreenSeconds: blankArea, resamples: resamples)
    }

    /// The verdict of one layout from its runs' `results` (one condition: a line per gesture and policy):
    /// the recommendation is `SweepRecommendation`'s for them, each row's per-session figures
    /// `SweepSummary.rows`' over them; the sums over the gestures beside (`blankScreenSeconds` by policy
    /// name, from the lines' blank area).
    public static func judge(_ results: [SweepSummary.Result], layout: FeedLayoutKind, images: FeedImageSizes = .web,
                             blankScreenSeconds: [String: Double] = [:], resamples: Int = 1000) -> Layout {
        let condition = SweepSummary.conditions(results).first
        let recommendation = condition.flatMap { SweepRecommendation.recommendation($0, resamples: resamples) }
        let perSession = SweepSummary.rows(results, resamples: resamples, factors: ["all"])
        var rows: [Row] = []
        for name in condition?.policies ?? [] {
            guard let policy = LoadingPolicyKind(rawValue: name) else { continue }
            let runs = condition?.runs(of: name) ?? []
            var row = Row(layout: layout, policy: policy, blankScreenSeconds: blankScreenSeconds[name] ?? 0,
                          networkBytes: Int(runs.reduce(0) { $0 + ($1.networkBytes ?? 0) }), loads: Int(runs.reduce(0) { $0 + $1.loadsIssued }),
                          isRecommended: recommendation?.recommended.policy == name)
            row.images = images
            row.hitchTimeRatioMsPerS = runs.reduce(0) { $0 + ($1.hitchTimeRatioMsPerS ?? 0) } / Double(Swift.max(1, runs.count))
            let overruns = runs.compactMap(\.frameOverrunMsP99)
            row.frameOverrunMsP99 = overruns.isEmpty ? nil : overruns.reduce(0, +) / Double(overruns.count)
            row.peakResidentBytes = Int(runs.map { $0.peakResidentBytes ?? 0 }.max() ?? 0)
            row.memoryLimitExceeded = Int(runs.reduce(0) { $0 + ($1.memoryLimitExceeded ?? 0) })
            row.radioJoules = runs.reduce(0) { $0 + ($1.radioJoules ?? 0) }
            row.perSession = perSession.first { $0.policy == name }
            rows.append(row)
        }
        return Layout(rows: rows, recommendation: recommendation, results: results)
    }
}
