import LabKit
import ScrollKit
import ScrollLabCore

/// The trace: the delegate callbacks (published by the phone driver as they happen), settings, policy
/// segments and the summary of the run, through the `TraceLog`.
extension LabApp {
    /// Logs a setting change at model time `time` to the trace.
    func logSetting(_ name: String, _ value: JSONValue, at time: Double, phone: Phone? = nil) {
        trace?.log.setting(name, value, at: time, phone: phoneDriver.isComparing ? phone?.index : nil)
    }

    /// The trace's first lines, at model time `time`: the viewport, the scene's settings, the scene, rate,
    /// policy and renderer, what a warm disk cache held at launch; in compare mode each phone's policy.
    func writeTraceHeader(at time: Double) {
        let rect = sdl.windowRect(ofLayoutRect: phoneDriver.phones[0].viewport.frame)
        trace?.lastViewport = rect
        trace?.log.header(viewport: PhoneViewport.json(rect), sceneLines: scene.settingLines, scene: scene.kind.name,
                          isFastRate: scene.isFastRate, policy: phoneDriver.phones[0].scene.snapshot().policy, renderer: rendererLine,
                          calibration: meter.calibration, at: time)
        // A warm disk cache at launch: this run's first loads may not cross the network.
        if let warm = scene.diskWarmAtOpen {
            trace?.log.setting("diskCacheWarm", .object([("entries", .number(Double(warm.entries))), ("bytes", .number(Double(warm.bytes)))]),
                               at: time)
        }
        guard phoneDriver.isComparing else { return }
        trace?.log.setting("compare", .array(sceneOptions.compare.map { .string($0.name) }), at: time)
        for phone in phoneDriver.phones {
            trace?.log.setting("viewport", PhoneViewport.json(sdl.windowRect(ofLayoutRect: phone.viewport.frame)),
                               at: time, phone: phone.index)
        }
    }

    /// The trace's last line: the scene's summary and the frame statistics (in compare mode, one per phone).
    func writeTraceSummary() {
        for phone in phoneDriver.phones {
            trace?.log.summary(scene: phone.scene.summary, viewsCreated: phone.scene.snapshot().viewsCreated, stats: meter.stats,
                               motionStats: meter.motionStats, worstImageWork: phone.images.worstFrameWork, hitches: meter.hitches,
                               phone: phoneDriver.isComparing ? phone.index : nil)
        }
    }

    /// The replay's end line for each phone, at model time `time` (`TraceLog.replayEnd`).
    func traceReplayEnd(at time: Double) {
        for phone in phoneDriver.phones {
            trace?.log.replayEnd(scene: phone.scene.summary, offset: .point(phone.scene.scrollView.contentOffset),
                                 viewsCreated: phone.scene.snapshot().viewsCreated, at: time,
                                 phone: phoneDriver.isComparing ? phone.index : nil)
        }
    }

    /// Logs `phone`'s policy segment that ended at model time `time` (a policy switch, R, the window closing):
    /// `{"t":…,"event":"policySegment","policy":"eager","condition":{…},"metrics":{…}}`, metrics as in
    /// `replay`'s end line.
    func tracePolicySegment(_ segment: PolicySegment?, of phone: Phone, at time: Double) {
        guard let segment else { return }
        trace?.log.policySegment(segment.policy, metrics: segment.metrics, condition: segment.condition, hitches: phone.segmentHitches,
                                 at: time, phone: phoneDriver.isComparing ? phone.index : nil)
        phone.segmentHitches.reset()
    }

    /// Logs `phone`'s current segment at model time `time` (R, closing).
    func tracePolicySegment(of phone: Phone, at time: Double) {
        tracePolicySegment(phone.scene.policySegment, of: phone, at: time)
    }
}
