import ScrollKit

/// Runs a gesture through a `LabScene` on a virtual 60 Hz clock, with no window (B-UI-3).
///
/// The clock ticks at `k / frameRate` seconds for whole numbers `k`. Before each frame, every pointer
/// event whose time is at or before the frame time is delivered, in file order and with its own time;
/// then the scene advances to the frame time. So a touch lands between two frames, on the offset the
/// previous frame showed, as it does in the window. After the last event the frames go on until the scene
/// is settled, at most `timeLimit` virtual seconds. While the scene is settled and the next event is far
/// off, the clock jumps to the first frame at or after it instead of stepping through idle frames, so huge time
/// gaps cost nothing. Event times are clamped to ±`timeRange` seconds (a gesture file's times, counted
/// from its first sample, are checked to lie within it); non-finite times are dropped.
/// `HeadlessReplayStream` runs the same replay fed one event at a time.
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
        let log = RecordInbox()
        var result = withoutActuallyEscaping(afterFrame) { afterFrame in
            let stream = HeadlessReplayStream(self, scene: scene, onRecord: log.append, afterFrame: afterFrame)
            for event in events { stream.push(event) }
            return stream.finish()
        }
        result.records = log.takeAll()
        return result
    }
}

/// What a headless replay produced: every callback in order, and the state at the end.
public struct HeadlessReplayResult: Sendable {
    /// Every callback the scroll view made, `didScroll` included, in order.
    public var records: [ScrollEventRecord]
    /// Virtual time of the last frame, in seconds.
    public var endTime: Double
    /// The scroll view's content offset at the end.
    public var finalOffset: Point
    /// False when the replay stopped at the time cap before the scene settled.
    public var isSettled: Bool

    /// Makes a result.
    public init(records: [ScrollEventRecord], endTime: Double, finalOffset: Point, isSettled: Bool) {
        self.records = records
        self.endTime = endTime
        self.finalOffset = finalOffset
        self.isSettled = isSettled
    }

    /// The records without `didScroll` (what `replay --headless` prints unless asked for `--did-scroll`).
    public var callbacks: [ScrollEventRecord] { records.filter { $0.event != .didScroll } }
}
