import LabKit
import ScrollKit
import ScrollLabCore

/// What the window needs from a scene: input in, one step per frame, a snapshot to draw and to show in
/// the HUD, its own keys, the delegate callbacks that happened, and the trace's setting and summary lines.
@MainActor
protocol WindowScene: AnyObject {
    /// The scene's kind in the registry (name, axis, keys).
    var kind: SceneKind { get }
    /// Routes a pointer sample (phone-viewport points, model seconds).
    func pointer(_ event: PointerEvent)
    /// The pointer's touch was cancelled (focus lost mid-drag).
    func cancelPointer(time: Double)
    /// Steps the scene to `time`.
    func advance(to time: Double)
    /// Back to offset zero with no motion.
    func reset(time: Double)
    /// True when nothing moves and no scene work is pending.
    var isSettled: Bool { get }
    /// The deceleration rate: false = normal (0.998), true = fast (0.99).
    var isFastRate: Bool { get set }
    /// Performs one of the scene's own key actions (`SceneKind.keys`): the settings it changed, for the
    /// trace, and the toast that answers the key.
    func perform(_ action: SceneAction) -> SceneActionResult
    /// True when the scene zooms (Ctrl+wheel pinches it).
    var zooms: Bool { get }
    /// The image source's latency in milliseconds for the HUD, nil when the scene has no images.
    var sourceLatencyMs: Double? { get }
    /// Where the images come from when it is not a constant latency ("network 3g", "HTTP 127.0.0.1:8080"), for the HUD.
    var sourceNetwork: String? { get }
    /// What the disk cache held from an earlier launch when the window opened, while K has not emptied it.
    var diskWarmAtOpen: (entries: Int, bytes: Int)? { get }
    /// True when a disk cache sits in front of the network (K empties it; not under `--disk-cache off`).
    var hasDiskCache: Bool { get }
    /// What to draw this frame.
    func snapshot() -> SceneSnapshot
    /// What to draw this frame; not `forHUD`: what the phone itself draws, without what only the HUD shows
    /// (for a phone the HUD does not follow).
    func snapshot(forHUD: Bool) -> SceneSnapshot
    /// Draws the phone from `snapshot`.
    func draw(_ snapshot: SceneSnapshot, with painter: ScenePainter)
    /// The scroll view: its last release's speed and the minimum fling speed for the window's cue.
    var scrollView: ScrollView { get }
    /// Delegate callbacks since the last call, oldest first.
    func takeEvents() -> [ScrollEventRecord]
    /// Setting lines the scene puts at the top of a trace.
    var settingLines: [JSONValue] { get }
    /// Extra keys for the trace's summary line (`viewsCreated`, metrics).
    var summary: [(String, JSONValue)] { get }
    /// Releases what the scene holds beyond the app's (its own image loader); the window is closing.
    func close()
    /// The textures the scene draws from when it has a loader of its own (nil: the app's).
    var ownTextures: TextureStore? { get }
}

/// What a scene's own key did: the settings it changed, for the trace (none when it changed nothing),
/// and the toast that answers the key (`P: paging snap`), so the app needs no knowledge of the action.
struct SceneActionResult {
    var changes: [(name: String, value: JSONValue)]
    var toast: String
    /// The action changed how the scene loads (its policy, a seed problem): the policy segment measured
    /// so far ends here.
    var endsPolicySegment = false

    /// A result of `changes` answered by `toast`.
    init(changes: [(name: String, value: JSONValue)] = [], toast: String) {
        self.changes = changes
        self.toast = toast
    }

    /// A result of `changes` whose toast is built from the first change's value as shown (`snap`, `on`,
    /// `80`; null `off`), nil when nothing changed.
    init(_ changes: [(name: String, value: JSONValue)], toast: (_ value: String?) -> String) {
        let value = changes.first.map { change -> String in
            switch change.value {
            case let .string(s): return s
            case let .bool(b): return b ? "on" : "off"
            case let .number(x): return "\(Int(x.rounded()))"
            default: return "off"
            }
        }
        self.init(changes: changes, toast: toast(value))
    }
}

/// A lab scene the window can show: its window side, declared next to the scene's kind. The app finds
/// it through this protocol, never by the scene's concrete type.
protocol WindowPresentable: LabScene {
    /// The scene in the window, as `kind`; the grid's images come through `images`, and `options` are
    /// the command line's (a scene with images of its own finds them there).
    @MainActor func windowScene(kind: SceneKind, images: ImageLoader, options: SceneConfiguration) -> any WindowScene
}

/// What a scene draws the phone with.
@MainActor
struct ScenePainter {
    let canvas: Canvas
    let text: TextCache
    /// The image textures by asset.
    let textures: TextureStore?
    /// Where the phone is in the window.
    let viewport: PhoneViewport
}
