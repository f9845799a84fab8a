import CSDL
import ScrollKit
import ScrollLabCore

extension LabApp {
    /// The key table every key press and the help overlay are read from.
    static let keyTable = KeyTable.window

    /// The help overlay's lines: every binding of the table, another scene's keys marked with that scene.
    var keyHelp: [HelpOverlay.Entry] {
        Self.keyTable.help.map { entry in
            var action = entry.action
            if let owner = entry.scene, owner != scene.kind.name { action += " (\(owner))" }
            return HelpOverlay.Entry(key: entry.key, action: action)
        }
    }

    /// The table's name for an SDL key, nil for keys no binding can name.
    static func key(_ code: SDL_Keycode) -> Key? {
        switch Int(code) {
        case Int(SDLK_ESCAPE.rawValue): return .escape
        case Int(SDLK_F5.rawValue): return .f5
        case Int(SDLK_F12.rawValue): return .f12
        case 33..<127: return Unicode.Scalar(UInt32(code)).map { .character(Character($0)) }
        default: return nil
        }
    }

    /// Handles a key press at app time `t`: the table's action for it in this scene, if any.
    func handleKey(_ code: SDL_Keycode, at t: Double) {
        guard let key = Self.key(code), let (_, action) = Self.keyTable.dispatch(key, scene: scene.kind.name) else { return }
        perform(action, at: t)
    }

    /// Performs `action` at app time `t`; a scene's own actions go to the scene, and every setting they
    /// change is logged to the trace.
    func perform(_ action: KeyAction, at t: Double) {
        switch action {
        case .quit:
            if showHelp { showHelp = false } else { running = false }
        case .toggleHelp:
            showHelp.toggle()
        case .toggleRate:
            scene.isFastRate.toggle()
            logSetting("rate", .string(scene.isFastRate ? "fast" : "normal"), at: t)
        case .slowMotion:
            cycleSlowMotion(at: t)
        case .record:
            toggleRecording(at: t)
        case .reset:
            pointerDown = false
            scene.reset(time: modelClock.modelTime(atReal: t))
            collectEvents()
            events.reset()
            resetInstruments()
            logSetting("reset", .bool(true), at: t)
        case .nextScene:
            switchScene(at: t)
        case .screenshot:
            pendingScreenshot = Screenshot.nextDefaultPath()
        case .policy, .seedProblem, .latency, .clearCache, .pagingMode, .frameOutline, .delaysContentTouches,
             .canCancelContentTouches:
            for change in scene.perform(action) { logSetting(change.name, change.value, at: t) }
            status.latencyMs = scene.sourceLatencyMs
        }
    }
}
