import ScrollKit

extension LabApp {
    /// Puts a ScrollKit scene in the window with the adapter that knows how to draw it.
    static func windowScene(for scene: any LabScene) throws(AppError) -> any WindowScene {
        if let grid = scene as? GridScene { return LabSceneAdapter.grid(grid) }
        if let pager = scene as? PagerScene { return LabSceneAdapter.pager(pager) }
        if let photos = scene as? PhotosScene { return LabSceneAdapter.photos(photos) }
        throw .usage("the \(scene.name) scene cannot be shown in the window yet")
    }

    /// Switches to the next scene (`S`) with the current deceleration rate. Each scene is built once, from
    /// the command line's scene options, and kept while another is shown, so coming back finds it as it
    /// was (offset, paging mode, memory cache, loads in flight). The trace gets the scene's name and its
    /// setting lines.
    func switchScene(at t: Double) {
        let all = SceneOption.allCases
        var next = sceneOptions
        next.scene = all[((SceneOption(rawValue: scene.name).flatMap { all.firstIndex(of: $0) } ?? 0) + 1) % all.count]
        let fast = scene.isFastRate
        let made: any WindowScene
        if let kept = parkedScenes.removeValue(forKey: next.scene.rawValue) {
            made = kept
        } else {
            guard let new = try? Self.windowScene(for: next.makeScene(imageSource: SDLImageSource(loader: images),
                                                                      assetCount: images.paths.count)) else { return }
            made = new
        }
        collectEvents()
        if pointerDown { scene.cancelPointer(time: modelClock.modelTime(atReal: t)) }
        parkedScenes[scene.name] = scene
        made.isFastRate = fast
        scene = made
        pointerDown = false
        events.reset()
        instrumentsDidSwitchScene(to: made.name)
        status.latencyMs = gridScene != nil ? images.latency * 1000 : nil
        logSetting("scene", .string(made.name), at: t)
        for line in made.settingLines { trace?.write(line) }
    }
}
