import ScrollLabCore

extension RateKey: WindowPerformable {
    /// D: every phone's deceleration rate switched between normal and fast (a new condition for the
    /// policy table).
    static func perform(_ action: WindowAction, on app: LabApp, at now: AppTime) {
        let fast = !app.scene.isFastRate
        for phone in app.phoneDriver.phones { phone.scene.isFastRate = fast }
        app.logSetting("rate", .string(app.scene.isFastRate ? "fast" : "normal"), at: now.model)
        app.toast(KeyToastText.rate(fast: app.scene.isFastRate) + app.updateConditions(at: now.model), at: now.real)
    }

    static var answers: [String] { [KeyToastText.rate(fast: true), KeyToastText.rate(fast: false)] }
}
