import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// F5 (B-UI-3): the samples the scenes receive, written to `recordings/gesture-<n>.jsonl` as each gesture
/// completes, so a kill loses at most the gesture in progress.
extension LabApp {
    /// F5: starts recording, or stops and closes the file. After a failed save the samples are kept, and
    /// F5 tries again (into a new file) before a new recording can start.
    func toggleRecording(at t: Double) {
        if session.isRecording {
            stopRecording(at: t)
        } else if session.hasUnsavedRecording {
            if let path = saveRecording(at: t) { closeRecording(path: path, at: t) }
        } else {
            session.startRecording()
            logSetting("recording", .bool(true), at: t)
            say(KeyAnswer.recordingStarted, at: t)
        }
    }

    /// Ends the recording (F5, Esc, closing the window, SIGINT/SIGTERM through SDL's quit event): writes
    /// the gestures not yet written and closes the file.
    func stopRecording(at t: Double) {
        guard session.isRecording else { return }
        guard session.stopRecording() else {
            logSetting("recording", .bool(false), at: t)
            say(KeyAnswer.recordingEmpty, at: t)
            return
        }
        if let path = saveRecording(at: t) { closeRecording(path: path, at: t) }
    }

    /// Appends the complete gestures not yet written to the recording file, opening it (in place) on
    /// first use. Returns the file's path, or nil after saying why it failed: the samples stay in the
    /// recording, and the next save writes the whole recording to a new file.
    func saveRecording(at t: Double) -> String? {
        do throws(Recording.Failure) {
            return try session.saveRecording()
        } catch {
            return recordingFailed(error.message, at: t)
        }
    }

    private func closeRecording(path: String, at t: Double) {
        do throws(Recording.Failure) {
            try session.closeRecording()
        } catch {
            _ = recordingFailed(error.message, at: t)
            return
        }
        logSetting("recording", .string(path), at: t)
        say(KeyAnswer.recorded(to: path), at: t)
    }

    private func recordingFailed(_ message: String, at t: Double) -> String? {
        logSetting("recording", .bool(false), at: t)
        writeStandardError(message + " (the recording is kept: F5 saves it again)")
        say(message, at: t)
        return nil
    }
}
