import ScrollKit
import ScrollLabCore

extension LabApp {
    /// `S`: every phone switches to the next scene (see `Phone.switchScene`), with the current
    /// deceleration rate. A touch in progress ends here, in this scene, and its callbacks go to the trace
    /// now, before the switch's line: a parked scene keeps nothing to report later. The trace gets the
    /// scene's name and its setting lines.
    func switchScene(at now: AppTime) {
        endComparison()  // A's runs stand in for the grid: it comes back before it is parked
        if input.pointerDown { phoneDriver.cancelTouch(at: now.model) }
        phoneDriver.collect()
        input.dropTouch()
        guard phoneDriver.phones.allSatisfy({ $0.switchScene(factory: phoneDriver.factory) }) else { return }
        // A replay in progress stops (it was meant for the scene it started on).
        phoneDriver.stopPlayback()
        updateConditions(at: now.model)
        logSetting("scene", .string(scene.kind.name), at: now.model)
        for line in scene.settingLines { trace?.log.write(line) }
    }
}
