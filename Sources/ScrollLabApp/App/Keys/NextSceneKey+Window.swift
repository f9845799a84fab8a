import ScrollLabCore

extension NextSceneKey: WindowPerformable {
    /// S: every phone shows the next scene (`LabApp.switchScene`).
    static func perform(_ action: WindowAction, on app: LabApp, at now: AppTime) {
        let stoppedReplay = app.switchScene(at: now)
        app.toast(KeyToastText.nextScene(app.scene.kind.name, stoppedReplay: stoppedReplay), at: now.real)
    }

    static var answers: [String] {
        SceneKind.all.flatMap { [KeyToastText.nextScene($0.name), KeyToastText.nextScene($0.name, stoppedReplay: true)] }
    }
}
