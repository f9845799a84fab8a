import Testing
@testable import LabKit

/// B-SWEEP-2: bytes beside loads under a network, conditions never pooled, and the recommendation's rule.
@Suite struct SweepRecommendationTests {
    /// Sessions s0…s4 of `policy` under `source`: blank time and bytes (loads fixed at 10) around the given means;
    /// `reversed`: the sessions' wobble in the other order (s0 the largest), so its differences from an
    /// unreversed policy change sign from session to session.
    static func runs(_ policy: String, _ source: String, blank: Double, bytes: Double?, spread: Double = 0.1,
                     reversed: Bool = false) -> [SweepSummary.Result] {
        (0..<5).map { k in
            let wobble = 1 + spread * Double((reversed ? 4 - k : k) - 2) / 2
            return SweepSummary.Result(gesture: "s\(k)", policy: policy, factors: ["source": source, "cacheImages": "12"],
                                       blankTileSeconds: blank * wobble, loadsIssued: 10, loadsWasted: 0,
                                       networkBytes: bytes.map { $0 * wobble })
        }
    }

    /// One session has no spread: its intervals are its figures, and the paragraph says nothing is told apart
    /// rather than that every difference lies outside its interval (probe Z1's Z1-5).
    @Test func oneSessionTellsNothingApart() throws {
        let results = [Self.runs("eager", "3g", blank: 4, bytes: 200_000)[0], Self.runs("glide", "3g", blank: 6, bytes: 100_000)[0]]
        let c = try #require(SweepRecommendation.conditions(results, resamples: 200).first)
        #expect(c.paragraph.contains("(1 session, mean [95% interval])"))
        #expect(c.paragraph.hasSuffix("One session: its intervals are its figures, so no difference is told apart from chance; sweep more sessions."))
        #expect(!c.paragraph.contains("lies outside"))
    }

    /// Policies at the same point (a condition that does not tell them apart) are named together on the
    /// frontier, and no neighbour there "saves 0.00 tile·s for 0 kB more" (probe S's S12).
    @Test func policiesAtOnePointAreNamedTogether() throws {
        let results = Self.runs("eager", "3g", blank: 4.75, bytes: 166_000) + Self.runs("deferred", "3g", blank: 4.75, bytes: 166_000)
            + Self.runs("target", "3g", blank: 4.75, bytes: 166_000) + Self.runs("glide", "3g", blank: 6, bytes: 100_000)
        let c = try #require(SweepRecommendation.conditions(results, resamples: 200).first)
        #expect(c.frontier.count == 4)
        #expect(c.paragraph == "Under 3g, cache 12 images (5 sessions, mean [95% interval]), the frontier of blank time against bytes is "
                + "glide (6.00 [5.64, 6.36] tile·s, 100 [94, 107] kB) → eager = deferred = target (4.75 [4.47, 5.08] tile·s, 166 [158, 174] kB). "
                + "Recommended: eager, the least blank time on the frontier. glide saves 66 kB for 1.25 tile·s more blank time. "
                + "Not told apart from eager, session by session: deferred (blank time and bytes), target (blank time and bytes).")
    }

    @Test func bytesAreReportedOnlyForTheRowsOfANetwork() {
        let results = Self.runs("eager", "3g", blank: 5, bytes: 200_000) + Self.runs("eager", "latency 80 ms", blank: 1, bytes: nil)
        let rows = SweepSummary.rows(results, resamples: 200)
        let network = rows.first { $0.policy == "eager" && $0.value == "3g" }
        let latency = rows.first { $0.policy == "eager" && $0.value == "latency 80 ms" }
        #expect(network?.networkBytes?.mean == 200_000)
        #expect((network?.networkBytes?.lower ?? 0) < 200_000 && (network?.networkBytes?.upper ?? 0) > 200_000)
        #expect(latency != nil && latency?.networkBytes == nil)
    }

    @Test func bytesDoNotChangeTheOtherIntervals() {
        let with = Self.runs("eager", "3g", blank: 5, bytes: 200_000)
        let without = with.map { r -> SweepSummary.Result in
            var r = r
            r.networkBytes = nil
            return r
        }
        let a = SweepSummary.rows(with, resamples: 200), b = SweepSummary.rows(without, resamples: 200)
        #expect(a.map(\.blankTileSeconds) == b.map(\.blankTileSeconds) && a.map(\.loadsIssued) == b.map(\.loadsIssued))
    }

    /// B-COST-2: the radio's joules get their interval where every run has them, from a stream of their
    /// own, so the other intervals (bytes included) stay what they were; a line without them gives none.
    @Test func radioJoulesAreReportedWhereEveryRunHasThemAndChangeNothingElse() {
        let plain = Self.runs("eager", "3g", blank: 5, bytes: 200_000)
        let energy = plain.enumerated().map { k, r -> SweepSummary.Result in
            var r = r
            r.radioJoules = [30, 32, 34, 36, 38][k]
            return r
        }
        let a = SweepSummary.rows(energy, resamples: 200), b = SweepSummary.rows(plain, resamples: 200)
        let row = a.first { $0.policy == "eager" }
        #expect(row?.radioJoules?.mean == 34)
        #expect((row?.radioJoules?.lower ?? 0) >= 30 && (row?.radioJoules?.upper ?? 99) <= 38)
        #expect((row?.radioJoules?.lower ?? 0) < 34 && (row?.radioJoules?.upper ?? 0) > 34)
        #expect(b.allSatisfy { $0.radioJoules == nil })
        #expect(a.map(\.blankTileSeconds) == b.map(\.blankTileSeconds) && a.map(\.networkBytes) == b.map(\.networkBytes))
        var partial = energy
        partial[0].radioJoules = nil
        #expect(SweepSummary.rows(partial, resamples: 200).first { $0.policy == "eager" }?.radioJoules == nil)
    }

    @Test func eachConditionHasItsOwnFrontierAndRecommendation() throws {
        // Under 3g: cheap is dominated by nothing and cheapest; fast saves much blank time for more bytes;
        // close is cheaper, and blanker than fast in some sessions and less blank in others (its 0.1 tile·s
        // more on average is not told apart, session by session), so it is recommended; waste is dominated.
        let results = Self.runs("cheap", "3g", blank: 20, bytes: 100_000) + Self.runs("close", "3g", blank: 5.1, bytes: 200_000, reversed: true)
            + Self.runs("fast", "3g", blank: 5, bytes: 400_000) + Self.runs("waste", "3g", blank: 21, bytes: 500_000)
            + Self.runs("cheap", "latency 80 ms", blank: 1, bytes: nil) + Self.runs("fast", "latency 80 ms", blank: 3, bytes: nil)
        let conditions = SweepRecommendation.conditions(results, resamples: 400)
        #expect(conditions.count == 2, "one per source, never pooled")
        let threeG = try #require(conditions.first { $0.condition.contains { $0.value == "3g" } })
        #expect(threeG.costName == "bytes")
        #expect(threeG.frontier.map(\.policy) == ["cheap", "close", "fast"])
        #expect(threeG.recommended.policy == "close")
        #expect(threeG.nextLessBlank?.policy == "fast" && threeG.nextCheaper?.policy == "cheap")
        #expect(threeG.withinIntervals.map(\.policy) == ["fast"] && threeG.withinIntervals.first?.figures == ["blank time"])
        #expect(threeG.paragraph.hasPrefix("Under 3g, cache 12 images (5 sessions"))
        #expect(threeG.paragraph.contains("Recommended: close, the cheapest whose blank time the sweep cannot tell from fast's "
                                          + "(session by session, the 95% interval of the difference holds 0)."))
        #expect(threeG.paragraph.hasSuffix("Not told apart from close, session by session: fast (blank time)."))
        #expect(threeG.paragraph.contains("The next on the frontier, fast, saves 0.10 tile·s of blank time for 200 kB more."))
        // Without a network the cost is loads; equal loads, so the least blank time dominates.
        let latency = try #require(conditions.first { $0.condition.contains { $0.value == "latency 80 ms" } })
        #expect(latency.costName == "loads" && latency.frontier.map(\.policy) == ["cheap"] && latency.recommended.policy == "cheap")
    }

    /// The rule pairs the sessions: a policy blanker than the least blank one in every session is told
    /// apart from it, however wide each one's own interval (the sessions differ more from one another than
    /// the policies do). Unpaired, `close`'s mean lies within `fast`'s interval; paired, every difference is
    /// +2% of the session's blank time.
    @Test func aPolicyBlankerInEverySessionIsToldApart() throws {
        let results = Self.runs("close", "3g", blank: 5.1, bytes: 200_000, spread: 0.8)
            + Self.runs("fast", "3g", blank: 5, bytes: 400_000, spread: 0.8)
        let c = try #require(SweepRecommendation.conditions(results, resamples: 400).first)
        let fast = try #require(c.points.first { $0.policy == "fast" }), close = try #require(c.points.first { $0.policy == "close" })
        #expect(close.blankTileSeconds.mean <= fast.blankTileSeconds.upper)
        #expect(c.recommended.policy == "fast")
        #expect(c.paragraph.contains("Recommended: fast, the least blank time on the frontier."))
        #expect(c.withinIntervals.isEmpty)
        #expect(c.paragraph.hasSuffix("Every difference from it on the frontier, session by session, lies outside its 95% interval."))
    }

    /// A sweep on several threads writes its lines as they finish: the same results in another order give
    /// the same report, to the last digit of every interval.
    @Test func theReportDoesNotDependOnTheOrderOfTheLines() {
        let results = Self.runs("cheap", "3g", blank: 20, bytes: 100_000, spread: 0.4) + Self.runs("fast", "3g", blank: 5, bytes: 400_000, spread: 0.6)
            + Self.runs("cheap", "edge", blank: 30, bytes: 90_000, spread: 0.5) + Self.runs("fast", "edge", blank: 9, bytes: 300_000, spread: 0.3)
        var rng = SplitMix64(seed: 7)
        var shuffled = results
        shuffled.shuffle(using: &rng)
        #expect(shuffled.map(\.gesture) != results.map(\.gesture))
        #expect(SweepSummary.rows(shuffled, resamples: 300) == SweepSummary.rows(results, resamples: 300))
        #expect(SweepRecommendation.conditions(shuffled, resamples: 300).map(\.paragraph)
                == SweepRecommendation.conditions(results, resamples: 300).map(\.paragraph))
        #expect(SweepRecommendation.conditions(results.reversed(), resamples: 300).map(\.paragraph)
                == SweepRecommendation.conditions(results, resamples: 300).map(\.paragraph))
    }

    @Test func fixedDecimalsRound() {
        #expect(SweepRecommendation.fixed(2.005, 2) == "2.01" || SweepRecommendation.fixed(2.005, 2) == "2.00")
        #expect(SweepRecommendation.fixed(13.678, 0) == "14")
        #expect(SweepRecommendation.fixed(-0.25, 1) == "-0.3" || SweepRecommendation.fixed(-0.25, 1) == "-0.2")
        #expect(SweepRecommendation.fixed(0.05, 2) == "0.05")
        #expect(SweepRecommendation.fixed(-0.001, 2) == "0.00")
    }
}
