import CSDL
import ScrollKit

extension LabApp {
    /// The source latencies `L` cycles through, seconds (B-IMG-1).
    static let latencySteps: [Double] = [0, 0.080, 0.250, 1.0]

    /// The grid scene when it is the one shown.
    var gridScene: GridScene? { (scene as? LabSceneAdapter)?.scene as? GridScene }

    /// The pager scene when it is the one shown.
    var pagerScene: PagerScene? { (scene as? LabSceneAdapter)?.scene as? PagerScene }

    /// Every key the window understands in either scene, as the help overlay lists them (a scene's
    /// own keys marked with its name).
    var keyHelp: [HelpOverlay.Entry] {
        let kinds = LoadingPolicyKind.allCases
        let own = kinds.filter { !$0.isPeer }
        var entries: [HelpOverlay.Entry] = [
            .init(key: "drag", action: "scroll; release while moving to fling"),
            .init(key: "wheel", action: "scroll \(Int(Self.wheelStep)) pt per notch"),
            .init(key: "D", action: "deceleration rate normal / fast"),
            .init(key: "1–\(own.count)", action: "loading policy: " + own.map(\.rawValue).joined(separator: ", ")
                  + "; the policy table compares them since R", scene: "grid"),
        ]
        for (index, kind) in kinds.enumerated() where kind.isPeer {
            entries.append(.init(key: "\(index + 1)", action: "peer: \(kind.rawValue) (\(kind.system))", scene: "grid"))
        }
        entries += [
            .init(key: "B", action: "show a seed problem broken: off, 1, 2, 3 (Deferred, Target)", scene: "grid"),
            .init(key: "L", action: "source latency: " + Self.latencySteps.map { "\(Int($0 * 1000))" }.joined(separator: "/") + " ms",
                  scene: "grid"),
            .init(key: "C", action: "clear the memory cache", scene: "grid"),
            .init(key: "P", action: "paging mode: " + PagingMode.allCases.map(\.rawValue).joined(separator: ", "), scene: "pager"),
            .init(key: "O", action: "outline the scroll view's frame (vs. the visible area)", scene: "pager"),
            .init(key: "S", action: "next scene: " + SceneOption.allCases.map(\.rawValue).joined(separator: ", ")),
            .init(key: "T", action: "slow motion: model clock 1× → 0.25× → 0.1× (now \(modelClock.scaleLabel))"),
            .init(key: "F5", action: instruments.recorder.isRecording
                  ? "stop recording and write ./recordings/gesture-N.jsonl"
                  : "record pointer samples to ./recordings/gesture-N.jsonl"),
            .init(key: "R", action: "reset: offset 0, the event list, the timeline and the policy table"),
            .init(key: "F12", action: "screenshot to ./screenshots/"),
            .init(key: "H", action: "show / hide this help"),
            .init(key: "Esc", action: "quit"),
        ]
        return entries
    }

    /// Handles a key press at app time `t`. Every key answers with a toast, a key that does nothing in
    /// this scene included (it says where it works).
    func handleKey(_ key: SDL_Keycode, at t: Double) {
        let modelTime = modelClock.modelTime(atReal: t)
        let grid = gridScene, pager = pagerScene
        switch Int(key) {
        case Int(SDLK_ESCAPE.rawValue):
            if showHelp { showHelp = false } else { running = false }
        case Int(SDLK_h.rawValue):
            showHelp.toggle()
        case Int(SDLK_d.rawValue):
            scene.isFastRate.toggle()
            logSetting("rate", .string(scene.isFastRate ? "fast" : "normal"), at: t)
            toast(scene.isFastRate ? "D: deceleration rate fast (0.99)" : "D: deceleration rate normal (0.998)", at: t)
        case Int(SDLK_t.rawValue):
            cycleSlowMotion(at: t)
            toast("T: model clock " + modelClock.scaleLabel + (modelClock.scale == 1 ? "" : " (slow motion)"), at: t)
        case Int(SDLK_F5.rawValue):
            toggleRecording(at: t)
        case Int(SDLK_r.rawValue):
            pointerDown = false
            scene.reset(time: modelTime)
            collectEvents()
            events.reset()
            tracePolicySegment(at: t)
            resetInstruments()
            logSetting("reset", .bool(true), at: t)
            toast(grid != nil ? "R: reset: offset 0, events, timeline, policy metrics" : "R: reset: offset 0, events, timeline", at: t)
        case Int(SDLK_1.rawValue)...Int(SDLK_9.rawValue):
            let number = Int(key) - Int(SDLK_0.rawValue)
            guard grid != nil else { return toast("\(number): loading policies are in the grid scene (S)", at: t) }
            let ending = gridSegment
            guard let name = scene.selectPolicy(number) else {
                return toast("\(number): no policy (1–\(LoadingPolicyKind.allCases.count))", at: t)
            }
            tracePolicySegment(ending, at: t)
            logSetting("policy", .string(name), at: t)
            toast("\(number): policy \(name), metrics from zero", at: t)
        case Int(SDLK_l.rawValue):
            guard grid != nil else { return toast("L: image latency is in the grid scene (S)", at: t) }
            let next = Self.latencySteps.first { $0 > images.latency + 1e-9 } ?? Self.latencySteps[0]
            images.latency = next
            status.latencyMs = next * 1000
            logSetting("latencyMs", .number(next * 1000), at: t)
            toast("L: image source latency \(Int(next * 1000)) ms", at: t)
        case Int(SDLK_c.rawValue):
            guard let grid else { return toast("C: the image cache is in the grid scene (S)", at: t) }
            let count = grid.pipeline.cache.keysByRecency.count
            grid.clearMemoryCache()
            logSetting("clearCache", .bool(true), at: t)
            toast("C: memory cache cleared (\(count) image\(count == 1 ? "" : "s"))", at: t)
        case Int(SDLK_b.rawValue):
            guard let grid else { return toast("B: seed problems are in the grid scene (S)", at: t) }
            let problems: [SeedProblem?] = [nil] + SeedProblem.allCases
            let index = problems.firstIndex { $0 == grid.seedProblem } ?? 0
            let next = problems[(index + 1) % problems.count]
            let ending = gridSegment
            grid.setPolicy(grid.policyKind, problem: next)
            tracePolicySegment(ending, at: t)
            logSetting("seedProblem", next.map { .int($0.rawValue) } ?? .null, at: t)
            toast(next.map { "B: seed problem \($0.rawValue) shown broken (Deferred, Target)" } ?? "B: seed problems off", at: t)
        case Int(SDLK_s.rawValue):
            switchScene(at: t)
            toast("S: \(scene.name) scene", at: t)
        case Int(SDLK_p.rawValue):
            guard let pager else { return toast("P: paging modes are in the pager scene (S)", at: t) }
            let modes = PagingMode.allCases
            pager.mode = modes[((modes.firstIndex(of: pager.mode) ?? 0) + 1) % modes.count]
            logSetting("paging", .string(pager.mode.rawValue), at: t)
            toast("P: paging \(pager.mode.rawValue)", at: t)
        case Int(SDLK_o.rawValue):
            guard pager != nil else { return toast("O: the frame outline is in the pager scene (S)", at: t) }
            showsPagerFrame.toggle()
            logSetting("frameOutline", .bool(showsPagerFrame), at: t)
            toast("O: frame outline " + (showsPagerFrame ? "on" : "off"), at: t)
        case Int(SDLK_F12.rawValue):
            pendingScreenshot = Screenshot.nextDefaultPath()
        default:
            if let name = SDL_GetKeyName(key).map({ String(cString: $0) }), name.count == 1 {
                toast("\(name): no action · H lists the keys", at: t)
            }
        }
    }
}
