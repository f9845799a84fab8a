import Synchronization

/// `sweep report --recommend` (B-SWEEP-2): per condition — one combination of every swept factor,
/// never pooled — the frontier of blank time against cost (bytes under a network, else loads), the
/// policy recommended, what the next one on the frontier trades, and which differences lie within the
/// 95% intervals: the paragraph a user pastes into a design document.
///
/// The rule: on the frontier of means, take the policy with the least blank time; if the sweep cannot
/// tell a cheaper frontier policy's blank time from that one's, the cheapest such policy is recommended
/// instead. The policies ran the same sessions, so "cannot tell" is paired: the 95% interval of the mean
/// difference, session by session, holds 0. (Each policy's own interval spans how sessions differ in
/// length, not how the policies differ: a policy blanker in 28 of 30 sessions can sit inside it.)
public struct SweepRecommendation: Sendable {
    /// One policy in one condition: its means and intervals.
    public struct Point: Sendable {
        public var policy: String
        public var sessions: Int
        public var blankTileSeconds: SweepSummary.Interval
        /// Bytes under a network, else loads issued.
        public var cost: SweepSummary.Interval
        /// The mean hitch time ratio, ms/s, and the share of sessions past the memory limit (B-COST-1;
        /// nil when the lines have none).
        public var hitchTimeRatioMsPerS: Double?
        public var memoryLimitExceeded: Double?
        /// What it got onto the screen (B-FEED-2; nil when the lines do not say).
        public var onScreen: OnScreen?
        /// The mean of the sessions' frame overrun p99s, ms, over those with a frame in motion (B-COST-1; nil: none).
        public var frameOverrunMsP99: Double? = nil
        /// Each session's blank time and cost, in the runs' draw order: what the rule pairs.
        var bySession: [(gesture: String, blank: Double, cost: Double)] = []

        /// Why the phone rules this policy out (B-COST-1), or nil: a critical hitch ratio (> 10 ms/s,
        /// Apple's band), or a session past the device's memory limit (the app would be killed).
        public var ruledOutBecause: String? {
            var reasons: [String] = []
            if let hitch = hitchTimeRatioMsPerS, MainThreadMeter.band(ofRatio: hitch) == "critical" {
                reasons.append("hitch ratio \(SweepRecommendation.fixed(hitch, 1)) ms/s, critical (≥ 10)")
            }
            if let exceeded = memoryLimitExceeded, exceeded > 0 {
                reasons.append("past the memory limit in \(SweepRecommendation.fixed(exceeded * 100, 0))% of sessions")
            }
            return reasons.isEmpty ? nil : reasons.joined(separator: " and ")
        }
    }

    /// The factors and their values that make the condition (`source` = `3g`, …), in report order.
    public var condition: [(name: String, value: String)]
    /// `bytes` under a network, else `loads`.
    public var costName: String
    /// Every policy run in the condition, in the lab's order.
    public var points: [Point]
    /// The undominated policies by their means, cheapest first.
    public var frontier: [Point]
    /// The policy recommended.
    public var recommended: Point
    /// The frontier's next policy with less blank time than the recommended one (what more cost buys),
    /// and the next cheaper one (what less cost gives up).
    public var nextLessBlank: Point?
    public var nextCheaper: Point?
    /// Pairs of the recommended policy and another frontier policy whose means lie within each other's
    /// intervals: (other policy, "blank time" and/or the cost's name).
    public var withinIntervals: [(policy: String, figures: [String])]
    /// The policies the phone rules out (B-COST-1), with why: never on the frontier nor recommended
    /// (unless every policy is ruled out: then the frontier is over all, and `allRuledOut` says so).
    public var ruledOut: [(policy: String, reason: String)] = []
    public var allRuledOut = false
    /// The mean image sizes the condition's runs moved (under a network; for `nothingWorksText`).
    var screenImageBytes: [Double] = []
    /// The bootstrap's resamples and seed (the paired intervals use them too).
    var resamples = 1000
    var seed: UInt64 = 1

    /// One recommendation per condition, conditions in the order of their factor values. `perform` as for
    /// `SweepSummary.rows`: each policy's intervals are seeded by its own runs, so they are the same on any thread.
    public static func conditions(_ results: [SweepSummary.Result], resamples: Int = 1000, seed: UInt64 = 1,
                                  perform: (Int, @Sendable (Int) -> Void) -> Void = SweepSummary.serially) -> [SweepRecommendation] {
        SweepSummary.conditions(results) { recommendation($0, resamples: resamples, seed: seed, perform: perform) }.compactMap { $0 }
    }

    /// The recommendation for one condition (nil without runs): each policy's intervals by the one
    /// bootstrap (`SweepSummary.bootstrap`; the policies by `perform`), then the rule.
    public static func recommendation(_ c: SweepSummary.Condition, resamples: Int = 1000, seed: UInt64 = 1,
                                      perform: (Int, @Sendable (Int) -> Void) -> Void = SweepSummary.serially) -> SweepRecommendation? {
        @Sendable func mean(_ xs: [Double?]) -> Double? {
            let known = xs.compactMap { $0 }
            return known.isEmpty || known.count != xs.count ? nil : known.reduce(0, +) / Double(known.count)
        }
        let bytes = c.runs.allSatisfy { $0.networkBytes != nil }
        let made = Mutex([Point?](repeating: nil, count: c.policies.count))
        perform(c.policies.count) { k in
            let policy = c.policies[k]
            let runs = c.runs(of: policy)
            let costs = runs.map { bytes ? $0.networkBytes ?? 0 : $0.loadsIssued }
            var point = Point(policy: policy, sessions: runs.count,
                              blankTileSeconds: SweepSummary.bootstrap(runs.map(\.blankTileSeconds), resamples: resamples, seed: seed),
                              cost: SweepSummary.bootstrap(costs, resamples: resamples, seed: seed),
                              hitchTimeRatioMsPerS: mean(runs.map(\.hitchTimeRatioMsPerS)),
                              memoryLimitExceeded: mean(runs.map(\.memoryLimitExceeded)), onScreen: OnScreen(runs))
            let overruns = runs.compactMap(\.frameOverrunMsP99)
            point.frameOverrunMsP99 = overruns.isEmpty ? nil : overruns.reduce(0, +) / Double(overruns.count)
            point.bySession = zip(runs, costs).map { ($0.gesture, $0.blankTileSeconds, $1) }
            made.withLock { $0[k] = point }
        }
        let points = made.withLock { $0.map { $0! } }
        var recommendation = SweepRecommendation(condition: c.factors, costName: bytes ? "bytes" : "loads", points: points,
                                                 resamples: resamples, seed: seed)
        recommendation?.screenImageBytes = c.runs.compactMap { $0.screen?.imageBytesMean }
        return recommendation
    }

    /// The recommendation for `points` (at least one) in `condition`; `resamples` and `seed` for the
    /// paired intervals.
    init?(condition: [(name: String, value: String)], costName: String, points all: [Point], resamples: Int = 1000, seed: UInt64 = 1) {
        guard !all.isEmpty else { return nil }
        self.condition = condition
        self.costName = costName
        self.points = all
        self.resamples = resamples
        self.seed = seed
        ruledOut = all.compactMap { p in p.ruledOutBecause.map { (p.policy, $0) } }
        let allowed = all.filter { $0.ruledOutBecause == nil }
        allRuledOut = allowed.isEmpty
        let points = allowed.isEmpty ? all : allowed
        func dominated(_ p: Point, by q: Point) -> Bool {
            let (pb, pc, qb, qc) = (p.blankTileSeconds.mean, p.cost.mean, q.blankTileSeconds.mean, q.cost.mean)
            return qb <= pb && qc <= pc && (qb < pb || qc < pc)
        }
        let frontier = points.filter { p in !points.contains { dominated(p, by: $0) } }
            .sorted { ($0.cost.mean, $0.blankTileSeconds.mean) < ($1.cost.mean, $1.blankTileSeconds.mean) }
        self.frontier = frontier
        let best = frontier.min { $0.blankTileSeconds.mean < $1.blankTileSeconds.mean }!
        // The cheapest frontier policy whose blank time the sweep cannot tell from the best's.
        let recommended = frontier.first { $0.policy == best.policy || Self.tied($0, best, \.blank, resamples: resamples, seed: seed) } ?? best
        self.recommended = recommended
        let index = frontier.firstIndex { $0.policy == recommended.policy }!
        nextLessBlank = index + 1 < frontier.count ? frontier[index + 1] : nil
        nextCheaper = index > 0 ? frontier[index - 1] : nil
        withinIntervals = frontier.filter { $0.policy != recommended.policy }.compactMap { other in
            var figures: [String] = []
            if Self.tied(other, recommended, \.blank, resamples: resamples, seed: seed) { figures.append("blank time") }
            if Self.tied(other, recommended, \.cost, resamples: resamples, seed: seed) { figures.append(costName) }
            return figures.isEmpty ? nil : (other.policy, figures)
        }
    }

    /// True when the sweep cannot tell `a`'s `figure` from `b`'s: over the sessions both ran, in `a`'s draw
    /// order, the 95% bootstrap interval of the mean difference holds 0. No session in common: never tied.
    static func tied(_ a: Point, _ b: Point, _ figure: KeyPath<(gesture: String, blank: Double, cost: Double), Double>,
                     resamples: Int, seed: UInt64) -> Bool {
        var other: [String: Double] = [:]
        for s in b.bySession { other[s.gesture] = s[keyPath: figure] }
        let differences = a.bySession.compactMap { s in other[s.gesture].map { s[keyPath: figure] - $0 } }
        guard !differences.isEmpty else { return false }
        let interval = SweepSummary.bootstrap(differences, resamples: resamples, seed: seed)
        return interval.lower <= 0 && 0 <= interval.upper
    }

    /// The condition in words: `3g, cacheImages 12, refresh 60`.
    public var conditionText: String { Self.text(condition) }

    /// A condition in words: `3g, cache 12 images, 60 Hz, …, Low Data Mode` (`--recommend` and `--budget`).
    /// Over a feed the cache is still sized in the grid's tiles, not in the feed's images: it says so.
    static func text(_ condition: [(name: String, value: String)]) -> String {
        let feed = condition.contains { $0.name == "feed" && !$0.value.isEmpty && $0.value != "none" }
        return condition.map { factor in
            switch factor.name {
            case "source": return factor.value
            case "cacheImages":
                guard feed, let tiles = Double(factor.value) else { return "cache \(factor.value) images" }
                let megabytes = tiles * Double(GridSceneConfiguration().bytesPerImage) / 1_000_000
                return "cache of \(factor.value) grid tiles (\(fixed(megabytes, 1)) MB)"
            case "refresh": return "\(factor.value) Hz"
            // The phone's factors (B-COST-1): a run without one had the lab's default.
            case "device": return factor.value.isEmpty || factor.value == "none" ? "no device" : factor.value
            case "downsample": return factor.value == "off" ? "decoded whole" : "downsampled"
            case "decode": return factor.value == "main" ? "decoded on the main thread" : "decoded off the main thread"
            case "cacheBytes": return factor.value.isEmpty || factor.value == "none" ? "cache in images" : "cache \(factor.value) bytes"
            case "constrained": return factor.value == "on" ? "Low Data Mode" : "Low Data Mode off"
            case "tls": return factor.value == "on" ? "over TLS" : "cleartext"
            default: return "\(factor.name) \(factor.value)"
            }
        }.joined(separator: ", ")
    }

    /// `x` with `decimals` decimals (LabKit has no Foundation).
    public static func fixed(_ x: Double, _ decimals: Int) -> String {
        guard x.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        // Past 2⁵³ a Double holds no fraction to print (a budget of 1e19 J): its own shortest form.
        guard (abs(x) * scale).rounded() < 9_007_199_254_740_992 else { return "\(x)" }
        let scaled = Int((abs(x) * scale).rounded())
        let unit = Int(scale)
        var text = String(scaled / unit)
        if decimals > 0 {
            let fraction = String(scaled % unit)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return (x < 0 && scaled != 0 ? "-" : "") + text
    }

    static func interval(_ i: SweepSummary.Interval, _ decimals: Int, divisor: Double = 1) -> String {
        i.text(decimals, divisor: divisor)
    }

    func costText(_ i: SweepSummary.Interval) -> String {
        costName == "bytes" ? Self.interval(i, 0, divisor: 1000) + " kB" : Self.interval(i, 1) + " loads"
    }

    func costDelta(_ d: Double) -> String {
        costName == "bytes" ? Self.fixed(abs(d) / 1000, 0) + " kB" : Self.fixed(abs(d), 1) + " loads"
    }

    func pointText(_ p: Point) -> String {
        p.policy + " " + figuresText(p)
    }

    func figuresText(_ p: Point) -> String {
        "(" + Self.interval(p.blankTileSeconds, 2) + " tile·s, " + costText(p.cost) + ")"
    }

    /// True when `a` and `b` sit at the same point: the same mean blank time and cost.
    static func samePoint(_ a: Point, _ b: Point) -> Bool {
        a.blankTileSeconds.mean == b.blankTileSeconds.mean && a.cost.mean == b.cost.mean
    }

    /// The frontier in words, policies at the same point named together (`eager = deferred (…)`): a condition
    /// that does not tell them apart reads as one point, not as a chain of steps that save nothing.
    var frontierText: String {
        var groups: [[Point]] = []
        for p in frontier {
            if let last = groups.last?.last, Self.samePoint(last, p) { groups[groups.count - 1].append(p) } else { groups.append([p]) }
        }
        return groups.map { $0.map(\.policy).joined(separator: " = ") + " " + figuresText($0[0]) }.joined(separator: " → ")
    }

    /// The paragraph.
    public var paragraph: String {
        let sessions = points.map(\.sessions).max() ?? 0
        var text = nothingWorksText ?? ""
        text += "Under \(conditionText) (\(sessions) session\(sessions == 1 ? "" : "s"), mean [95% interval]), the frontier of blank time against \(costName) is "
        text += frontierText + ". "
        text += "Recommended: \(recommended.policy)"
        let best = frontier.min { $0.blankTileSeconds.mean < $1.blankTileSeconds.mean }!
        if best.policy != recommended.policy {
            text += ", the cheapest whose blank time the sweep cannot tell from \(best.policy)'s (session by session, the 95% interval of the difference holds 0). "
        } else {
            text += ", the least blank time on the frontier. "
        }
        // The neighbours on the frontier past the recommended one's point (policies at its point are named with it).
        let at = frontier.firstIndex { $0.policy == recommended.policy } ?? 0
        if let next = frontier[Swift.min(at + 1, frontier.count)...].first(where: { !Self.samePoint($0, recommended) }) {
            let saved = Self.fixed(recommended.blankTileSeconds.mean - next.blankTileSeconds.mean, 2)
            text += "The next on the frontier, \(next.policy), saves \(saved) tile·s of blank time for "
            text += costDelta(next.cost.mean - recommended.cost.mean) + " more. "
        }
        if let cheaper = frontier[..<Swift.min(at, frontier.count)].last(where: { !Self.samePoint($0, recommended) }) {
            let more = Self.fixed(cheaper.blankTileSeconds.mean - recommended.blankTileSeconds.mean, 2)
            text += "\(cheaper.policy) saves " + costDelta(recommended.cost.mean - cheaper.cost.mean) + " for \(more) tile·s more blank time. "
        }
        if sessions < 2 {
            // One session has no spread to draw from: each interval is its one figure, and nothing is told apart.
            text += "One session: its intervals are its figures, so no difference is told apart from chance; sweep more sessions."
        } else if withinIntervals.isEmpty {
            text += "Every difference from it on the frontier, session by session, lies outside its 95% interval."
        } else {
            let pairs = withinIntervals.map { "\($0.policy) (\($0.figures.joined(separator: " and ")))" }
            text += "Not told apart from \(recommended.policy), session by session: " + pairs.joined(separator: ", ") + "."
        }
        text += phoneText(of: recommended.policy)
        if !ruledOut.isEmpty { text += " " + ruledOutText }
        return text
    }

    /// True when the condition modelled a phone (a `--device`, `--downsample`, `--decode-on-main` or
    /// `--cache-bytes` factor): the verdict then says what the phone pays, as the report's table shows it.
    var modelsPhone: Bool { condition.contains { SweepSummary.phoneFactorNames.contains($0.name) } }

    /// What `policy` costs the phone's main thread (B-COST-1), as a sentence starting with a space: the hitch
    /// time ratio in Apple's band and the frame overrun p99; "" when no phone was modelled or the lines lack them.
    public func phoneText(of policy: String) -> String {
        guard modelsPhone, let p = points.first(where: { $0.policy == policy }), let hitch = p.hitchTimeRatioMsPerS else { return "" }
        // No frame in motion in any session (taps, a feed too short to scroll): no hitch or overrun to tell.
        guard let overrun = p.frameOverrunMsP99 else { return " On this phone no frame was in motion: no hitch or frame overrun to measure." }
        return " On this phone, \(policy)'s hitch time ratio is \(Self.fixed(hitch, 1)) ms/s (\(MainThreadMeter.band(ofRatio: hitch)))"
            + " and its frame overrun p99 \(Self.fixed(overrun, 1)) ms."
    }

    /// The policies the phone rules out and why, as the paragraph's last sentence ("" when none): the
    /// budget verdict ends with it too.
    public var ruledOutText: String {
        guard !ruledOut.isEmpty else { return "" }
        // With no --device the phone is the lab's own model (each decode B-IMG-1's 6 ms, no memory limit), not
        // a phone anyone named: said so, as this machine's window decodes the bundled images far faster.
        let device = condition.first { $0.name == "device" }?.value
        let phone = device == nil || device == "none" || device == "" ? "this phone (the lab's default model: no --device)" : "this phone"
        return (allRuledOut ? "Every policy is ruled out on \(phone) (the frontier above is over all of them): " : "Ruled out on \(phone): ")
            + ruledOut.map { "\($0.policy) (\($0.reason))" }.joined(separator: ", ") + "."
    }

    /// The `--recommend --json` line.
    public var json: JSONValue {
        func point(_ p: Point) -> JSONValue {
            .object([("policy", .string(p.policy)), ("sessions", .int(p.sessions)), ("blankTileSeconds", p.blankTileSeconds.json),
                     (costName == "bytes" ? "networkBytes" : "loadsIssued", p.cost.json)])
        }
        return .object([("condition", .object(condition.map { ($0.name, .string($0.value)) })), ("cost", .string(costName)),
                        ("frontier", .array(frontier.map(point))), ("recommended", .string(recommended.policy)),
                        ("nextLessBlank", nextLessBlank.map { .string($0.policy) } ?? .null),
                        ("nextCheaper", nextCheaper.map { .string($0.policy) } ?? .null),
                        ("withinIntervals", .array(withinIntervals.map { .object([("policy", .string($0.policy)),
                                                                                  ("figures", .array($0.figures.map { .string($0) }))]) }))]
                        + (ruledOut.isEmpty ? [] : [("ruledOut", .array(ruledOut.map { .object([("policy", .string($0.policy)),
                                                                                                 ("reason", .string($0.reason))]) }))])
                        + (modelsPhone && points.allSatisfy({ $0.hitchTimeRatioMsPerS != nil }) ? [("phone", .object(points.map { p in
                            (p.policy, .object([("hitchTimeRatioMsPerS", .number(p.hitchTimeRatioMsPerS!)),
                                                ("hitchBand", .string(MainThreadMeter.band(ofRatio: p.hitchTimeRatioMsPerS!))),
                                                ("frameOverrunMsP99", p.frameOverrunMsP99.map { .number($0) } ?? .null)]))
                        }))] : [])
                        + (points.allSatisfy { $0.onScreen != nil } ? [("nothingWorks", .bool(nothingWorks)),
                            ("onScreen", .object(points.map { ($0.policy, $0.onScreen!.json) }))] : [])
                        + [("paragraph", .string(paragraph))])
    }
}
