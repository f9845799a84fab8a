import Foundation
import Testing
@testable import LabKit

/// A report's rows are the same whether its policy rows are bootstrapped one after another or at once on
/// several threads (each row's draws are seeded by its own data); a result without a factor is in none of
/// that factor's rows.
@Suite struct SweepSummaryRowsTests {
    /// 40 sessions × 3 policies × 2 networks, with a `feed` factor on some sessions only.
    static let results: [SweepSummary.Result] = {
        var out: [SweepSummary.Result] = []
        var rng = SplitMix64(seed: 58)
        for k in 0..<40 {
            for policy in ["eager", "prefetch", "adaptive"] {
                for source in ["lte", "3g"] {
                    var factors = ["source": source, "cacheImages": "12"]
                    if k % 3 == 0 { factors["feed"] = k % 2 == 0 ? "a" : "b" }
                    out.append(SweepSummary.Result(gesture: "s\(k)", policy: policy, factors: factors,
                                                   blankTileSeconds: Double(rng.next() % 1000) / 100, loadsIssued: Double(rng.next() % 60),
                                                   loadsWasted: Double(rng.next() % 5), boundMinLoads: 20,
                                                   networkBytes: Double(rng.next() % 900_000)))
                }
            }
        }
        return out
    }()

    @Test func rowsOnThreadsAreTheRowsOneAfterAnother() {
        let serial = SweepSummary.rows(Self.results, resamples: 300)
        let threaded = SweepSummary.rows(Self.results, resamples: 300, perform: DispatchQueue.concurrentPerform)
        #expect(serial == threaded)
        #expect(serial.count == threaded.count && !serial.isEmpty)
    }

    @Test func aResultWithoutTheFactorIsInNoneOfItsRows() {
        let rows = SweepSummary.rows(Self.results, resamples: 100, perform: DispatchQueue.concurrentPerform)
        let feed = rows.filter { $0.factor == "feed" && !$0.policy.hasPrefix("bound-") }
        // 14 sessions have a feed (k % 3 == 0): 7 "a", 7 "b", each under both networks, each still one session.
        #expect(Set(feed.map(\.value)) == ["a", "b"])
        #expect(feed.allSatisfy { $0.sessions == 7 })
        #expect(rows.filter { $0.factor == "source" && $0.policy == "eager" }.map(\.sessions) == [40, 40])
    }

    /// A row pools the factors it does not break down by, one figure per session: a session run under both
    /// networks is one session of the mean of its two runs, so a factor added beside a row (a second
    /// network here) leaves the row's count as it was, and a figure both runs share keeps its interval.
    @Test func aRowCountsSessionsNotRuns() {
        let rows = SweepSummary.rows(Self.results, resamples: 300, factors: ["all"])
        let eager = rows.first { $0.policy == "eager" }!
        #expect(eager.sessions == 40)
        let runs = Self.results.filter { $0.policy == "eager" }
        // Sessions in draw order (by name), each the mean of its two runs.
        let perSession = (0..<40).map { "s\($0)" }.sorted().map { session in
            let two = runs.filter { $0.gesture == session }.map(\.blankTileSeconds)
            return (two[0] + two[1]) / 2
        }
        #expect(eager.blankTileSeconds == SweepSummary.bootstrap(perSession, resamples: 300))
        // Bounds too: the fewest loads, 20 in every configuration, is one figure per session.
        #expect(rows.first { $0.policy == "bound-min-loads" }?.sessions == 40)
        // Doubling every run under a second, identical, value of another factor changes no interval.
        let doubled = Self.results.flatMap { r -> [SweepSummary.Result] in
            var copy = r
            copy.factors["constrained"] = "on"
            var plain = r
            plain.factors["constrained"] = "off"
            return [plain, copy]
        }
        let again = SweepSummary.rows(doubled, resamples: 300, factors: ["source"]).filter { !$0.isBound }
        let once = SweepSummary.rows(Self.results, resamples: 300, factors: ["source"]).filter { !$0.isBound }
        #expect(again.map(\.sessions) == once.map(\.sessions))
        #expect(again.map(\.blankTileSeconds) == once.map(\.blankTileSeconds))
    }
}
