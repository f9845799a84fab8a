import LabKit
import ScrollKit
import ScrollLabCore

/// Stepping to a frame: on the replay's grid while a replay runs (the same frames and input as `replay
/// --headless`), else straight to the model time.
extension PhoneDriver {
    /// The most replay samples one window frame delivers (a dense replay falls behind, the window stays live).
    package static var replayEventsPerFrame: Int { 2000 }

    /// What a step did beyond moving the scenes.
    package struct StepReport: Equatable {
        /// The replay's input is delivered and the motion it caused has ended.
        package var finished = false
        /// The `--replay` file could not be read (its one line).
        package var failure: String?
    }

    /// Steps the phones to model time `now`: the replay's pending samples and frames up to it; else, with
    /// `onGrid`, every frame of the refresh rate's grid up to it (the grid the replay ran on goes on), or
    /// straight to `now`.
    package func step(to now: Double, onGrid: Bool = false) -> StepReport {
        var report = StepReport()
        if let load = playback.load, let outcome = load.take() {
            playback.load = nil
            switch outcome {
            case let .read(events): playback.pending = resampled(events)
            case let .failed(message):
                report.failure = message
                return report
            }
        }
        if let gesture = playback.pending { start(gesture, at: now) }
        guard var driver = playback.replay else {
            if onGrid {
                var clock = playback.clock ?? ModelClock(origin: timeShown, rate: playback.frameRate, next: 1)
                // Nothing moves or loads: the idle frames are skipped, as the headless replay skips them.
                if isSettled { clock.skipIdle(showingAt: now) }
                clock.run(upTo: now) { frameTime in
                    advance(to: frameTime)
                    noteReplayEnd(at: frameTime)
                }
                playback.clock = clock
            } else {
                playback.clock = nil
                advance(to: now)
            }
            return report
        }
        driver.step(upTo: now, eventBudget: Self.replayEventsPerFrame, pointer: { event in
            self.deliver(event)
        }, advance: { frameTime in
            self.advance(to: frameTime)
            self.noteReplayEnd(at: frameTime)
        })
        playback.replay = driver
        let resting = phones.allSatisfy { phone in
            let view = phone.scrollView
            return !view.isTracking && !view.isDragging && !view.isDecelerating && view.targetContentOffset == nil
        }
        guard driver.isFinished, resting else { return report }
        playback.replay = nil
        playback.clock = driver.clock
        report.finished = true
        return report
    }

    /// A gesture as the model gets it: resampled to `--touch-hz` when given.
    package func resampled(_ gesture: [PointerEvent]) -> [PointerEvent] {
        phones[0].touchHz.map { TouchResampler.resample(gesture, rate: $0) } ?? gesture
    }

    /// Plays `gesture` from model time `now` (a replay is also a gesture A can play under every policy).
    private func start(_ gesture: [PointerEvent], at now: Double) {
        playback.pending = nil
        if !focused.isRunningComparison {
            lastGesture = PlayedGesture(events: gesture, startOffset: focused.scrollView.contentOffset)
        }
        let driver = ReplayDriver(gesture: gesture, startTime: now, frameRate: playback.frameRate)
        playback.replay = driver
        playback.end = (driver.endTime ?? now, nil)
        replayStarted(gesture.count, now)
    }

    /// After the grid frame at `frameTime`: the replay's end when it is the first at or after its last
    /// sample with every phone settled.
    private func noteReplayEnd(at frameTime: Double) {
        guard let end = playback.end, end.settledAt == nil, frameTime >= end.lastSample, isSettled else { return }
        playback.end?.settledAt = frameTime
    }

    /// The grid frame the replay ended at (nil: it has not settled on one, or no replay ran), and
    /// forgets it: the `replayEnd` line's time.
    package func takeReplayEnd() -> Double? {
        defer { playback.end = nil }
        return playback.end?.settledAt
    }
}
