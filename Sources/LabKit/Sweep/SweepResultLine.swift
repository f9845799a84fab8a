/// One line of a sweep's results file, checked before it is resumed from, merged, repaired or
/// reported (B-BATCH-1): `{"id":"x"}` or a line cut in two is not a result.
///
/// A result is a JSON object with a non-empty `id`, `gesture` and `policy`, the id starting with
/// `policy|` and ending with `|gesture` (its configuration between), exactly one image source
/// (`latencyMs` a number ≥ 0, or `network` a name; the other null), `cacheImages` a whole number ≥ 1,
/// `refresh` above 0, `connections` a whole number ≥ 1 and `http` a name when present, and finite, non-negative `blankTileSeconds`, `loadsIssued` and `loadsWasted`
/// (and `boundMinLoads`, `oracleBlankTileSeconds`, `networkBytes` when present), none above `metricLimit`.
/// Other keys are kept, not checked.
public enum SweepResultLine {
    /// Longest result line read, in bytes (a result is about 700): a longer one is not a result.
    public static let lineLimit = 1 << 16

    /// Largest value of a metric a report reads (10¹²: a terabyte, 30 000 years of blank tile time). No
    /// session comes near it; below it no sum, square or mean a report takes of any number of lines can
    /// overflow, so every number it prints is finite. A line above it (`1e308`) is refused with its number.
    public static let metricLimit = 1e12

    /// When the line's run ended loads and every one failed (`LoadMetrics.noImageArrived`), its failures
    /// by reason ("14 × connection refused"); nil otherwise.
    public static func noImageArrived(_ line: JSONValue) -> String? {
        guard case let .number(completed)? = line["loadsCompleted"], case let .number(failed)? = line["failedLoads"] else { return nil }
        var metrics = LoadMetrics()
        metrics.loadsCompleted = Int(completed)
        metrics.failedLoads = Int(failed)
        if case let .object(reasons)? = line["failuresByReason"] {
            for case let (reason, .number(n)) in reasons { metrics.failuresByReason[reason] = Int(n) }
        }
        return metrics.noImageArrived
    }

    /// Why a line is not a result.
    public struct Invalid: Error, Equatable, Sendable {
        public var reason: String
    }

    /// What a results file's line says it was made from: its `inputs` ("" when it has none), whether a
    /// real server's transfers made it (`realNetwork`) rather than the model, and whether it ran the
    /// oracle (`oracleBlankTileSeconds`).
    public typealias Made = (inputs: String, real: Bool, oracle: Bool)

    /// The line's id and what the report reads of it, or why it is not a result.
    public static func parse(_ text: String) throws(Invalid) -> (id: String, result: SweepSummary.Result) {
        let line = try parseMade(text)
        return (line.id, line.result)
    }

    /// `parse`, and what the line says it was made from (`made(of:)`), from one reading of the line (a
    /// resumed sweep reads every line of its file).
    public static func parseMade(_ text: String) throws(Invalid) -> (id: String, result: SweepSummary.Result, made: Made) {
        let parsed: JSONValue
        do { parsed = try JSONLineParser.parse(text[...]) } catch { throw Invalid(reason: "not JSON (\(error.message))") }
        guard case .object = parsed else { throw Invalid(reason: "not a JSON object") }
        let value = JSONValue.Fields(parsed)
        let id = try string(value, "id"), gesture = try string(value, "gesture"), policy = try string(value, "policy")
        guard id.hasPrefix(policy + "|"), id.hasSuffix("|" + gesture), id.count > policy.count + gesture.count + 2 else {
            throw Invalid(reason: "its id \"\(id)\" is not its policy, configuration and gesture")
        }
        var factors: [String: String] = [:]
        switch (value["latencyMs"] ?? .null, value["network"] ?? .null) {
        case let (.number(ms), .null) where ms.isFinite && ms >= 0:
            factors["source"] = "latency " + SweepPlan.Source.number(ms) + " ms"
        case let (.null, .string(network)) where !network.isEmpty:
            factors["source"] = network
        default:
            throw Invalid(reason: "it needs one image source: latencyMs (a number ≥ 0) or network (a name)")
        }
        guard case let .number(cache) = value["cacheImages"] ?? .null, cache >= 1, cache <= 1e9, cache == cache.rounded() else {
            throw Invalid(reason: "cacheImages must be a whole number ≥ 1")
        }
        factors["cacheImages"] = String(Int(cache))
        guard case let .number(refresh) = value["refresh"] ?? .null, refresh.isFinite, refresh > 0 else {
            throw Invalid(reason: "refresh must be a number above 0")
        }
        factors["refresh"] = SweepPlan.Source.number(refresh)
        // The shared pipeline's factors (lines written before them have neither).
        switch value["connections"] ?? .null {
        case .null: break
        case let .number(c) where c >= 1 && c <= 1e6 && c == c.rounded(): factors["connections"] = String(Int(c))
        default: throw Invalid(reason: "connections must be a whole number ≥ 1")
        }
        switch value["http"] ?? .null {
        case .null: break
        case let .string(h) where !h.isEmpty: factors["http"] = h
        default: throw Invalid(reason: "http must be a version name")
        }
        // A feed's name and layout (sweeps over the bundled grid have neither).
        for key in ["feed", "layout"] {
            switch value[key] ?? .null {
            case .null: break
            case let .string(text) where !text.isEmpty: factors[key] = text
            default: throw Invalid(reason: "\(key) must be a name")
            }
        }
        // The phone the run modelled (B-COST-1; lines without a device or another decode have none).
        for key in ["device", "downsample", "decode"] {
            switch value[key] ?? .null {
            case .null: break
            case let .string(text) where !text.isEmpty: factors[key] = text
            default: throw Invalid(reason: "\(key) must be a name")
            }
        }
        if let bytes = try metric(value, "cacheBytes", optional: true) { factors["cacheBytes"] = SweepPlan.Source.number(bytes) }
        // The placeholder and Low Data Mode (B-COST-2; lines without them ran none and off).
        switch value["placeholder"] ?? .null {
        case .null: break
        case let .string(text) where PlaceholderKind(rawValue: text) != nil: if text != "none" { factors["placeholder"] = text }
        default: throw Invalid(reason: "placeholder must be one of \(PlaceholderKind.names)")
        }
        switch value["constrained"] ?? .null {
        case .null, .bool(false): break
        case .bool(true): factors["constrained"] = "on"
        default: throw Invalid(reason: "constrained must be true or false")
        }
        // Connections over TLS (lines without it ran cleartext).
        switch value["tls"] ?? .null {
        case .null, .bool(false): break
        case .bool(true): factors["tls"] = "on"
        default: throw Invalid(reason: "tls must be true or false")
        }
        // Bytes count only where a network moved them.
        var overNetwork = false
        if case .string = value["network"] ?? .null { overNetwork = true }
        // The verdicts' blank time is the time tiles waited for their image, a placeholder shown or not
        // (B-COST-2): a preview makes the wait look better, and the policy that ends it sooner is still the
        // better one (counting only the empty time, every policy's is 0 when the previews come with the
        // feed, and a policy that loaded nothing would win). The empty time is kept beside it.
        let blank = try required(value, "blankTileSeconds")
        let empty = try metric(value, "emptyTileSeconds", optional: true) ?? blank
        var costs = SweepCostColumns()
        for cost in SweepBudget.costs {
            for column in cost.columns {
                if let x = try metric(value, column, optional: true, signed: cost.isSigned) { costs[column] = x }
            }
        }
        let result = SweepSummary.Result(
            gesture: gesture, policy: policy, factors: factors,
            blankTileSeconds: blank, loadsIssued: try required(value, "loadsIssued"),
            loadsWasted: try required(value, "loadsWasted"), boundMinLoads: try metric(value, "boundMinLoads", optional: true),
            oracleBlankTileSeconds: try metric(value, "oracleBlankTileSeconds", optional: true),
            networkBytes: overNetwork ? try metric(value, "networkBytes", optional: true) : nil,
            radioJoules: overNetwork ? try metric(value, "radioJoules", optional: true) : nil)
        var phone = result
        phone.hitchTimeRatioMsPerS = try metric(value, "hitchTimeRatioMsPerS", optional: true)
        phone.peakResidentBytes = try metric(value, "peakResidentBytes", optional: true)
        phone.memoryLimitExceeded = try metric(value, "memoryLimitExceeded", optional: true)
        phone.costs = costs
        phone.emptyTileSeconds = empty
        switch value["settled"] ?? .null {
        case .null, .bool(true): break
        case .bool(false): phone.isSettled = false
        default: throw Invalid(reason: "settled must be true or false")
        }
        if let ready = try metric(value, "readyOnAppearShare", optional: true), let done = try metric(value, "loadsCompleted", optional: true) {
            phone.screen = SweepSummary.ScreenFigures(readyOnAppearShare: ready, timeToFirstImage: try metric(value, "timeToFirstImage", optional: true),
                                                      loadsCompleted: done, imageBytesMean: try metric(value, "imageBytesMean", optional: true),
                                                      failedLoads: try metric(value, "failedLoads", optional: true) ?? 0)
        }
        return (id, phone, made(value))
    }

    /// The line's `inputs` (`SweepInputs`), "" when it has none (made before lines carried them).
    public static func inputs(of text: String) -> String {
        made(of: text).inputs
    }

    /// What a results file's line says it was made from (`Made`); for a line that is not JSON, nothing.
    public static func made(of text: String) -> Made {
        guard let parsed = try? JSONLineParser.parse(text[...]) else { return ("", false, false) }
        return made(JSONValue.Fields(parsed))
    }

    private static func made(_ value: JSONValue.Fields) -> Made {
        let real = value["realNetwork"] != nil, oracle = value["oracleBlankTileSeconds"] != nil
        guard case let .string(inputs)? = value["inputs"] else { return ("", real, oracle) }
        return (inputs, real, oracle)
    }

    private static func string(_ value: JSONValue.Fields, _ key: String) throws(Invalid) -> String {
        guard case let .string(s) = value[key] ?? .null, !s.isEmpty else { throw Invalid(reason: "it has no \(key)") }
        return s
    }

    /// `signed`: the metric may be negative (a frame overrun: a frame early).
    private static func metric(_ value: JSONValue.Fields, _ key: String, optional: Bool = false, signed: Bool = false) throws(Invalid) -> Double? {
        switch value[key] {
        case let .number(n)? where n.isFinite && (signed || n >= 0):
            guard abs(n) <= metricLimit else { throw Invalid(reason: "\(key) is \(n), \(n < 0 ? "below -1e12" : "above 1e12"): no session reaches it") }
            return n
        case nil where optional, .null? where optional: return nil
        default: throw Invalid(reason: "\(key) must be a finite number" + (signed ? "" : " ≥ 0"))
        }
    }

    private static func required(_ value: JSONValue.Fields, _ key: String) throws(Invalid) -> Double {
        try metric(value, key, optional: false)!
    }
}

extension SweepSummary {
    /// The results a report compares: only sessions that every configuration in the file (policy and
    /// factor values) ran, so every mean and every "undominated" share is over the same sessions.
    public struct Coverage: Sendable {
        /// The results on the common sessions.
        public var results: [Result]
        /// How many configurations and sessions the file holds, and how many sessions are compared.
        public var configurations: Int
        public var sessions: Int
        public var comparedSessions: Int
        /// Sessions left out (not run under every configuration), sorted, each with how many of the
        /// configurations ran it.
        public var leftOut: [(session: String, configurations: Int)]
    }

    /// Factors a line leaves out when it ran their default (B-COST-1 and B-COST-2, TLS), or that lines written before
    /// the factor existed leave out (the shared pipeline's connections and HTTP version), and that default:
    /// the phone's too (no device, downsampled, decoded off the main thread, the cache counted in images),
    /// so a file of runs with and without one reads as one factor with two values.
    static let defaultedFactors = [("placeholder", "none"), ("constrained", "off"), ("tls", "off"),
                                   ("connections", String(GridSceneConfiguration().connections)), ("http", HTTPVersion.http1_1.rawValue),
                                   ("device", "none"), ("downsample", "on"), ("decode", "off"), ("cacheBytes", "none")]

    /// Keeps the sessions every configuration covers (a killed sweep, a policy run on half the population).
    /// A factor some lines name and others leave at its default gets its default named in those (`none`,
    /// `off`), so it reads as one factor with two values.
    public static func coverage(_ results: [Result]) -> Coverage {
        let results = namingDefaults(results)
        let numbering = Numbering(results)
        var runs: [String: Set<Int>] = [:]   // session → configurations that ran it, by number
        for i in results.indices { runs[results[i].gesture, default: []].insert(numbering.configuration[i]) }
        let all = numbering.configurations
        let leftOut = runs.filter { $0.value.count < all }.map { (session: $0.key, configurations: $0.value.count) }
            .sorted { $0.session < $1.session }
        let dropped = Set(leftOut.map(\.session))
        return Coverage(results: dropped.isEmpty ? results : results.indices.filter { !dropped.contains(results[$0].gesture) }.map { results[$0] },
                        configurations: all, sessions: runs.count, comparedSessions: runs.count - dropped.count, leftOut: leftOut)
    }

    /// `results` with each defaulted factor that some result names named in the others too. Results that
    /// shared one copy of their factors share one copy of the completed ones, and the array is copied only
    /// when a result lacks one (a result is read in place, never copied: a copy retains each of its strings
    /// and tables).
    static func namingDefaults(_ results: [Result]) -> [Result] {
        let named = defaultedFactors.filter { name, _ in results.indices.contains { results[$0].factors[name] != nil } }
        guard !named.isEmpty else { return results }
        var completed: [[String: String]: [String: String]] = [:]   // factors lacking one → with the defaults named
        var out = results
        for i in results.indices where named.contains(where: { results[i].factors[$0.0] == nil }) {
            let factors = results[i].factors
            if let known = completed[factors] {
                out[i].factors = known
                continue
            }
            var full = factors
            for (name, value) in named where full[name] == nil { full[name] = value }
            completed[factors] = full
            out[i].factors = full
        }
        return out
    }
}
