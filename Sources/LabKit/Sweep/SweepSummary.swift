import Synchronization

/// What `sweep report` says about a sweep's results (B-SWEEP-1): per policy and factor value, the mean
/// and a 95% bootstrap interval of blank time, loads and wasted loads, and the share of sessions in
/// which the policy is undominated.
public enum SweepSummary {
    /// One result line, reduced to what the report uses.
    public struct Result: Hashable, Sendable {
        public var gesture: String
        public var policy: String
        /// The other factors by name (`source`, `cacheImages`, `refresh`, `connections`, `http`, and with a
        /// feed `feed`, `layout`), as text.
        public var factors: [String: String]
        /// The time tiles waited for their image (tile·s), a placeholder shown or not: the verdicts' blank time.
        public var blankTileSeconds: Double
        /// The part of it tiles showed nothing at all (no placeholder); nil when the line does not say.
        public var emptyTileSeconds: Double?
        public var loadsIssued: Double
        public var loadsWasted: Double
        /// The session's fewest loads possible (`boundMinLoads`) and least blank time (`oracleBlankTileSeconds`,
        /// when the sweep ran `--oracle`).
        public var boundMinLoads: Double?
        public var oracleBlankTileSeconds: Double?
        /// Bytes the network moved, when the run's source was a network.
        public var networkBytes: Double?
        /// The radio's joules for them (B-COST-2), when the run's source was a network and its line has them.
        public var radioJoules: Double?
        /// The phone's figures (B-COST-1), when the line has them: hitch ms per s of motion, the peak of
        /// decoded bytes resident, 1 when they passed the device's memory limit.
        public var hitchTimeRatioMsPerS: Double?
        public var peakResidentBytes: Double?
        public var memoryLimitExceeded: Double?
        /// The columns the budgets read (`SweepBudget.columns`) that the line has, by name.
        public var costs = SweepCostColumns()
        /// The 99th percentile of the frames' overruns in motion, ms; nil when no frame was in motion (a
        /// budget's column, kept there).
        public var frameOverrunMsP99: Double? {
            get { costs["frameOverrunMsP99"] }
            set { costs["frameOverrunMsP99"] = newValue }
        }
        /// What the run got onto the screen (B-FEED-2), when the line says.
        public var screen: ScreenFigures?
        /// False when the run stopped at the replay's time cap before it settled (`"settled":false`).
        public var isSettled = true

        public init(gesture: String, policy: String, factors: [String: String], blankTileSeconds: Double, loadsIssued: Double,
                    loadsWasted: Double, boundMinLoads: Double? = nil, oracleBlankTileSeconds: Double? = nil, networkBytes: Double? = nil,
                    radioJoules: Double? = nil) {
            self.networkBytes = networkBytes
            self.radioJoules = radioJoules
            self.gesture = gesture
            self.policy = policy
            self.factors = factors
            self.blankTileSeconds = blankTileSeconds
            self.loadsIssued = loadsIssued
            self.loadsWasted = loadsWasted
            self.boundMinLoads = boundMinLoads
            self.oracleBlankTileSeconds = oracleBlankTileSeconds
        }
    }

    /// A mean and its 95% interval.
    public struct Interval: Hashable, Sendable {
        public var mean: Double
        public var lower: Double
        public var upper: Double

        /// Makes an interval.
        public init(mean: Double, lower: Double, upper: Double) {
            self.mean = mean
            self.lower = lower
            self.upper = upper
        }

        public var json: JSONValue { .object([("mean", .number(mean)), ("lo", .number(lower)), ("hi", .number(upper))]) }

        /// The decimals a result line's metric `key` is printed with, in its printed unit (bytes in kB,
        /// resident bytes in MB, the share past the memory limit in %): the report's table and its page read them here, so a cell reads the same in
        /// each. Any other metric: 2.
        public static func decimals(of key: String) -> Int {
            switch key {
            case "networkBytes", "memoryLimitExceeded", "wastedBytes", "redownloadedBytes": return 0
            case "loadsIssued", "loadsWasted", "radioJoules", "hitchTimeRatioMsPerS", "peakResidentBytes", "frameOverrunMsP99",
                 "radioActiveSeconds": return 1
            default: return 2
            }
        }

        /// `mean [lower, upper]` with `decimals` decimals, each divided by `divisor` (1000: bytes in kB): how
        /// every text output prints an interval, so one interval reads the same in each.
        public func text(_ decimals: Int, divisor: Double = 1) -> String {
            SweepRecommendation.fixed(mean / divisor, decimals) + " [" + SweepRecommendation.fixed(lower / divisor, decimals) + ", "
                + SweepRecommendation.fixed(upper / divisor, decimals) + "]"
        }
    }

    /// One row of the report.
    public struct Row: Hashable, Sendable {
        public var policy: String
        public var factor: String
        public var value: String
        public var sessions: Int
        public var blankTileSeconds: Interval
        public var loadsIssued: Interval
        public var loadsWasted: Interval
        /// Share of this row's sessions in which no other policy (same session, same other factors) issues
        /// no more loads and leaves no more blank time, and strictly less of one; nil for the bounds.
        public var undominatedShare: Double?
        /// Bytes over the network, when every run of the row had a network (B-SWEEP-2).
        public var networkBytes: Interval?
        /// The radio's joules, when every run of the row has them (B-COST-2).
        public var radioJoules: Interval?
        /// Bytes moved for images never on screen, and the seconds the radio was active (B-COST-2), beside
        /// `networkBytes` and `radioJoules` (in `--json` and `--html`; the text table keeps the headline figures).
        public var wastedBytes: Interval?
        public var radioActiveSeconds: Interval?
        /// The phone's figures, when every run of the row has them (B-COST-1): the hitch time ratio, the
        /// peak resident decoded bytes, the share of sessions past the memory limit.
        public var phone: PhoneIntervals?
        /// The blank time's empty part (no placeholder shown), when the report's results swept placeholders
        /// and every run of the row says it (B-COST-2).
        public var emptyTileSeconds: Interval?

        /// `bound-min-loads` or `bound-oracle`: a bound, not a policy (its other figures mean nothing: null).
        public var isBound: Bool { policy.hasPrefix("bound-") }

        public var json: JSONValue {
            let blank = policy == "bound-min-loads" ? JSONValue.null : blankTileSeconds.json
            let loads = policy.hasPrefix("bound-oracle") ? JSONValue.null : loadsIssued.json
            return .object([("policy", .string(policy)), ("factor", .string(factor)), ("value", .string(value)), ("sessions", .int(sessions)),
                            ("blankTileSeconds", blank), ("loadsIssued", loads),
                            ("loadsWasted", isBound ? .null : loadsWasted.json), ("undominatedShare", undominatedShare.map { .number($0) } ?? .null)]
                           + (isBound ? [] : networkBytes.map { [("networkBytes", $0.json)] } ?? [])
                           + (isBound ? [] : wastedBytes.map { [("wastedBytes", $0.json)] } ?? [])
                           + (isBound ? [] : radioJoules.map { [("radioJoules", $0.json)] } ?? [])
                           + (isBound ? [] : radioActiveSeconds.map { [("radioActiveSeconds", $0.json)] } ?? [])
                           + (isBound ? [] : phone.map { [("hitchTimeRatioMsPerS", $0.hitchTimeRatioMsPerS.json),
                                                          ("hitchBand", .string(MainThreadMeter.band(ofRatio: $0.hitchTimeRatioMsPerS.mean))),
                                                          ("frameOverrunMsP99", $0.frameOverrunMsP99?.json ?? .null),
                                                          ("peakResidentBytes", $0.peakResidentBytes.json),
                                                          ("memoryLimitExceeded", $0.memoryLimitExceeded.json)]
                                                          + ($0.redownloadedBytes.map { [("redownloadedBytes", $0.json)] } ?? []) } ?? [])
                           + (isBound ? [] : emptyTileSeconds.map { [("emptyTileSeconds", $0.json)] } ?? []))
        }
    }

    /// A row's phone figures (B-COST-1), each a mean and its 95% interval.
    public struct PhoneIntervals: Hashable, Sendable {
        public var hitchTimeRatioMsPerS: Interval
        /// The sessions' frame overrun p99s, over the sessions with a frame in motion (nil: none had one).
        public var frameOverrunMsP99: Interval?
        public var peakResidentBytes: Interval
        /// Of sessions past the memory limit (0–1).
        public var memoryLimitExceeded: Interval
        /// Bytes downloaded again after the cache evicted them, when every run has them.
        public var redownloadedBytes: Interval? = nil
    }

    /// The factors that say a sweep modelled a phone other than the lab's default (B-COST-1): a report
    /// shows the phone's columns only then, so a sweep without them reads as it did.
    public static let phoneFactorNames = ["device", "downsample", "decode", "cacheBytes"]

    /// True when some result ran with a phone factor.
    public static func modelsPhone(_ results: [Result]) -> Bool {
        results.indices.contains { i in phoneFactorNames.contains { results[i].factors[$0] != nil } }
    }

    /// The factors a report breaks results down by, in order.
    public static let factorNames = ["source", "cacheImages", "refresh", "connections", "http", "tls", "feed", "layout",
                                     "placeholder", "constrained"] + phoneFactorNames

    /// The report: for each factor with more than one value (or, if none has, all results as one
    /// "all" column), one row per policy and value, policies and values in the order first met.
    /// `factors` chooses the breakdown instead (`["all"]`: one row per policy over every result).
    /// `perform(n, body)` calls `body(0)`…`body(n - 1)`, at once on several threads if it likes: each
    /// policy row's bootstraps are its own (seeded by its data), so the rows are the same either way.
    public static func rows(_ results: [Result], resamples: Int = 1000, seed: UInt64 = 1, factors chosen: [String]? = nil,
                            perform: (Int, @Sendable (Int) -> Void) -> Void = serially) -> [Row] {
        let numbering = Numbering(results)
        let undominated = undominatedFlags(results, numbering: numbering)
        let order = drawOrder(results)
        // The results' distinct factors stand for them where only the values met count. (A result is read in
        // place throughout: a copy retains each of its strings and tables.)
        let sets = numbering.factorSets
        var factors = chosen ?? factorNames.filter { name in Set(sets.map { $0[name] ?? "" }).count > 1 }
        if factors.isEmpty { factors = ["all"] }
        let policies = ordered(results.indices.map { results[$0].policy }).sorted { rank(policy: $0) < rank(policy: $1) }
        let phone = sets.contains { set in phoneFactorNames.contains { set[$0] != nil } }
        let placeholders = sets.contains { ($0["placeholder"] ?? "none") != "none" }
        var rows: [Row] = []
        for factor in factors {
            let values = factor == "all" ? ["all"] : ordered(sets.map { $0[factor] ?? "" }).sorted { rank(value: $0) < rank(value: $1) }
            // Each (policy, value)'s runs in draw order, from one pass over the results.
            let policyIndex = Dictionary(uniqueKeysWithValues: policies.enumerated().map { ($1, $0) })
            let valueIndex = Dictionary(uniqueKeysWithValues: values.enumerated().map { ($1, $0) })
            var runs = [[Int]](repeating: [], count: policies.count * values.count)
            for i in order {
                // A result without the factor is in no value's row (its "" value's included).
                guard let p = policyIndex[results[i].policy],
                      let v = factor == "all" ? 0 : results[i].factors[factor].flatMap({ valueIndex[$0] }) else { continue }
                runs[p * values.count + v].append(i)
            }
            let cells = runs.indices.filter { !runs[$0].isEmpty }
            let made = Mutex([Row?](repeating: nil, count: cells.count))
            let cellRuns = runs
            perform(cells.count) { k in
                let cell = cells[k], picked = cellRuns[cell]
                let share = Double(picked.filter { undominated[$0] }.count) / Double(picked.count)
                let sessions = bySession(picked, results)
                func each(_ figure: (Result) -> Double?) -> [Double?] { sessionMeans(sessions, results, figure) }
                var row = Row(policy: policies[cell / values.count], factor: factor, value: values[cell % values.count], sessions: sessions.count,
                              blankTileSeconds: bootstrap(each(\.blankTileSeconds).map { $0! }, resamples: resamples, seed: seed),
                              loadsIssued: bootstrap(each(\.loadsIssued).map { $0! }, resamples: resamples, seed: seed),
                              loadsWasted: bootstrap(each(\.loadsWasted).map { $0! }, resamples: resamples, seed: seed),
                              undominatedShare: share,
                              networkBytes: bytes(each(\.networkBytes), resamples: resamples, seed: seed))
                row.radioJoules = bytes(each(\.radioJoules), resamples: resamples, seed: seed)
                row.wastedBytes = bytes(each { $0.networkBytes == nil ? nil : $0.costs["wastedBytes"] }, resamples: resamples, seed: seed)
                row.radioActiveSeconds = bytes(each { $0.radioJoules == nil ? nil : $0.costs["radioActiveSeconds"] }, resamples: resamples, seed: seed)
                if phone { row.phone = phoneIntervals(each, resamples: resamples, seed: seed) }
                if placeholders { row.emptyTileSeconds = bytes(each(\.emptyTileSeconds), resamples: resamples, seed: seed) }
                made.withLock { $0[k] = row }
            }
            rows += made.withLock { $0.map { $0! } }
            for value in values {
                rows += boundRows(results, numbering: numbering, factor: factor, value: value, resamples: resamples, seed: seed)
            }
        }
        return rows
    }

    /// `picked` (indices into `results`, in draw order) grouped by session, sessions in the order first met:
    /// a row pools the runs of the factors it does not break down by, and a session run under two values
    /// of another factor is still one session (its figures are the mean of its runs), so adding a factor
    /// beside a row leaves its count and its interval's width as they were.
    static func bySession(_ picked: [Int], _ results: [Result]) -> [[Int]] {
        var groups: [[Int]] = []
        var index: [String: Int] = [:]
        for i in picked {
            if let g = index[results[i].gesture] { groups[g].append(i); continue }
            index[results[i].gesture] = groups.count
            groups.append([i])
        }
        return groups
    }

    /// Per session, the mean of `figure` over its runs; nil for a session where a run lacks it.
    static func sessionMeans(_ sessions: [[Int]], _ results: [Result], _ figure: (Result) -> Double?) -> [Double?] {
        sessions.map { runs in
            var sum = 0.0
            for i in runs {
                guard let x = figure(results[i]) else { return nil }
                sum += x
            }
            return runs.count == 1 ? sum : sum / Double(runs.count)
        }
    }

    /// `perform` one after another, on the calling thread.
    public static func serially(_ n: Int, _ body: @Sendable (Int) -> Void) {
        for i in 0..<n { body(i) }
    }

    /// The results' indices by session and configuration (gesture, then every factor by name), the order a
    /// row's runs are drawn from in its bootstrap: the intervals then depend on the results, not on the order
    /// their lines were written in (a sweep on several threads writes each as it finishes).
    /// A key is made once per session and factors (the policies of a session share it) and ranked, so a
    /// report of millions of results sorts numbers, not that many strings held at once.
    static func drawOrder(_ results: [Result]) -> [Int] {
        struct Run: Hashable { var gesture: String; var factors: [String: String] }
        var numbers: [Run: Int] = [:]
        var keys: [[String]] = []   // the gesture, then each factor's name and value: parts, not joined (see `RunKey`)
        var keyOfResult: [Int] = []
        keyOfResult.reserveCapacity(results.count)
        for i in results.indices {
            let run = Run(gesture: results[i].gesture, factors: results[i].factors)
            if let known = numbers[run] { keyOfResult.append(known); continue }
            numbers[run] = keys.count
            keyOfResult.append(keys.count)
            keys.append([run.gesture] + run.factors.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] })
        }
        // Equal keys share a rank; a lower key, a lower rank.
        let sortedKeys = keys.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }
        var rank = [Int](repeating: 0, count: keys.count)
        for (position, k) in sortedKeys.enumerated().dropFirst() {
            let previous = sortedKeys[position - 1]
            rank[k] = rank[previous] + (keys[previous].lexicographicallyPrecedes(keys[k]) ? 1 : 0)
        }
        return results.indices.sorted { (rank[keyOfResult[$0]], $0) < (rank[keyOfResult[$1]], $1) }
    }

    /// The pipeline a result ran on: `shared` for every policy, or the `@shipped` variant's name.
    static func pipeline(of policy: String) -> String {
        policy.hasSuffix(PolicyVariant.shippedSuffix) ? policy : "shared"
    }

    /// The two bounds for one factor value, one figure per session (and other factors): the fewest loads
    /// possible, and the oracle's least blank time on each configuration's pipeline (B-ORACLE-2) — the
    /// figure computed for that configuration, never the least over runs. Policies on the shared pipeline
    /// share one oracle, `bound-oracle`; a `@shipped` variant has its own, `bound-oracle@texture@shipped`.
    static func boundRows(_ results: [Result], numbering: Numbering, factor: String, value: String, resamples: Int, seed: UInt64) -> [Row] {
        var minLoads: [Int: Double] = [:]             // run → its fewest loads
        var oracle: [String: [Int: Double]] = [:]    // pipeline → run → oracle
        var pipelines: [String] = []
        for i in results.indices where factor == "all" || results[i].factors[factor] == value {
            let key = numbering.run[i]
            if let m = results[i].boundMinLoads { minLoads[key] = m }
            if let o = results[i].oracleBlankTileSeconds {
                let pipeline = pipeline(of: results[i].policy)
                if oracle[pipeline] == nil { pipelines.append(pipeline) }
                // Every run of one configuration computes the same oracle: the first one stands for it.
                if oracle[pipeline, default: [:]][key] == nil { oracle[pipeline, default: [:]][key] = o }
            }
        }
        var rows: [Row] = []
        let none = Interval(mean: 0, lower: 0, upper: 0)
        // One figure per session, as the policies' rows: the mean over its configurations, summed in the
        // order of their runs' keys.
        func perSession(_ byRun: [Int: Double]) -> [Double] {
            var sessions: [(gesture: String, sum: Double, count: Int)] = []
            for run in byRun.keys.sorted(by: { numbering.runKeys[$0] < numbering.runKeys[$1] }) {
                let gesture = numbering.runKeys[run].session
                if sessions.last?.gesture == gesture {
                    sessions[sessions.count - 1].sum += byRun[run]!
                    sessions[sessions.count - 1].count += 1
                } else {
                    sessions.append((gesture, byRun[run]!, 1))
                }
            }
            return sessions.map { $0.count == 1 ? $0.sum : $0.sum / Double($0.count) }
        }
        if !minLoads.isEmpty {
            let values = perSession(minLoads)
            rows.append(Row(policy: "bound-min-loads", factor: factor, value: value, sessions: values.count, blankTileSeconds: none,
                            loadsIssued: bootstrap(values, resamples: resamples, seed: seed), loadsWasted: none, undominatedShare: nil))
        }
        // The shared pipeline's oracle first, then the shipped variants' in the policies' order.
        func order(_ p: String) -> Int { p == "shared" ? -1 : rank(policy: p).0 }
        for pipeline in pipelines.sorted(by: { (order($0), $0) < (order($1), $1) }) {
            let values = perSession(oracle[pipeline]!)
            rows.append(Row(policy: pipeline == "shared" ? "bound-oracle" : "bound-oracle@" + pipeline, factor: factor, value: value,
                            sessions: values.count, blankTileSeconds: bootstrap(values, resamples: resamples, seed: seed),
                            loadsIssued: none, loadsWasted: none, undominatedShare: nil))
        }
        return rows
    }

    /// For each result: true when no other policy's result on the same session and other factors beats it.
    public static func undominatedFlags(_ results: [Result], tolerance: Double = 1e-9) -> [Bool] {
        undominatedFlags(results, numbering: Numbering(results), tolerance: tolerance)
    }

    /// `undominatedFlags`, with the results' runs numbered.
    static func undominatedFlags(_ results: [Result], numbering: Numbering, tolerance: Double = 1e-9) -> [Bool] {
        var groups = [[Int]](repeating: [], count: numbering.runKeys.count)
        for i in results.indices { groups[numbering.run[i]].append(i) }
        var flags = [Bool](repeating: true, count: results.count)
        for members in groups {
            for i in members {
                let loads = results[i].loadsIssued, blank = results[i].blankTileSeconds
                flags[i] = !members.contains { j in
                    guard j != i, results[j].policy != results[i].policy else { return false }
                    let noWorse = results[j].loadsIssued <= loads && results[j].blankTileSeconds <= blank + tolerance
                    let better = results[j].loadsIssued < loads || results[j].blankTileSeconds < blank - tolerance
                    return noWorse && better
                }
            }
        }
        return flags
    }

    /// The phone's intervals over the sessions' figures (`each`: a figure's per-session means) when every
    /// run has them, else nil.
    static func phoneIntervals(_ each: ((Result) -> Double?) -> [Double?], resamples: Int, seed: UInt64) -> PhoneIntervals? {
        guard let hitch = bytes(each(\.hitchTimeRatioMsPerS), resamples: resamples, seed: seed),
              let peak = bytes(each(\.peakResidentBytes), resamples: resamples, seed: seed),
              let exceeded = bytes(each(\.memoryLimitExceeded), resamples: resamples, seed: seed) else { return nil }
        let overruns = each(\.frameOverrunMsP99).compactMap { $0 }
        return PhoneIntervals(hitchTimeRatioMsPerS: hitch,
                              frameOverrunMsP99: overruns.isEmpty ? nil : bootstrap(overruns, resamples: resamples, seed: seed),
                              peakResidentBytes: peak, memoryLimitExceeded: exceeded,
                              redownloadedBytes: bytes(each { $0.costs["redownloadedBytes"] }, resamples: resamples, seed: seed))
    }

    /// The interval of an optional figure (bytes, joules) when every run has it (every run had a network), else nil.
    static func bytes(_ xs: [Double?], resamples: Int, seed: UInt64) -> Interval? {
        let known = xs.compactMap { $0 }
        guard !known.isEmpty, known.count == xs.count else { return nil }
        return bootstrap(known, resamples: resamples, seed: seed)
    }

    /// The mean of `xs` and the 2.5th and 97.5th percentiles of `resamples` bootstrap means: the one
    /// interval of every output (the report's table, `--json`, `--html`, `--plot`, `--recommend`,
    /// `--budget`, `feed verdict`). Its draws are seeded by the data (`bootstrapSeed`), never by a stream
    /// shared with other figures, so the same values give the same interval wherever they are reported.
    public static func bootstrap(_ xs: [Double], resamples: Int, seed: UInt64 = 1) -> Interval {
        let n = xs.count
        let mean = xs.reduce(0, +) / Double(Swift.max(1, n))
        guard n > 1, resamples > 1 else { return Interval(mean: mean, lower: mean, upper: mean) }
        var means = resampleMeans(xs, resamples: resamples, seed: bootstrapSeed(xs, seed: seed))
        means.sort()
        func percentile(_ p: Double) -> Double {
            let position = p * Double(resamples - 1)
            let lo = Int(position), hi = Swift.min(resamples - 1, lo + 1)
            return means[lo] + (means[hi] - means[lo]) * (position - Double(lo))
        }
        return Interval(mean: mean, lower: percentile(0.025), upper: percentile(0.975))
    }

    /// The means of `resamples` resamples of `xs` (n values): resample b sums, in order, the values at
    /// draws b·n + 1 … (b + 1)·n of a SplitMix64 generator seeded `seed`, each draw modulo n. A draw is
    /// had from its number (`SplitMix64.finalize`), so two resamples are summed side by side, two chains
    /// of additions in flight instead of one; each sum is the same, bit for bit, as drawing them in turn.
    static func resampleMeans(_ xs: [Double], resamples: Int, seed: UInt64) -> [Double] {
        let n = xs.count
        let index = InvariantRemainder(UInt64(n))
        let step = SplitMix64.gamma, resampleStep = UInt64(n) &* SplitMix64.gamma
        let count = Double(n)
        return [Double](unsafeUninitializedCapacity: resamples) { means, initialized in
            xs.withUnsafeBufferPointer { xs in
                var first = seed   // the state before resample b's first draw
                var b = 0
                while b + 1 < resamples {
                    var stateA = first, stateB = first &+ resampleStep
                    var sumA = 0.0, sumB = 0.0
                    for _ in 0..<n {
                        stateA &+= step
                        stateB &+= step
                        sumA += xs[Int(index(SplitMix64.finalize(stateA)))]
                        sumB += xs[Int(index(SplitMix64.finalize(stateB)))]
                    }
                    means.initializeElement(at: b, to: sumA / count)
                    means.initializeElement(at: b + 1, to: sumB / count)
                    first = stateB
                    b += 2
                }
                if b < resamples {
                    var state = first, sum = 0.0
                    for _ in 0..<n {
                        state &+= step
                        sum += xs[Int(index(SplitMix64.finalize(state)))]
                    }
                    means.initializeElement(at: b, to: sum / count)
                }
            }
            initialized = resamples
        }
    }

    /// The seeding rule of `bootstrap`: `seed` mixed with every value's bits, in order, and their count
    /// (SplitMix64's finaliser at each step). Values come in the results' draw order (`drawOrder`), so
    /// the key is the data, not where or in which output it is reported.
    public static func bootstrapSeed(_ xs: [Double], seed: UInt64) -> UInt64 {
        var key = seed
        for x in xs {
            var mixer = SplitMix64(seed: key ^ (x + 0).bitPattern)   // + 0: -0 keys as 0
            key = mixer.next()
        }
        var mixer = SplitMix64(seed: key ^ UInt64(xs.count))
        return mixer.next()
    }

    /// Policies in the lab's order (`LoadingPolicyKind.allCases`, each followed by its `@shipped`
    /// variant), unknown names after them.
    static func rank(policy: String) -> (Int, String) {
        guard let variant = PolicyVariant(name: policy), let index = LoadingPolicyKind.allCases.firstIndex(of: variant.kind) else {
            return (Int.max, policy)
        }
        return (2 * index + (variant.isShipped ? 1 : 0), policy)
    }

    /// Factor values in a natural order: numbers and latencies by size, then network profiles from the
    /// fastest, then anything else by name.
    static func rank(value: String) -> (Int, Double, String) {
        let number = value.hasPrefix("latency ") ? Double(value.dropFirst(8).split(separator: " ").first ?? "") : Double(value)
        if let number { return (0, number, value) }
        if let i = NetworkProfile.all.firstIndex(where: { $0.name == value }) { return (1, Double(i), value) }
        // A factor's default before its other values (`none` before `color`, `off` before `on`).
        if value == "none" || value == "off" { return (2, -1, value) }
        return (2, 0, value)
    }

    static func ordered(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0).inserted }
    }
}
