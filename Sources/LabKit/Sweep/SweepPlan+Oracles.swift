import ScrollKit

extension SweepPlan {
    /// The oracles of one gesture's lines, each worked out once (B-ORACLE-2).
    ///
    /// A line's oracle depends on its bench (the scene settings and the replay clock) and on its pipeline's
    /// limits (loads at once, connections per host), never on its policy: its screens come from an Eager
    /// replay whatever the line's policy, and the schedule reads no policy. So the lines of one condition
    /// share one oracle (those of `@shipped` variants one per pipeline), and with `--policies all` a
    /// gesture is replayed for the screens once per condition instead of once per line.
    struct Oracles {
        /// A bench with its policy set to Eager: what the screens and the schedule read of it.
        private struct Bench: Hashable {
            var configuration: GridSceneConfiguration
            var frameRate: Double
            var timeLimit: Double

            init(_ bench: GridBench) {
                configuration = bench.configuration
                configuration.policyVariant = PolicyVariant(.eager)
                frameRate = bench.replay.frameRate
                timeLimit = bench.replay.timeLimit
            }
        }

        private struct Key: Hashable {
            var bench: Bench
            var maxConcurrent: Int
            var connections: Int
        }

        private let events: [PointerEvent]
        private var screens: [Bench: GridBench.OracleScreens] = [:]
        private var oracles: [Key: BlankTimeOracle] = [:]

        /// The oracles of `events`' lines.
        init(events: [PointerEvent]) {
            self.events = events
        }

        /// The oracle of the line `bench` runs under `variant`: `bench.oracle(events, variant: variant)`.
        mutating func oracle(_ bench: GridBench, variant: PolicyVariant) -> BlankTimeOracle {
            let key = Key(bench: Bench(bench), maxConcurrent: bench.configuration.loadsAtOnce(variant),
                          connections: bench.configuration.hostConnections(variant))
            if let oracle = oracles[key] { return oracle }
            var eager = bench
            eager.configuration = key.bench.configuration
            let lineScreens = screens[key.bench] ?? eager.oracleScreens(events)
            screens[key.bench] = lineScreens
            let oracle = eager.oracle(screens: lineScreens, maxConcurrent: key.maxConcurrent, connections: key.connections)
            oracles[key] = oracle
            return oracle
        }
    }
}
