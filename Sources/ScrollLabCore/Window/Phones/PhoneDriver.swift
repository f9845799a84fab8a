import LabKit
import ScrollKit
import ScrollLabCore

/// The phones and what drives them: the model clock (slow motion), the replay, the F5 recording and the
/// last gesture (for A). Every input — a drag, a pinch, a wheel scroll, a replayed or recorded sample —
/// reaches the scenes through `deliver`, which records it once, gives it to every phone (in compare mode
/// a drag on one phone is the same drag on all), and publishes the callbacks it caused once.
/// It makes no SDL call: the phones are the window's (`DrivenPhone`).
@MainActor
package final class PhoneDriver<Phone: DrivenPhone> {
    /// The phones, left to right (one outside compare mode).
    package let phones: [Phone]
    /// The phone the HUD follows: the one under the pointer.
    package var focus = 0
    /// Model time with slow motion (T); pointer samples and frames are both stamped on it.
    package var clock = LabClock(realTime: 0)
    /// The model time the scenes were last advanced to (what the screen shows).
    package private(set) var timeShown = 0.0
    /// The `--replay` file, the replay running and its frame rate (started and stopped by `play`,
    /// `playFile` and `stopPlayback`).
    package var playback = Playback()
    /// F5: the samples as the model received them, and the file they go to (`startRecording`,
    /// `stopRecording`, `saveRecording`, `closeRecording`).
    private(set) var recording = Recording()
    /// The last complete gesture (A plays it under every policy) and the touch in progress.
    package var lastGesture: PlayedGesture?
    private var touchInProgress: PlayedGesture?
    /// Where every callback goes, with its phone's index (the trace).
    package var publish: (Int, ScrollEventRecord) -> Void = { _, _ in }
    /// Called when a replay of this many samples starts, with the model time it starts at (the trace says so).
    package var replayStarted: (Int, Double) -> Void = { _, _ in }
    /// Called when a recorded gesture completes (the app writes it to the recording file at once).
    package var gestureRecorded: () -> Void = {}

    /// Drives `phones`, left to right; there is at least one.
    package init(phones: [Phone]) {
        precondition(!phones.isEmpty, "a driver drives at least one phone")
        self.phones = phones
    }

    /// The moment of app time `real` on the model clock too: the one conversion of an event's or a
    /// frame's time, never earlier than a model time handed out before. While the launch replay's file
    /// is read, model time stands still: the replay starts where the scene started, as headless.
    package func time(atReal real: Double) -> AppTime {
        if playback.load != nil { clock.hold(atReal: real) }
        return AppTime(real: real, model: clock.modelTime(atReal: real))
    }

    /// The phone the HUD follows.
    package var focused: Phone { phones[focus] }

    /// True in compare mode.
    package var isComparing: Bool { phones.count > 1 }

    // MARK: - The one route in

    /// Gives `event` to every phone: recorded first (F5), kept as the gesture A replays, then each
    /// scene's callbacks published.
    package func deliver(_ event: PointerEvent) {
        noteLiveSample(event)
        if recording.record(event) { gestureRecorded() }
        for phone in phones {
            phone.pointer(event)
            phone.collect(publish)
        }
    }

    /// The touch in progress was cancelled at model time `time` (focus lost, a scene switch).
    package func cancelTouch(at time: Double) {
        for phone in phones {
            phone.cancelPointer(time: time)
            phone.collect(publish)
        }
    }

    /// Steps every phone's scene to model time `time`, its images taken first: decodes finished since
    /// the last step join the pipeline at the step's time (once per model step, so a replay's images
    /// arrive on its frame grid however many grid frames one drawn frame holds).
    package func advance(to time: Double) {
        for phone in phones {
            phone.advance(to: time, replaying: playback.isReplaying)
            phone.collect(publish)
        }
        timeShown = time
    }

    /// Publishes the callbacks the scenes made outside `deliver` and `advance` (a key's setting).
    package func collect() {
        for phone in phones { phone.collect(publish) }
    }

    /// True when every phone's scene is at rest with nothing pending.
    package var isSettled: Bool { phones.allSatisfy { $0.isSettled } }

    /// True when any phone's scene is being touched or moves.
    package var isMoving: Bool {
        phones.contains { phone in
            let view = phone.scrollView
            return view.isTracking || view.isMoving
        }
    }

    /// Closes every phone.
    package func close() {
        for phone in phones { phone.close() }
    }

    // MARK: - Playback and recording

    /// Plays `gesture` from the next frame (a replay, or A's run of the last gesture).
    package func play(_ gesture: [PointerEvent]) {
        playback.pending = gesture
    }

    /// The gesture waiting to be played, taken back (the frame bench plays it after its warm-up).
    package func takePendingGesture() -> [PointerEvent]? {
        defer { playback.pending = nil }
        return playback.pending
    }

    /// Reads the gesture file at `path` on a thread of its own, then plays it (`--replay FILE`).
    package func playFile(_ path: String) {
        playback.load = GestureLoad(path: path)
    }

    /// Stops the replay running or waiting, if any.
    package func stopPlayback() {
        playback.replay = nil
        playback.pending = nil
    }

    /// True while F5 records.
    package var isRecording: Bool { recording.isRecording }

    /// True while the recording holds gestures no file has yet.
    package var hasUnsavedRecording: Bool { recording.hasUnsavedGestures }

    /// F5: starts recording the samples the scenes receive.
    package func startRecording() { recording.start() }

    /// Stops recording; false when nothing was recorded and no file was opened (nothing to save).
    package func stopRecording() -> Bool { recording.stop() }

    /// Appends the complete gestures not yet written, opening the next file on first use: its path.
    package func saveRecording() throws(Recording.Failure) -> String { try recording.save() }

    /// Closes the recording's file.
    package func closeRecording() throws(Recording.Failure) { try recording.close() }

    // MARK: - The last gesture (A)

    /// The last gesture the scenes received, and the content offset it started from.
    package struct PlayedGesture {
        package var events: [PointerEvent]
        package var startOffset: Point
    }

    /// Keeps the gesture in progress; a finished touch becomes the last gesture (not while A plays).
    private func noteLiveSample(_ event: PointerEvent) {
        guard !focused.isRunningComparison else { return }
        switch event.phase {
        case .down:
            touchInProgress = PlayedGesture(events: [event], startOffset: focused.scrollView.contentOffset)
        case .move:
            touchInProgress?.events.append(event)
        case .up:
            touchInProgress?.events.append(event)
            if let touch = touchInProgress { lastGesture = touch }
            touchInProgress = nil
        case .pinch, .pinchEnd, .wheel:
            break
        }
    }
}
