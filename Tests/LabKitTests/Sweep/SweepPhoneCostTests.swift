import Testing
@testable import LabKit

/// B-COST-1 in the sweep's verdicts: the phone's figures in the report, and `--recommend` ruling out a
/// critical hitch ratio and the memory limit, saying which constraint did.
@Suite struct SweepPhoneCostTests {
    /// Five sessions of `policy` on an iPhone SE under 3g.
    static func runs(_ policy: String, blank: Double, bytes: Double, hitch: Double, exceeded: [Double] = [0, 0, 0, 0, 0]) -> [SweepSummary.Result] {
        (0..<5).map { k in
            var r = SweepSummary.Result(gesture: "s\(k)", policy: policy, factors: ["source": "3g", "cacheImages": "12", "device": "iphone-se"],
                                        blankTileSeconds: blank + Double(k) * 0.01, loadsIssued: 10, loadsWasted: 0, networkBytes: bytes)
            r.hitchTimeRatioMsPerS = hitch + Double(k) * 0.1
            r.peakResidentBytes = 50_000_000
            r.memoryLimitExceeded = exceeded[k]
            return r
        }
    }

    /// The least blank time hitches critically (12 ms/s), the next passed the memory limit in one session:
    /// both are ruled out and named with their constraint; the cheap one is recommended.
    @Test func recommendNeverPicksAPolicyThePhoneRulesOut() throws {
        let results = Self.runs("prefetch", blank: 1, bytes: 900_000, hitch: 12)
            + Self.runs("eager", blank: 2, bytes: 800_000, hitch: 1, exceeded: [0, 1, 0, 0, 0])
            + Self.runs("deferred", blank: 9, bytes: 500_000, hitch: 0.5)
        let r = try #require(SweepRecommendation.conditions(results, resamples: 100).first)
        #expect(r.recommended.policy == "deferred")
        #expect(r.ruledOut.map(\.policy) == ["eager", "prefetch"])
        #expect(r.ruledOut.first { $0.policy == "prefetch" }?.reason.contains("critical") == true)
        #expect(r.ruledOut.first { $0.policy == "eager" }?.reason.contains("memory limit in 20%") == true)
        #expect(r.paragraph.contains("Ruled out on this phone: eager"))
        #expect(r.json["ruledOut"] != nil)
    }

    /// A budget's verdict keeps the phone's rule-outs: the same pick, the same last sentence as `--recommend`,
    /// and a policy the phone kept out is never called one a budget keeps out.
    @Test func aBudgetsVerdictSaysWhatThePhoneRulesOut() throws {
        let results = (Self.runs("prefetch", blank: 1, bytes: 900_000, hitch: 12)
            + Self.runs("eager", blank: 2, bytes: 800_000, hitch: 1, exceeded: [0, 1, 0, 0, 0])
            + Self.runs("deferred", blank: 9, bytes: 500_000, hitch: 0.5)).map { r in
            var r = r
            r.costs = ["networkBytes": r.networkBytes ?? 0]
            return r
        }
        let r = try #require(SweepRecommendation.conditions(results, resamples: 100).first)
        let v = try #require(SweepBudgetVerdict.conditions(results, budget: try SweepBudget(parsing: "bytes=1MB"), resamples: 100).first)
        #expect(v.recommended?.policy == "deferred")
        #expect(v.paragraph.hasSuffix(" " + r.ruledOutText) && r.ruledOutText.hasPrefix("Ruled out on this phone: eager"))
        #expect(v.paragraph.contains("No budget binds: no policy over a budget has less blank time."))
        // Prefetch, less blank, over a tighter budget, is the phone's to keep out: no budget binds, and the
        // paragraph says why rather than that no policy over a budget has less blank time.
        let tight = try #require(SweepBudgetVerdict.conditions(results, budget: try SweepBudget(parsing: "bytes=850kB"), resamples: 100).first)
        #expect(tight.recommended?.policy == "deferred" && tight.binding.isEmpty)
        #expect(tight.paragraph.contains("No budget binds: the policies over a budget with less blank time (prefetch) are ruled out by the phone (below)."))
    }

    /// Without the phone's figures nothing is ruled out and the paragraph reads as before.
    @Test func withoutThePhonesFiguresNothingIsRuledOut() throws {
        let results = Self.runs("prefetch", blank: 1, bytes: 900_000, hitch: 12).map { r -> SweepSummary.Result in
            var r = r
            r.hitchTimeRatioMsPerS = nil
            r.memoryLimitExceeded = nil
            return r
        }
        let r = try #require(SweepRecommendation.conditions(results, resamples: 100).first)
        #expect(r.ruledOut.isEmpty && !r.paragraph.contains("Ruled out"))
        #expect(r.json["ruledOut"] == nil)
    }

    /// The report's phone intervals come from a stream of their own (the other intervals stay), and only
    /// when the sweep modelled a phone.
    @Test func thePhonesIntervalsChangeNoOtherInterval() {
        let phone = Self.runs("eager", blank: 2, bytes: 800_000, hitch: 4)
        let plain = phone.map { r -> SweepSummary.Result in
            var r = r
            r.factors["device"] = nil
            return r
        }
        let a = SweepSummary.rows(phone, resamples: 200), b = SweepSummary.rows(plain, resamples: 200)
        let row = a.first { $0.policy == "eager" }
        #expect(abs((row?.phone?.hitchTimeRatioMsPerS.mean ?? 0) - 4.2) < 1e-9)
        #expect(row?.phone?.memoryLimitExceeded.mean == 0)
        #expect(b.allSatisfy { $0.phone == nil })
        #expect(a.map(\.blankTileSeconds) == b.map(\.blankTileSeconds) && a.map(\.networkBytes) == b.map(\.networkBytes))
    }

    /// The hitch ratio in Apple's band (B-HITCH-1): good under 5 ms/s, warning from 5 to under 10, critical
    /// from 10, of the ratio as printed (a tenth): the band agrees with the number beside it, and so does a
    /// rule-out; the window's meter draws the same bands.
    @Test func theHitchRatioInApplesBand() {
        #expect([0, 4.94, 4.975, 5, 7.5, 9.94, 9.96, 10, 10.04, 60].map { MainThreadMeter.band(ofRatio: $0) }
                == ["good", "good", "warning", "warning", "warning", "warning", "critical", "critical", "critical", "critical"])
        var point = SweepRecommendation.Point(policy: "p", sessions: 1, blankTileSeconds: .init(mean: 1, lower: 1, upper: 1),
                                              cost: .init(mean: 1, lower: 1, upper: 1), hitchTimeRatioMsPerS: 9.94, memoryLimitExceeded: 0)
        #expect(point.ruledOutBecause == nil)
        point.hitchTimeRatioMsPerS = 10
        #expect(point.ruledOutBecause == "hitch ratio 10.0 ms/s, critical (≥ 10)")
    }

    /// The report's phone figures (B-COST-1): the hitch ratio's band, the frame overrun p99 over the sessions
    /// with a frame in motion (one without is left out, not counted as 0), and what `--recommend` says of
    /// the recommended policy; none of it without a phone.
    @Test func theOverrunAndTheBandReachTheReportAndTheVerdict() throws {
        var eager = Self.runs("eager", blank: 2, bytes: 800_000, hitch: 6)
        for (k, overrun) in [-10.0, -8, nil, -6, -4].enumerated() { eager[k].frameOverrunMsP99 = overrun }
        for k in eager.indices { eager[k].costs["redownloadedBytes"] = Double(1000 * k) }
        let row = try #require(SweepSummary.rows(eager, resamples: 200).first { $0.policy == "eager" })
        #expect(row.phone?.frameOverrunMsP99?.mean == -7)
        #expect(row.phone?.redownloadedBytes?.mean == 2000)
        guard case let .object(pairs) = row.json else { Issue.record("not an object"); return }
        #expect(pairs.first { $0.0 == "hitchBand" }?.1 == .string("warning"))
        #expect(pairs.map(\.0).contains("frameOverrunMsP99") && pairs.map(\.0).contains("redownloadedBytes"))
        let r = try #require(SweepRecommendation.conditions(eager, resamples: 100).first)
        #expect(r.paragraph.contains(" On this phone, eager's hitch time ratio is 6.2 ms/s (warning) and its frame overrun p99 -7.0 ms."))
        #expect(r.json["phone"]?["eager"]?["hitchBand"] == .string("warning"))
        #expect(r.json["phone"]?["eager"]?["frameOverrunMsP99"] == .number(-7))
        // No frame in motion anywhere: no overrun, said so; no phone modelled: nothing said.
        let still = eager.map { r -> SweepSummary.Result in
            var r = r
            r.frameOverrunMsP99 = nil
            return r
        }
        #expect(SweepSummary.rows(still, resamples: 50).first?.phone?.frameOverrunMsP99 == nil)
        #expect(try #require(SweepRecommendation.conditions(still, resamples: 50).first).paragraph.contains(" On this phone no frame was in motion: no hitch or frame overrun to measure."))
        let plain = eager.map { r -> SweepSummary.Result in
            var r = r
            r.factors["device"] = nil
            return r
        }
        let unphoned = try #require(SweepRecommendation.conditions(plain, resamples: 50).first)
        #expect(!unphoned.paragraph.contains("On this phone") && unphoned.json["phone"] == nil)
    }

    /// A result line carries the phone's factors and figures; the id names the phone.
    @Test func aResultLineCarriesThePhone() throws {
        var condition = RunCondition(policy: .eager, source: .network(.threeG))
        condition.phone = PhoneCost(device: .iphoneSE, downsample: false, decodeOnMain: true, cacheBytes: 5_000_000)
        #expect(condition.id.hasSuffix("|device=iphone-se|downsample=off|decode=main|cacheBytes=5000000"))
        let line = JSONValue.object([("id", .string(condition.id + "|g")), ("gesture", .string("g"))] + condition.json
                                    + [("blankTileSeconds", .number(1)), ("loadsIssued", .number(2)), ("loadsWasted", .number(0)),
                                       ("hitchTimeRatioMsPerS", .number(7)), ("peakResidentBytes", .number(9e7)),
                                       ("memoryLimitExceeded", .number(1))])
        let parsed = try SweepResultLine.parse(line.serialized).result
        #expect(parsed.factors["device"] == "iphone-se" && parsed.factors["downsample"] == "off" && parsed.factors["decode"] == "main")
        #expect(parsed.factors["cacheBytes"] == "5000000")
        #expect(parsed.hitchTimeRatioMsPerS == 7 && parsed.peakResidentBytes == 9e7 && parsed.memoryLimitExceeded == 1)
    }
}
