import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// F5 (B-UI-3): the samples the scenes receive, written to `recordings/gesture-<n>.jsonl` as each gesture
/// completes, so a kill loses at most the gesture in progress.
extension LabApp {
    /// F5: starts recording, or stops and closes the file. After a failed save the samples are kept, and
    /// F5 tries again (into a new file) before a new recording can start.
    func toggleRecording(at now: AppTime) {
        if phoneDriver.isRecording {
            stopRecording(at: now)
        } else if phoneDriver.hasUnsavedRecording {
            if let path = saveRecording(at: now) { closeRecording(path: path, at: now) }
        } else {
            phoneDriver.startRecording()
            logSetting("recording", .bool(true), at: now.model)
            say(KeyToastText.recordingStarted, at: now.real)
        }
    }

    /// Ends the recording (F5, Esc, closing the window, SIGINT/SIGTERM through SDL's quit event): writes
    /// the gestures not yet written and closes the file.
    func stopRecording(at now: AppTime) {
        guard phoneDriver.isRecording else { return }
        guard phoneDriver.stopRecording() else {
            logSetting("recording", .bool(false), at: now.model)
            say(KeyToastText.recordingEmpty, at: now.real)
            return
        }
        if let path = saveRecording(at: now) { closeRecording(path: path, at: now) }
    }

    /// Appends the complete gestures not yet written to the recording file, opening it (in place) on
    /// first use. Returns the file's path, or nil after saying why it failed: the samples stay in the
    /// recording, and the next save writes the whole recording to a new file.
    func saveRecording(at now: AppTime) -> String? {
        do throws(Recording.Failure) {
            return try phoneDriver.saveRecording()
        } catch {
            return recordingFailed(error.message, at: now)
        }
    }

    private func closeRecording(path: String, at now: AppTime) {
        do throws(Recording.Failure) {
            try phoneDriver.closeRecording()
        } catch {
            _ = recordingFailed(error.message, at: now)
            return
        }
        logSetting("recording", .string(path), at: now.model)
        say(KeyToastText.recorded(to: path), at: now.real)
    }

    private func recordingFailed(_ message: String, at now: AppTime) -> String? {
        logSetting("recording", .bool(false), at: now.model)
        writeStandardError(message + " (the recording is kept: F5 saves it again)")
        say(message, at: now.real)
        return nil
    }
}
