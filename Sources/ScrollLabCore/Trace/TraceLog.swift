import LabKit
import ScrollKit

/// The window's trace (`--trace-out`): every line it writes, formatted here and handed to `write` (the
/// app's file writer). JSON lines: the viewport and the scene's settings first, then delegate callbacks,
/// settings as they change, pointer samples and frames when asked for, and the summary at the end.
public struct TraceLog {
    /// Where the lines go.
    public let write: (JSONValue) -> Void
    /// `--trace-did-scroll`: `didScroll` callbacks are written too.
    public var includesDidScroll: Bool

    /// A trace writing its lines to `write`.
    public init(includesDidScroll: Bool = false, write: @escaping (JSONValue) -> Void) {
        self.includesDidScroll = includesDidScroll
        self.write = write
    }

    /// The first lines: the viewport rect in window coordinates, the scene's own setting lines, then the
    /// scene, rate, policy, renderer and present calibration (milliseconds, one decimal) at model time `t`.
    public func header(viewport: JSONValue, sceneLines: [JSONValue], scene: String, isFastRate: Bool, policy: String,
                       renderer: String, calibration: [Double], at t: Double) {
        self.viewport(viewport, at: t)
        for line in sceneLines { write(line) }
        setting("scene", .string(scene), at: t)
        setting("rate", .string(isFastRate ? "fast" : "normal"), at: t)
        setting("policy", .string(policy), at: t)
        setting("renderer", .string(renderer), at: t)
        setting("presentCalibrationMs", .array(calibration.map { .number(($0 * 10000).rounded() / 10) }), at: t)
    }

    /// The phone's rect in window coordinates at model time `t`: the header's first line, and again after
    /// a resize (`{"t":…,"event":"setting","name":"viewport","value":{…}}`).
    public func viewport(_ rect: JSONValue, at t: Double) {
        setting("viewport", rect, at: t)
    }

    /// A loading policy's segment ended (a switch, a change of condition, R, the window closing) at model
    /// time `t`, with its metrics since it began and the condition it ran under (B-COND-1):
    /// `{"t":…,"event":"policySegment","policy":"eager","condition":{…},"metrics":{…}}`, then the
    /// segment's hitch keys when given (`hitchTimeRatioMsPerS`, `hitchCount`, `longestHitchMs`).
    public func policySegment(_ policy: String, metrics: LoadMetrics, condition: LoadCondition? = nil, hitches: HitchMeter? = nil,
                              at t: Double, phone: Int? = nil) {
        let stated: [(String, JSONValue)] = condition.map { [("condition", $0.json)] } ?? []
        write(Self.tagged(.object([("t", .number(t)), ("event", .string("policySegment")), ("policy", .string(policy))] + stated
                                  + [("metrics", metrics.json)] + (hitches?.summary ?? [])), phone: phone))
    }

    /// A replay played in the window ended as `replay --headless` ends one: its input delivered, then the
    /// scenes settled (no motion, no load in flight, the visible tiles resolved), at model time `t`:
    /// `{"t":…,"event":"replayEnd","offset":{…},"viewsCreated":…,"metrics":{…}}`. The window steps a replay
    /// on the headless replay's grid, so the two compare however late the window started it.
    public func replayEnd(scene: [(String, JSONValue)], offset: JSONValue, viewsCreated: Int, at t: Double, phone: Int? = nil) {
        var pairs: [(String, JSONValue)] = [("t", .number(t)), ("event", .string("replayEnd")), ("offset", offset)]
        pairs += scene.contains(where: { $0.0 == "viewsCreated" }) ? scene : [("viewsCreated", .int(viewsCreated))] + scene
        write(Self.tagged(.object(pairs), phone: phone))
    }

    /// `value` with a last key `"phone": i` when it comes from one phone of compare mode (`--compare`).
    public static func tagged(_ value: JSONValue, phone: Int?) -> JSONValue {
        guard let phone, case let .object(pairs) = value else { return value }
        return .object(pairs + [("phone", .int(phone))])
    }

    /// A setting that changed at model time `t`: `{"t":…,"event":"setting","name":…,"value":…}`.
    public func setting(_ name: String, _ value: JSONValue, at t: Double, phone: Int? = nil) {
        write(Self.tagged(.object([("t", .number(t)), ("event", .string("setting")), ("name", .string(name)), ("value", value)]),
                          phone: phone))
    }

    /// A delegate callback, in `replay --headless`'s format (`didScroll` only when asked for).
    public func event(_ record: ScrollEventRecord, phone: Int? = nil) {
        if record.event != .didScroll || includesDidScroll { write(Self.tagged(record.json, phone: phone)) }
    }

    /// A pointer sample as the model receives it (`--trace-pointer`), with the frame it arrived in: a
    /// pinch's `scale`, a wheel's `dx`, `dy` and `precise` as in gesture files, and in compare mode the
    /// phone it was over.
    public func pointer(_ event: PointerEvent, frame: Int, phone: Int? = nil) {
        var pairs: [(String, JSONValue)] = [("event", .string("pointer")), ("t_ms", .number(event.time * 1000)),
                                            ("x", .number(event.position.x)), ("y", .number(event.position.y)),
                                            ("phase", .string(event.phase.rawValue))]
        switch event.phase {
        case .pinch, .pinchEnd: pairs.append(("scale", .number(event.scale)))
        case .wheel: pairs += [("dx", .number(event.delta.x)), ("dy", .number(event.delta.y)), ("precise", .bool(event.isPrecise))]
        case .down, .move, .up: break
        }
        write(Self.tagged(.object(pairs + [("frame", .int(frame))]), phone: phone))
    }

    /// A presented frame (`--trace-frames`): its number, the model time and the offset it shows; with
    /// `timing`, what it cost the render thread (milliseconds: its work, its present, the interval since the
    /// last frame was shown, and of its work the image work, with the decodes it ran; then the thread's own
    /// CPU time in the work, when measured: a work well over it waited for a core; then, where the system
    /// keeps it, how long of that it waited ready to run while other threads or processes had the cores).
    public func frame(_ number: Int, time: Double, offset: Point, timing: FrameTiming? = nil) {
        var pairs: [(String, JSONValue)] = [("event", .string("frame")), ("frame", .int(number)), ("t", .number(time)), ("offset", .point(offset))]
        if let timing {
            let ms = { (seconds: Double) in JSONValue.number((seconds * 1e5).rounded() / 100) }
            pairs += [("workMs", ms(timing.work)), ("presentMs", ms(timing.present)), ("shownMs", timing.shown.map(ms) ?? .null),
                      ("imageMs", .number((timing.imageMs * 100).rounded() / 100)), ("decodes", .int(timing.decodes))]
            if let cpu = timing.workCPU { pairs.append(("cpuMs", ms(cpu))) }
            if let wait = timing.workWait { pairs.append(("waitMs", ms(wait))) }
        }
        write(.object(pairs))
    }

    /// What a frame cost the render thread, for its `--trace-frames` line.
    public struct FrameTiming: Sendable {
        /// Its work and its present, seconds; the interval since the last frame shown (nil: the first).
        public var work: Double, present: Double, shown: Double?
        /// The image work on the render thread (decodes and uploads), milliseconds, and the decodes.
        public var imageMs: Double, decodes: Int
        /// The render thread's own CPU time in the work, seconds (nil: not measured).
        public var workCPU: Double?
        /// How long of the work the render thread waited ready to run, seconds (nil: not measured or not kept).
        public var workWait: Double?

        public init(work: Double, present: Double, shown: Double?, imageMs: Double, decodes: Int, workCPU: Double? = nil,
                    workWait: Double? = nil) {
            self.work = work
            self.present = present
            self.shown = shown
            self.imageMs = imageMs
            self.decodes = decodes
            self.workCPU = workCPU
            self.workWait = workWait
        }
    }

    /// The closing line: the scene's summary keys (`viewsCreated` first, from `viewsCreated` when the
    /// scene gives none), then the frame statistics in milliseconds (two decimals) and frames per second
    /// (one decimal), all frames and those in motion, and the worst image work of a frame.
    public func summary(scene: [(String, JSONValue)], viewsCreated: Int, stats: FrameStats, motionStats: FrameStats,
                        worstImageWork: Double, hitches: HitchMeter = HitchMeter(), phone: Int? = nil) {
        var pairs: [(String, JSONValue)] = [("event", .string("summary"))]
        var extra = scene
        if !extra.contains(where: { $0.0 == "viewsCreated" }) { extra.insert(("viewsCreated", .int(viewsCreated)), at: 0) }
        pairs += extra
        let ms = { (value: Double) in JSONValue.number((value * 100).rounded() / 100) }
        pairs += [
            ("frameP50Ms", ms(stats.frameMs(percentile: 50))), ("frameP99Ms", ms(stats.frameMs(percentile: 99))),
            ("frameMaxMs", ms(stats.frameMs(percentile: 100))),
            ("intervalP50Ms", ms(stats.intervalMs(percentile: 50))), ("intervalP99Ms", ms(stats.intervalMs(percentile: 99))),
            ("presentP50Ms", ms(stats.presentMs(percentile: 50))), ("presentP99Ms", ms(stats.presentMs(percentile: 99))),
            ("frames", .int(stats.frames)),
            ("motionFrameP50Ms", ms(motionStats.frameMs(percentile: 50))),
            ("motionFrameP99Ms", ms(motionStats.frameMs(percentile: 99))),
            ("motionFrameMaxMs", ms(motionStats.frameMs(percentile: 100))),
            ("motionPresentP50Ms", ms(motionStats.presentMs(percentile: 50))),
            ("motionPresentP99Ms", ms(motionStats.presentMs(percentile: 99))),
            ("motionIntervalP50Ms", ms(motionStats.intervalMs(percentile: 50))),
            ("motionIntervalP99Ms", ms(motionStats.intervalMs(percentile: 99))),
            ("motionFrames", .int(motionStats.frames)),
            ("fps", .number((stats.presentedFPS * 10).rounded() / 10)),
            ("motionFps", .number((motionStats.presentedFPS * 10).rounded() / 10)),
            ("worstImageWorkMs", .number((worstImageWork * 1000 * 100).rounded() / 100)),
        ] + hitches.summary
        write(Self.tagged(.object(pairs), phone: phone))
    }
}
