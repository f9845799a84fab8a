import CSDL
import ScrollKit

extension LabApp {
    /// Every key the window understands, as the help overlay lists them.
    var keyHelp: [HelpOverlay.Entry] {
        var entries: [HelpOverlay.Entry] = [
            .init(key: "drag", action: "scroll; release while moving to fling"),
            .init(key: "wheel", action: "scroll \(Int(Self.wheelStep)) pt per notch"),
            .init(key: "D", action: "deceleration rate normal / fast"),
        ]
        if scene.name == "grid" {
            let names = LoadingPolicyKind.allCases.map(\.rawValue).joined(separator: ", ")
            entries.append(.init(key: "1–\(LoadingPolicyKind.allCases.count)", action: "loading policy: " + names))
        }
        entries += [
            .init(key: "T", action: "slow motion (model time ×¼)"),
            .init(key: "R", action: "reset: offset 0, clear the event list"),
            .init(key: "F12", action: "screenshot to ./screenshots/"),
            .init(key: "H", action: "show / hide this help"),
            .init(key: "Esc", action: "quit"),
        ]
        return entries
    }

    /// Handles a key press at app time `t`.
    func handleKey(_ key: SDL_Keycode, at t: Double) {
        let modelTime = timeline.modelTime(t)
        switch Int(key) {
        case Int(SDLK_ESCAPE.rawValue):
            if showHelp { showHelp = false } else { running = false }
        case Int(SDLK_h.rawValue):
            showHelp.toggle()
        case Int(SDLK_d.rawValue):
            scene.isFastRate.toggle()
            logSetting("rate", .string(scene.isFastRate ? "fast" : "normal"), at: t)
        case Int(SDLK_t.rawValue):
            let slow = timeline.rate == 1
            timeline.setRate(slow ? 0.25 : 1, at: t)
            status.slowMotion = slow
            logSetting("slowMotion", .bool(slow), at: t)
        case Int(SDLK_r.rawValue):
            pointerDown = false
            scene.reset(time: modelTime)
            collectEvents()
            events.reset()
            logSetting("reset", .bool(true), at: t)
        case Int(SDLK_1.rawValue)...Int(SDLK_9.rawValue):
            if let name = scene.selectPolicy(Int(key) - Int(SDLK_0.rawValue)) {
                logSetting("policy", .string(name), at: t)
            }
        case Int(SDLK_F12.rawValue):
            pendingScreenshot = Screenshot.nextDefaultPath()
        default:
            break
        }
    }
}
