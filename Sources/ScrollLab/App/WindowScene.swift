import ScrollKit

/// What the window needs from a scene: input in, one step per frame, a snapshot to draw, the
/// delegate callbacks that happened, and the trace's setting and summary lines.
protocol WindowScene: AnyObject {
    /// Scene name (`grid`).
    var name: String { get }
    /// Routes a pointer sample (phone-viewport points, model seconds).
    func pointer(_ event: PointerEvent)
    /// The pointer's touch was cancelled (focus lost mid-drag).
    func cancelPointer(time: Double)
    /// Mouse wheel: scrolls by `delta` points of content offset.
    func scroll(by delta: Point, time: Double)
    /// Steps the scene to `time`.
    func advance(to time: Double)
    /// Back to offset zero with no motion.
    func reset(time: Double)
    /// The deceleration rate: false = normal (0.998), true = fast (0.99).
    var isFastRate: Bool { get set }
    /// Switches to loading policy `number` (1–5); returns its name, or nil when the scene has none.
    func selectPolicy(_ number: Int) -> String?
    /// What to draw this frame.
    func snapshot() -> SceneSnapshot
    /// Delegate callbacks since the last call, oldest first.
    func takeEvents() -> [ScrollEventRecord]
    /// Setting lines the scene puts at the top of a trace.
    var settingLines: [JSONValue] { get }
    /// Extra keys for the trace's summary line (`viewsCreated`, metrics).
    var summary: [(String, JSONValue)] { get }
}
