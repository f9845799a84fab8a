import ScrollLabCore

extension ResetKey: WindowPerformable {
    /// R: a touch in progress ends, A's runs end, every phone's scene goes back to offset 0, its events,
    /// its policy segment (traced) and the timelines and policy tables start over.
    static func perform(_ action: WindowAction, on app: LabApp, at now: AppTime) {
        app.endTouchInProgress(at: now)
        app.endComparison()
        let phoneDriver = app.phoneDriver
        for phone in phoneDriver.phones { phone.scene.reset(time: now.model) }
        phoneDriver.collect()
        for phone in phoneDriver.phones {
            phone.events.reset()
            app.tracePolicySegment(of: phone, at: now.model)
        }
        app.resetInstruments()
        app.logSetting("reset", .bool(true), at: now.model)
        app.toast(KeyToastText.reset(hasLoading: app.scene.loading != nil), at: now.real)
    }

    static var answers: [String] { [KeyToastText.reset(hasLoading: true), KeyToastText.reset(hasLoading: false)] }
}
