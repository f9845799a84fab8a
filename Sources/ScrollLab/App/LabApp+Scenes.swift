import ScrollKit
import ScrollLabCore

extension LabApp {
    /// A new scene of `kind` from the command line's scene options, in the window.
    func makeWindowScene(_ kind: SceneKind) throws(AppError) -> any WindowScene {
        try Self.windowScene(kind, options: sceneOptions, images: images)
    }

    /// A new scene of `kind` built from `options`, put in the window by its `WindowPresentable` side.
    static func windowScene(_ kind: SceneKind, options: SceneOptions, images: ImageLoader) throws(AppError) -> any WindowScene {
        let lab = options.makeScene(kind, imageSource: SDLImageSource(loader: images), assetCount: images.paths.count)
        guard let presentable = lab as? any WindowPresentable else {
            throw .usage("the \(kind.name) scene cannot be shown in the window yet")
        }
        return presentable.windowScene(kind: kind, images: images, options: options)
    }

    /// Switches to the next scene (`S`) with the current deceleration rate. Each scene is built once, from
    /// the command line's scene options, and kept while another is shown, so coming back finds it as it
    /// was (offset, paging mode, memory cache, loads in flight). The trace gets the scene's name and its
    /// setting lines.
    func switchScene(at t: Double) {
        endComparison()  // A's runs stand in for the grid: it comes back before it is parked
        let kind = scene.kind.next
        let fast = scene.isFastRate
        let made: any WindowScene
        if let kept = parkedScenes.removeValue(forKey: kind.name) {
            made = kept
        } else {
            guard let new = try? makeWindowScene(kind) else { return }
            made = new
        }
        // A touch in progress ends here, in this scene, and its callbacks go to the trace now, before the
        // switch's line: a parked scene keeps nothing to report later (the trace's times never go back).
        if pointerDown { scene.cancelPointer(time: modelClock.modelTime(atReal: t)) }
        collectEvents()
        parkedScenes[scene.kind.name] = scene
        made.isFastRate = fast
        scene = made
        pointerDown = false
        events.reset()
        instrumentsDidSwitchScene(to: made.kind)
        refreshSourceStatus()
        logSetting("scene", .string(made.kind.name), at: t)
        for line in made.settingLines { trace?.write(line) }
    }
}
