import ScrollKit

extension LabApp {
    /// Scenes the window can show, in `S` order.
    static let sceneNames = ["grid"]

    /// Makes the scene `options` ask for.
    static func makeScene(_ options: WindowOptions) throws(AppError) -> any WindowScene {
        switch options.scene {
        case "grid":
            let grid = GridDemoScene(items: options.items)
            let scene = LabSceneAdapter(scene: grid, policy: options.policy) {
                SceneContent(tiles: grid.tiles, viewsCreated: grid.pool.viewsCreated, rebindCount: grid.pool.rebindCount)
            }
            scene.isFastRate = options.fastRate
            return scene
        default:
            throw .usage("unknown scene '\(options.scene)' (available: \(sceneNames.joined(separator: ", ")))")
        }
    }

    /// Switches to the next scene (`S`), keeping the rate.
    func switchScene(at t: Double) {
        let index = Self.sceneNames.firstIndex(of: scene.name) ?? 0
        var next = options
        next.scene = Self.sceneNames[(index + 1) % Self.sceneNames.count]
        next.fastRate = scene.isFastRate
        guard let made = try? Self.makeScene(next) else { return }
        collectEvents()
        scene = made
        pointerDown = false
        events.reset()
        logSetting("scene", .string(made.name), at: t)
    }
}
