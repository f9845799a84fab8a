/// Dominance between bench rows: the frontier `bench --plot` marks.
extension GridBenchRow {
    /// One of the two bounds, not a policy.
    public var isBound: Bool { policy.hasPrefix("bound-") }

    /// True when `other` issues no more loads and shows no more blank time than this row, and is
    /// strictly better on one of the two (within `tolerance` tile-seconds).
    public func isDominated(by other: GridBenchRow, tolerance: Double = 1e-9) -> Bool {
        let a = metrics, b = other.metrics
        let noWorse = b.loadsIssued <= a.loadsIssued && b.blankTileSeconds <= a.blankTileSeconds + tolerance
        let better = b.loadsIssued < a.loadsIssued || b.blankTileSeconds < a.blankTileSeconds - tolerance
        return noWorse && better
    }

    /// The policy rows no other policy row dominates, by loads issued (the bounds are not policies).
    public static func frontier(_ rows: [GridBenchRow]) -> [GridBenchRow] {
        let policies = rows.filter { !$0.isBound }
        return policies.filter { row in !policies.contains { row.isDominated(by: $0) } }
            .sorted { ($0.metrics.loadsIssued, $0.metrics.blankTileSeconds) < ($1.metrics.loadsIssued, $1.metrics.blankTileSeconds) }
    }
}
