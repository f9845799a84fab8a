import Testing
import ScrollKit
@testable import LabKit

/// Issue 41's frontier property (B-POL-5, which replaces B-POL-4), kept on a small generated population of its own seed (the measurement,
/// `Benchmarks/adaptive-frontier.sh`, uses seed 5151 and 200 sessions of each kind; development used 777):
/// in every condition, no other policy on the shared pipeline has both a lower mean blank time and no
/// more mean cost (loads under a latency, bytes under a network) than Adaptive.
@Suite struct AdaptiveFrontierTests {
    static let seed: UInt64 = 9
    static let sessionsPerKind = 3
    static let conditions: [SweepPlan.Source] = [.latency(0), .latency(80), .latency(250), .latency(1000),
                                                 .network(.lte), .network(.threeG), .network(.edge)]

    struct Mean: CustomStringConvertible {
        var blank = 0.0, cost = 0.0
        var description: String { "\(blank) tile·s, \(cost)" }
    }

    /// Mean blank time and cost of every policy over the population under `source`.
    static func means(_ source: SweepPlan.Source) -> [LoadingPolicyKind: Mean] {
        var out: [LoadingPolicyKind: Mean] = [:]
        var sessions: [[PointerEvent]] = []
        for kind in [BrowsingSessionGenerator.Kind.browse, .flings, .read] {
            let g = BrowsingSessionGenerator(kind: kind, seed: seed)
            sessions += (0..<sessionsPerKind).map { g.session($0) }
        }
        for policy in LoadingPolicyKind.allCases {
            let configuration = SweepPlan.Configuration(policy: policy, source: source, cacheImages: 12, refresh: 60)
            let bench = GridBench(configuration: configuration.gridConfiguration(assetByteSizes: []))
            var m = Mean()
            for events in sessions {
                let metrics = bench.run(events, policy: policy).metrics
                m.blank += metrics.blankTileSeconds / Double(sessions.count)
                let cost = if case .network = source { Double(metrics.networkBytes) } else { Double(metrics.loadsIssued) }
                m.cost += cost / Double(sessions.count)
            }
            out[policy] = m
        }
        return out
    }

    @Test(arguments: conditions)
    func noPolicyHasLessBlankTimeForNoMoreCost(_ source: SweepPlan.Source) {
        let m = Self.means(source)
        let adaptive = m[.adaptive]!
        for (policy, other) in m where policy != .adaptive {
            let dominates = other.blank < adaptive.blank - 1e-9 && other.cost <= adaptive.cost
            #expect(!dominates, "\(source): \(policy) \(other) against adaptive \(adaptive)")
        }
    }
}
