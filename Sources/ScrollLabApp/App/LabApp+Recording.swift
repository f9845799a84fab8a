import Foundation
import LabKit
import ScrollKit

/// F5 (B-UI-3): the samples the scenes receive, written to `recordings/gesture-<n>.jsonl` as each gesture
/// completes, so a kill loses at most the gesture in progress.
extension LabApp {
    /// F5: starts recording, or stops and closes the file. After a failed save the samples are kept, and
    /// F5 tries again (into a new file) before a new recording can start.
    func toggleRecording(at t: Double) {
        if session.recording.recorder.isRecording {
            stopRecording(at: t)
        } else if session.recording.recorder.hasUnsavedGestures {
            if let path = saveRecording(at: t) { closeRecording(path: path, at: t) }
        } else {
            session.recording.recorder.start()
            logSetting("recording", .bool(true), at: t)
            say(KeyAnswer.recordingStarted, at: t)
        }
    }

    /// Ends the recording (F5, Esc, closing the window, SIGINT/SIGTERM through SDL's quit event): writes
    /// the gestures not yet written and closes the file.
    func stopRecording(at t: Double) {
        guard session.recording.recorder.isRecording else { return }
        session.recording.recorder.stop()
        guard session.recording.file != nil || session.recording.recorder.hasUnsavedGestures else {
            logSetting("recording", .bool(false), at: t)
            say(KeyAnswer.recordingEmpty, at: t)
            return
        }
        if let path = saveRecording(at: t) { closeRecording(path: path, at: t) }
    }

    /// Appends the complete gestures not yet written to the recording file, opening it (in place) on
    /// first use. Returns the file's path, or nil after saying why it failed: the samples stay in the
    /// recorder, and the next save writes the whole recording to a new file.
    func saveRecording(at t: Double) -> String? {
        if session.recording.file == nil {
            let path = Recording.nextPath()
            try? FileManager.default.createDirectory(atPath: Recording.folder, withIntermediateDirectories: true)
            do {
                session.recording.file = try OutputFile(path: path)
            } catch {
                return recordingFailed(error.message, at: t)
            }
        }
        guard let file = session.recording.file else { return nil }
        if let text = session.recording.recorder.unsavedText() {
            guard file.write(text) else { return recordingFailed("scrolllab: \(file.failure ?? "cannot write \(file.path)")", at: t) }
            session.recording.recorder.markSaved()
        }
        return file.path
    }

    private func closeRecording(path: String, at t: Double) {
        if let failure = session.recording.file?.close() {
            _ = recordingFailed("scrolllab: \(failure)", at: t)
            return
        }
        session.recording.file = nil
        logSetting("recording", .string(path), at: t)
        say(KeyAnswer.recorded(to: path), at: t)
    }

    private func recordingFailed(_ message: String, at t: Double) -> String? {
        session.recording.file?.close()
        session.recording.file = nil
        session.recording.recorder.markUnsaved()
        logSetting("recording", .bool(false), at: t)
        writeStandardError(message + " (the recording is kept: F5 saves it again)")
        say(message, at: t)
        return nil
    }
}
