import ScrollKit

extension LabApp {
    /// Puts a ScrollKit scene in the window with the adapter that knows how to draw it.
    static func windowScene(for scene: any LabScene) throws(AppError) -> any WindowScene {
        if let grid = scene as? GridScene { return LabSceneAdapter.grid(grid) }
        throw .usage("the \(scene.name) scene cannot be shown in the window yet")
    }
}
