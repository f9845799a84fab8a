import Testing
@testable import LabKit
import ScrollKit
import ScrollKitTestSupport

/// B-POL-2 in the window: metrics per policy since the last reset, each segment counted for its own
/// policy only, every load counted exactly once.
@Suite struct PolicyComparisonTests {
    /// Plays `events` (times relative to `start`) frame by frame at 60 Hz from `start` to `end`.
    func play(_ s: GridScene, _ events: [PointerEvent], from start: Double, to end: Double) {
        var next = 0
        var frame = Int((start * 60).rounded())
        while Double(frame) / 60 <= end {
            let t = Double(frame) / 60
            while next < events.count, events[next].time + start <= t {
                var event = events[next]
                event.time += start
                s.pointer(event)
                next += 1
            }
            s.advance(to: t)
            frame += 1
        }
    }

    var fling: [PointerEvent] {
        SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -2500), duration: 0.1, at: 0)
    }

    @Test func segmentsSplitTheLoadsAndAddUpPerPolicy() {
        let s = GridScene(configuration: GridSceneConfiguration())
        s.setPolicy(.eager)
        play(s, fling, from: 0, to: 3)
        let first = s.metrics
        #expect(first.loadsIssued > 0)

        // Switching ends eager's segment with exactly its metrics; deferred starts from zero.
        let ended = s.setPolicy(.deferred)
        #expect(ended == PolicyComparison.Row(policy: "eager", metrics: first, segments: 1, condition: s.condition))
        #expect(s.metrics.loadsIssued == 0)
        #expect(s.metrics.blankTileSeconds == 0)
        play(s, fling, from: 3, to: 6)
        let second = s.metrics
        #expect(second.loadsIssued > 0)

        // Back to eager: its row adds both of its segments.
        s.setPolicy(.eager)
        play(s, fling, from: 6, to: 9)
        let third = s.metrics
        let rows = s.policyRows
        #expect(rows.map(\.policy) == ["eager", "deferred"])
        #expect(rows.map(\.segments) == [2, 1])
        #expect(rows[0].metrics.loadsIssued == first.loadsIssued + third.loadsIssued)
        #expect(rows[0].metrics.blankTileSeconds == first.blankTileSeconds + third.blankTileSeconds)
        #expect(rows[1].metrics == second)
        // Every load the pipeline began is in exactly one segment.
        #expect(rows.map(\.metrics.loadsIssued).reduce(0, +) == s.pipeline.loadsIssued)
    }

    /// B-COND-1: a change of condition ends the segment; the same policy under two conditions is two rows,
    /// and the table of one condition shows only its own rows.
    @Test func conditionsNeverMix() {
        let s = GridScene(configuration: GridSceneConfiguration())
        s.setPolicy(.eager)
        let slow = s.condition
        #expect(slow == LoadCondition(latencyMs: 80, network: nil))
        #expect(s.setCondition(slow) == nil)   // the same condition ends nothing
        play(s, fling, from: 0, to: 3)
        let first = s.metrics
        var edge = slow
        edge.latencyMs = nil
        edge.network = "edge"
        let ended = s.setCondition(edge)
        #expect(ended == PolicyComparison.Row(policy: "eager", metrics: first, segments: 1, condition: slow))
        #expect(s.metrics.loadsIssued == 0 && s.condition == edge)
        play(s, fling, from: 3, to: 6)
        var http2 = edge
        http2.http = .http2
        s.setCondition(http2)
        play(s, fling, from: 6, to: 9)
        let rows = s.policyRows
        #expect(rows.map(\.policy) == ["eager", "eager", "eager"])
        #expect(rows.map(\.condition) == [slow, edge, http2])
        #expect(rows.map(\.segments) == [1, 1, 1] && rows[0].metrics == first)
        let table = PolicyComparison.fixedRows(rows, condition: edge)
        #expect(table.count == LoadingPolicyKind.allCases.count)
        #expect(table.allSatisfy { $0.condition == edge } && table[0].segments == 1 && table[1].segments == 0)
        #expect(rows.map(\.metrics.loadsIssued).reduce(0, +) == s.pipeline.loadsIssued)
        #expect(edge.change(from: slow) == "source 80 ms → edge" && http2.change(from: edge) == "HTTP/1.1 → HTTP/2")
        #expect(slow.json.serialized == #"{"latencyMs":80,"network":null,"source":"local","physics":"ios","decelerationRate":"normal","refresh":null,"connections":6,"http":"1.1"}"#)
        // TLS is a condition of its own: named in the trace only when on, in the HUD and in the toast.
        var secure = http2
        secure.tls = true
        #expect(secure != http2 && secure.change(from: http2) == "cleartext → TLS" && http2.change(from: secure) == "TLS → cleartext")
        #expect(secure.description == "edge · ios · 6 conn · HTTP/2 TLS")
        #expect(secure.json.serialized.hasSuffix(#""http":"2","tls":true}"#))
        var c = GridSceneConfiguration()
        c.network = .edge
        c.tls = true
        #expect(LoadCondition(c).tls && GridScene(configuration: c).condition.tls)
    }

    /// B-COND-1 factor by factor: a change of any one of source, physics, rate, refresh, connections, HTTP
    /// version or TLS ends the segment (its row keeps the condition it ran under, the counts start again),
    /// and the change names that factor alone.
    @Test func everyFactorAloneEndsTheSegment() {
        let base = LoadCondition(latencyMs: 80, network: nil)
        let changes: [(String, (inout LoadCondition) -> Void)] = [
            ("source 80 ms → 250 ms", { $0.latencyMs = 250 }),
            ("source 80 ms → lte", { $0.latencyMs = nil; $0.network = "lte" }),
            ("physics ios → android", { $0.physics = "android" }),
            ("rate normal → fast", { $0.decelerationRate = "fast" }),
            ("refresh ? → 120 Hz", { $0.refresh = 120 }),
            ("connections 6 → 2", { $0.connections = 2 }),
            ("HTTP/1.1 → HTTP/2", { $0.http = .http2 }),
            ("cleartext → TLS", { $0.tls = true }),
        ]
        for (named, change) in changes {
            let s = GridScene(configuration: GridSceneConfiguration())
            s.setPolicy(.eager)
            #expect(s.condition == base)
            play(s, fling, from: 0, to: 3)
            let before = s.metrics
            #expect(before.loadsIssued > 0)
            var next = base
            change(&next)
            #expect(next.change(from: base) == named)
            let ended = s.setCondition(next)
            #expect(ended == PolicyComparison.Row(policy: "eager", metrics: before, segments: 1, condition: base), "\(named)")
            #expect(s.metrics.loadsIssued == 0 && s.condition == next, "\(named)")
            #expect(s.setCondition(next) == nil, "\(named): the same condition again ends nothing")
        }
    }

    /// A `@shipped` variant runs on its system's pipeline and is a row of its own, named with its suffix.
    @Test func aShippedVariantIsARowOfItsOwn() {
        let s = GridScene(configuration: GridSceneConfiguration())
        s.setPolicy(.texture)
        #expect(s.pipeline.maxConcurrent == 6)
        play(s, fling, from: 0, to: 3)
        s.setPolicy(.texture, shipped: true)
        #expect(s.pipeline.maxConcurrent == 10 && s.segmentName == "texture@shipped")
        play(s, fling, from: 3, to: 6)
        s.setPolicy(.adaptive, shipped: true)   // no system of its own: the shared pipeline
        #expect(s.pipeline.maxConcurrent == 6 && s.segmentName == "adaptive")
        #expect(s.policyRows.map(\.policy) == ["texture", "texture@shipped", "adaptive"])
        let table = PolicyComparison.fixedRows(s.policyRows, condition: s.condition)
        let texture = table.firstIndex { $0.policy == "texture" }!
        #expect(table[texture + 1].policy == "texture@shipped")
    }

    @Test func aSeedProblemIsAPolicyOfItsOwn() {
        let s = GridScene(configuration: GridSceneConfiguration())
        s.setPolicy(.deferred)
        play(s, fling, from: 0, to: 3)
        s.setPolicy(.deferred, problem: .judgesDraggingByScrollViewFlags)
        #expect(s.policyRows.map(\.policy) == ["deferred", "deferred · problem 1"])
    }

    @Test func resetForgetsEveryPolicy() {
        let s = GridScene(configuration: GridSceneConfiguration())
        s.setPolicy(.eager)
        play(s, fling, from: 0, to: 3)
        s.setPolicy(.target)
        play(s, fling, from: 3, to: 6)
        s.resetComparison()
        #expect(s.policyRows == [PolicyComparison.Row(policy: "target", metrics: s.metrics, segments: 1, condition: s.condition)])
        #expect(s.metrics.loadsIssued == 0)
        #expect(s.metrics.blankTileSeconds == 0)
    }

    @Test func settleLatencyIsTheMeanOverBothRunsMotionEnds() {
        var a = LoadMetrics(), b = LoadMetrics()
        a.settleLatency = 0.1; a.settleCount = 1; a.settleLatencyMax = 0.1; a.peakDecodedBytes = 10
        b.settleLatency = 0.4; b.settleCount = 3; b.settleLatencyMax = 0.9; b.peakDecodedBytes = 7
        let sum = a.adding(b)
        #expect(abs(sum.settleLatency - 0.325) < 1e-12)
        #expect(sum.settleCount == 4)
        #expect(sum.settleLatencyMax == 0.9)
        #expect(sum.peakDecodedBytes == 10)
        #expect(LoadMetrics().adding(LoadMetrics()).settleLatency == 0)
    }
}

@Suite struct SegmentAttributionTests {
    /// A fling, a policy switch while its loads are in flight, a second fling.
    @Test func aLoadBelongsToTheSegmentItBeganIn() {
        let scene = GridScene(configuration: {
            var c = GridSceneConfiguration()
            c.latency = 0.5
            c.policy = .eager
            return c
        }())
        var t = 0.0
        scene.advance(to: t)
        for _ in 0..<6 { t += 1.0 / 60; scene.advance(to: t) }
        #expect(scene.pipeline.running.count > 0)          // the first screen's loads are in flight
        let ended = scene.setPolicy(.prefetch)!
        #expect(ended.metrics.loadsCompleted == 0 && ended.metrics.loadsIssued > 0)
        for _ in 0..<120 { t += 1.0 / 60; scene.advance(to: t) }
        let m = scene.metrics
        // The first segment's loads completed during the second: not the second's.
        #expect(m.loadsCompleted + m.loadsCancelled <= m.loadsIssued)
        #expect(scene.pipeline.loadsCompleted > m.loadsCompleted)
        for row in scene.policyRows {
            #expect(row.metrics.loadsCompleted + row.metrics.loadsCancelled <= row.metrics.loadsIssued)
        }
    }

    @Test func trafficAndPopInAddUpOverSegments() {
        var a = LoadMetrics(), b = LoadMetrics()
        a.networkBytes = 100; b.networkBytes = 50
        a.failuresByReason = ["timeout": 1]; b.failuresByReason = ["timeout": 2, "HTTP 404": 1]
        a.appearances = 4; a.readyOnAppear = 2; b.appearances = 4; b.readyOnAppear = 4
        b.timeToFirstImage = 0.3
        let sum = a.adding(b)
        #expect(sum.networkBytes == 150 && sum.failuresByReason == ["timeout": 3, "HTTP 404": 1])
        #expect(sum.readyOnAppearShare == 0.75 && sum.timeToFirstImage == 0.3)
    }
}
