import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

extension LabApp {
    /// The most replay samples one window frame delivers (a dense replay falls behind, the window stays live).
    static let replayEventsPerFrame = 2000

    /// Steps the model to app time `t`: on the replay's 60 Hz grid while a replay runs (the same
    /// frames and input as `replay --headless`), else straight to the model time. Returns the model
    /// time the scene was last advanced to.
    @discardableResult
    func stepModel(at t: Double) -> Double {
        let now = modelClock.modelTime(atReal: t)
        takeLoadedReplay(at: t)
        if instruments.pendingReplay != nil { startPendingReplay(at: now) }
        if var driver = instruments.replay {
            var advancedTo = modelTimeShown
            driver.step(upTo: now, eventBudget: Self.replayEventsPerFrame, pointer: { event in
                self.recordPointer(event)
                self.scene.pointer(event)
                self.collectEvents()
            }, advance: { frameTime in
                self.scene.advance(to: frameTime)
                self.collectEvents()
                advancedTo = frameTime
            })
            instruments.replay = driver
            modelTimeShown = advancedTo
            let s = scene.snapshot()
            if driver.isFinished, !s.isTracking, !s.isDragging, !s.isDecelerating, s.targetContentOffset == nil {
                instruments.replay = nil
                say("replay finished", at: t)
            }
        } else {
            endIdleWheelPinch(at: now)
            scene.advance(to: now)
            collectEvents()
            modelTimeShown = now
            continueComparison(at: t)
        }
        return modelTimeShown
    }

    /// True while a replay feeds the scene: live pointer input is ignored then.
    var isReplaying: Bool { instruments.replay != nil || instruments.pendingReplay != nil }

    /// Records a pointer sample the scene is about to receive (F5 recording); a gesture is written to
    /// the recording file as soon as it ends, so a kill loses at most the gesture in progress.
    func recordPointer(_ event: PointerEvent) {
        noteLiveSample(event)
        guard instruments.recorder.isRecording else { return }
        instruments.recorder.record(event)
        if event.phase == .up || event.phase == .pinchEnd { _ = saveRecording(at: modelTimeShown) }
    }

    /// Adds a delegate callback to the timeline.
    func recordTimelineEvent(_ record: ScrollEventRecord) {
        instruments.timeline.record(record)
        if case .willEndDragging = record.event { instruments.lastRelease = record.time }
    }

    /// T: the next slow-motion step (1×, 0.25×, 0.1×), switched at app time `t` without a jump.
    func cycleSlowMotion(at t: Double) {
        modelClock.cycleScale(atReal: t)
        status.slowMotion = modelClock.scale == 1 ? nil : modelClock.scaleLabel
        logSetting("slowMotion", .number(modelClock.scale), at: t)
    }

    /// F5: starts recording, or stops and closes `recordings/gesture-<n>.jsonl` (written as it goes).
    /// After a failed save the samples are kept, and F5 tries again (into a new file) before a new
    /// recording can start.
    func toggleRecording(at t: Double) {
        if instruments.recorder.isRecording {
            stopRecording(at: t)
        } else if instruments.recorder.hasUnsavedGestures {
            if let path = saveRecording(at: t) { closeRecording(path: path, at: t) }
        } else {
            instruments.recorder.start()
            logSetting("recording", .bool(true), at: t)
            say("recording… F5 stops", at: t)
        }
    }

    /// Ends the recording (F5, Esc, closing the window, SIGINT/SIGTERM through SDL's quit event): writes
    /// the gestures not yet written and closes the file.
    func stopRecording(at t: Double) {
        guard instruments.recorder.isRecording else { return }
        instruments.recorder.stop()
        guard instruments.recordingFile != nil || instruments.recorder.hasUnsavedGestures else {
            logSetting("recording", .bool(false), at: t)
            say("recording stopped: no complete gesture, nothing written", at: t)
            return
        }
        if let path = saveRecording(at: t) { closeRecording(path: path, at: t) }
    }

    /// Appends the complete gestures not yet written to the recording file, opening it (in place) on
    /// first use. Returns the file's path, or nil after saying why it failed: the samples stay in the
    /// recorder, and the next save writes the whole recording to a new file.
    func saveRecording(at t: Double) -> String? {
        if instruments.recordingFile == nil {
            let path = LabInstruments.nextRecordingPath()
            try? FileManager.default.createDirectory(atPath: LabInstruments.recordingsFolder, withIntermediateDirectories: true)
            do {
                instruments.recordingFile = try OutputFile(path: path)
            } catch {
                return recordingFailed(error.message, at: t)
            }
        }
        guard let file = instruments.recordingFile else { return nil }
        if let text = instruments.recorder.unsavedText() {
            guard file.write(text) else { return recordingFailed("scrolllab: \(file.failure ?? "cannot write \(file.path)")", at: t) }
            instruments.recorder.markSaved()
        }
        return file.path
    }

    private func closeRecording(path: String, at t: Double) {
        if let failure = instruments.recordingFile?.close() {
            _ = recordingFailed("scrolllab: \(failure)", at: t)
            return
        }
        instruments.recordingFile = nil
        logSetting("recording", .string(path), at: t)
        say("recorded to ./\(path)", at: t)
    }

    private func recordingFailed(_ message: String, at t: Double) -> String? {
        instruments.recordingFile?.close()
        instruments.recordingFile = nil
        instruments.recorder.markUnsaved()
        logSetting("recording", .bool(false), at: t)
        writeStandardError(message + " (the recording is kept: F5 saves it again)")
        say(message, at: t)
        return nil
    }

    /// S: a new timeline along the new scene's axis; a replay in progress stops (it was meant for the
    /// scene it started on).
    func instrumentsDidSwitchScene(to kind: SceneKind) {
        instruments.timeline = Timeline(axis: kind.axis)
        instruments.replay = nil
        instruments.pendingReplay = nil
    }

    /// The grid scene when it is the one shown.
    var gridScene: GridScene? { (scene as? GridWindowScene)?.grid }

    /// The grid's current policy segment: its policy and metrics so far (nil in the pager).
    var gridSegment: (policy: String, metrics: LoadMetrics)? {
        gridScene.map { ($0.segmentName, $0.metrics) }
    }

    /// Logs a policy segment that ended (a policy switch, R, the window closing):
    /// `{"t":…,"event":"policySegment","policy":"eager","metrics":{…}}`, metrics as in `replay`'s end line.
    func tracePolicySegment(_ segment: (policy: String, metrics: LoadMetrics)?, at t: Double) {
        guard let segment else { return }
        trace?.policySegment(segment.policy, metrics: segment.metrics, hitches: segmentHitches,
                             at: modelClock.modelTime(atReal: t))
        segmentHitches.reset()
    }

    /// Logs the grid's current segment (R, closing).
    func tracePolicySegment(at t: Double) {
        tracePolicySegment(gridSegment, at: t)
    }

    /// R: the timeline starts over, and so does the policy comparison.
    func resetInstruments() {
        instruments.timeline.removeAll()
        gridScene?.resetComparison()
    }

    /// Draws the timeline panel in `frame`, its right edge at the model time the scene shows.
    func drawTimeline(in frame: Rect) {
        var status = modelClock.scaleLabel
        if isReplaying { status += " · replay" }
        if instruments.timelineFrozenAt != nil { status += " · frozen" }
        let recording = instruments.recorder.isRecording ? "REC → ./\(LabInstruments.recordingsFolder)/" : nil
        let now = instruments.timelineFrozenAt ?? modelTimeShown
        TimelinePlot(canvas: canvas, text: text).draw(instruments.timeline, now: now, seconds: Self.timelineSpan(now: now, lastRelease: instruments.lastRelease, width: frame.width),
                                                      in: frame, status: status, recording: recording,
                                                      follows: instruments.timelineFollows, layout: &instruments.layout)
    }

    /// The timeline's span: 3 s in the 960×600 panel, more in a wider one (the same seconds a pixel),
    /// widened (up to 8 s, or the panel's own span if longer) to keep the last release and its glide in view.
    static func timelineSpan(now: Double, lastRelease: Double?, width: Double = HUDLayout.Frames(size: HUDLayout.baseSize).timeline.width) -> Double {
        let base = TimelinePlot.seconds * Swift.max(1, width / HUDLayout.Frames(size: HUDLayout.baseSize).timeline.width)
        let longest = Swift.max(8, base)
        guard let release = lastRelease, now - release < longest else { return base }
        return Swift.min(longest, Swift.max(base, now - release + 0.5))
    }

    /// Adds the frame's offset and velocity to the timeline, at the model time the scene shows.
    /// A nested scroll view that is the one moving (a zoomed photo) is followed instead, and the timeline says so.
    func recordTimelineSample(_ snapshot: SceneSnapshot) {
        let inner = snapshot.inner.flatMap { $0.drivesTimeline ? $0 : nil }
        instruments.timelineFollows = inner?.name
        instruments.timeline.record(time: modelTimeShown, contentOffset: inner?.contentOffset ?? snapshot.contentOffset,
                                    velocity: inner?.velocity ?? snapshot.velocity)
    }

    /// A gesture as the model gets it: resampled to `--touch-hz` when given.
    func resampledForReplay(_ gesture: [PointerEvent]) -> [PointerEvent] {
        sceneOptions.touchHz.map { TouchResampler.resample(gesture, rate: $0) } ?? gesture
    }

    /// Starts the `--replay` once its file has been read; a file that could not be read ends the window
    /// with its one line and exit code 1.
    private func takeLoadedReplay(at t: Double) {
        guard let load = replayLoad, let outcome = load.take() else { return }
        replayLoad = nil
        switch outcome {
        case let .read(events):
            instruments.pendingReplay = resampledForReplay(events)
        case let .failed(message):
            writeStandardError("scrolllab: " + message)
            replayFailed = true
            running = false
        }
    }

    private func startPendingReplay(at now: Double) {
        guard let gesture = instruments.pendingReplay else { return }
        instruments.pendingReplay = nil
        if instruments.comparisonQueue == nil {
            // A replay is a gesture A can play under every policy.
            instruments.lastGesture = PlayedGesture(events: gesture, startOffset: scene.snapshot().contentOffset)
        }
        instruments.replay = ReplayDriver(gesture: gesture, startTime: now, frameRate: instruments.replayFrameRate)
        logSetting("replay", .int(gesture.count), at: clock.now())
    }
}
