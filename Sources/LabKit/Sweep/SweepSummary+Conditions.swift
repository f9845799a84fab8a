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
        conditions(results) { $0 }
    }

    /// `conditions(results).map(transform)`, each condition's runs gathered for its own call only: a big
    /// sweep's runs are copied one condition at a time, not all at once.
    public static func conditions<T>(_ results: [Result], _ transform: (Condition) throws -> T) rethrows -> [T] {
        // Each distinct set of factors is read once (a sweep's results share a few), each result's fields in place.
        var setNumbers: [[String: String]: Int] = [:]
        var sets: [[String: String]] = []
        var setOfResult: [Int] = []
        setOfResult.reserveCapacity(results.count)
        for i in results.indices {
            let factors = results[i].factors
            if let known = setNumbers[factors] { setOfResult.append(known); continue }
            setNumbers[factors] = sets.count
            setOfResult.append(sets.count)
            sets.append(factors)
        }
        let names = factorNames + Set(sets.flatMap(\.keys)).subtracting(factorNames).sorted()
        let present = names.filter { name in sets.contains { $0[name] != nil } }
        var keys: [[String]] = []
        var keyNumbers: [[String]: Int] = [:]
        let conditionOfSet = sets.map { factors in
            let key = present.map { factors[$0] ?? "" }
            if let known = keyNumbers[key] { return known }
            keyNumbers[key] = keys.count
            keys.append(key)
            return keys.count - 1
        }
        var picked = [[Int]](repeating: [], count: keys.count)
        for i in drawOrder(results) { picked[conditionOfSet[setOfResult[i]]].append(i) }
        let order = keys.indices.sorted { a, b in
            for (x, y) in zip(keys[a], keys[b]) where x != y { return rank(value: x) < rank(value: y) }
            return false
        }
        return try order.map { k in
            let runs = picked[k].map { results[$0] }
            let policies = SweepSummary.ordered(runs.map(\.policy)).sorted { rank(policy: $0) < rank(policy: $1) }
            return try transform(Condition(factors: zip(present, keys[k]).map { ($0, $1) }, runs: runs, policies: policies))
        }
    }
}
