import Testing
@testable import LabKit

/// A report numbers each result's run (session and factors) and configuration (policy and factors) once,
/// in the order first met, as the key strings it replaced grouped them.
@Suite struct SweepSummaryNumberingTests {
    static func result(_ gesture: String, _ policy: String, _ factors: [String: String]) -> SweepSummary.Result {
        SweepSummary.Result(gesture: gesture, policy: policy, factors: factors, blankTileSeconds: 1, loadsIssued: 1, loadsWasted: 0)
    }

    @Test func runsAndConfigurationsAreNumberedInTheOrderFirstMet() {
        let lte = ["source": "lte"], edge = ["source": "edge"]
        // A factor the report does not break down by groups as if absent, as in the keys it replaced.
        let lteAndMore = ["source": "lte", "notAFactor": "x"]
        let results = [Self.result("s1", "eager", lte), Self.result("s1", "adaptive", lte), Self.result("s1", "eager", edge),
                       Self.result("s2", "eager", lte), Self.result("s2", "adaptive", lteAndMore), Self.result("s2", "eager", edge)]
        let numbering = SweepSummary.Numbering(results)
        #expect(numbering.run == [0, 0, 1, 2, 2, 3])
        #expect(numbering.configuration == [0, 1, 2, 0, 1, 2])
        #expect(numbering.configurations == 3)
        func key(_ session: String, _ source: String) -> SweepSummary.RunKey {
            SweepSummary.RunKey(session: session, values: SweepSummary.factorNames.map { $0 == "source" ? source : "" })
        }
        #expect(numbering.runKeys == [key("s1", "lte"), key("s1", "edge"), key("s2", "lte"), key("s2", "edge")])
        #expect(numbering.factorSets == [lte, edge, lteAndMore])
    }

    @Test func aDefaultedFactorIsNamedWhereSomeResultNamesIt() {
        let results = [Self.result("s1", "eager", ["source": "lte"]), Self.result("s1", "eager", ["source": "lte", "placeholder": "color"]),
                       Self.result("s2", "eager", ["source": "lte"])]
        let named = SweepSummary.namingDefaults(results)
        #expect(named.map(\.factors) == [["source": "lte", "placeholder": "none"], ["source": "lte", "placeholder": "color"],
                                          ["source": "lte", "placeholder": "none"]])
        // No result names a defaulted factor: nothing changes.
        let plain = [Self.result("s1", "eager", ["source": "lte"])]
        #expect(SweepSummary.namingDefaults(plain).map(\.factors) == [["source": "lte"]])
        let coverage = SweepSummary.coverage(results)
        #expect(coverage.configurations == 2 && coverage.comparedSessions == 1 && coverage.leftOut.map(\.session) == ["s2"])
    }

    /// Session names are names, whatever they hold: one that starts with another and a control character
    /// (the separator the run keys were once joined with) is a session of its own in the bounds' rows, and
    /// its runs sort apart from the other's.
    @Test func aNameHoldingAControlCharacterIsASessionOfItsOwn() {
        var results: [SweepSummary.Result] = []
        for (gesture, minLoads) in [("a", 10.0), ("a\u{1}lte", 30.0), ("a\u{0}", 50.0)] {
            for source in ["lte", "edge"] {
                results.append(SweepSummary.Result(gesture: gesture, policy: "eager", factors: ["source": source], blankTileSeconds: 1,
                                                   loadsIssued: minLoads, loadsWasted: 0, boundMinLoads: minLoads))
            }
        }
        let rows = SweepSummary.rows(results, resamples: 100, factors: ["all"])
        let bound = rows.first { $0.policy == "bound-min-loads" }!
        #expect(bound.sessions == 3)
        #expect(bound.loadsIssued.mean == 30)
        // The keys sort by session, then by the values: a name's runs stay together.
        let numbering = SweepSummary.Numbering(results)
        let sessions = numbering.runKeys.indices.sorted { numbering.runKeys[$0] < numbering.runKeys[$1] }.map { numbering.runKeys[$0].session }
        #expect(sessions == ["a", "a", "a\u{0}", "a\u{0}", "a\u{1}lte", "a\u{1}lte"])
    }
}
