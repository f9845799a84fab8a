import LabKit
import ScrollKit

/// One renderer's run of the frame bench (`scrolllab bench --frames`): per measured frame, the CPU
/// time of the whole frame and of its image work on the main thread, in seconds.
package struct FrameBenchRun {
    /// Frames per second of the frame bench's clock without `--refresh`.
    package static let frameRate = 60.0

    /// SDL's name of the renderer that drew (`software`, `opengl`).
    package var renderer: String
    /// Per frame: from the start of its work (image pump, model step, drawing) to the return of
    /// `SDL_RenderPresent`.
    package var frameTimes: [Double] = []
    /// Per frame: the image loader's share on the main thread (draining decodes, uploading textures).
    package var imageStalls: [Double] = []

    /// An empty run of `renderer`.
    package init(renderer: String) { self.renderer = renderer }

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
