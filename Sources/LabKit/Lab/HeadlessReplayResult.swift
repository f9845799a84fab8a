import ScrollKit

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
