import CSDL
import ScrollKit

extension LabApp {
    /// The source latencies `L` cycles through, seconds (B-IMG-1).
    static let latencySteps: [Double] = [0, 0.080, 0.250, 1.0]

    /// The grid scene when it is the one shown.
    var gridScene: GridScene? { (scene as? LabSceneAdapter)?.scene as? GridScene }

    /// The pager scene when it is the one shown.
    var pagerScene: PagerScene? { (scene as? LabSceneAdapter)?.scene as? PagerScene }

    /// The photos scene when it is the one shown.
    var photosScene: PhotosScene? { (scene as? LabSceneAdapter)?.scene as? PhotosScene }

    /// Every key the window understands, as the help overlay lists them.
    var keyHelp: [HelpOverlay.Entry] {
        var entries: [HelpOverlay.Entry] = [
            .init(key: "drag", action: "scroll; release while moving to fling"),
            .init(key: "wheel", action: "scroll \(Int(Self.wheelStep)) pt per notch"),
            .init(key: "D", action: "deceleration rate normal / fast"),
        ]
        if gridScene != nil {
            let kinds = LoadingPolicyKind.allCases
            let own = kinds.filter { !$0.isPeer }
            entries.append(.init(key: "1–\(own.count)", action: "loading policy: " + own.map(\.rawValue).joined(separator: ", ")))
            for (index, kind) in kinds.enumerated() where kind.isPeer {
                entries.append(.init(key: "\(index + 1)", action: "peer: \(kind.rawValue) (\(kind.system))"))
            }
            entries.append(.init(key: "B", action: "show a seed problem broken: off, 1, 2, 3 (Deferred, Target)"))
            entries.append(.init(key: "L", action: "source latency: " + Self.latencySteps.map { "\(Int($0 * 1000))" }.joined(separator: "/") + " ms"))
            entries.append(.init(key: "C", action: "clear the memory cache"))
            entries.append(.init(key: "U", action: "delaysContentTouches: hold a touch on a tile back 150 ms (on / off)"))
            entries.append(.init(key: "X", action: "canCancelContentTouches: a drag may take a tracking tile's touch (on / off)"))
        }
        if pagerScene != nil {
            entries.append(.init(key: "P", action: "paging mode: " + PagingMode.allCases.map(\.rawValue).joined(separator: ", ")))
            entries.append(.init(key: "O", action: "outline the scroll view's frame (vs. the visible area)"))
        }
        entries += [
            .init(key: "S", action: "next scene: " + SceneOption.allCases.map(\.rawValue).joined(separator: ", ")),
            .init(key: "T", action: "slow motion: model clock 1× → 0.25× → 0.1× (now \(modelClock.scaleLabel))"),
            .init(key: "F5", action: instruments.recorder.isRecording
                  ? "stop recording and write ./recordings/gesture-N.jsonl"
                  : "record pointer samples to ./recordings/gesture-N.jsonl"),
            .init(key: "R", action: "reset: offset 0, clear the event list"),
            .init(key: "F12", action: "screenshot to ./screenshots/"),
            .init(key: "H", action: "show / hide this help"),
            .init(key: "Esc", action: "quit"),
        ]
        return entries
    }

    /// Handles a key press at app time `t`.
    func handleKey(_ key: SDL_Keycode, at t: Double) {
        let modelTime = modelClock.modelTime(atReal: t)
        switch Int(key) {
        case Int(SDLK_ESCAPE.rawValue):
            if showHelp { showHelp = false } else { running = false }
        case Int(SDLK_h.rawValue):
            showHelp.toggle()
        case Int(SDLK_d.rawValue):
            scene.isFastRate.toggle()
            logSetting("rate", .string(scene.isFastRate ? "fast" : "normal"), at: t)
        case Int(SDLK_t.rawValue):
            cycleSlowMotion(at: t)
        case Int(SDLK_F5.rawValue):
            toggleRecording(at: t)
        case Int(SDLK_r.rawValue):
            pointerDown = false
            scene.reset(time: modelTime)
            collectEvents()
            events.reset()
            resetInstruments()
            logSetting("reset", .bool(true), at: t)
        case Int(SDLK_1.rawValue)...Int(SDLK_9.rawValue):
            if let name = scene.selectPolicy(Int(key) - Int(SDLK_0.rawValue)) {
                logSetting("policy", .string(name), at: t)
            }
        case Int(SDLK_l.rawValue) where gridScene != nil:
            let next = Self.latencySteps.first { $0 > images.latency + 1e-9 } ?? Self.latencySteps[0]
            images.latency = next
            status.latencyMs = next * 1000
            logSetting("latencyMs", .number(next * 1000), at: t)
        case Int(SDLK_c.rawValue):
            guard let grid = gridScene else { break }
            grid.clearMemoryCache()
            logSetting("clearCache", .bool(true), at: t)
        case Int(SDLK_b.rawValue):
            guard let grid = gridScene else { break }
            let problems: [SeedProblem?] = [nil] + SeedProblem.allCases
            let index = problems.firstIndex { $0 == grid.seedProblem } ?? 0
            let next = problems[(index + 1) % problems.count]
            grid.setPolicy(grid.policyKind, problem: next)
            logSetting("seedProblem", next.map { .int($0.rawValue) } ?? .null, at: t)
        case Int(SDLK_s.rawValue):
            switchScene(at: t)
        case Int(SDLK_p.rawValue):
            guard let pager = pagerScene else { break }
            let modes = PagingMode.allCases
            pager.mode = modes[((modes.firstIndex(of: pager.mode) ?? 0) + 1) % modes.count]
            logSetting("paging", .string(pager.mode.rawValue), at: t)
        case Int(SDLK_o.rawValue) where pagerScene != nil:
            showsPagerFrame.toggle()
            logSetting("frameOutline", .bool(showsPagerFrame), at: t)
        case Int(SDLK_u.rawValue) where gridScene != nil:
            let view = gridScene!.scrollView
            view.delaysContentTouches.toggle()
            logSetting("delaysContentTouches", .bool(view.delaysContentTouches), at: t)
        case Int(SDLK_x.rawValue) where gridScene != nil:
            let view = gridScene!.scrollView
            view.canCancelContentTouches.toggle()
            logSetting("canCancelContentTouches", .bool(view.canCancelContentTouches), at: t)
        case Int(SDLK_F12.rawValue):
            pendingScreenshot = Screenshot.nextDefaultPath()
        default:
            break
        }
    }
}
