import CSDL
import LabKit
import ScrollKit
import ScrollLabCore

extension LabApp {
    /// The key table every key press and the help overlay are read from.
    static let keyTable = KeyTable.window

    /// The help overlay's lines: every binding of the table, a scene's own keys marked with that scene.
    var keyHelp: [HelpOverlay.Entry] {
        Self.keyTable.help.map { HelpOverlay.Entry(key: $0.key, action: $0.action, scene: $0.scene) }
    }

    /// The table's name for an SDL key, nil for keys no binding can name.
    static func key(_ code: SDL_Keycode) -> Key? {
        switch Int(code) {
        case Int(SDLK_ESCAPE.rawValue): return .escape
        case Int(SDLK_F5.rawValue): return .f5
        case Int(SDLK_F12.rawValue): return .f12
        case 32..<127: return Unicode.Scalar(UInt32(code)).map { .character(Character($0)) }
        default: return nil
        }
    }

    /// Handles a key press at app time `t`: the table's action for it in this scene. A key that does
    /// nothing here still answers: a toast names the scene it works in, or says it has no action.
    func handleKey(_ code: SDL_Keycode, at t: Double) {
        guard let key = Self.key(code) else { return }
        if let (_, action) = Self.keyTable.dispatch(key, scene: scene.kind.name) {
            perform(action, at: t)
        } else if let elsewhere = Self.keyTable.bindings.first(where: { $0.keys.contains(key) }), let owner = elsewhere.scene {
            toast("\(key.label) works in the \(owner) scene (S): \(elsewhere.description)", at: t)
        } else {
            toast("\(key.label): no action · H lists the keys", at: t)
        }
    }

    /// Performs `action` at app time `t`; a scene's own actions go to the scene, which answers with its
    /// toast, and every setting they change is logged to the trace. Every action answers with a toast; a
    /// policy change (digits, B) ends the current policy's segment in the trace.
    func perform(_ action: KeyAction, at t: Double) {
        switch action {
        case .quit:
            if showHelp { showHelp = false } else { running = false }
        case .toggleHelp:
            showHelp.toggle()
        case .toggleRate:
            scene.isFastRate.toggle()
            logSetting("rate", .string(scene.isFastRate ? "fast" : "normal"), at: t)
            toast(scene.isFastRate ? "D: deceleration rate fast (0.99)" : "D: deceleration rate normal (0.998)", at: t)
        case .slowMotion:
            cycleSlowMotion(at: t)
            toast("T: model clock " + modelClock.scaleLabel + (modelClock.scale == 1 ? "" : " (slow motion)"), at: t)
        case .record:
            toggleRecording(at: t)
        case .reset:
            endComparison()
            pointerDown = false
            scene.reset(time: modelClock.modelTime(atReal: t))
            collectEvents()
            events.reset()
            tracePolicySegment(at: t)
            resetInstruments()
            logSetting("reset", .bool(true), at: t)
            toast(gridScene != nil ? "R: reset: offset 0, events, timeline, policy table" : "R: reset: offset 0, events, timeline", at: t)
        case .compareAll:
            startComparingAllPolicies(at: t)
        case .freezeTimeline:
            instruments.timelineFrozenAt = instruments.timelineFrozenAt == nil ? modelTimeShown : nil
            logSetting("timelineFrozen", .bool(instruments.timelineFrozenAt != nil), at: t)
            toast(instruments.timelineFrozenAt == nil ? "Space: the timeline runs live" : "Space: the timeline frozen · [ ] move it back and forth", at: t)
        case .scrubTimeline(let step):
            guard let frozen = instruments.timelineFrozenAt else {
                toast("\(step < 0 ? "[" : "]"): freeze the timeline first (Space)", at: t)
                break
            }
            instruments.timelineFrozenAt = Swift.min(modelTimeShown, Swift.max(0, frozen + 0.5 * Double(step)))
            toast(String(format: "%@: the timeline at %.1f s", step < 0 ? "[" : "]", instruments.timelineFrozenAt!), at: t)
        case .nextScene:
            switchScene(at: t)
            toast("S: the \(scene.kind.name) scene", at: t)
        case .screenshot:
            pendingScreenshot = Screenshot.nextDefaultPath()
        case .scene(let action):
            let ending = gridSegment
            let result = scene.perform(action)
            if result.changes.contains(where: { $0.name == "policy" || $0.name == "seedProblem" }) { tracePolicySegment(ending, at: t) }
            for change in result.changes { logSetting(change.name, change.value, at: t) }
            refreshSourceStatus()
            toast(result.toast, at: t)
        }
    }
}
