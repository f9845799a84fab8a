import ScrollLabCore

extension FreezeTimelineKey: WindowPerformable {
    /// Space: the timeline frozen at the model time shown, or live again.
    static func perform(_ action: WindowAction, on app: LabApp, at now: AppTime) {
        app.hud.timelineFrozenAt = app.hud.timelineFrozenAt == nil ? app.phoneDriver.timeShown : nil
        app.logSetting("timelineFrozen", .bool(app.hud.timelineFrozenAt != nil), at: now.model)
        app.toast(KeyToastText.freeze(frozen: app.hud.timelineFrozenAt != nil), at: now.real)
    }

    static var answers: [String] { [KeyToastText.freeze(frozen: true), KeyToastText.freeze(frozen: false)] }
}

extension ScrubTimelineKey: WindowPerformable {
    /// [ and ]: a frozen timeline moved half a second back (argument −1) or forward (+1), within what was shown.
    static func perform(_ action: WindowAction, on app: LabApp, at now: AppTime) {
        let step = action.argument ?? 0
        guard let frozen = app.hud.timelineFrozenAt else {
            app.toast(KeyToastText.scrub(step: step, to: nil), at: now.real)
            return
        }
        app.hud.timelineFrozenAt = Swift.min(app.phoneDriver.timeShown, Swift.max(0, frozen + 0.5 * Double(step)))
        app.toast(KeyToastText.scrub(step: step, to: app.hud.timelineFrozenAt), at: now.real)
    }

    static var answers: [String] {
        [-1, 1].flatMap { [KeyToastText.scrub(step: $0, to: nil), KeyToastText.scrub(step: $0, to: 12_345.6)] }
    }
}
