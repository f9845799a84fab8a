import ScrollLabCore

extension RecordKey: WindowPerformable {
    /// F5: recording started, or stopped and its file closed (`LabApp+Recording`).
    static func perform(_ action: WindowAction, on app: LabApp, at now: AppTime) {
        app.toggleRecording(at: now)
    }

    static var answers: [String] {
        [KeyToastText.recordingStarted, KeyToastText.recordingEmpty, KeyToastText.recorded(to: "recordings/gesture-12345.jsonl")]
    }
}
