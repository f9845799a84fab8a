import Foundation
import Testing
import ScrollKit
@testable import LabKit

/// Result lines are checked before they are resumed from, merged or reported; a report compares
/// policies on the sessions every configuration ran (B-BATCH-1).
@Suite struct SweepResultLineTests {
    /// A result line as a sweep writes it (the configuration's keys, then metrics).
    func line(_ c: SweepPlan.Configuration, gesture: String, blank: Double = 1.5, loads: Double = 40, extra: [(String, JSONValue)] = []) -> String {
        var pairs: [(String, JSONValue)] = [("id", .string(SweepPlan.id(c, gesture: gesture))), ("gesture", .string(gesture))]
        pairs += c.json
        pairs += [("blankTileSeconds", .number(blank)), ("loadsIssued", .number(loads)), ("loadsWasted", .number(2)), ("boundMinLoads", .int(30))]
        pairs += extra
        return JSONValue.object(pairs).serialized
    }

    let eager80 = SweepPlan.Configuration(policy: .eager, source: .latency(80), cacheImages: 12, refresh: 60)
    let adaptive3g = SweepPlan.Configuration(policy: .adaptive, source: .network(.threeG), cacheImages: 6, refresh: 120)

    @Test func aValueGivenTwiceRunsOnce() {
        let plan = SweepPlan(policies: [.eager, .eager, .deferred], sources: [.latency(80), .latency(80.0), .latency(8e1), .network(.threeG), .network(.threeG)],
                             cacheImages: [12, 12], refreshRates: [60, 60.0])
        #expect(plan.policies.map(\.kind) == [.eager, .deferred])
        #expect(plan.sources == [.latency(80), .network(.threeG)])
        #expect(plan.cacheImages == [12] && plan.refreshRates == [60])
        #expect(plan.configurations.count == 4 && Set(plan.configurations.map(\.id)).count == 4)
    }

    @Test func aSweepsOwnLineIsAResultWithItsFactors() throws {
        let (id, result) = try SweepResultLine.parse(line(adaptive3g, gesture: "session-00003"))
        #expect(id == "adaptive|network=3g|cache=6|refresh=120|connections=6|http=1.1|session-00003")
        #expect(result.gesture == "session-00003" && result.policy == "adaptive")
        #expect(result.factors == ["source": "3g", "cacheImages": "6", "refresh": "120", "connections": "6", "http": "1.1"])
        #expect(result.blankTileSeconds == 1.5 && result.loadsIssued == 40 && result.boundMinLoads == 30 && result.oracleBlankTileSeconds == nil)
        #expect(try SweepResultLine.parse(line(eager80, gesture: "g")).result.factors["source"] == "latency 80 ms")
    }

    /// A run stopped at the replay's cap says `"settled":false`; a line without the key settled.
    @Test func aRunThatNeverSettledIsReadAsSuch() throws {
        #expect(try SweepResultLine.parse(line(eager80, gesture: "g")).result.isSettled)
        #expect(try !SweepResultLine.parse(line(eager80, gesture: "g", extra: [("settled", .bool(false))])).result.isSettled)
        #expect(throws: SweepResultLine.Invalid(reason: "settled must be true or false")) {
            try SweepResultLine.parse(line(eager80, gesture: "g", extra: [("settled", .number(0))]))
        }
    }

    @Test func whatIsNotAResultIsRefusedWithItsReason() {
        let whole = line(eager80, gesture: "g")
        func reason(_ text: String) -> String? {
            do { _ = try SweepResultLine.parse(text); return nil } catch { return error.reason }
        }
        #expect(reason(#"{"id":"x"}"#) == "it has no gesture")
        #expect(reason(String(whole.prefix(whole.count / 2)))?.hasPrefix("not JSON") == true)   // a line torn in two
        #expect(reason("[1,2]") == "not a JSON object")
        #expect(reason(whole.replacingFirst("\"id\":\"eager|", with: "\"id\":\"deferred|"))?.contains("is not its policy") == true)
        #expect(reason(whole.replacingFirst("\"network\":null", with: "\"network\":\"3g\""))?.contains("one image source") == true)
        #expect(reason(whole.replacingFirst("\"loadsIssued\":40", with: "\"loadsIssued\":-1")) == "loadsIssued must be a finite number ≥ 0")
        #expect(reason(whole.replacingFirst("\"blankTileSeconds\":1.5", with: "\"blankTileSeconds\":null")) == "blankTileSeconds must be a finite number ≥ 0")
        #expect(reason(whole.replacingFirst("\"cacheImages\":12", with: "\"cacheImages\":1.5")) == "cacheImages must be a whole number ≥ 1")
        #expect(reason(whole.replacingFirst("\"refresh\":60", with: "\"refresh\":0")) == "refresh must be a number above 0")
        #expect(reason(line(eager80, gesture: "g", extra: [("futureColumn", .string("kept"))])) == nil)
        // Above 1e12 no session reaches: refused, so no report's sum can overflow.
        #expect(reason(line(eager80, gesture: "g", blank: 1e308)) == "blankTileSeconds is 1e+308, above 1e12: no session reaches it")
        #expect(reason(line(adaptive3g, gesture: "g", extra: [("networkBytes", .number(2e12))]))?.hasPrefix("networkBytes is") == true)
        #expect(reason(line(eager80, gesture: "g", blank: 1e12, loads: 1e12)) == nil)
    }

    @Test func aReportComparesOnlyTheSessionsEveryConfigurationRan() throws {
        // eager ran s1…s4; adaptive (a killed sweep) only s1 and s2.
        var results: [SweepSummary.Result] = []
        for s in ["s1", "s2", "s3", "s4"] { results.append(try SweepResultLine.parse(line(eager80, gesture: s, blank: 1)).result) }
        for s in ["s1", "s2"] { results.append(try SweepResultLine.parse(line(adaptive3g, gesture: s, blank: 2)).result) }
        let coverage = SweepSummary.coverage(results)
        #expect(coverage.configurations == 2 && coverage.sessions == 4 && coverage.comparedSessions == 2)
        #expect(coverage.leftOut.map(\.session) == ["s3", "s4"] && coverage.leftOut.map(\.configurations) == [1, 1])
        #expect(coverage.results.count == 4 && Set(coverage.results.map(\.gesture)) == ["s1", "s2"])
        let rows = SweepSummary.rows(coverage.results, resamples: 10, factors: ["all"]).filter { !$0.isBound }
        #expect(rows.map(\.sessions) == [2, 2])
        // Full coverage leaves everything in.
        #expect(SweepSummary.coverage(Array(results.prefix(4))).leftOut.isEmpty)
    }
}

private extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
