import ScrollLabCore

extension ResetKey: WindowPerformable {
    /// R: A's runs end, the touch is dropped, every phone's scene goes back to offset 0, its events, its
    /// policy segment (traced) and the timelines and policy tables start over.
    static func perform(_ action: WindowAction, on app: LabApp, at now: AppTime) {
        app.endComparison()
        app.input.dropTouch()
        let session = app.session
        for phone in session.phones { phone.scene.reset(time: now.model) }
        session.collect()
        for phone in session.phones {
            phone.events.reset()
            app.tracePolicySegment(of: phone, at: now.model)
        }
        app.resetInstruments()
        app.logSetting("reset", .bool(true), at: now.model)
        app.toast(KeyAnswer.reset(hasLoading: app.scene.loading != nil), at: now.real)
    }

    static var answers: [String] { [KeyAnswer.reset(hasLoading: true), KeyAnswer.reset(hasLoading: false)] }
}
