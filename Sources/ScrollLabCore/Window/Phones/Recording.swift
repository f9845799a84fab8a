import Foundation
import LabKit
import ScrollKit

/// F5 (B-UI-3): the samples as the model received them, and the file they are written to as each gesture
/// completes. After a failed write the file is dropped and the samples kept: the next save writes the
/// whole recording to a new file.
package struct Recording {
    /// Folder the recordings go to, relative to the working directory.
    package static let folder = "recordings"

    /// Why a recording could not be written: one line.
    package struct Failure: Error {
        package let message: String
    }

    private var recorder = GestureRecorder()
    /// The file the recording is written to (opened at the first save).
    private var file: OutputFile?

    /// True while samples are recorded.
    package var isRecording: Bool { recorder.isRecording }

    /// True while gestures are held that no file has yet.
    package var hasUnsavedGestures: Bool { recorder.hasUnsavedGestures }

    package mutating func start() { recorder.start() }

    /// Records `event` while recording; true when it completed a gesture (a lift, a pinch's end, a wheel step).
    package mutating func record(_ event: PointerEvent) -> Bool {
        guard recorder.isRecording else { return false }
        recorder.record(event)
        return event.phase == .up || event.phase == .pinchEnd || event.phase == .wheel
    }

    /// Stops recording; false when there is nothing to save (no complete gesture, no file).
    package mutating func stop() -> Bool {
        _ = recorder.stop()
        return file != nil || recorder.hasUnsavedGestures
    }

    /// Appends the complete gestures not yet written, opening the next free `recordings/gesture-<n>.jsonl`
    /// (in place) on first use; its path.
    package mutating func save() throws(Failure) -> String {
        if file == nil {
            if let why = OutputFolder.make(Self.folder) { throw drop("scrolllab: " + OutputFolder.refusal(Self.folder, why)) }
            let path = Self.nextPath()
            do {
                file = try OutputFile(path: path)
            } catch {
                throw drop(error.message)
            }
        }
        guard let file else { throw drop("scrolllab: cannot open a recording file") }
        if let text = recorder.unsavedText() {
            guard file.write(text) else { throw drop("scrolllab: \(file.failure ?? "cannot write \(file.path)")") }
            recorder.markSaved()
        }
        return file.path
    }

    /// Closes the file (the next recording opens a new one).
    package mutating func close() throws(Failure) {
        if let failure = file?.close() { throw drop("scrolllab: \(failure)") }
        file = nil
    }

    /// Drops the file after a failure, keeping the samples for the next save.
    private mutating func drop(_ message: String) -> Failure {
        if let file {
            file.close()
            // A file the failure left empty (its first gesture cut back) holds no recording: it goes.
            var info = stat()
            if stat(file.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size == 0 { unlink(file.path) }
        }
        file = nil
        recorder.markUnsaved()
        return Failure(message: message)
    }

    /// The next free `recordings/gesture-<n>.jsonl` (n from 1), relative to the working directory, taken now
    /// (made empty, never over a file that is there): two windows in one directory record to two files.
    package static func nextPath() -> String {
        var n = 1
        while true {
            let path = "\(folder)/gesture-\(n).jsonl"
            let taken = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if taken >= 0 { Glibc.close(taken) }
            guard taken < 0, errno == EEXIST else { return path }
            n += 1
        }
    }
}
