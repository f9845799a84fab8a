/// Runs a gesture through a `LabScene` on a virtual 60 Hz clock, with no window (B-UI-3).
///
/// The clock ticks at `k / frameRate` seconds for whole numbers `k`. Before each frame, every pointer
/// event whose time is at or before the frame time is delivered, in file order and with its own time;
/// then the scene advances to the frame time. So a touch lands between two frames, on the offset the
/// previous frame showed, as it does in the window. After the last event the frames go on until the scene
/// is settled, at most `timeLimit` virtual seconds. While the scene is settled and the next event is far
/// off, the clock jumps to the first frame at or after it instead of stepping through idle frames, so huge time
/// gaps cost nothing. Event times are clamped to ±`timeRange` seconds; non-finite times are dropped.
public struct HeadlessReplay: Sendable {
    /// Frames per virtual second.
    public var frameRate: Double = 60
    /// The longest the replay waits for the scene to settle after the last event (and the longest it steps
    /// an unsettled scene between two events), in virtual seconds.
    public var timeLimit: Double = 120
    /// Event times are kept within this many seconds of zero, so the frame counter stays exact.
    public static let timeRange = 1e7

    /// Makes a replay with the default 60 Hz clock and 120 s cap.
    public init() {}

    /// Delivers `events` to `scene` and steps it until settled; returns every callback and the end state.
    ///
    /// The scroll view's `eventHandler` is wrapped for the run (the previous handler still gets every record)
    /// and restored afterwards. `afterFrame` is called with each frame's time once the scene has advanced,
    /// so a soak or a fuzzer can check the scene's invariants at every frame.
    public func run(_ events: [PointerEvent], on scene: any LabScene,
                    afterFrame: (Double) -> Void = { _ in }) -> HeadlessReplayResult {
        let log = RecordLog()
        let scrollView = scene.scrollView
        let previous = scrollView.eventHandler
        scrollView.eventHandler = { record in
            log.records.append(record)
            previous?(record)
        }
        defer { scrollView.eventHandler = previous }

        let rate = frameRate.isFinite && frameRate > 0 ? frameRate : 60
        let limitFrames = Int((timeLimit.isFinite ? Swift.max(timeLimit, 0) : 120) * rate)
        let pending = events.compactMap { event -> PointerEvent? in
            guard event.time.isFinite else { return nil }
            var event = event
            event.time = Swift.min(Swift.max(event.time, -Self.timeRange), Self.timeRange)
            return event
        }
        var frame = Int(((pending.first?.time ?? 0) * rate).rounded(.down))
        // The delivery rule is ReplayDriver's, so the window's `--replay` gives the scene the same input.
        var driver = ReplayDriver(gesture: pending, startTime: Double(frame) / rate, frameRate: rate)
        var unsettledFrames = 0
        var settled = scene.isSettled
        while true {
            let frameTime = Double(frame) / rate
            var delivered = false
            for event in driver.events(upTo: frameTime) {
                scene.pointer(event)
                delivered = true
            }
            scene.advance(to: frameTime)
            afterFrame(frameTime)
            settled = scene.isSettled
            unsettledFrames = settled || delivered ? 0 : unsettledFrames + 1
            if let nextTime = driver.nextEventTime {
                if settled || unsettledFrames > limitFrames {
                    // Nothing to watch until the next event: jump to the first frame at or after it.
                    frame = Swift.max(frame + 1, Int((nextTime * rate).rounded(.up)))
                    unsettledFrames = 0
                } else {
                    frame += 1
                }
            } else {
                if settled || unsettledFrames > limitFrames { break }
                frame += 1
            }
        }
        return HeadlessReplayResult(records: log.records, endTime: Double(frame) / rate,
                                    finalOffset: scrollView.contentOffset, isSettled: settled)
    }
}
