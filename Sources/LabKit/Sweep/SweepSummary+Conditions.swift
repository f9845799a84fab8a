extension SweepSummary {
    /// One condition of a sweep — one combination of every swept factor, never pooled — and its runs.
    public struct Condition: Sendable {
        /// The factors and their values that make it (`source` = `3g`, …), in report order.
        public var factors: [(name: String, value: String)]
        /// Its runs in draw order (`drawOrder`).
        public var runs: [Result]
        /// The policies run in it, in the lab's order.
        public var policies: [String]

        /// The runs of `policy`, in draw order.
        public func runs(of policy: String) -> [Result] { runs.filter { $0.policy == policy } }
    }

    /// The conditions of `results`, in the order of their factor values: what `--recommend`, `--budget`
    /// and `feed verdict` each judge (one grouping, so each names and draws a condition alike).
    public static func conditions(_ results: [Result]) -> [Condition] {
        let names = factorNames + Set(results.flatMap(\.factors.keys)).subtracting(factorNames).sorted()
        let present = names.filter { name in results.contains { $0.factors[name] != nil } }
        func key(_ r: Result) -> [String] { present.map { r.factors[$0] ?? "" } }
        var keys: [[String]] = []
        for r in results where !keys.contains(key(r)) { keys.append(key(r)) }
        keys.sort { a, b in
            for (x, y) in zip(a, b) where x != y { return rank(value: x) < rank(value: y) }
            return false
        }
        let ordered = drawOrder(results).map { results[$0] }
        return keys.map { k in
            let picked = ordered.filter { key($0) == k }
            let policies = SweepSummary.ordered(picked.map(\.policy)).sorted { rank(policy: $0) < rank(policy: $1) }
            return Condition(factors: zip(present, k).map { ($0, $1) }, runs: picked, policies: policies)
        }
    }
}
