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

    private func startNextComparisonRun(at t: Double, first: Bool) {
        guard let grid = gridScene, let gesture = instruments.lastGesture, var queue = instruments.comparisonQueue else { return }
        guard !queue.isEmpty else {
            instruments.comparisonQueue = nil
            say("A: every policy played the same gesture: the table compares them", at: t)
            return
        }
        let kind = queue.removeFirst()
        instruments.comparisonQueue = queue
        let now = modelClock.modelTime(atReal: t)
        let ending = first ? nil : gridSegment
        grid.setPolicy(kind)
        tracePolicySegment(ending, at: t)
        grid.clearMemoryCache()
        grid.scrollView.setContentOffset(gesture.startOffset, animated: false, time: now)
        grid.resetMetrics()
        collectEvents()
        logSetting("policy", .string(kind.rawValue), at: t)
        instruments.pendingReplay = gesture.events
        say("A: \(kind.rawValue) (\(LoadingPolicyKind.allCases.count - queue.count) of \(LoadingPolicyKind.allCases.count))", at: t)
    }
}
