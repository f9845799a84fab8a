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
        let blanks = String(repeating: "\u{1}", count: SweepSummary.factorNames.count - 1)
        #expect(numbering.runKeys == ["s1\u{1}lte" + blanks, "s1\u{1}edge" + blanks, "s2\u{1}lte" + blanks, "s2\u{1}edge" + blanks])
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
}
