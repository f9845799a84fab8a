import ScrollKit

/// `HeadlessReplay` fed one pointer event at a time, for input read as it arrives (`replay` of a pipe or
/// of a file of any size): memory stays bounded, and callbacks come out as the frames run.
///
/// Same rule as `ReplayDriver.events(upTo:)`: an event goes to the first frame at or after its time, and
/// never to a frame before the previous event's. A frame runs once an event after its time arrives (or
/// at `finish()`), so an event is delivered the moment it is pushed and at most one is ever waiting. The
/// frames are a `ModelClock`'s, its grid fixed by the first event.
public final class HeadlessReplayStream {
    private let scene: any LabScene
    private let rate: Double
    private let limitFrames: Int
    private let afterFrame: (Double) -> Void
    private let previousHandler: ((ScrollEventRecord) -> Void)?
    /// The clock, once the first event has fixed its grid; its next frame is the one events are being
    /// delivered to.
    private var clock: ModelClock?
    private var deliveredThisFrame = false
    private var unsettledFrames = 0
    private var isFinished = false

    /// Starts a replay on `scene` with `replay`'s clock; every callback goes to `onRecord` as it happens
    /// (and to the scene's own handler). `afterFrame` gets each frame's time once the scene has advanced.
    public init(_ replay: HeadlessReplay = HeadlessReplay(), scene: any LabScene,
                onRecord: @escaping (ScrollEventRecord) -> Void, afterFrame: @escaping (Double) -> Void = { _ in }) {
        self.scene = scene
        rate = replay.frameRate.isFinite && replay.frameRate > 0 ? replay.frameRate : 60
        limitFrames = Int((replay.timeLimit.isFinite ? Swift.max(replay.timeLimit, 0) : 120) * rate)
        self.afterFrame = afterFrame
        let previous = scene.scrollView.eventHandler
        previousHandler = previous
        scene.scrollView.eventHandler = { record in
            onRecord(record)
            previous?(record)
        }
    }

    /// Starts a replay whose callbacks are not wanted (a bench's or a sweep's run): the scene's own
    /// handler, if any, still gets them, and no handler is put in front of it.
    public init(_ replay: HeadlessReplay = HeadlessReplay(), scene: any LabScene, afterFrame: @escaping (Double) -> Void = { _ in }) {
        self.scene = scene
        rate = replay.frameRate.isFinite && replay.frameRate > 0 ? replay.frameRate : 60
        limitFrames = Int((replay.timeLimit.isFinite ? Swift.max(replay.timeLimit, 0) : 120) * rate)
        self.afterFrame = afterFrame
        previousHandler = scene.scrollView.eventHandler
    }

    /// Delivers `event` after running every frame before its time. Non-finite times are dropped; times
    /// are clamped to ±`HeadlessReplay.timeRange` (a gesture file's are checked to lie within it).
    public func push(_ event: PointerEvent) {
        guard !isFinished, event.time.isFinite else { return }
        var event = event
        event.time = Swift.min(Swift.max(event.time, -HeadlessReplay.timeRange), HeadlessReplay.timeRange)
        if clock == nil { clock = ModelClock(rate: rate, startingAtOrBefore: event.time) }
        while let clock, event.time > clock.nextTime { endFrame(nextEventTime: event.time) }
        scene.pointer(event)
        deliveredThisFrame = true
    }

    /// Runs frames until the scene settles (at most the replay's time limit), restores the scene's
    /// handler and returns the end state (its `records` are empty: they went to `onRecord`).
    public func finish() -> HeadlessReplayResult {
        if clock == nil { clock = ModelClock(rate: rate) }
        if !isFinished {
            while !endFrame(nextEventTime: nil) {}
            scene.scrollView.eventHandler = previousHandler
            isFinished = true
        }
        return HeadlessReplayResult(records: [], endTime: clock?.nextTime ?? 0,
                                    finalOffset: scene.scrollView.contentOffset, isSettled: scene.isSettled)
    }

    /// Advances the scene to the current frame and moves to the next one: the one after, or, when
    /// nothing moves, the first frame at or after `nextEventTime` (huge gaps cost nothing). With no next
    /// event, returns true (and stays on the frame) once the scene is settled or the time limit passed.
    @discardableResult
    private func endFrame(nextEventTime: Double?) -> Bool {
        guard var clock else { return true }
        let frameTime = clock.nextTime
        scene.advance(to: frameTime)
        afterFrame(frameTime)
        let settled = scene.isSettled
        unsettledFrames = settled || deliveredThisFrame ? 0 : unsettledFrames + 1
        deliveredThisFrame = false
        let idle = settled || unsettledFrames > limitFrames
        defer { self.clock = clock }
        guard let next = nextEventTime else {
            if !idle { clock.advance() }
            return idle
        }
        clock.advance()
        if idle {
            clock.skipIdle(untilInputAt: next)
            unsettledFrames = 0
        }
        return false
    }
}
