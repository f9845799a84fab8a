import ScrollLabCore

extension NextSceneKey: WindowPerformable {
    /// S: every phone shows the next scene (`LabApp.switchScene`).
    static func perform(_ action: WindowAction, on app: LabApp, at now: AppTime) {
        app.switchScene(at: now)
        app.toast(KeyToastText.nextScene(app.scene.kind.name), at: now.real)
    }

    static var answers: [String] { SceneKind.all.map { KeyToastText.nextScene($0.name) } }
}
