import Testing
import ScrollKit
import ScrollKitTestSupport
@testable import LabKit

/// B-FEED-1 and B-SWEEP-2: one verdict, one rule, one unit — `feed verdict` and every output of `sweep
/// report` (table, `--json`, `--html`, `--recommend`, `--budget`) decide alike and print the same interval
/// for the same cell, blank time in tile·s.
@Suite struct FeedVerdictTests {
    /// Six sessions of `policy` in one condition (3G, a feed laid out as a masonry): blank time and bytes
    /// rising by `step` and 10 kB a session from the given first values (`fallingBlank`: blank time falling
    /// by `step` from the last session's instead, the same values in the other order).
    static func runs(_ policy: String, blank: Double, step: Double = 1, bytes: Double, fallingBlank: Bool = false) -> [SweepSummary.Result] {
        (0..<6).map { k in
            var r = SweepSummary.Result(gesture: "s\(k)", policy: policy,
                                        factors: ["source": "3g", "cacheImages": "12", "refresh": "60", "connections": "6", "http": "1.1",
                                                  "feed": "mine.jsonl", "layout": "masonry"],
                                        blankTileSeconds: blank + step * Double(fallingBlank ? 5 - k : k), loadsIssued: 40 + Double(k), loadsWasted: 2,
                                        networkBytes: bytes + 10_000 * Double(k), radioJoules: 20 + Double(k))
            r.hitchTimeRatioMsPerS = 2
            r.peakResidentBytes = 5e6
            r.memoryLimitExceeded = 0
            r.costs = ["networkBytes": r.networkBytes!, "radioJoules": r.radioJoules!]
            return r
        }
    }

    /// Eager is blank least (32.5 tile·s) but moves the most of the frontier; Target (33.0) is cheaper, and
    /// blanker than Eager in some sessions, less in others (not told apart); Deferred is cheapest and far
    /// blanker; Adaptive is dominated by Eager.
    static let results = runs("eager", blank: 30, bytes: 2_000_000) + runs("deferred", blank: 40, step: 2, bytes: 1_500_000)
        + runs("target", blank: 30.5, bytes: 1_800_000, fallingBlank: true) + runs("adaptive", blank: 31, bytes: 2_500_000)

    @Test func feedVerdictAndEveryReportOutputDecideAlikeAndPrintTheSameIntervals() throws {
        let verdict = FeedVerdict.judge(Self.results, layout: .masonry)
        let recommend = try #require(SweepRecommendation.conditions(Self.results).first)
        let budget = try #require(SweepBudgetVerdict.conditions(Self.results, budget: try SweepBudget(parsing: "bytes=1.9MB")).first)
        let table = SweepSummary.rows(Self.results)
        let page = SweepReportPage(title: "t", rows: table.map(\.json), conditions: [recommend]).html

        // One decision: Target, by the frontier rule, in the feed verdict, --recommend and --budget alike.
        #expect(recommend.frontier.map(\.policy) == ["deferred", "target", "eager"])
        #expect(recommend.recommended.policy == "target")
        #expect(verdict.recommendation?.recommended.policy == "target")
        #expect(verdict.rows.filter(\.isRecommended).map(\.policy) == [.target])
        #expect(budget.recommended?.policy == "target")
        #expect(recommend.paragraph.contains("Recommended: target, the cheapest whose blank time the sweep cannot tell from eager's "
                                             + "(session by session, the 95% interval of the difference holds 0)."))
        #expect(verdict.recommendation?.paragraph == recommend.paragraph)

        // One interval per cell, whichever output prints it.
        #expect(table.map(\.factor) == Array(repeating: "all", count: 4))
        for policy in ["eager", "deferred", "target", "adaptive"] {
            let runs = Self.results.filter { $0.policy == policy }
            let row = try #require(table.first { $0.policy == policy })
            let feedRow = try #require(verdict.rows.first { $0.policy.rawValue == policy })
            let point = try #require(recommend.points.first { $0.policy == policy })
            let budgetPoint = try #require(budget.points.first { $0.policy == policy })
            #expect(feedRow.perSession == row, "\(policy): feed verdict's row is the report's")
            #expect(point.blankTileSeconds == row.blankTileSeconds && budgetPoint.blankTileSeconds == row.blankTileSeconds)
            #expect(point.cost == row.networkBytes)
            #expect(row.blankTileSeconds == SweepSummary.bootstrap(runs.map(\.blankTileSeconds), resamples: 1000))
            #expect(row.radioJoules == SweepSummary.bootstrap(runs.map { $0.radioJoules! }, resamples: 1000))
            guard case let .object(pairs) = feedRow.json else { Issue.record("not an object"); continue }
            #expect(pairs.first { $0.0 == "blankTileSeconds" }?.1 == row.blankTileSeconds.json)
            #expect(pairs.first { $0.0 == "perSession" }?.1 == row.json, "\(policy): feed verdict --json carries sweep report --json's line")
            let b = row.blankTileSeconds
            #expect(page.contains("data-key=\"blankTileSeconds\" data-mean=\"\(SweepReportPage.number(b.mean))\" "
                                  + "data-lo=\"\(SweepReportPage.number(b.lower))\" data-hi=\"\(SweepReportPage.number(b.upper))\""))
            #expect(page.contains("data-policy=\"\(policy)\" data-blank=\"\(SweepReportPage.number(b.mean))\""))
        }
        // Printed: the frontier's points in the paragraph as the tables print them.
        let target = try #require(table.first { $0.policy == "target" })
        #expect(recommend.paragraph.contains("target (" + target.blankTileSeconds.text(2) + " tile·s, "
                                             + target.networkBytes!.text(0, divisor: 1000) + " kB)"))
        #expect(budget.paragraph.contains("recommended target (" + target.blankTileSeconds.text(2) + " tile·s"))

        // Exact values on this data: the means, and the intervals of the one bootstrap.
        #expect(target.blankTileSeconds.mean == 33 && target.networkBytes?.mean == 1_825_000 && target.radioJoules?.mean == 22.5)
        #expect(target.blankTileSeconds.text(2) == "33.00 [31.67, 34.33]")
        #expect(target.networkBytes!.text(0, divisor: 1000) == "1825 [1812, 1838]")
        let eager = try #require(table.first { $0.policy == "eager" }).blankTileSeconds.text(2)
        #expect(eager == "32.50 [31.33, 33.83]")
        #expect(verdict.rows.map(\.networkBytes) == [12_150_000, 9_150_000, 10_950_000, 15_150_000])
        #expect(verdict.rows.map(\.loads) == [255, 255, 255, 255])
    }

    /// B-COST-1 in the feed's verdict: each row's hitch ratio with its Apple band, and its frame overrun p99,
    /// the mean over the gestures with a frame in motion (null when none had one).
    @Test func aRowSaysTheHitchBandAndTheOverrun() throws {
        let results = Self.results.map { r -> SweepSummary.Result in
            var r = r
            r.frameOverrunMsP99 = r.policy == "deferred" ? nil : r.gesture == "s0" ? nil : -Double(r.gesture.dropFirst())!
            return r
        }
        let rows = FeedVerdict.judge(results, layout: .masonry).rows
        let eager = try #require(rows.first { $0.policy == .eager })
        #expect(eager.frameOverrunMsP99 == -3)   // -(1 + 2 + 3 + 4 + 5) / 5: s0 had no frame in motion
        #expect(rows.first { $0.policy == .deferred }?.frameOverrunMsP99 == nil)
        #expect(eager.json["hitchBand"] == .string("good") && eager.json["frameOverrunMsP99"] == .number(-3))
        #expect(rows.first { $0.policy == .deferred }?.json["frameOverrunMsP99"] == .null)
    }

    /// B-FEED-2: `feed verdict --json` says when nothing works, as its text does first.
    @Test func theJSONSaysWhenNothingWorks() {
        func judged(ready: Double) -> [JSONValue] {
            FeedVerdict.judge(Self.results.map { r in
                var r = r
                r.screen = SweepSummary.ScreenFigures(readyOnAppearShare: ready, timeToFirstImage: 20, loadsCompleted: 3)
                return r
            }, layout: .masonry).jsonLines
        }
        for (ready, expected) in [(0.05, true), (0.4, false)] {
            let lines = judged(ready: ready)
            #expect(lines.count == 4)
            for line in lines {
                guard case let .object(pairs) = line else { Issue.record("not an object"); continue }
                #expect(pairs.first { $0.0 == "nothingWorks" }?.1 == .bool(expected))
            }
        }
        // Lines written before the screen's figures were kept say nothing either way.
        for line in FeedVerdict.judge(Self.results, layout: .masonry).jsonLines {
            guard case let .object(pairs) = line else { Issue.record("not an object"); continue }
            #expect(!pairs.contains { $0.0 == "nothingWorks" })
        }
    }

    /// The bootstrap is keyed by the data: an interval does not depend on which other figures, policies or
    /// conditions are reported beside it (they drew from one stream before).
    @Test func anIntervalDependsOnItsDataAlone() {
        let alone = SweepSummary.rows(Self.runs("eager", blank: 30, bytes: 2_000_000)).first { $0.policy == "eager" }
        let among = SweepSummary.rows(Self.results).first { $0.policy == "eager" }
        #expect(alone?.blankTileSeconds == among?.blankTileSeconds && alone?.networkBytes == among?.networkBytes)
        #expect(alone?.radioJoules == among?.radioJoules)
        let values = [0.3, 1.7, 2.2, 5.9, 8.1, 13.4, 0.05, 7.7]
        #expect(SweepSummary.bootstrap(values, resamples: 1000) == SweepSummary.bootstrap(values, resamples: 1000))
        #expect(SweepSummary.bootstrap(values, resamples: 1000) != SweepSummary.bootstrap(values, resamples: 1000, seed: 2))
        #expect(SweepSummary.bootstrap([3], resamples: 100) == SweepSummary.Interval(mean: 3, lower: 3, upper: 3))
        #expect(SweepSummary.bootstrapSeed([0], seed: 1) == SweepSummary.bootstrapSeed([-0.0], seed: 1))
    }

    /// Real runs: the feed verdict's results are the lines `sweep run` writes for them, so `sweep report
    /// --recommend` on those lines gives the same recommendation and intervals.
    @Test func theVerdictIsTheSweepsOnTheSameRuns() throws {
        let fling = SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -2500), duration: 0.1, at: 0)
        let slow = SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -600), duration: 0.3, at: 0)
        let gestures = [(name: "fling", events: fling), (name: "slow", events: slow)]
        let feed = FeedGenerator(layout: .list, seed: 2).feed(count: 120)
        let condition = RunCondition(policy: .adaptive, source: .network(.threeG))
        let verdict = FeedVerdict(condition: condition).layout(feed: feed, feedName: "list.jsonl", layout: .list, gestures: gestures,
                                                               policies: [.eager, .deferred, .target])
        #expect(verdict.rows.map(\.policy) == [.eager, .deferred, .target])
        #expect(verdict.rows.filter(\.isRecommended).count == 1)
        #expect(verdict.rows.allSatisfy { $0.networkBytes > 0 && $0.blankScreenSeconds >= 0 && $0.perSession?.sessions == 2 })

        var plan = SweepPlan(policies: [.eager, .deferred, .target], sources: [.network(.threeG)])
        plan.feed = "list.jsonl"
        plan.layouts = [.list]
        let sweep = SweepRun(plan: plan, gestures: gestures.map(\.name), feed: feed)
        var lines: [SweepSummary.Result] = []
        for gesture in gestures {
            for configuration in plan.configurations {
                lines.append(try SweepResultLine.parse(sweep.line(configuration, gesture: gesture.name, events: gesture.events).serialized).result)
            }
        }
        let recommend = try #require(SweepRecommendation.conditions(lines).first)
        #expect(verdict.recommendation?.paragraph == recommend.paragraph)
        #expect(verdict.rows.first(where: \.isRecommended)?.policy.rawValue == recommend.recommended.policy)
        #expect(verdict.rows.map(\.perSession) == SweepSummary.rows(lines).filter { !$0.isBound })
        // --json: every row carries the layout's nothingWorks, `--recommend --json`'s for the same runs.
        guard case let .object(recommendPairs) = recommend.json else { Issue.record("not an object"); return }
        let nothingWorks = try #require(recommendPairs.first { $0.0 == "nothingWorks" }?.1)
        #expect(verdict.jsonLines.count == verdict.rows.count)
        for line in verdict.jsonLines {
            guard case let .object(pairs) = line else { Issue.record("not an object"); continue }
            #expect(pairs.first { $0.0 == "nothingWorks" }?.1 == nothingWorks)
        }
    }
}
