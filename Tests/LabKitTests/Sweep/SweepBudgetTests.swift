import Testing
@testable import LabKit

/// B-SWEEP-3: budgets in units, the least blank policy within every budget, the budget that binds, and the
/// Pareto set over blank time and every swept cost.
@Suite struct SweepBudgetTests {
    /// Two sessions of `policy` under LTE, each with the same blank time, bytes, joules and memory.
    static func runs(_ policy: String, blank: Double, bytes: Double, joules: Double, memory: Double = 8e6,
                     extra: [String: Double] = [:]) -> [SweepSummary.Result] {
        (0..<2).map { k in
            var r = SweepSummary.Result(gesture: "s\(k)", policy: policy, factors: ["source": "lte", "cacheImages": "12"],
                                        blankTileSeconds: blank, loadsIssued: 10, loadsWasted: 0, networkBytes: bytes, radioJoules: joules)
            r.costs = ["networkBytes": bytes, "radioJoules": joules, "peakResidentBytes": memory].merging(extra) { $1 }
            return r
        }
    }

    static let results = runs("eager", blank: 8, bytes: 1_500_000, joules: 28)
        + runs("prefetch", blank: 2, bytes: 1_520_000, joules: 27.4, memory: 9e6)
        + runs("adaptive", blank: 1.9, bytes: 1_520_000, joules: 31)
        + runs("deferred", blank: 40, bytes: 1_300_000, joules: 31.5)

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

    @Test func aCostNoLineCarriesIsRefusedByName() throws {
        #expect(try SweepBudget(parsing: "hitch=10ms/s").missing(in: Self.results) == "no sweep line has hitchTimeRatioMsPerS (the budget's hitch reads it)")
        let withHitch = Self.runs("eager", blank: 8, bytes: 1, joules: 1, extra: ["hitchTimeRatioMsPerS": 12])
        #expect(try SweepBudget(parsing: "hitch=10ms/s").missing(in: withHitch) == nil)
        let v = SweepBudgetVerdict.conditions(withHitch, budget: try SweepBudget(parsing: "hitch=10ms/s"), resamples: 50)[0]
        #expect(v.points[0].exceeds == ["hitch"] && v.points[0].costs["hitch"] == 12)
    }

    @Test func aLineCarriesTheBudgetsColumnsAndItsEmptyTimeIsTheVerdictsBlank() throws {
        let line = #"{"id":"eager|network=lte|cache=12|refresh=60|s0","gesture":"s0","policy":"eager","latencyMs":null,"network":"lte","cacheImages":12,"refresh":60,"placeholder":"color","constrained":true,"loadsIssued":3,"loadsWasted":0,"blankTileSeconds":2.5,"emptyTileSeconds":0.5,"networkBytes":1000,"previewBytes":21,"radioJoules":3.5,"peakResidentBytes":100}"#
        let r = try SweepResultLine.parse(line).result
        #expect(r.blankTileSeconds == 0.5)
        #expect(r.factors["placeholder"] == "color" && r.factors["constrained"] == "on")
        #expect(SweepBudget.value(SweepBudget.costs[0], of: r) == 1021)
        #expect(r.costs["radioJoules"] == 3.5 && r.costs["peakResidentBytes"] == 100)
    }
}
