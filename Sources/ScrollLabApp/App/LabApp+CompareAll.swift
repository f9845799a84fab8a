import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// A (issue 22): the last gesture — the last touch, or the last replay — played again under every
/// policy in turn, each from the same offset with an empty memory cache, on the replay's 60 Hz grid,
/// each run kept until its loads settle; the policy table fills with one row per policy. The headless
/// twin is `replay FILE --headless --policy all`.
extension LabApp {
    /// A: starts playing the last gesture under every policy.
    func startComparingAllPolicies(at now: AppTime) {
        guard scene.loading != nil else { return }
        guard !phoneDriver.isComparing else {
            toast(KeyToastText.compareAllWhileComparing, at: now.real)
            return
        }
        guard let gesture = phoneDriver.lastGesture else {
            toast(KeyToastText.compareAllNeedsGesture, at: now.real)
            return
        }
        guard !isReplaying else {
            toast(KeyToastText.compareAllWaitsForReplay, at: now.real)
            return
        }
        // A touch in progress ends in the live scene: none of it reaches the runs.
        endTouchInProgress(at: now)
        phone.comparison = ComparisonRun(queue: LoadingPolicyKind.allCases, home: scene)
        tracePolicySegment(of: phone, at: now.model)
        resetInstruments()
        logSetting("compareAll", .int(gesture.events.count), at: now.model)
        toast(KeyToastText.compareAllStarted, at: now.real)
        startNextComparisonRun(at: now, first: true)
    }

    /// Between runs: once the previous run has settled, the next policy; after the last, says so.
    func continueComparison(at now: AppTime) {
        guard phone.comparison != nil, !isReplaying, scene.isSettled else { return }
        startNextComparisonRun(at: now, first: false)
    }

    /// Each run is a fresh grid scene of that policy, started at the gesture's offset, its images on the
    /// model clock (decoded from the files the moment the modelled source delivers them, as a video's
    /// are), so a run's figures are exactly the headless twin's, `replay FILE --headless --policy all`.
    /// The runs carry one comparison table from scene to scene; the scene A stood in for comes back last.
    private func startNextComparisonRun(at now: AppTime, first: Bool) {
        guard let gesture = phoneDriver.lastGesture, var comparison = phone.comparison else { return }
        let carried = first ? PolicyComparison() : (scene.loading?.comparisonIncludingCurrent ?? PolicyComparison())
        if !first { tracePolicySegment(of: phone, at: now.model) }
        guard !comparison.queue.isEmpty else {
            endComparison(carrying: carried)
            say(KeyToastText.compareAllDone, at: now.real)
            return
        }
        let kind = comparison.queue.removeFirst()
        var options = phone.sceneOptions
        options.policy = .one(PolicyVariant(kind))
        let loader = factory.loader(for: options, onModelClock: true)
        loader.pixelScale = phone.images.pixelScale
        guard let run = (try? factory.scene(.grid, options: options, images: loader))?.loading else {
            loader.shutdown()
            endComparison(carrying: carried)
            return
        }
        run.ownsImages = true
        run.isFastRate = scene.isFastRate
        run.contentTouches = scene.loading?.contentTouches ?? (true, true)
        run.adoptComparison(carried)
        if let condition = scene.loading?.condition { _ = run.setCondition(condition) }   // not started: nothing ends
        run.scrollView.setContentOffset(gesture.startOffset, animated: false, time: now.model)
        phoneDriver.collect()
        let previous = phone.show(run)
        if !first { previous.close() }
        phone.comparison = comparison
        logSetting("policy", .string(kind.rawValue), at: now.model)
        phoneDriver.play(gesture.events)
        say(KeyToastText.compareAllRun(kind.rawValue, index: LoadingPolicyKind.allCases.count - comparison.queue.count,
                                    count: LoadingPolicyKind.allCases.count), at: now.real)
    }

    /// Ends A: the scene it stood in for is shown again with the runs' table (its own policy's later
    /// figures add to that policy's row).
    func endComparison(carrying carried: PolicyComparison? = nil) {
        guard let comparison = phone.comparison else { return }
        phone.comparison = nil
        phoneDriver.stopPlayback()
        guard comparison.home !== scene else { return }
        let table = carried ?? scene.loading?.comparisonIncludingCurrent
        phoneDriver.collect()
        phone.show(comparison.home).close()
        if let table { scene.loading?.adoptComparison(table) }
        scene.loading?.resetMetrics()
    }
}
