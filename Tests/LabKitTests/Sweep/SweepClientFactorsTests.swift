import Testing
@testable import LabKit

/// The placeholder, Low Data Mode (B-COST-2) and TLS as sweep factors: innermost, named in a line only when
/// set, and read back as factors whose defaults a report names when another line sets them.
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

    @Test func tlsIsInnermostNamedAfterTheHTTPVersionAndReadBack() throws {
        var plan = SweepPlan(policies: [.eager], sources: [.network(.threeG)], httpVersions: [.http1_1, .http2])
        plan.constrained = [false, true]
        plan.tls = [false, true]
        #expect(plan.configurations.map(\.id) == [
            "eager|network=3g|cache=12|refresh=60|connections=6|http=1.1",
            "eager|network=3g|cache=12|refresh=60|connections=6|http=1.1|tls",
            "eager|network=3g|cache=12|refresh=60|connections=6|http=1.1|constrained",
            "eager|network=3g|cache=12|refresh=60|connections=6|http=1.1|tls|constrained",
            "eager|network=3g|cache=12|refresh=60|connections=6|http=2",
            "eager|network=3g|cache=12|refresh=60|connections=6|http=2|tls",
            "eager|network=3g|cache=12|refresh=60|connections=6|http=2|constrained",
            "eager|network=3g|cache=12|refresh=60|connections=6|http=2|tls|constrained",
        ])
        let secure = plan.configurations[1]
        #expect(secure.tls && secure.json.map(\.0).suffix(2) == ["http", "tls"])
        #expect(secure.gridConfiguration().tls && !plan.configurations[0].gridConfiguration().tls)

        func line(_ extra: String, _ id: String) -> String {
            #"{"id":"eager|network=3g|cache=12|refresh=60|connections=6|http=1.1\#(id)|s0","gesture":"s0","policy":"eager","latencyMs":null,"network":"3g","cacheImages":12,"refresh":60,"connections":6,"http":"1.1"\#(extra),"loadsIssued":3,"loadsWasted":0,"blankTileSeconds":2}"#
        }
        let a = try SweepResultLine.parse(line("", "")).result
        let b = try SweepResultLine.parse(line(#","tls":true"#, "|tls")).result
        #expect(a.factors["tls"] == nil && b.factors["tls"] == "on")
        #expect(SweepSummary.coverage([a, b]).results.map { $0.factors["tls"] } == ["off", "on"])
        #expect(try SweepResultLine.parse(line(#","tls":false"#, "")).result.factors["tls"] == nil)
        #expect(throws: SweepResultLine.Invalid.self) { try SweepResultLine.parse(line(#","tls":"on""#, "|tls")) }
        #expect(SweepRecommendation.text([("tls", "on"), ("tls", "off")]) == "over TLS, cleartext")
    }

    /// A line written before the shared pipeline's factors ran their defaults: beside lines that name them
    /// it reads as 6 connections over HTTP/1.1, one condition with them, never a factor with an empty value.
    @Test func aLineFromBeforeConnectionsAndHTTPReadsAsTheirDefaults() throws {
        let old = try SweepResultLine.parse(#"{"id":"eager|network=3g|cache=12|refresh=60|s0","gesture":"s0","policy":"eager","latencyMs":null,"network":"3g","cacheImages":12,"refresh":60,"loadsIssued":3,"loadsWasted":0,"blankTileSeconds":2}"#).result
        let new = try SweepResultLine.parse(#"{"id":"eager|network=3g|cache=12|refresh=60|connections=6|http=2|s0","gesture":"s0","policy":"eager","latencyMs":null,"network":"3g","cacheImages":12,"refresh":60,"connections":6,"http":"2","loadsIssued":3,"loadsWasted":0,"blankTileSeconds":1}"#).result
        #expect(old.factors["connections"] == nil && old.factors["http"] == nil)
        let covered = SweepSummary.coverage([old, new])
        #expect(covered.results.map { $0.factors["connections"] } == ["6", "6"])
        #expect(covered.results.map { $0.factors["http"] } == ["1.1", "2"])
        #expect(covered.configurations == 2 && covered.comparedSessions == 1)
        // Alone, an old file is read as it always was.
        #expect(SweepSummary.coverage([old]).results[0].factors["connections"] == nil)
    }
}
