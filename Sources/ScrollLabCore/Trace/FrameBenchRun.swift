import LabKit
import ScrollKit

/// One renderer's run of the frame bench (`scrolllab bench --frames`): each measured frame's times, in seconds.
package struct FrameBenchRun {
    /// Frames per second of the frame bench's clock without `--refresh`.
    package static let frameRate = 60.0

    /// One measured frame.
    package struct Frame: Equatable {
        /// From the start of its work (image pump, model step, drawing) to the return of `SDL_RenderPresent`,
        /// on the wall clock (`SDL_GetPerformanceCounter`).
        package var work: Double
        /// The render thread's own CPU time in that span (`threadCPUSeconds`): below `work` by what the thread
        /// spent off a CPU (taken by another thread or process, or waiting for the GPU).
        package var cpu: Double
        /// The image loader's share on the main thread (draining decodes, uploading textures).
        package var image: Double
        /// The textures of text it rasterized (strings and glyphs seen for the first time).
        package var textTextures: Int
        /// Of the time off a CPU, how long the render thread waited ready to run while other threads or
        /// processes had the CPUs (`RunQueueClock`; nil: not kept here). The rest of `work` past
        /// `cpu` and this wait it was blocked, or a virtual machine's host had the CPU.
        package var wait: Double?

        package init(work: Double, cpu: Double, image: Double = 0, textTextures: Int = 0, wait: Double? = nil) {
            self.work = work
            self.cpu = cpu
            self.image = image
            self.textTextures = textTextures
            self.wait = wait
        }
    }

    /// SDL's name of the renderer that drew (`software`, `opengl`).
    package var renderer: String
    /// The measured frames, in order.
    package var frames: [Frame] = []

    /// An empty run of `renderer`.
    package init(renderer: String) { self.renderer = renderer }

    /// Per frame: the work's wall time (`Frame.work`).
    package var frameTimes: [Double] { frames.map(\.work) }
    /// Per frame: the image work on the main thread (`Frame.image`).
    package var imageStalls: [Double] { frames.map(\.image) }

    /// The `p`-th percentile (nearest rank) of the frame times, milliseconds.
    package func frameMs(percentile p: Double) -> Double {
        FrameStats.percentile(p, of: frameTimes) * 1000
    }

    /// The longest image work of one frame, milliseconds.
    package var worstImageStallMs: Double { (imageStalls.max() ?? 0) * 1000 }

    /// Apple's hitch measure of the run on a display of `period` seconds with vsync: a frame whose work
    /// takes longer than a period presents at a later blank, late by the whole periods it missed.
    package func hitches(period: Double) -> HitchMeter {
        var meter = HitchMeter()
        for time in frameTimes {
            meter.record(interval: Swift.max(1, (time / period).rounded(.up)) * period, period: period, isMoving: true)
        }
        return meter
    }

    /// Frames longer than `limit` seconds.
    package func framesOver(_ limit: Double) -> Int { frameTimes.filter { $0 > limit }.count }

    /// The `--frames-trace` lines, one a frame: `{"renderer":…,"frame":…,"t":…,"workMs":…,"cpuMs":…,"imageMs":…,
    /// "textTextures":…,"waitMs":…}`, frame 0 the first measured, `t` its model time in seconds at `period` a
    /// frame (µs precision; `waitMs` null where the wait is not kept). A frame whose `workMs` is well above its
    /// `cpuMs` was slowed by the machine, not by its own work: by `waitMs`, other threads or processes of
    /// this machine; by the rest, a blocked call or a virtual machine's host.
    package func traceLines(period: Double) -> [JSONValue] {
        func ms(_ value: Double) -> JSONValue { .number((value * 1_000_000).rounded() / 1000) }
        return frames.enumerated().map { index, frame in
            .object([("renderer", .string(renderer)), ("frame", .int(index)), ("t", .number((Double(index) * period * 1_000_000).rounded() / 1_000_000)),
                     ("workMs", ms(frame.work)), ("cpuMs", ms(frame.cpu)), ("imageMs", ms(frame.image)),
                     ("textTextures", .int(frame.textTextures)), ("waitMs", frame.wait.map(ms) ?? .null)])
        }
    }

    /// The `--json` line: `{"renderer":…,"p50Ms":…,"p99Ms":…,"maxMs":…,"worstImageStallMs":…}` (µs precision),
    /// then the hitch keys at `period` (`hitchTimeRatioMsPerS`, `hitchCount`, `longestHitchMs`).
    package func json(period: Double) -> JSONValue {
        func ms(_ value: Double) -> JSONValue { .number((value * 1000).rounded() / 1000) }
        return .object([("renderer", .string(renderer)), ("p50Ms", ms(frameMs(percentile: 50))),
                        ("p99Ms", ms(frameMs(percentile: 99))), ("maxMs", ms(frameMs(percentile: 100))),
                        ("worstImageStallMs", ms(worstImageStallMs))] + hitches(period: period).summary)
    }

    /// The `--json` line of a renderer SDL could not create: the same keys, null, and why.
    package static func unavailableJSON(renderer: String, reason: String) -> JSONValue {
        .object([("renderer", .string(renderer)), ("p50Ms", .null), ("p99Ms", .null), ("maxMs", .null),
                 ("worstImageStallMs", .null), ("hitchTimeRatioMsPerS", .null), ("hitchCount", .null),
                 ("longestHitchMs", .null), ("unavailable", .string(reason))])
    }
}
