import LabKit
import ScrollKit
import ScrollLabCore

/// The trace: the delegate callbacks, settings and the summary of the run, through the `TraceLog`.
extension LabApp {
    /// Drains the scene's delegate callbacks into the HUD log, the timeline and the trace.
    func collectEvents() {
        for record in scene.takeEvents() {
            events.append(record)
            recordTimelineEvent(record)
            trace?.event(record)
        }
    }

    /// Logs a setting change at app time `t` to the trace.
    func logSetting(_ name: String, _ value: JSONValue, at t: Double) {
        trace?.setting(name, value, at: modelClock.modelTime(atReal: t))
    }

    /// The trace's first lines: the viewport, the scene's settings, the scene, rate, policy and renderer.
    func writeTraceHeader() {
        let phone = sdl.windowRect(ofLayoutRect: viewport.frame)
        lastViewportLine = phone
        trace?.header(viewport: PhoneViewport.json(phone), sceneLines: scene.settingLines, scene: scene.kind.name,
                      isFastRate: scene.isFastRate, policy: scene.snapshot().policy, renderer: status.renderer,
                      calibration: calibration, at: modelClock.modelTime(atReal: 0))
    }

    /// The trace's last line: the scene's summary and the frame statistics.
    func writeTraceSummary() {
        trace?.summary(scene: scene.summary, viewsCreated: scene.snapshot().viewsCreated, stats: stats,
                       motionStats: motionStats, worstImageWork: images.worstFrameWork, hitches: hitches)
    }
}
