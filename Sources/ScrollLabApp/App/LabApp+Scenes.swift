import Foundation
import ScrollKit
import ScrollLabCore

extension LabApp {
    /// `S`: every phone switches to the next scene (see `Phone.switchScene`), with the current
    /// deceleration rate. A touch in progress ends here, in this scene, and its callbacks go to the trace
    /// now, before the switch's line: a parked scene keeps nothing to report later. The trace gets the
    /// scene's name and its setting lines. A replay in progress (or one waiting for its phones to settle)
    /// stops, and says so: returns true then.
    @discardableResult
    func switchScene(at now: AppTime) -> Bool {
        endComparison()  // A's runs stand in for the grid: it comes back before it is parked
        endTouchInProgress(at: now)
        guard phoneDriver.phones.allSatisfy({ $0.switchScene(factory: factory) }) else { return false }
        // A replay in progress stops (it was meant for the scene it started on): no `replayEnd` will come,
        // so the trace and standard output say it stopped.
        let stopsReplay = isReplaying || loop.replayEndPending
        phoneDriver.stopPlayback()
        loop.replayEndPending = false
        if stopsReplay {
            logSetting("replay", .string("stopped"), at: now.model)
            if !options.quiet { writeLine("replay stopped (S switched the scene)", to: STDOUT_FILENO) }
        }
        updateConditions(at: now.model)
        logSetting("scene", .string(scene.kind.name), at: now.model)
        for line in scene.settingLines { trace?.log.write(line) }
        return stopsReplay
    }
}
