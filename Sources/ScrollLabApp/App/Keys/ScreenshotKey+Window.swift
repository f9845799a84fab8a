import ScrollLabCore

extension ScreenshotKey: WindowPerformable {
    /// F12: a screenshot of this frame, saved once it is drawn (pressed again before that, the same one:
    /// its name is taken once).
    static func perform(_ action: WindowAction, on app: LabApp, at now: AppTime) {
        if app.loop.screenshots.pending == nil { app.loop.screenshots.pending = Screenshot.nextDefaultPath() }
    }

    static var answers: [String] { [KeyToastText.screenshotSaved(to: "screenshots/scrolllab-12345.png")] }
}
