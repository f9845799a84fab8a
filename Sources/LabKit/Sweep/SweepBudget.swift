/// A budget for `sweep report --recommend --budget bytes=2MB,energy=5J,hitch=10ms/s,memory=200MB`
/// (B-COST-2): a limit on the mean per session of each cost named. Every cost is one declaration in
/// `costs`: its name, the result columns it sums and the units a limit may be written in.
public struct SweepBudget: Sendable {
    /// One cost a budget may bound.
    public struct Cost: Sendable {
        /// Its name in a budget.
        public var name: String
        /// The result line's columns it sums; the first must be in the lines (the others count 0 when absent).
        public var columns: [String]
        /// The units a limit may be written in, and each one's size in the columns' own unit.
        public var units: [(name: String, size: Double)]
        /// The unit a report shows it in.
        public var shown: (name: String, size: Double, decimals: Int)
        /// True for the costs every budget verdict weighs (its Pareto set, each policy's figures); false for one
        /// weighed only when the budget names it.
        public var isAlwaysWeighed = true
        /// True when a run may lack it and the others still count (a frame overrun: none without a frame in
        /// motion): its mean is over the runs that have it. Otherwise a run without it leaves it unweighed.
        public var isPartial = false
        /// True when it may be negative (a frame overrun: frames early), and so may its limit.
        public var isSigned = false
        /// True when only a modelled network gives it (bytes moved, the radio): a run under a fixed latency
        /// writes it as 0, which no budget may read as within it.
        public var needsNetwork = false
    }

    /// SI byte units (a kB is 1000 bytes, as `sweep report`'s kB).
    static let byteUnits: [(name: String, size: Double)] = [("B", 1), ("kB", 1e3), ("MB", 1e6), ("GB", 1e9)]

    /// The costs a budget may bound. `bytes`: what the network moved and the previews the items carried;
    /// `energy`: the radio's joules (B-COST-2); `hitch`: the hitch time ratio, Apple's ms of hitches per s
    /// of scrolling; `memory`: the peak of decoded image bytes. Weighed only when named (B-COST-1, B-COST-2):
    /// `overrun`, the frame overrun p99 (Android's); `wasted`, bytes of images never shown; `radio`, the
    /// seconds the radio was active; `redownloaded`, bytes downloaded again after the cache evicted them.
    public static let costs: [Cost] = [
        Cost(name: "bytes", columns: ["networkBytes", "previewBytes"], units: byteUnits, shown: ("kB", 1e3, 0), needsNetwork: true),
        Cost(name: "energy", columns: ["radioJoules"], units: [("mJ", 1e-3), ("J", 1), ("kJ", 1e3)], shown: ("J", 1, 2),
             needsNetwork: true),
        Cost(name: "hitch", columns: ["hitchTimeRatioMsPerS"], units: [("ms/s", 1)], shown: ("ms/s", 1, 2)),
        Cost(name: "memory", columns: ["peakResidentBytes"], units: byteUnits, shown: ("MB", 1e6, 1)),
        Cost(name: "overrun", columns: ["frameOverrunMsP99"], units: [("ms", 1)], shown: ("ms", 1, 1),
             isAlwaysWeighed: false, isPartial: true, isSigned: true),
        Cost(name: "wasted", columns: ["wastedBytes"], units: byteUnits, shown: ("kB", 1e3, 0), isAlwaysWeighed: false,
             needsNetwork: true),
        Cost(name: "radio", columns: ["radioActiveSeconds"], units: [("s", 1), ("min", 60)], shown: ("s", 1, 1), isAlwaysWeighed: false,
             needsNetwork: true),
        Cost(name: "redownloaded", columns: ["redownloadedBytes"], units: byteUnits, shown: ("kB", 1e3, 0), isAlwaysWeighed: false,
             needsNetwork: true),
    ]

    /// Every column a cost reads (what a result keeps of its line for the budgets).
    public static let columns: [String] = costs.flatMap(\.columns)

    /// The costs and their units in words, for a refusal: `bytes (B, kB, MB, GB), energy (mJ, J, kJ), …`.
    public static var known: String {
        costs.map { "\($0.name) (\($0.units.map(\.name).joined(separator: ", ")))" }.joined(separator: ", ")
    }

    /// Why a budget cannot be read.
    public struct Problem: Error, Equatable, Sendable {
        public var message: String
    }

    /// The limits, in the order given: the cost and its limit in the columns' unit, and the limit as written.
    public var limits: [(cost: Cost, limit: Double, text: String)]

    /// Reads `bytes=2MB,energy=5J`: each entry a known cost, `=`, a number (≥ 0 but an overrun's) and one of its units (no
    /// space between them needed; one allowed). Each cost at most once.
    public init(parsing text: String) throws(Problem) {
        limits = []
        let refusal = "known costs and units: " + Self.known + "; e.g. bytes=2MB,energy=5J,hitch=10ms/s,memory=200MB"
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw Problem(message: "\"\(entry)\" is not COST=LIMIT (\(refusal))") }
            let name = String(parts[0]).trimmed, value = String(parts[1]).trimmed
            guard let cost = Self.costs.first(where: { $0.name == name }) else {
                throw Problem(message: "\"\(name)\" is not a cost (\(refusal))")
            }
            guard !limits.contains(where: { $0.cost.name == name }) else { throw Problem(message: "\"\(name)\" is given twice") }
            let number = String(value.prefix { "0123456789.eE+-".contains($0) })
            let unit = String(value.dropFirst(number.count)).trimmed
            guard let amount = Double(number), amount.isFinite, amount >= 0 || cost.isSigned else {
                throw Problem(message: "\"\(name)=\(value)\" needs a number\(cost.isSigned ? "" : " ≥ 0") and a unit (\(refusal))")
            }
            guard !unit.isEmpty else {
                throw Problem(message: "\"\(name)=\(value)\" has no unit: \(name) is in \(cost.units.map(\.name).joined(separator: ", ")) (\(refusal))")
            }
            guard let size = cost.units.first(where: { $0.name == unit })?.size else {
                throw Problem(message: "\"\(unit)\" is not a unit of \(name): \(cost.units.map(\.name).joined(separator: ", ")) (\(refusal))")
            }
            limits.append((cost, amount * size, name + "=" + number + unit))
        }
    }

    /// The first cost of the budget that no result has a column for: `no sweep line has hitchTimeRatioMsPerS`.
    public func missing(in results: [SweepSummary.Result]) -> String? {
        let networked = results.contains { !($0.factors["source"] ?? "").hasPrefix("latency ") }
        if let cost = limits.first(where: { $0.cost.needsNetwork })?.cost, !networked {
            return "no sweep line ran under a network (the budget's \(cost.name) reads \(cost.columns[0]), which a fixed latency does not "
                + "model: sweep run --network)"
        }
        for (cost, _, _) in limits where !results.contains(where: { $0.costs[cost.columns[0]] != nil }) {
            // A frame overrun is null where no frame was in motion: the lines have the key, not a value.
            return "no sweep line has \(cost.isPartial ? "a value of " : "")\(cost.columns[0]) (the budget's \(cost.name) reads it"
                + (cost.isPartial ? "; it is null in a session with no frame in motion)" : ")")
        }
        return nil
    }

    /// A cost of one result: its columns summed, nil when the first is absent.
    static func value(_ cost: Cost, of r: SweepSummary.Result) -> Double? {
        guard let first = r.costs[cost.columns[0]] else { return nil }
        return cost.columns.dropFirst().reduce(first) { $0 + (r.costs[$1] ?? 0) }
    }

    /// `x` in the cost's shown unit: `1834 kB`.
    static func text(_ x: Double, _ cost: Cost) -> String {
        SweepRecommendation.fixed(x / cost.shown.size, cost.shown.decimals) + " " + cost.shown.name
    }
}

extension String {
    /// Without leading and trailing spaces.
    var trimmed: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
