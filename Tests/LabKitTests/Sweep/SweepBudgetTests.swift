import Foundation
import Testing
@testable import LabKit

/// B-COST-2: budgets in units, the least blank policy within every budget, the budget that binds, and the
/// Pareto set over blank time and every swept cost.
@Suite struct SweepBudgetTests {
    /// Two sessions of `policy` under LTE, each with the same blank time, bytes, joules and memory.
    static func runs(_ policy: String, blank: Double, bytes: Double, joules: Double, memory: Double = 8e6,
                     extra: [String: Double] = [:]) -> [SweepSummary.Result] {
        (0..<2).map { k in
            var r = SweepSummary.Result(gesture: "s\(k)", policy: policy, factors: ["source": "lte", "cacheImages": "12"],
                                        blankTileSeconds: blank, loadsIssued: 10, loadsWasted: 0, networkBytes: bytes, radioJoules: joules)
            r.costs = SweepCostColumns(["networkBytes": bytes, "radioJoules": joules, "peakResidentBytes": memory].merging(extra) { $1 })
            return r
        }
    }

    static let results = runs("eager", blank: 8, bytes: 1_500_000, joules: 28)
        + runs("prefetch", blank: 2, bytes: 1_520_000, joules: 27.4, memory: 9e6)
        + runs("adaptive", blank: 1.9, bytes: 1_520_000, joules: 31)
        + runs("deferred", blank: 40, bytes: 1_300_000, joules: 31.5)

    /// A verdict's recommendation is `--recommend`'s for its condition, and a point's blank interval the
    /// bootstrap of its runs in draw order (drawn once, for both); the same on threads as one after another.
    @Test func eachVerdictHoldsItsConditionsRecommendationOnAnyThread() throws {
        var rng = SplitMix64(seed: 58)
        var results: [SweepSummary.Result] = []
        for k in 0..<30 {
            for policy in ["eager", "prefetch", "adaptive", "deferred"] {
                for source in ["lte", "3g"] {
                    let bytes = Double(rng.next() % 3_000_000), joules = Double(rng.next() % 4000) / 100
                    var r = SweepSummary.Result(gesture: "s\(k)", policy: policy, factors: ["source": source, "cacheImages": "12"],
                                                blankTileSeconds: Double(rng.next() % 1000) / 100, loadsIssued: Double(rng.next() % 60),
                                                loadsWasted: 0, networkBytes: bytes, radioJoules: joules)
                    r.costs = SweepCostColumns(["networkBytes": bytes, "radioJoules": joules, "peakResidentBytes": Double(rng.next() % 20_000_000)])
                    results.append(r)
                }
            }
        }
        let budget = try SweepBudget(parsing: "bytes=1600kB,energy=21J")
        let verdicts = SweepBudgetVerdict.conditions(results, budget: budget, resamples: 200)
        let threaded = SweepBudgetVerdict.conditions(results, budget: budget, resamples: 200, perform: DispatchQueue.concurrentPerform)
        let recommendations = SweepRecommendation.conditions(results, resamples: 200)
        #expect(verdicts.count == 2 && recommendations.count == 2)
        #expect(verdicts.map(\.json.serialized) == threaded.map(\.json.serialized))
        #expect(verdicts.compactMap(\.unbudgeted).map(\.json.serialized) == recommendations.map(\.json.serialized))
        #expect(SweepRecommendation.conditions(results, resamples: 200, perform: DispatchQueue.concurrentPerform).map(\.paragraph)
                == recommendations.map(\.paragraph))
        for (verdict, condition) in zip(verdicts, SweepSummary.conditions(results)) {
            #expect(verdict.points.map(\.policy) == condition.policies)
            for point in verdict.points {
                let blank = condition.runs(of: point.policy).map(\.blankTileSeconds)
                #expect(point.blankTileSeconds == SweepSummary.bootstrap(blank, resamples: 200, seed: 1))
            }
        }
    }

    @Test func limitsAreReadInTheirUnits() throws {
        let b = try SweepBudget(parsing: "bytes=2MB,energy=500 mJ,hitch=10ms/s,memory=0.2GB")
        #expect(b.limits.map(\.cost.name) == ["bytes", "energy", "hitch", "memory"])
        #expect(b.limits.map(\.limit) == [2_000_000, 0.5, 10, 200_000_000])
        #expect(try SweepBudget(parsing: "bytes=1500kB").limits[0].limit == 1_500_000)
    }

    @Test func anUnknownCostOrANumberWithoutAUnitIsRefusedNamingTheKnownOnes() {
        for text in ["speed=2m", "bytes=2", "energy=5W", "bytes", "bytes=MB", "bytes=2MB,bytes=3MB"] {
            #expect(throws: SweepBudget.Problem.self) { try SweepBudget(parsing: text) }
        }
        do {
            _ = try SweepBudget(parsing: "bytes=2")
        } catch {
            #expect(error.message.contains("has no unit") && error.message.contains("bytes (B, kB, MB, GB), energy (mJ, J, kJ), hitch (ms/s), memory (B, kB, MB, GB)"))
        }
    }

    @Test func theLeastBlankWithinEveryBudgetAndTheBudgetThatBinds() throws {
        let budget = try SweepBudget(parsing: "bytes=2MB,energy=30J")
        let v = try #require(SweepBudgetVerdict.conditions(Self.results, budget: budget, resamples: 50).first)
        // Adaptive (1.9) is over 30 J: prefetch (2.0) is the least blank within both; energy binds.
        #expect(v.recommended?.policy == "prefetch")
        #expect(v.binding.map(\.cost) == ["energy"] && v.binding.map(\.policy.policy) == ["adaptive"])
        #expect(v.points.map(\.policy) == ["eager", "deferred", "prefetch", "adaptive"])
        #expect(v.points.map(\.exceeds) == [[], ["energy"], [], ["energy"]])
        // Pareto over blank, bytes, energy, memory: deferred (fewest bytes), eager (cheaper memory than
        // prefetch, fewer bytes), prefetch (least energy), adaptive (least blank).
        #expect(v.pareto.map(\.policy) == ["eager", "deferred", "prefetch", "adaptive"])
        #expect(v.sweptCosts.map(\.name) == ["bytes", "energy", "memory"])
        #expect(v.paragraph.contains("recommended prefetch (2.00 [2.00, 2.00] tile·s, 1520 kB, 27.40 J, 9.0 MB)"))
        #expect(v.paragraph.contains("Binding: energy — adaptive (0.10 tile·s less blank) needs 31.00 J."))
        // Loosened, nothing binds; tightened below every policy, none is within.
        let loose = SweepBudgetVerdict.conditions(Self.results, budget: try SweepBudget(parsing: "energy=40J"), resamples: 50)[0]
        #expect(loose.recommended?.policy == "adaptive" && loose.binding.isEmpty)
        let tight = SweepBudgetVerdict.conditions(Self.results, budget: try SweepBudget(parsing: "bytes=1MB"), resamples: 50)[0]
        #expect(tight.recommended == nil)
    }

    /// A budget binds only for a policy the phone allows: adaptive, over the energy budget, also hitches
    /// critically (> 10 ms/s), so raising the budget would not bring it in, and nothing binds.
    @Test func aPolicyThePhoneRulesOutBindsNoBudget() throws {
        let results = Self.results.map { r -> SweepSummary.Result in
            var r = r
            r.hitchTimeRatioMsPerS = r.policy == "adaptive" ? 14 : 2
            return r
        }
        let v = try #require(SweepBudgetVerdict.conditions(results, budget: try SweepBudget(parsing: "bytes=2MB,energy=30J"), resamples: 50).first)
        #expect(v.recommended?.policy == "prefetch")
        #expect(v.binding.isEmpty && v.bindingTogether.isEmpty, "\(v.binding.map(\.policy.policy))")
        // No --device: the phone is the lab's own model, and the sentence says so.
        #expect(v.paragraph.contains("Ruled out on this phone (the lab's default model: no --device): adaptive (hitch ratio 14.0 ms/s, critical (≥ 10))"))
        #expect(!v.paragraph.contains("Binding: energy"))
    }

    /// A policy with less blank time kept out only by two budgets at once binds them together: the
    /// paragraph never says no policy has less blank time.
    @Test func budgetsThatBindOnlyTogetherAreNamed() throws {
        let v = try #require(SweepBudgetVerdict.conditions(Self.results, budget: try SweepBudget(parsing: "bytes=1.51MB,energy=30J"),
                                                           resamples: 50).first)
        // Prefetch is over bytes alone, adaptive over both, deferred over energy: eager is recommended.
        #expect(v.recommended?.policy == "eager")
        #expect(v.binding.map(\.cost) == ["bytes"] && v.binding.map(\.policy.policy) == ["prefetch"])
        #expect(v.bindingTogether.map(\.costs) == [["bytes", "energy"]] && v.bindingTogether.map(\.policy.policy) == ["adaptive"])
        #expect(v.paragraph.contains("Binding: bytes — prefetch (6.00 tile·s less blank) needs 1520 kB. "
                                     + "Binding only together: bytes and energy — adaptive (6.10 tile·s less blank) needs 1520 kB and 31.00 J."))
        #expect(!v.paragraph.contains("No budget binds"))
        let noneWithin = try #require(SweepBudgetVerdict.conditions(Self.results, budget: try SweepBudget(parsing: "bytes=1.4MB,energy=30J"),
                                                                    resamples: 50).first)
        // None within both: each policy kept out names what keeps it out.
        #expect(noneWithin.recommended == nil)
        #expect(noneWithin.binding.map(\.cost) == ["bytes", "energy"] && noneWithin.binding.map(\.policy.policy) == ["prefetch", "deferred"])
        #expect(noneWithin.bindingTogether.map(\.policy.policy) == ["adaptive"])
    }

    /// One rule: a budget no policy exceeds recommends what `--recommend` does, and within the budgets
    /// `--recommend`'s rule picks (the cheapest whose blank time the sweep cannot tell from the least).
    @Test func aBudgetNobodyExceedsChangesNothing() throws {
        // Three sessions apart by 1 tile·s, target's in the other order: target (cheaper, blanker than eager
        // in one session and less blank in another: not told apart) is recommended.
        func spread(_ policy: String, blank: Double, bytes: Double, falling: Bool = false) -> [SweepSummary.Result] {
            (0..<3).map { k in
                var r = SweepSummary.Result(gesture: "s\(k)", policy: policy, factors: ["source": "lte", "cacheImages": "12"],
                                            blankTileSeconds: blank + Double(falling ? 2 - k : k), loadsIssued: 10, loadsWasted: 0, networkBytes: bytes, radioJoules: 1)
                r.costs = ["networkBytes": bytes, "radioJoules": 1]
                return r
            }
        }
        let results = spread("eager", blank: 10, bytes: 2e6) + spread("target", blank: 10.4, bytes: 1.5e6, falling: true) + spread("deferred", blank: 30, bytes: 1e6)
        let recommend = try #require(SweepRecommendation.conditions(results).first)
        #expect(recommend.recommended.policy == "target")
        let loose = try #require(SweepBudgetVerdict.conditions(results, budget: try SweepBudget(parsing: "bytes=10MB")).first)
        #expect(loose.recommended?.policy == "target")
        #expect(loose.paragraph.contains("recommended target (11.40 [10.40, 12.40] tile·s, 1500 kB, 1.00 J), the cheapest within every budget "
                                         + "whose blank time the sweep cannot tell from eager's (session by session). No budget binds: no policy over a budget has less blank time."))
        // Eager kept out by bytes: target is still recommended, and nothing binds that would save blank time.
        let tight = try #require(SweepBudgetVerdict.conditions(results, budget: try SweepBudget(parsing: "bytes=1.9MB")).first)
        #expect(tight.recommended?.policy == "target" && tight.recommendedIsLeastBlank)
        #expect(tight.binding.map(\.policy.policy) == ["eager"])
    }

    /// When no policy gets images on screen in time, the budget's verdict says so first, as `--recommend`'s.
    @Test func nothingWorksIsSaidFirst() throws {
        let results = Self.results.map { r -> SweepSummary.Result in
            var r = r
            r.screen = SweepSummary.ScreenFigures(readyOnAppearShare: 0.02, timeToFirstImage: 30, loadsCompleted: 1)
            return r
        }
        let v = try #require(SweepBudgetVerdict.conditions(results, budget: try SweepBudget(parsing: "bytes=2MB"), resamples: 50).first)
        #expect(v.paragraph.hasPrefix("Nothing works here: no policy had even one tile in ten showing its image as it appeared"))
        guard case let .object(pairs) = v.json else { Issue.record("not an object"); return }
        #expect(pairs.first { $0.0 == "nothingWorks" }?.1 == .bool(true))
        let working = try #require(SweepBudgetVerdict.conditions(Self.results.map { r -> SweepSummary.Result in
            var r = r
            r.screen = SweepSummary.ScreenFigures(readyOnAppearShare: 0.5, timeToFirstImage: 1, loadsCompleted: 9)
            return r
        }, budget: try SweepBudget(parsing: "bytes=2MB"), resamples: 50).first)
        #expect(working.paragraph.hasPrefix("Under lte"))
        guard case let .object(workingPairs) = working.json else { Issue.record("not an object"); return }
        #expect(workingPairs.first { $0.0 == "nothingWorks" }?.1 == .bool(false))
    }

    @Test func aCostNoLineCarriesIsRefusedByName() throws {
        #expect(try SweepBudget(parsing: "hitch=10ms/s").missing(in: Self.results) == "no sweep line has hitchTimeRatioMsPerS (the budget's hitch reads it)")
        let withHitch = Self.runs("eager", blank: 8, bytes: 1, joules: 1, extra: ["hitchTimeRatioMsPerS": 12])
        #expect(try SweepBudget(parsing: "hitch=10ms/s").missing(in: withHitch) == nil)
        let v = SweepBudgetVerdict.conditions(withHitch, budget: try SweepBudget(parsing: "hitch=10ms/s"), resamples: 50)[0]
        #expect(v.points[0].exceeds == ["hitch"] && v.points[0].costs["hitch"] == 12)
    }

    /// Bytes and the radio come from a modelled network: runs under a fixed latency write them as 0, which a
    /// budget refuses to read as within it (probe Z1's Z1-7: "0 kB, 0.00 J … within every budget").
    @Test func aNetworkCostWithoutANetworkIsRefused() throws {
        let fixed = Self.results.map { r -> SweepSummary.Result in
            var r = r
            r.factors["source"] = "latency 80 ms"
            return r
        }
        for budget in ["bytes=2MB", "energy=5J", "hitch=10ms/s,radio=1min"] {
            let missing = try SweepBudget(parsing: budget).missing(in: fixed)
            #expect(missing?.hasPrefix("no sweep line ran under a network") == true, "\(budget): \(missing ?? "nil")")
        }
        #expect(try SweepBudget(parsing: "bytes=2MB").missing(in: Self.results) == nil)
    }

    /// The costs weighed only when named (B-COST-1, B-COST-2): `overrun` (signed, over the runs with a frame in
    /// motion), `wasted`, `radio`, `redownloaded`. Unnamed, they change neither the Pareto set nor a paragraph.
    @Test func theCostsWeighedOnlyWhenNamed() throws {
        let b = try SweepBudget(parsing: "overrun=-2ms,wasted=1MB,radio=1.5min,redownloaded=300kB")
        #expect(b.limits.map(\.cost.name) == ["overrun", "wasted", "radio", "redownloaded"])
        #expect(b.limits.map(\.limit) == [-2, 1_000_000, 90, 300_000])
        #expect(throws: SweepBudget.Problem.self) { try SweepBudget(parsing: "wasted=-1MB") }
        #expect(throws: SweepBudget.Problem.self) { try SweepBudget(parsing: "overrun=2ms/s") }
        // Eager: frames 4 ms early at p99 in one session, none in motion in the other (no overrun: left out).
        // Prefetch: 3 ms late in both, and more wasted bytes.
        var eager = Self.runs("eager", blank: 8, bytes: 1_500_000, joules: 28, extra: ["wastedBytes": 10_000, "radioActiveSeconds": 20])
        eager[0].costs["frameOverrunMsP99"] = -4
        let prefetch = Self.runs("prefetch", blank: 2, bytes: 1_500_000, joules: 28,
                                 extra: ["wastedBytes": 400_000, "radioActiveSeconds": 20, "frameOverrunMsP99": 3])
        let results = eager + prefetch
        let unnamed = SweepBudgetVerdict.conditions(results, budget: try SweepBudget(parsing: "energy=40J"), resamples: 50)[0]
        #expect(unnamed.sweptCosts.map(\.name) == ["bytes", "energy", "memory"])
        #expect(unnamed.pareto.map(\.policy) == ["prefetch"])
        let overrun = SweepBudgetVerdict.conditions(results, budget: try SweepBudget(parsing: "overrun=0ms"), resamples: 50)[0]
        #expect(overrun.sweptCosts.map(\.name) == ["bytes", "energy", "memory", "overrun"])
        #expect(overrun.points.map { $0.costs["overrun"] } == [-4, 3])
        #expect(overrun.points.map(\.exceeds) == [[], ["overrun"]])
        #expect(overrun.recommended?.policy == "eager")
        #expect(overrun.binding.map(\.cost) == ["overrun"] && overrun.binding.map(\.policy.policy) == ["prefetch"])
        #expect(overrun.pareto.map(\.policy) == ["eager", "prefetch"])
        #expect(overrun.paragraph.contains("recommended eager (8.00 [8.00, 8.00] tile·s, 1500 kB, 28.00 J, 8.0 MB, -4.0 ms)"))
        let wasted = SweepBudgetVerdict.conditions(results, budget: try SweepBudget(parsing: "wasted=100kB,radio=30s"), resamples: 50)[0]
        #expect(wasted.points.map(\.exceeds) == [[], ["wasted"]])
        #expect(wasted.paragraph.contains("Binding: wasted — prefetch (6.00 tile·s less blank) needs 400 kB."))
        // A run without the partial cost leaves it weighed; a policy with no run of it leaves it out.
        var none = results
        for i in none.indices where none[i].policy == "eager" { none[i].costs["frameOverrunMsP99"] = nil }
        let unweighed = SweepBudgetVerdict.conditions(none, budget: try SweepBudget(parsing: "overrun=0ms"), resamples: 50)[0]
        #expect(!unweighed.sweptCosts.map(\.name).contains("overrun"))
    }

    /// A line's frame overrun may be negative (frames early) and null (no frame in motion); other metrics may not.
    @Test func aLineCarriesASignedOverrun() throws {
        let base = #"{"id":"eager|network=lte|cache=12|refresh=60|s0","gesture":"s0","policy":"eager","latencyMs":null,"network":"lte","cacheImages":12,"refresh":60,"loadsIssued":3,"loadsWasted":0,"blankTileSeconds":2.5,"networkBytes":1000,"#
        let early = try SweepResultLine.parse(base + #""frameOverrunMsP99":-12.5}"#).result
        #expect(early.frameOverrunMsP99 == -12.5 && early.costs["frameOverrunMsP99"] == -12.5)
        let still = try SweepResultLine.parse(base + #""frameOverrunMsP99":null}"#).result
        #expect(still.frameOverrunMsP99 == nil && still.costs["frameOverrunMsP99"] == nil)
        #expect(throws: SweepResultLine.Invalid.self) { try SweepResultLine.parse(base + #""wastedBytes":-1}"#) }
        #expect(throws: SweepResultLine.Invalid.self) { try SweepResultLine.parse(base + #""frameOverrunMsP99":-1e13}"#) }
    }

    /// The verdict's blank time is the wait for the image, a placeholder shown or not; the empty part is kept
    /// beside it (a preview drawn alike for every policy changes no verdict).
    @Test func aLineCarriesTheBudgetsColumnsAndItsWaitIsTheVerdictsBlank() throws {
        let line = #"{"id":"eager|network=lte|cache=12|refresh=60|s0","gesture":"s0","policy":"eager","latencyMs":null,"network":"lte","cacheImages":12,"refresh":60,"placeholder":"color","constrained":true,"loadsIssued":3,"loadsWasted":0,"blankTileSeconds":2.5,"emptyTileSeconds":0.5,"networkBytes":1000,"previewBytes":21,"radioJoules":3.5,"peakResidentBytes":100}"#
        let r = try SweepResultLine.parse(line).result
        #expect(r.blankTileSeconds == 2.5 && r.emptyTileSeconds == 0.5)
        // A report of swept placeholders shows the empty part; the rows without placeholders do not.
        var plain = r
        plain.factors["placeholder"] = nil
        #expect(SweepSummary.rows([r], resamples: 10).first?.emptyTileSeconds?.mean == 0.5)
        #expect(SweepSummary.rows([plain], resamples: 10).first?.emptyTileSeconds == nil)
        #expect(r.factors["placeholder"] == "color" && r.factors["constrained"] == "on")
        #expect(SweepBudget.value(SweepBudget.costs[0], of: r) == 1021)
        #expect(r.costs["radioJoules"] == 3.5 && r.costs["peakResidentBytes"] == 100)
    }
}
