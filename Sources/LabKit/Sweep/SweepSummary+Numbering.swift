extension SweepSummary {
    /// Each result's run (its session and every factor of `factorNames`) and configuration (its policy and
    /// every factor), numbered in the order first met. A report groups results by both several times
    /// (`coverage`, `undominatedFlags`, `boundRows` per factor value); numbering them once, each distinct set
    /// of factors read once, spares a key string per result and grouping (three to five per result before).
    struct Numbering {
        /// Per result, its run's number.
        var run: [Int]
        /// Per result, its configuration's number.
        var configuration: [Int]
        /// Per run, its key: the session, then each factor's value (`""` when absent). A bound sums a
        /// session's runs in the order of these keys.
        var runKeys: [RunKey]
        /// How many configurations there are.
        var configurations: Int
        /// The results' distinct factors, in the order first met.
        var factorSets: [[String: String]] = []

        init(_ results: [Result]) {
            struct Named: Hashable { var name: String; var values: Int }
            var setValues: [[String: String]: Int] = [:]   // a result's factors → the number of their values
            var valueNumbers: [[String]: Int] = [:]         // the values → their number
            var valueTexts: [[String]] = []
            var runs: [Named: Int] = [:], configurations: [Named: Int] = [:]
            run = []
            configuration = []
            run.reserveCapacity(results.count)
            configuration.reserveCapacity(results.count)
            runKeys = []
            for i in results.indices {   // each result's fields read in place, not the result copied
                let factors = results[i].factors
                let values: Int
                if let known = setValues[factors] { values = known } else {
                    let text = SweepSummary.factorNames.map { factors[$0] ?? "" }
                    if let known = valueNumbers[text] { values = known } else {
                        values = valueTexts.count
                        valueNumbers[text] = values
                        valueTexts.append(text)
                    }
                    setValues[factors] = values
                    factorSets.append(factors)
                }
                let session = Named(name: results[i].gesture, values: values)
                if let known = runs[session] { run.append(known) } else {
                    runs[session] = runKeys.count
                    run.append(runKeys.count)
                    runKeys.append(RunKey(session: session.name, values: valueTexts[values]))
                }
                let policy = Named(name: results[i].policy, values: values)
                if let known = configurations[policy] { configuration.append(known) } else {
                    configurations[policy] = configurations.count
                    configuration.append(configurations.count - 1)
                }
            }
            self.configurations = configurations.count
        }
    }

    /// A run's session and its factors' values, in `factorNames`' order, ordered by session, then by the
    /// values in turn. Kept apart, not joined by a separator: a name holding the separator would then be
    /// read as a shorter one (two sessions counted as one) or sort among another session's runs.
    struct RunKey: Comparable {
        var session: String
        var values: [String]

        static func < (a: RunKey, b: RunKey) -> Bool {
            a.session != b.session ? a.session < b.session : a.values.lexicographicallyPrecedes(b.values)
        }
    }
}
