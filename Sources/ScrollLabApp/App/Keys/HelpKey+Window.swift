import ScrollLabCore

extension HelpKey: WindowPerformable {
    /// H: the help overlay shown or hidden.
    static func perform(_ action: WindowAction, on app: LabApp, at now: AppTime) {
        app.hud.showHelp.toggle()
    }

    static var answers: [String] { [] }
}
