import ScrollKit

/// Puts any ScrollKit `LabScene` in the window: routes input and steps to it, reads its scroll view
/// for the HUD, and collects its delegate callbacks through the scroll view's event handler.
final class LabSceneAdapter: WindowScene {
    /// The scene driven.
    let scene: any LabScene
    private let content: () -> SceneContent
    private let policyName: () -> String
    private let policySelector: ((Int) -> String?)?
    private let pagingMode: () -> String?
    private let inbox = RecordInbox()

    /// Wraps `scene`; `content` reads its views and metrics for each frame.
    init(scene: any LabScene, policy: @escaping () -> String, selectPolicy: ((Int) -> String?)? = nil,
         pagingMode: @escaping () -> String? = { nil }, content: @escaping () -> SceneContent) {
        self.scene = scene
        self.content = content
        self.policyName = policy
        self.policySelector = selectPolicy
        self.pagingMode = pagingMode
        let inbox = self.inbox
        scene.scrollView.eventHandler = { inbox.records.append($0) }
    }

    var name: String { scene.name }

    func pointer(_ event: PointerEvent) { scene.pointer(event) }

    func cancelPointer(time: Double) { scene.scrollView.touchCancelled(time: time) }

    /// Wheel: a vertical wheel scrolls a scene that only scrolls sideways (the pager) sideways.
    func scroll(by delta: Point, time: Double) {
        let view = scene.scrollView
        let sideways = view.contentSize.width > view.frame.width && view.contentSize.height <= view.frame.height
        scene.scrollView.wheelScroll(by: sideways && delta.x == 0 ? Point(x: delta.y, y: 0) : delta, time: time)
    }

    func advance(to time: Double) {
        scene.scrollView.settleWheelScroll(at: time)
        scene.advance(to: time)
    }

    func reset(time: Double) {
        scene.scrollView.setContentOffset(.zero, animated: false, time: time)
        scene.advance(to: time)
    }

    var isFastRate: Bool {
        get { scene.scrollView.decelerationRate == .fast }
        set { scene.scrollView.decelerationRate = newValue ? .fast : .normal }
    }

    func snapshot() -> SceneSnapshot {
        let view = scene.scrollView
        let rate = view.decelerationRate == .fast ? "fast 0.99" : view.decelerationRate == .normal ? "normal 0.998" : "\(view.decelerationRate.rawValue)"
        var s = SceneSnapshot(name: scene.name, policy: policyName(), pagingMode: pagingMode(), decelerationRate: rate,
                              scrollViewFrame: view.frame)
        s.isTracking = view.isTracking
        s.isDragging = view.isDragging
        s.isDecelerating = view.isDecelerating
        s.velocity = view.velocity
        s.contentOffset = view.contentOffset
        s.targetContentOffset = view.targetContentOffset
        if view.content != nil {
            s.contentTouches = "delay \(view.delaysContentTouches ? "on" : "off") · cancel \(view.canCancelContentTouches ? "on" : "off")"
        }
        let c = content()
        s.tiles = c.tiles
        s.viewsCreated = c.viewsCreated
        s.rebindCount = c.rebindCount
        s.metrics = c.metrics
        s.liveImageAssets = c.liveImageAssets
        s.targetRect = c.targetRect
        return s
    }

    func selectPolicy(_ number: Int) -> String? { policySelector?(number) }

    func takeEvents() -> [ScrollEventRecord] {
        defer { inbox.records.removeAll(keepingCapacity: true) }
        return inbox.records
    }

    var settingLines: [JSONValue] { scene.settingLines }

    var summary: [(String, JSONValue)] { scene.summary }
}
