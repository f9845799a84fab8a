import LabKit
import ScrollKit
import ScrollLabCore

/// Puts any LabKit `LabScene` in the window: routes input and steps to it, reads its scroll view
/// for the HUD, and collects its delegate callbacks through the scroll view's event handler. A scene's
/// own window side (`GridWindowScene`, `PagerWindowScene`) subclasses it for its HUD rows, its keys
/// and its drawing.
@MainActor
class LabSceneAdapter: WindowScene {
    /// The scene driven.
    let scene: any LabScene
    let kind: SceneKind
    private let inbox = RecordInbox()

    /// Wraps `scene` of `kind`.
    init(scene: any LabScene, kind: SceneKind) {
        self.scene = scene
        self.kind = kind
        scene.scrollView.eventHandler = inbox.append
    }

    var scrollView: ScrollView { scene.scrollView }

    func pointer(_ event: PointerEvent) { scene.pointer(event) }

    func cancelPointer(time: Double) { scene.scrollView.touchCancelled(time: time) }

    func advance(to time: Double) {
        scene.advance(to: time)
    }

    func reset(time: Double) {
        scene.scrollView.setContentOffset(.zero, animated: false, time: time)
        scene.advance(to: time)
    }

    var isSettled: Bool { scene.isSettled }

    var isFastRate: Bool {
        get { scene.scrollView.decelerationRate == .fast }
        set { scene.setDecelerationRate(newValue ? .fast : .normal) }
    }

    func snapshot() -> SceneSnapshot { snapshot(forHUD: true) }

    func snapshot(forHUD: Bool) -> SceneSnapshot {
        let view = scene.scrollView
        let rate = view.decelerationRate == .fast ? "fast 0.99" : view.decelerationRate == .normal ? "normal 0.998" : "\(view.decelerationRate.rawValue)"
        var s = SceneSnapshot(name: scene.name, decelerationRate: rate, scrollViewFrame: view.frame,
                              content: forHUD ? content() : phoneContent())
        s.isTracking = view.isTracking
        s.isDragging = view.isDragging
        s.isDecelerating = view.isDecelerating
        s.velocity = view.velocity
        s.contentOffset = view.contentOffset
        s.contentSize = view.contentSize
        s.targetContentOffset = view.targetContentOffset
        return s
    }

    // MARK: - The scene's own window side (overridden)

    /// The scene's part of the snapshot: its HUD rows, its views and, if it loads images, its Loading section.
    func content() -> SceneContent { SceneContent() }

    /// What of `content()` the phone draws, for a phone the HUD does not follow: all of it unless a scene
    /// says less.
    func phoneContent() -> SceneContent { content() }

    /// Draws the phone: the pool's views as tiles (the grid's way); a scene with its own look overrides it.
    func draw(_ snapshot: SceneSnapshot, with painter: ScenePainter) {
        PhoneRenderer(canvas: painter.canvas, text: painter.text, textures: painter.textures)
            .draw(snapshot, viewport: painter.viewport)
    }

    /// Performs the scene's own key `action`; a scene with keys overrides it.
    func perform(_ action: SceneAction) -> SceneActionResult { SceneActionResult(toast: "") }

    var zooms: Bool { false }

    var sourceLatencyMs: Double? { nil }

    var sourceNetwork: String? { nil }

    var diskWarmAtOpen: (entries: Int, bytes: Int)? { nil }

    var hasDiskCache: Bool { false }

    func close() {}

    var ownTextures: TextureStore? { nil }

    // MARK: - Trace

    func takeEvents() -> [ScrollEventRecord] { inbox.takeAll() }

    var settingLines: [JSONValue] { scene.settingLines }

    var summary: [(String, JSONValue)] { scene.summary }
}
