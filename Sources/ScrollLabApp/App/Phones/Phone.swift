import LabKit
import ScrollKit
import ScrollLabCore

/// One phone in the window: a scene with its own image loader (and so its own pool, pipeline, caches and
/// source), the scenes `S` parked, the callbacks it made (the HUD's event list), its timeline, and
/// where it is drawn. The window holds one; compare mode (`--compare`) holds two to four side by side.
@MainActor
final class Phone: DrivenPhone {
    /// Its place, 0 from the left (the trace's `"phone"`).
    let index: Int
    /// The options its scenes are built from: the command line's, with this phone's policy.
    private(set) var sceneOptions: SceneConfiguration
    /// The images of its scenes (a scene with its own loader, the photos, keeps that too).
    let images: ImageLoader
    /// The scene shown.
    private(set) var scene: any WindowScene
    /// Scenes not shown right now, by name, kept for when `S` comes back to them.
    private var parkedScenes: [String: any WindowScene] = [:]
    /// Where it is in the window's layout.
    var viewport: PhoneViewport
    /// Its recent callbacks, newest first.
    var events = EventLog(capacity: 24)
    var track: TimelineTrack
    /// Apple's hitch measure over the current policy segment's frames of motion.
    var segmentHitches = HitchMeter()
    /// The offset its last frame showed, and when its content last moved (the scroll indicator fades after).
    private(set) var drawnOffset = Point.zero
    private(set) var lastScrollTime = -Double.infinity
    /// A's runs, while A plays the last gesture under every policy here.
    var comparison: ComparisonRun?
    /// What this phone compares (`--compare`), nil outside compare mode.
    let entry: CompareEntry?
    /// Its compare-mode title's figures line as last drawn, and what it was made of.
    var titleFigures: (key: PhoneTitle.FiguresKey, line: String)?

    /// A phone showing a new scene of `sceneOptions.scene`.
    init(index: Int, sceneOptions: SceneConfiguration, factory: SceneFactory, viewport: PhoneViewport,
         entry: CompareEntry? = nil) throws(AppError) {
        self.index = index
        self.entry = entry
        self.sceneOptions = sceneOptions
        self.viewport = viewport
        images = factory.loader(for: sceneOptions)
        do {
            scene = try factory.scene(sceneOptions.scene, options: sceneOptions, images: images)
        } catch {
            images.shutdown()
            throw error
        }
        track = TimelineTrack(axis: scene.kind.axis)
    }

    var scrollView: ScrollView { scene.scrollView }

    var isRunningComparison: Bool { comparison != nil }

    var isSettled: Bool { scene.isSettled }

    var touchHz: Double? { sceneOptions.touchHz }

    func pointer(_ event: PointerEvent) { scene.pointer(event) }

    func cancelPointer(time: Double) { scene.cancelPointer(time: time) }

    /// Takes the decodes finished since the last step into the pipeline at `time`, then steps the scene:
    /// once per model step, so a replay's images arrive on its frame grid.
    func advance(to time: Double, replaying: Bool) {
        images.waitsForDueDecodes = replaying
        images.pump(time: time)
        scene.advance(to: time)
    }

    /// Drains the scene's callbacks into the event list and the timeline, handing each to `publish`.
    func collect(_ publish: (Int, ScrollEventRecord) -> Void) {
        for record in scene.takeEvents() {
            events.append(record)
            track.record(record)
            publish(index, record)
        }
    }

    /// Shows `next` instead of the scene shown, which is returned (parked, closed or kept by the caller).
    @discardableResult
    func show(_ next: any WindowScene) -> any WindowScene {
        let previous = scene
        scene = next
        return previous
    }

    /// `S`: the next scene of the registry, built once from the phone's options and kept while another is
    /// shown, so coming back finds it as it was. Returns false when it cannot be built.
    func switchScene(factory: SceneFactory) -> Bool {
        let kind = scene.kind.next
        let made: any WindowScene
        if let kept = parkedScenes.removeValue(forKey: kind.name) {
            made = kept
        } else {
            guard let new = try? factory.scene(kind, options: sceneOptions, images: images) else { return false }
            made = new
        }
        made.isFastRate = scene.isFastRate
        parkedScenes[scene.kind.name] = show(made)
        events.reset()
        track = TimelineTrack(axis: made.kind.axis)
        return true
    }

    /// The policy this phone's scenes are built with from now on (compare mode's per-phone key).
    func remember(policy: PolicyVariant) {
        sceneOptions.policy = .one(policy)
    }

    /// Releases every scene and the loader; the window is closing.
    func close() {
        scene.close()
        for parked in parkedScenes.values { parked.close() }
        comparison?.home.close()
        images.shutdown()
    }

    /// Notes the frame drawn at app time `t` (model time `modelTime`): when its content last moved, the
    /// offset shown and the timeline's sample; gives `snapshot` the scroll indicator's alpha.
    func noteFrame(_ snapshot: inout SceneSnapshot, at t: Double, modelTime: Double) {
        if snapshot.contentOffset != drawnOffset || snapshot.isDragging || snapshot.isDecelerating { lastScrollTime = t }
        snapshot.scrollIndicatorAlpha = ScrollIndicator.alpha(since: t - lastScrollTime)
        drawnOffset = snapshot.contentOffset
        track.record(snapshot, at: modelTime)
    }
}

/// A (issue 22): the policies still to play and the scene the runs stand in for.
struct ComparisonRun {
    var queue: [LoadingPolicyKind]
    var home: any WindowScene
}
