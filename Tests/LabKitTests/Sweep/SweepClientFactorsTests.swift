import Testing
@testable import LabKit

/// The placeholder and Low Data Mode as sweep factors (B-COST-4/5): innermost, named in a line only when set,
/// and read back as factors whose defaults a report names when another line sets them.
@Suite struct SweepClientFactorsTests {
    @Test func theFactorsAreInnermostAndNamedOnlyWhenSet() {
        var plan = SweepPlan(policies: [.eager], sources: [.latency(80)])
        #expect(plan.configurations.map(\.id) == ["eager|latency=80|cache=12|refresh=60|connections=6|http=1.1"])
        plan.placeholders = [.none, .color]
        plan.constrained = [false, true]
        #expect(plan.configurations.map(\.id) == [
            "eager|latency=80|cache=12|refresh=60|connections=6|http=1.1",
            "eager|latency=80|cache=12|refresh=60|connections=6|http=1.1|constrained",
            "eager|latency=80|cache=12|refresh=60|connections=6|http=1.1|placeholder=color",
            "eager|latency=80|cache=12|refresh=60|connections=6|http=1.1|placeholder=color|constrained",
        ])
        let keys = plan.configurations.map { $0.json.map(\.0).suffix(2) }
        #expect(keys[0] == ["connections", "http"] && keys[3] == ["placeholder", "constrained"])
    }

    @Test func aReportNamesTheDefaultsWhereAnotherLineSetsTheFactor() throws {
        func line(_ extra: String, _ id: String) -> String {
            #"{"id":"eager|latency=80|cache=12|refresh=60\#(id)|s0","gesture":"s0","policy":"eager","latencyMs":80,"network":null,"cacheImages":12,"refresh":60\#(extra),"loadsIssued":3,"loadsWasted":0,"blankTileSeconds":2}"#
        }
        let a = try SweepResultLine.parse(line("", "")).result
        let b = try SweepResultLine.parse(line(#","placeholder":"thumbhash","constrained":true"#, "|placeholder=thumbhash|constrained")).result
        #expect(a.factors["placeholder"] == nil && b.factors["placeholder"] == "thumbhash" && b.factors["constrained"] == "on")
        let covered = SweepSummary.coverage([a, b]).results
        #expect(covered.map { $0.factors["placeholder"] } == ["none", "thumbhash"])
        #expect(covered.map { $0.factors["constrained"] } == ["off", "on"])
        #expect(SweepSummary.coverage([a]).results[0].factors["placeholder"] == nil)
        #expect(throws: SweepResultLine.Invalid.self) { try SweepResultLine.parse(line(#","placeholder":"blur""#, "")) }
    }
}
