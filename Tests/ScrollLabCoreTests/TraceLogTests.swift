import Testing
import LabKit
import ScrollKit
import ScrollLabCore

@Suite struct TraceLogTests {
    final class Lines {
        var values: [String] = []
    }

    func log(didScroll: Bool = false) -> (TraceLog, Lines) {
        let lines = Lines()
        return (TraceLog(includesDidScroll: didScroll) { lines.values.append($0.serialized) }, lines)
    }

    @Test func settingsAndTheHeaderInTheirDocumentedOrder() {
        let (trace, lines) = log()
        trace.header(viewport: .object([("x", .int(20))]), sceneLines: [.object([("event", .string("setting"))])],
                     scene: "pager", isFastRate: true, policy: "—", renderer: "software", calibration: [0.00712, 0.0165],
                     at: 0)
        trace.setting("latencyMs", .number(250), at: 1.5)
        trace.viewport(.object([("x", .int(30))]), at: 2.25)
        #expect(lines.values == [
            #"{"t":0,"event":"setting","name":"viewport","value":{"x":20}}"#,
            #"{"event":"setting"}"#,
            #"{"t":0,"event":"setting","name":"scene","value":"pager"}"#,
            #"{"t":0,"event":"setting","name":"rate","value":"fast"}"#,
            #"{"t":0,"event":"setting","name":"policy","value":"—"}"#,
            #"{"t":0,"event":"setting","name":"renderer","value":"software"}"#,
            #"{"t":0,"event":"setting","name":"presentCalibrationMs","value":[7.1,16.5]}"#,
            #"{"t":1.5,"event":"setting","name":"latencyMs","value":250}"#,
            #"{"t":2.25,"event":"setting","name":"viewport","value":{"x":30}}"#,
        ])
    }

    @Test func didScrollOnlyWhenAskedFor() {
        let scroll = ScrollEventRecord(time: 1, offset: Point(x: 0, y: 5), event: .didScroll)
        let end = ScrollEventRecord(time: 2, offset: Point(x: 0, y: 5), event: .didEndDecelerating)
        let (quiet, a) = log()
        quiet.event(scroll)
        quiet.event(end)
        #expect(a.values == [end.json.serialized])
        let (verbose, b) = log(didScroll: true)
        verbose.event(scroll)
        #expect(b.values == [scroll.json.serialized])
    }

    @Test func pointerAndFrameLines() {
        let (trace, lines) = log()
        trace.pointer(PointerEvent(time: 0.25, position: Point(x: 10, y: 20.5), phase: .move), frame: 7)
        trace.frame(8, time: 0.5, offset: Point(x: 0, y: 12))
        #expect(lines.values == [
            #"{"event":"pointer","t_ms":250,"x":10,"y":20.5,"phase":"move","frame":7}"#,
            #"{"event":"frame","frame":8,"t":0.5,"offset":{"x":0,"y":12}}"#,
        ])
    }

    /// `--trace-frames`: a timed frame's costs in milliseconds to two decimals, its CPU time and then its wait
    /// for a CPU last when measured.
    @Test func aTimedFrameLineCarriesItsCosts() {
        let (trace, lines) = log()
        trace.frame(3, time: 0.05, offset: Point(x: 0, y: 4), timing: .init(work: 0.002345, present: 0.0004, shown: nil,
                                                                            imageMs: 0.126, decodes: 1, workCPU: 0.0019))
        trace.frame(5, time: 0.075, offset: Point(x: 0, y: 4), timing: .init(work: 0.004, present: 0.0001, shown: 0.0125,
                                                                            imageMs: 0, decodes: 0, workCPU: 0.0021, workWait: 0.001856))
        trace.frame(4, time: 0.0625, offset: Point(x: 0, y: 4), timing: .init(work: 0.001, present: 0, shown: 0.0125,
                                                                             imageMs: 0, decodes: 0))
        #expect(lines.values == [
            #"{"event":"frame","frame":3,"t":0.05,"offset":{"x":0,"y":4},"workMs":2.35,"presentMs":0.4,"shownMs":null,"imageMs":0.13,"decodes":1,"cpuMs":1.9}"#,
            #"{"event":"frame","frame":5,"t":0.075,"offset":{"x":0,"y":4},"workMs":4,"presentMs":0.1,"shownMs":12.5,"imageMs":0,"decodes":0,"cpuMs":2.1,"waitMs":1.86}"#,
            #"{"event":"frame","frame":4,"t":0.0625,"offset":{"x":0,"y":4},"workMs":1,"presentMs":0,"shownMs":12.5,"imageMs":0,"decodes":0}"#,
        ])
    }

    /// B-COND-1: a policy segment's line carries the condition it ran under, after the policy.
    @Test func aPolicySegmentCarriesItsCondition() {
        let (trace, lines) = log()
        let condition = LoadCondition(latencyMs: nil, network: "3g", refresh: 60, connections: 4, http: .http2)
        trace.policySegment("texture@shipped", metrics: LoadMetrics(), condition: condition, at: 2, phone: 1)
        let line = lines.values[0]
        #expect(line.hasPrefix(#"{"t":2,"event":"policySegment","policy":"texture@shipped","condition":{"latencyMs":null,"network":"3g","source":"local","physics":"ios","decelerationRate":"normal","refresh":60,"connections":4,"http":"2"},"metrics":{"#))
        #expect(line.hasSuffix(#","phone":1}"#))
    }

    @Test func summaryPutsViewsCreatedFirstAndRoundsTheStatistics() throws {
        var stats = FrameStats()
        stats.record(frameTime: 0.001234, presentTime: 0.002, interval: nil)
        stats.record(frameTime: 0.003, presentTime: 0.004, interval: 0.02)
        let (trace, lines) = log()
        trace.summary(scene: [("metrics", .int(1))], viewsCreated: 6, stats: stats, motionStats: FrameStats(),
                      worstImageWork: 0.0012345)
        let line = try #require(lines.values.first)
        #expect(line.hasPrefix(#"{"event":"summary","viewsCreated":6,"metrics":1,"frameP50Ms":1.23,"frameP99Ms":3,"frameMaxMs":3,"intervalP50Ms":20,"#))
        #expect(line.contains(#""frames":2,"#))
        #expect(line.contains(#""motionFrames":0,"fps":50,"motionFps":0,"worstImageWorkMs":1.23,"hitchTimeRatioMsPerS":0,"hitchCount":0,"longestHitchMs":0}"#))
        let (kept, more) = log()
        kept.summary(scene: [("viewsCreated", .int(5))], viewsCreated: 9, stats: stats, motionStats: stats, worstImageWork: 0)
        #expect(more.values.first?.hasPrefix(#"{"event":"summary","viewsCreated":5,"frameP50Ms""#) == true)
    }
}

@Suite struct FrameStatsTests {
    @Test func percentilesAreNearestRank() {
        let values = [5.0, 1, 4, 2, 3]
        #expect(FrameStats.percentile(50, of: values) == 3)
        #expect(FrameStats.percentile(99, of: values) == 5)
        #expect(FrameStats.percentile(100, of: values) == 5)
        #expect(FrameStats.percentile(0, of: values) == 1)
        #expect(FrameStats.percentile(50, of: []) == 0)
    }

    @Test func framesPerSecondOfTheIntervalsAndReset() {
        var stats = FrameStats()
        stats.record(frameTime: 0.002, presentTime: 0.001, interval: nil)
        for _ in 0..<4 { stats.record(frameTime: 0.002, presentTime: 0.001, interval: 0.025) }
        #expect(stats.presentedFPS == 40)
        #expect(stats.frames == 5 && stats.recentIntervals.count == 4)
        stats.reset()
        #expect(stats.frames == 0 && stats.recentFrameTimes.isEmpty && stats.presentedFPS == 0)
    }

    /// The run's percentiles come from HdrHistograms at three significant digits: within 0.1% of the
    /// nearest-rank percentile of the values themselves, while the memory stays that of the histograms.
    @Test func runPercentilesAreWithinATenthOfAPercent() {
        var stats = FrameStats()
        var values: [Double] = []
        var x = 0.37
        for _ in 0..<5_000 {
            x = (x * 3.7).truncatingRemainder(dividingBy: 1)   // spread over 1–41 ms
            let t = 0.001 + 0.04 * x
            values.append(t)
            stats.record(frameTime: t, presentTime: t / 10, interval: t)
        }
        for p in [50.0, 90, 99, 100] {
            let exact = FrameStats.percentile(p, of: values) * 1000
            #expect(abs(stats.frameMs(percentile: p) - exact) <= 0.001 * exact + 0.001, "p\(p)")
            #expect(abs(stats.intervalMs(percentile: p) - exact) <= 0.001 * exact + 0.001, "p\(p)")
        }
        #expect(stats.recentFrameTimes.count == 300 && stats.recentIntervals.count == 60)
    }
}
