import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// The phones and what drives them: the model clock (slow motion), the replay, the F5 recording and the
/// last gesture (for A). Every input — a drag, a pinch, a wheel scroll, a replayed or recorded sample —
/// reaches the scenes through `deliver`, which records it once, gives it to every phone (in compare mode
/// a drag on one phone is the same drag on all), and publishes the callbacks it caused once.
@MainActor
final class PhoneDriver {
    /// What the phones' scenes and loaders are made by.
    let factory: SceneFactory
    /// The phones, left to right (one outside compare mode).
    let phones: [Phone]
    /// The phone the HUD follows: the one under the pointer.
    var focus = 0
    /// Model time with slow motion (T); pointer samples and frames are both stamped on it.
    var clock = LabClock(realTime: 0)
    /// The model time the scenes were last advanced to (what the screen shows).
    private(set) var timeShown = 0.0
    /// The `--replay` file, the replay running and its frame rate (started and stopped by `play`,
    /// `playFile` and `stopPlayback`).
    var playback = Playback()
    /// F5: the samples as the model received them, and the file they go to (`startRecording`,
    /// `stopRecording`, `saveRecording`, `closeRecording`).
    private(set) var recording = Recording()
    /// The last complete gesture (A plays it under every policy) and the touch in progress.
    var lastGesture: PlayedGesture?
    private var touchInProgress: PlayedGesture?
    /// Where every callback goes, with its phone's index (the trace).
    var publish: (Int, ScrollEventRecord) -> Void = { _, _ in }
    /// Called when a replay of this many samples starts, with the model time it starts at (the trace says so).
    var replayStarted: (Int, Double) -> Void = { _, _ in }
    /// Called when a recorded gesture completes (the app writes it to the recording file at once).
    var gestureRecorded: () -> Void = {}

    /// The phones of `sceneOptions` (compare mode: one per entry of its `compare` list, each with that
    /// policy or physics), placed left to right by `viewport`.
    init(factory: SceneFactory, sceneOptions: SceneConfiguration, viewport: (Int) -> PhoneViewport) throws(AppError) {
        self.factory = factory
        var phones: [Phone] = []
        let entries: [CompareEntry?] = sceneOptions.compare.isEmpty ? [nil] : sceneOptions.compare.map { $0 }
        for (index, entry) in entries.enumerated() {
            let options = entry?.applied(to: sceneOptions) ?? sceneOptions
            do {
                phones.append(try Phone(index: index, sceneOptions: options, factory: factory, viewport: viewport(index),
                                        entry: entry))
            } catch {
                for made in phones { made.close() }
                throw error
            }
        }
        self.phones = phones
    }

    /// The moment of app time `real` on the model clock too: the one conversion of an event's or a
    /// frame's time, never earlier than a model time handed out before. While the launch replay's file
    /// is read, model time stands still: the replay starts where the scene started, as headless.
    func time(atReal real: Double) -> AppTime {
        if playback.load != nil { clock.hold(atReal: real) }
        return AppTime(real: real, model: clock.modelTime(atReal: real))
    }

    /// The phone the HUD follows.
    var focused: Phone { phones[focus] }

    /// True in compare mode.
    var isComparing: Bool { phones.count > 1 }

    // MARK: - The one route in

    /// Gives `event` to every phone: recorded first (F5), kept as the gesture A replays, then each
    /// scene's callbacks published.
    func deliver(_ event: PointerEvent) {
        noteLiveSample(event)
        if recording.record(event) { gestureRecorded() }
        for phone in phones {
            phone.scene.pointer(event)
            phone.collect(publish)
        }
    }

    /// The touch in progress was cancelled at model time `time` (focus lost, a scene switch).
    func cancelTouch(at time: Double) {
        for phone in phones {
            phone.scene.cancelPointer(time: time)
            phone.collect(publish)
        }
    }

    /// Steps every phone's scene to model time `time`, its images taken first: decodes finished since
    /// the last step join the pipeline at the step's time (once per model step, so a replay's images
    /// arrive on its frame grid however many grid frames one drawn frame holds).
    func advance(to time: Double) {
        for phone in phones {
            phone.images.pump(time: time)
            phone.scene.advance(to: time)
            phone.collect(publish)
        }
        timeShown = time
    }

    /// Publishes the callbacks the scenes made outside `deliver` and `advance` (a key's setting).
    func collect() {
        for phone in phones { phone.collect(publish) }
    }

    /// True when every phone's scene is at rest with nothing pending.
    var isSettled: Bool { phones.allSatisfy { $0.scene.isSettled } }

    /// True when any phone's scene is being touched or moves.
    var isMoving: Bool {
        phones.contains { phone in
            let view = phone.scene.scrollView
            return view.isTracking || view.isMoving
        }
    }

    /// Closes every phone.
    func close() {
        for phone in phones { phone.close() }
    }

    // MARK: - Playback and recording

    /// Plays `gesture` from the next frame (a replay, or A's run of the last gesture).
    func play(_ gesture: [PointerEvent]) {
        playback.pending = gesture
    }

    /// The gesture waiting to be played, taken back (the frame bench plays it after its warm-up).
    func takePendingGesture() -> [PointerEvent]? {
        defer { playback.pending = nil }
        return playback.pending
    }

    /// Reads the gesture file at `path` on a thread of its own, then plays it (`--replay FILE`).
    func playFile(_ path: String) {
        playback.load = GestureLoad(path: path)
    }

    /// Stops the replay running or waiting, if any.
    func stopPlayback() {
        playback.replay = nil
        playback.pending = nil
    }

    /// True while F5 records.
    var isRecording: Bool { recording.isRecording }

    /// True while the recording holds gestures no file has yet.
    var hasUnsavedRecording: Bool { recording.hasUnsavedGestures }

    /// F5: starts recording the samples the scenes receive.
    func startRecording() { recording.start() }

    /// Stops recording; false when nothing was recorded and no file was opened (nothing to save).
    func stopRecording() -> Bool { recording.stop() }

    /// Appends the complete gestures not yet written, opening the next file on first use: its path.
    func saveRecording() throws(Recording.Failure) -> String { try recording.save() }

    /// Closes the recording's file.
    func closeRecording() throws(Recording.Failure) { try recording.close() }

    // MARK: - The last gesture (A)

    /// The last gesture the scenes received, and the content offset it started from.
    struct PlayedGesture {
        var events: [PointerEvent]
        var startOffset: Point
    }

    /// Keeps the gesture in progress; a finished touch becomes the last gesture (not while A plays).
    private func noteLiveSample(_ event: PointerEvent) {
        guard focused.comparison == nil else { return }
        switch event.phase {
        case .down:
            touchInProgress = PlayedGesture(events: [event], startOffset: focused.scene.scrollView.contentOffset)
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

/// `--replay FILE` in the window: the file while it is read, the gesture waiting for its first frame,
/// and the replay running.
struct Playback {
    /// The file while it is being read (the window does not wait for it).
    var load: GestureLoad?
    /// The gesture to play once the first frame's model time is known.
    var pending: [PointerEvent]?
    /// The gesture being played, until its input is delivered and the motion it caused has ended.
    var replay: ReplayDriver?
    /// The replay's model frames per second: the window's refresh rate (`--refresh`, else the display's).
    var frameRate = 60.0

    /// The clock the model steps on outside a replay, when the caller steps on a grid (a video, the frame
    /// bench, slow motion): the one the last replay ran on, continued.
    var clock: ModelClock?

    /// True while a replay feeds the scenes: live pointer input is ignored then.
    var isReplaying: Bool { replay != nil || pending != nil }
}

/// F5 (B-UI-3): the samples as the model received them, and the file they are written to as each gesture
/// completes. After a failed write the file is dropped and the samples kept: the next save writes the
/// whole recording to a new file.
struct Recording {
    /// Folder the recordings go to, relative to the working directory.
    static let folder = "recordings"

    /// Why a recording could not be written: one line.
    struct Failure: Error {
        let message: String
    }

    private var recorder = GestureRecorder()
    /// The file the recording is written to (opened at the first save).
    private var file: OutputFile?

    /// True while samples are recorded.
    var isRecording: Bool { recorder.isRecording }

    /// True while gestures are held that no file has yet.
    var hasUnsavedGestures: Bool { recorder.hasUnsavedGestures }

    mutating func start() { recorder.start() }

    /// Records `event` while recording; true when it completed a gesture (a lift, a pinch's end, a wheel step).
    mutating func record(_ event: PointerEvent) -> Bool {
        guard recorder.isRecording else { return false }
        recorder.record(event)
        return event.phase == .up || event.phase == .pinchEnd || event.phase == .wheel
    }

    /// Stops recording; false when there is nothing to save (no complete gesture, no file).
    mutating func stop() -> Bool {
        _ = recorder.stop()
        return file != nil || recorder.hasUnsavedGestures
    }

    /// Appends the complete gestures not yet written, opening the next free `recordings/gesture-<n>.jsonl`
    /// (in place) on first use; its path.
    mutating func save() throws(Failure) -> String {
        if file == nil {
            let path = Self.nextPath()
            try? FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
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
    mutating func close() throws(Failure) {
        if let failure = file?.close() { throw drop("scrolllab: \(failure)") }
        file = nil
    }

    /// Drops the file after a failure, keeping the samples for the next save.
    private mutating func drop(_ message: String) -> Failure {
        file?.close()
        file = nil
        recorder.markUnsaved()
        return Failure(message: message)
    }

    /// The next free `recordings/gesture-<n>.jsonl` (n from 1), relative to the working directory.
    static func nextPath(fileManager: FileManager = .default) -> String {
        var n = 1
        while fileManager.fileExists(atPath: "\(folder)/gesture-\(n).jsonl") { n += 1 }
        return "\(folder)/gesture-\(n).jsonl"
    }
}
