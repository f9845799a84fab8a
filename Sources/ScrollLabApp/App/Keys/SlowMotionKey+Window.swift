import ScrollLabCore

extension SlowMotionKey: WindowPerformable {
    /// T: the next slow-motion step (`LabApp.cycleSlowMotion`).
    static func perform(_ action: WindowAction, on app: LabApp, at now: AppTime) {
        app.cycleSlowMotion(at: now)
        app.toast(KeyToastText.slowMotion(app.phoneDriver.clock.scaleLabel, isSlow: app.phoneDriver.clock.scale != 1), at: now.real)
    }

    static var answers: [String] {
        [KeyToastText.slowMotion("0.25×", isSlow: true), KeyToastText.slowMotion("0.1×", isSlow: true), KeyToastText.slowMotion("1×", isSlow: false)]
    }
}
