import ScrollLabCore

extension QuitKey: WindowPerformable {
    /// Esc: closes the help when it is shown, else ends the loop.
    static func perform(_ action: WindowAction, on app: LabApp, at now: AppTime) {
        if app.hud.showHelp { app.hud.showHelp = false } else { app.loop.running = false }
    }

    static var answers: [String] { [] }
}
