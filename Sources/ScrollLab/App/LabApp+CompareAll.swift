import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// A (issue 22): the last gesture — the last touch, or the last replay — played again under every
/// policy in turn, each from the same offset with an empty memory cache, on the replay's 60 Hz grid,
/// each run kept until its loads settle; the policy table fills with one row per policy. The headless
/// twin is `replay FILE --headless --policy all`.
extension LabApp {
    /// The last gesture the grid received, and the content offset it started from.
    struct PlayedGesture {
        var events: [PointerEvent]
        var startOffset: Point
    }

    /// Keeps the gesture in progress; a finished touch becomes the last gesture.
    func noteLiveSample(_ event: PointerEvent) {
        guard instruments.comparisonQueue == nil else { return }
        switch event.phase {
        case .down:
            instruments.touchInProgress = PlayedGesture(events: [event], startOffset: scene.snapshot().contentOffset)
        case .move:
            instruments.touchInProgress?.events.append(event)
        case .up:
            instruments.touchInProgress?.events.append(event)
            if let touch = instruments.touchInProgress { instruments.lastGesture = touch }
            instruments.touchInProgress = nil
        case .pinch, .pinchEnd:
            break
        }
    }

    /// A: starts playing the last gesture under every policy.
    func startComparingAllPolicies(at t: Double) {
        guard gridScene != nil else { return }
        guard let gesture = instruments.lastGesture else {
            toast("A: make a gesture first (or --replay one), then A plays it under every policy", at: t)
            return
        }
        guard !isReplaying else {
            toast("A: wait for the replay to finish", at: t)
            return
        }
        instruments.comparisonQueue = LoadingPolicyKind.allCases
        tracePolicySegment(at: t)
        resetInstruments()
        logSetting("compareAll", .int(gesture.events.count), at: t)
        toast("A: the last gesture under every policy in turn, each from the same offset with a cold cache", at: t)
        startNextComparisonRun(at: t, first: true)
    }

    /// Between runs: once the previous run has settled, the next policy; after the last, says so.
    func continueComparison(at t: Double) {
        guard instruments.comparisonQueue != nil, !isReplaying, scene.isSettled else { return }
        startNextComparisonRun(at: t, first: false)
    }

    /// Each run is a fresh grid scene of that policy, started at the gesture's offset, its images on the
    /// model clock (decoded from the files the moment the modelled source delivers them, as a video's
    /// are), so a run's figures are exactly the headless twin's, `replay FILE --headless --policy all`.
    /// The runs carry one comparison table from scene to scene; the scene A stood in for comes back last.
    private func startNextComparisonRun(at t: Double, first: Bool) {
        guard let gesture = instruments.lastGesture, var queue = instruments.comparisonQueue else { return }
        let carried = first ? PolicyComparison() : (gridScene?.comparisonIncludingCurrent ?? PolicyComparison())
        if !first { tracePolicySegment(gridSegment, at: t) }
        guard !queue.isEmpty else {
            endComparison(carrying: carried)
            say("A: every policy played the same gesture: the table compares them", at: t)
            return
        }
        let kind = queue.removeFirst()
        var options = sceneOptions
        options.policy = .one(kind)
        var onModelClock = self.options
        onModelClock.imagesOnModelClock = true
        let loader = Self.imageLoader(paths: images.paths, options: onModelClock, sceneOptions: options, renderer: sdl.renderer)
        loader.pixelScale = images.pixelScale
        guard let run = (try? Self.windowScene(.grid, options: options, images: loader)) as? GridWindowScene else {
            loader.shutdown()
            endComparison(carrying: carried)
            return
        }
        run.ownsImages = true
        run.isFastRate = scene.isFastRate
        run.grid.scrollView.delaysContentTouches = gridScene?.scrollView.delaysContentTouches ?? true
        run.grid.scrollView.canCancelContentTouches = gridScene?.scrollView.canCancelContentTouches ?? true
        run.grid.adoptComparison(carried)
        run.grid.scrollView.setContentOffset(gesture.startOffset, animated: false, time: modelClock.modelTime(atReal: t))
        collectEvents()
        if first { instruments.comparisonHome = scene } else { scene.close() }
        scene = run
        instruments.comparisonQueue = queue
        logSetting("policy", .string(kind.rawValue), at: t)
        instruments.pendingReplay = gesture.events
        say("A: \(kind.rawValue) (\(LoadingPolicyKind.allCases.count - queue.count) of \(LoadingPolicyKind.allCases.count))", at: t)
    }

    /// Ends A: the scene it stood in for is shown again with the runs' table (its own policy's later
    /// figures add to that policy's row).
    func endComparison(carrying carried: PolicyComparison? = nil) {
        guard instruments.comparisonQueue != nil || instruments.comparisonHome != nil else { return }
        instruments.comparisonQueue = nil
        instruments.replay = nil
        instruments.pendingReplay = nil
        guard let home = instruments.comparisonHome else { return }
        let table = carried ?? gridScene?.comparisonIncludingCurrent
        collectEvents()
        scene.close()
        scene = home
        instruments.comparisonHome = nil
        if let table { gridScene?.adoptComparison(table) }
        gridScene?.resetMetrics()
    }
}
