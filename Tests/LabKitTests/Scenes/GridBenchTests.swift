import Testing
@testable import ScrollKit
import LabKit
import ScrollKitTestSupport

@Suite struct GridBenchTests {
    /// Two flings down, one back up: a gesture with decelerations and a reversal.
    var flings: [PointerEvent] {
        SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -3000), duration: 0.1, at: 0)
            + SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -2500), duration: 0.1, at: 4.5)
            + SyntheticGesture.drag(from: Point(x: 160, y: 100), velocity: Point(x: 0, y: 2500), duration: 0.1, at: 9)
    }

    @Test func policiesMeetTheIssueFourRequirementsOnFlings() {
        let rows = GridBench().rows(flings)
        #expect(rows.map(\.policy) == LoadingPolicyKind.allCases.map(\.rawValue) + ["bound-min-loads", "bound-oracle"])
        let m = Dictionary(uniqueKeysWithValues: rows.map { ($0.policy, $0.metrics) })
        for row in rows {
            #expect(row.metrics.staleFrames == 0)
            #expect(row.metrics.cacheHitFades == 0)
        }
        #expect(m["deferred"]!.loadsIssued < m["eager"]!.loadsIssued)
        #expect(m["target"]!.blankTileSeconds < m["deferred"]!.blankTileSeconds)
        let adaptive = m["adaptive"]!
        #expect(adaptive.blankTileSeconds < m["target"]!.blankTileSeconds)
        for other in LoadingPolicyKind.allCases.map(\.rawValue) where other != "adaptive" {
            let o = m[other]!
            let beaten = o.loadsIssued <= adaptive.loadsIssued && o.blankTileSeconds <= adaptive.blankTileSeconds
                && (o.loadsIssued < adaptive.loadsIssued || o.blankTileSeconds < adaptive.blankTileSeconds)
            #expect(!beaten, "adaptive beaten by \(other)")
        }
        // The bounds: nobody loads fewer than the resting screens need.
        for kind in LoadingPolicyKind.allCases { #expect(m[kind.rawValue]!.loadsIssued >= m["bound-min-loads"]!.loadsIssued) }
        // The oracle's blank time: the first screen waits one load.
        #expect(m["bound-oracle"]!.blankTileSeconds > 0)
    }

    /// A run whose tiles stay blank at rest (the seed's second problem) stops at the replay's cap: its row
    /// says it never settled, in the JSON and under the table; a settled row says nothing.
    @Test func aRunThatNeverSettlesIsMarked() {
        var config = GridSceneConfiguration()
        config.seedProblem = .noLoadAfterDeceleration
        let single = SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -3000), duration: 0.1, at: 0)
        let rows = GridBench(configuration: config).rows(single, policies: [PolicyVariant(.deferred), PolicyVariant(.eager)])
        #expect(rows.map(\.isSettled) == [false, true, true, true])
        #expect(rows[0].json(gesture: "g").serialized.hasSuffix(#","settled":false}"#))
        #expect(!rows[1].json(gesture: "g").serialized.contains("settled"))
        #expect(rows[0].metrics.settleLatency > 100)
        #expect(GridBenchRow.totals([rows, rows]).map(\.isSettled) == [false, true, true, true])
    }

    @Test func oracleRowHasBlankTimeButNoSettleOrMemory() {
        var m = LoadMetrics()
        m.loadsIssued = 3
        m.blankTileSeconds = 0.5
        let line = GridBenchRow(policy: "bound-oracle", metrics: m, hasTiming: true, hasSettle: false, hasMemory: false).json(gesture: "g")
        #expect(line.serialized == #"{"gesture":"g","policy":"bound-oracle","loadsIssued":3,"loadsCompleted":0,"loadsCancelled":0,"loadsWasted":0,"blankTileSeconds":0.5,"settleLatency":null,"settleLatencyMax":null,"cacheHitFades":0,"staleFrames":0,"peakDecodedBytes":null,"readyOnAppearShare":null,"blankAreaPt2s":null,"maxBlankAreaPt2":null,"wrongImages":null,"flickers":null,"networkBytes":null,"requests":null,"memoryHits":null,"diskHits":null,"failedLoads":null,"failuresByReason":null,"timeToFirstImage":null,"diskCorrupt":null,"wastedBytes":null,"radioJoules":null,"radioActiveSeconds":null,"peakResidentBytes":null,"redownloadedBytes":null,"memoryLimitExceeded":null,"hitchTimeRatioMsPerS":null,"frameOverrunMsP99":null,"mainThreadMs":null,"emptyTileSeconds":null,"placeholderTileSeconds":null,"previewBytes":null,"undecodablePreviews":null}"#)
    }

    /// The table's `settle max` is in the line too, after the mean (probe S's S11: only the table had it).
    @Test func aPolicyLineCarriesTheSettleMax() {
        var m = LoadMetrics()
        m.settleLatency = 0.25
        m.settleLatencyMax = 0.5
        let line = GridBenchRow(policy: "eager", metrics: m).json(gesture: "g").serialized
        #expect(line.contains(#""settleLatency":0.25,"settleLatencyMax":0.5,"cacheHitFades":0"#))
    }

    @Test func jsonLinesCarryGesturePolicyAndTheMetricKeys() {
        var bound = LoadMetrics()
        bound.loadsIssued = 7
        let line = GridBenchRow(policy: "bound-min-loads", metrics: bound, hasTiming: false, hasMemory: false).json(gesture: "g")
        #expect(line.serialized == #"{"gesture":"g","policy":"bound-min-loads","loadsIssued":7,"loadsCompleted":0,"loadsCancelled":0,"loadsWasted":0,"blankTileSeconds":null,"settleLatency":null,"settleLatencyMax":null,"cacheHitFades":0,"staleFrames":0,"peakDecodedBytes":null,"readyOnAppearShare":null,"blankAreaPt2s":null,"maxBlankAreaPt2":null,"wrongImages":null,"flickers":null,"networkBytes":null,"requests":null,"memoryHits":null,"diskHits":null,"failedLoads":null,"failuresByReason":null,"timeToFirstImage":null,"diskCorrupt":null,"wastedBytes":null,"radioJoules":null,"radioActiveSeconds":null,"peakResidentBytes":null,"redownloadedBytes":null,"memoryLimitExceeded":null,"hitchTimeRatioMsPerS":null,"frameOverrunMsP99":null,"mainThreadMs":null,"emptyTileSeconds":null,"placeholderTileSeconds":null,"previewBytes":null,"undecodablePreviews":null}"#)
    }
}
