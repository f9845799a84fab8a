import ScrollLabCore

extension SlowMotionKey: WindowPerformable {
    /// T: the next slow-motion step (`LabApp.cycleSlowMotion`).
    static func perform(_ action: WindowAction, on app: LabApp, at now: AppTime) {
        app.cycleSlowMotion(at: now)
        app.toast(KeyAnswer.slowMotion(app.session.clock.scaleLabel, isSlow: app.session.clock.scale != 1), at: now.real)
    }

    static var answers: [String] {
        [KeyAnswer.slowMotion("0.25×", isSlow: true), KeyAnswer.slowMotion("0.1×", isSlow: true), KeyAnswer.slowMotion("1×", isSlow: false)]
    }
}
