import ScrollKit

/// Grid scenes of one gesture replayed together on one scroll view: a sweep's policies, each with its
/// own pipeline, cache, tiles and metrics, in lockstep on the motion they all share.
///
/// The scroll view's motion depends on the gesture, the physics and the content's size, never on the
/// loading (`GridBench`'s oracle relies on the same fact), so the scroll view runs once for all of them
/// and its callbacks go to each scene in turn; what the scenes' grids work out alike from it (a binding
/// update, the tiles' geometry, the scroll state a policy decides on) is worked out once (`LockstepMemo`).
/// Each scene keeps the frames a `HeadlessReplayStream` of
/// its own would run (`Lane`: its clock, its settling, its idle skips), so each ends exactly as it would
/// alone. The one case that could differ, a scene skipping frames (settled, or past the replay's time
/// limit) while the shared scroll view still moves or calls back, is detected: `run` then returns nil and
/// the caller replays the scenes one by one.
final class GridSceneLockstep: ScrollViewDelegate, ScrollViewContent {
    /// One scene's replay: what `HeadlessReplayStream` keeps for it (the scene itself is `scenes`').
    private struct Lane {
        var clock: ModelClock?
        var deliveredThisFrame = false
        var unsettledFrames = 0
        var isFinished = false
    }

    // Reached at every frame and callback by this object alone: not checked for exclusive access.
    private let scrollView: ScrollView
    private let scenes: [GridScene]
    /// What the scenes' grids work out alike, shared (`LockstepMemo`).
    private let memo = LockstepMemo()
    @exclusivity(unchecked) private var lanes: [Lane]
    private let rate: Double
    private let limitFrames: Int
    /// The lanes the scroll view's callbacks go to now: every lane during an event, the stepping ones
    /// during a frame.
    @exclusivity(unchecked) private var listening: [Int] = []
    /// True when a callback came while some unfinished lane was not listening: the lockstep no longer
    /// matches the runs alone.
    @exclusivity(unchecked) private var diverged = false
    @exclusivity(unchecked) private var unfinishedCount: Int
    /// The lane whose frames are shown to a caller, and to what (`run(_:observing:afterFrame:)`).
    @exclusivity(unchecked) private var observer: (lane: Int, afterFrame: (Double) -> Void)?

    /// Makes `configurations`' scenes on one scroll view, or nil when they cannot share one (a carousels
    /// feed, whose rows have scroll views of their own; another content size or physics).
    init?(configurations: [GridSceneConfiguration], replay: HeadlessReplay) {
        guard let first = configurations.first else { return nil }
        let layout = first.feedGeometry
        guard layout.kind != .carousels else { return nil }
        let scrollView = GridScene.makeScrollView(first, contentSize: layout.contentSize)
        var scenes: [GridScene] = []
        for configuration in configurations {
            guard configuration.physics == first.physics else { return nil }
            let scene = GridScene(configuration: configuration, source: nil, sharing: scrollView)
            guard scene.layout.contentSize == layout.contentSize, scene.layout.kind != .carousels else { return nil }
            scenes.append(scene)
        }
        self.scrollView = scrollView
        self.scenes = scenes
        for scene in scenes { scene.grid.memo = memo }
        lanes = Array(repeating: Lane(), count: scenes.count)
        rate = replay.frameRate.isFinite && replay.frameRate > 0 ? replay.frameRate : 60
        limitFrames = Int((replay.timeLimit.isFinite ? Swift.max(replay.timeLimit, 0) : 120) * rate)
        unfinishedCount = lanes.count
        scrollView.delegate = self
        scrollView.content = self
    }

    /// Replays `events` on every scene; returns the finished scenes in `configurations`' order, or nil
    /// when the lockstep diverged from the runs alone.
    func run(_ events: [PointerEvent]) -> [GridScene]? {
        for event in events {
            push(event)
            if diverged { return nil }
        }
        finish()
        return diverged ? nil : scenes
    }

    /// The same, with `afterFrame` shown each frame of scene `lane` once it has advanced, as a
    /// `HeadlessReplayStream` of its own shows them. On nil it has seen only part of the replay.
    func run(_ events: [PointerEvent], observing lane: Int, afterFrame: (GridScene, Double) -> Void) -> [GridScene]? {
        guard scenes.indices.contains(lane) else { return run(events) }
        return withoutActuallyEscaping(afterFrame) { afterFrame in
            let scene = scenes[lane]
            observer = (lane, { afterFrame(scene, $0) })
            defer { observer = nil }
            return run(events)
        }
    }

    // MARK: The replay (`HeadlessReplayStream`'s rules, lane by lane)

    private func push(_ event: PointerEvent) {
        guard event.time.isFinite else { return }
        var event = event
        event.time = Swift.min(Swift.max(event.time, -HeadlessReplay.timeRange), HeadlessReplay.timeRange)
        if lanes[0].clock == nil {
            let clock = ModelClock(rate: rate, startingAtOrBefore: event.time)
            for i in lanes.indices { lanes[i].clock = clock }
        }
        // The frames before the event: the lanes due share the next frame (a lane that skipped idle frames
        // waits at the first frame at or after the event).
        while let time = nextFrame(before: event.time) {
            step(at: time, nextEventTime: event.time)
            if diverged { return }
        }
        memo.scrollSerial += 1
        for scene in scenes { scene.beginEventInLockstep(at: event.time) }
        listening = Array(lanes.indices)
        scrollView.handle(event)
        for i in lanes.indices { lanes[i].deliveredThisFrame = true }
    }

    private func finish() {
        if lanes[0].clock == nil {
            for i in lanes.indices { lanes[i].clock = ModelClock(rate: rate) }
        }
        while !diverged, let time = lanes.lazy.filter({ !$0.isFinished }).compactMap(\.clock?.nextTime).min() {
            step(at: time, nextEventTime: nil)
        }
    }

    /// The earliest next frame of the lanes whose next frame comes before `time`, if any.
    private func nextFrame(before time: Double) -> Double? {
        var earliest: Double?
        for lane in lanes {
            guard let next = lane.clock?.nextTime, time > next else { continue }
            earliest = Swift.min(earliest ?? next, next)
        }
        return earliest
    }

    /// One frame at `time` for every unfinished lane whose next frame it is: the scenes' loading before
    /// the scroll view moves, the scroll view once, then each scene's frame work and its settling.
    private func step(at time: Double, nextEventTime: Double?) {
        listening.removeAll(keepingCapacity: true)
        for i in lanes.indices where !lanes[i].isFinished && lanes[i].clock?.nextTime == time { listening.append(i) }
        memo.scrollSerial += 1
        for i in listening { lend(i) { $0.beginFrameInLockstep(at: time) } }
        scrollView.advance(to: time)
        memo.scrollSerial += 1
        // Each scene's frame work and its settling together, while its state is at hand.
        for i in listening {
            lend(i) { $0.endFrameInLockstep(at: time) }
            if let observer, observer.lane == i { observer.afterFrame(time) }
            endFrame(lane: i, nextEventTime: nextEventTime)
        }
    }

    /// Scene `i` lent to `body` without a retain and its release: `scenes` is a constant that holds every
    /// scene as long as the lockstep lives (a retained scene per call was 2% of a replay's instructions).
    @inline(__always)
    private func lend<Result>(_ i: Int, _ body: (GridScene) -> Result) -> Result {
        scenes.withUnsafeBufferPointer { Unmanaged.passUnretained($0[i])._withUnsafeGuaranteedRef(body) }
    }

    /// `HeadlessReplayStream.endFrame` after the scene advanced: its settling, its clock, its end.
    private func endFrame(lane i: Int, nextEventTime: Double?) {
        guard var clock = lanes[i].clock else { return }
        let settled = lend(i) { $0.isSettled }
        lanes[i].unsettledFrames = settled || lanes[i].deliveredThisFrame ? 0 : lanes[i].unsettledFrames + 1
        lanes[i].deliveredThisFrame = false
        let idle = settled || lanes[i].unsettledFrames > limitFrames
        // A lane past the time limit stops while the motion may go on: the others' frames would reach it.
        if idle && !settled { diverged = true }
        defer { lanes[i].clock = clock }
        guard let next = nextEventTime else {
            if idle {
                lanes[i].isFinished = true
                unfinishedCount -= 1
            } else {
                clock.advance()
            }
            return
        }
        clock.advance()
        if idle {
            clock.skipIdle(untilInputAt: next)
            lanes[i].unsettledFrames = 0
        }
    }

    /// Called back while some unfinished lane does not listen: the runs alone would not have heard it.
    private func heard() {
        memo.scrollSerial += 1
        if listening.count < unfinishedCount { diverged = true }
    }

    // MARK: The scroll view's delegate and content, for each listening scene

    /// Hands a callback to each listening scene.
    @inline(__always)
    private func forEachListening(_ body: (GridScene) -> Void) {
        heard()
        for i in listening { body(scenes[i]) }
    }

    /// The listening scenes' answer to a question about their content; scenes that answer differently
    /// end the lockstep (their pools bind the same items, so they never should).
    @inline(__always)
    private func agreed<Answer: Equatable>(otherwise fallback: Answer, _ answer: (GridScene) -> Answer) -> Answer {
        heard()
        guard let first = listening.first else { return fallback }
        let value = answer(scenes[first])
        for i in listening.dropFirst() where answer(scenes[i]) != value { diverged = true }
        return value
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) {
        forEachListening { $0.scrollViewDidScroll(scrollView) }
    }

    func scrollViewWillBeginDragging(_ scrollView: ScrollView) {
        forEachListening { $0.scrollViewWillBeginDragging(scrollView) }
    }

    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point) {
        let proposed = targetContentOffset
        forEachListening { scene in
            var target = proposed
            scene.scrollViewWillEndDragging(scrollView, withVelocity: velocity, targetContentOffset: &target)
            if target != proposed { diverged = true }
        }
    }

    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        forEachListening { $0.scrollViewDidEndDragging(scrollView, willDecelerate: decelerate) }
    }

    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {
        forEachListening { $0.scrollViewWillBeginDecelerating(scrollView) }
    }

    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
        forEachListening { $0.scrollViewDidEndDecelerating(scrollView) }
    }

    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {
        forEachListening { $0.scrollViewDidEndScrollingAnimation(scrollView) }
    }

    func contentView(at point: Point) -> ContentView? {
        agreed(otherwise: nil) { $0.contentView(at: point) }
    }

    func touchesShouldBegin(_ point: Point, with time: Double, in view: ContentView) -> Bool {
        agreed(otherwise: true) { $0.touchesShouldBegin(point, with: time, in: view) }
    }

    func touchesShouldCancel(in view: ContentView) -> Bool {
        agreed(otherwise: !view.isControl) { $0.touchesShouldCancel(in: view) }
    }

    func contentView(_ view: ContentView, received phase: ContentTouchPhase) {
        forEachListening { $0.contentView(view, received: phase) }
    }
}

extension GridScene {
    /// An event's work before the scroll view handles it (`pointer(_:)`'s first half).
    func beginEventInLockstep(at time: Double) {
        loading.beginEvent(at: time, grid: &grid)
    }

    /// A frame's work before the scroll view moves (`advance(to:)`'s first half).
    func beginFrameInLockstep(at time: Double) {
        loading.beginFrame(at: time, grid: &grid)
    }

    /// A frame's work after the scroll view moved (`advance(to:)`'s second half).
    func endFrameInLockstep(at time: Double) {
        loading.endFrame(at: time, grid: &grid)
    }
}
