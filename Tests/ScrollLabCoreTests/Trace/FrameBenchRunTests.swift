import LabKit
import Testing
@testable import ScrollLabCore

/// `bench --frames`: a run's frames, their percentiles and the `--frames-trace` lines.
@Suite struct FrameBenchRunTests {
    /// Three frames: 2, 5 and 3 ms of work.
    private var run: FrameBenchRun {
        var run = FrameBenchRun(renderer: "software")
        run.frames = [FrameBenchRun.Frame(work: 0.002, cpu: 0.0019994, image: 0.0001, textTextures: 46),
                      FrameBenchRun.Frame(work: 0.005, cpu: 0.0021, image: 0.0000004, textTextures: 0, wait: 0.0028496),
                      FrameBenchRun.Frame(work: 0.003, cpu: 0.003, image: 0, textTextures: 2)]
        return run
    }

    @Test func theFramesTimesAreTheColumnsOfItsFrames() {
        #expect(run.frameTimes == [0.002, 0.005, 0.003])
        #expect(run.imageStalls == [0.0001, 0.0000004, 0])
        #expect(run.frameMs(percentile: 50) == 3)
        #expect(run.frameMs(percentile: 100) == 5)
        #expect(run.worstImageStallMs == 0.1)
    }

    /// The wait for a CPU last, null where it was not kept.
    @Test func eachFrameIsOneTraceLineInMillisecondsToTheMicrosecond() {
        let lines = run.traceLines(period: 1.0 / 60).map(\.serialized)
        #expect(lines == [
            #"{"renderer":"software","frame":0,"t":0,"workMs":2,"cpuMs":1.999,"imageMs":0.1,"textTextures":46,"waitMs":null}"#,
            #"{"renderer":"software","frame":1,"t":0.016667,"workMs":5,"cpuMs":2.1,"imageMs":0,"textTextures":0,"waitMs":2.85}"#,
            #"{"renderer":"software","frame":2,"t":0.033333,"workMs":3,"cpuMs":3,"imageMs":0,"textTextures":2,"waitMs":null}"#,
        ])
    }

    @Test func aRunWithoutFramesHasNoTraceLines() {
        #expect(FrameBenchRun(renderer: "opengl").traceLines(period: 1.0 / 60).isEmpty)
    }
}
