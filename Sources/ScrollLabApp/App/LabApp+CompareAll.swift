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
    func startComparingAllPolicies(at t: Double) {
        guard scene.loading != nil else { return }
        guard !session.isComparing else {
            toast(KeyAnswer.compareAllWhileComparing, at: t)
            return
        }
        guard let gesture = session.lastGesture else {
            toast(KeyAnswer.compareAllNeedsGesture, at: t)
            return
        }
        guard !isReplaying else {
            toast(KeyAnswer.compareAllWaitsForReplay, at: t)
            return
        }
        phone.comparison = ComparisonRun(queue: LoadingPolicyKind.allCases, home: scene)
        tracePolicySegment(of: phone, at: t)
        resetInstruments()
        logSetting("compareAll", .int(gesture.events.count), at: t)
        toast(KeyAnswer.compareAllStarted, at: t)
        startNextComparisonRun(at: t, first: true)
    }

    /// Between runs: once the previous run has settled, the next policy; after the last, says so.
    func continueComparison(at t: Double) {
        guard phone.comparison != nil, !isReplaying, scene.isSettled else { return }
        startNextComparisonRun(at: t, first: false)
    }

    /// Each run is a fresh grid scene of that policy, started at the gesture's offset, its images on the
    /// model clock (decoded from the files the moment the modelled source delivers them, as a video's
    /// are), so a run's figures are exactly the headless twin's, `replay FILE --headless --policy all`.
    /// The runs carry one comparison table from scene to scene; the scene A stood in for comes back last.
    private func startNextComparisonRun(at t: Double, first: Bool) {
        guard let gesture = session.lastGesture, var comparison = phone.comparison else { return }
        let carried = first ? PolicyComparison() : (scene.loading?.comparisonIncludingCurrent ?? PolicyComparison())
        if !first { tracePolicySegment(of: phone, at: t) }
        guard !comparison.queue.isEmpty else {
            endComparison(carrying: carried)
            say(KeyAnswer.compareAllDone, at: t)
            return
        }
        let kind = comparison.queue.removeFirst()
        var options = phone.sceneOptions
        options.policy = .one(PolicyVariant(kind))
        let loader = session.factory.loader(for: options, onModelClock: true)
        loader.pixelScale = phone.images.pixelScale
        guard let run = (try? session.factory.scene(.grid, options: options, images: loader))?.loading else {
            loader.shutdown()
            endComparison(carrying: carried)
            return
        }
        run.ownsImages = true
        run.isFastRate = scene.isFastRate
        run.contentTouches = scene.loading?.contentTouches ?? (true, true)
        run.adoptComparison(carried)
        if let condition = scene.loading?.condition { _ = run.setCondition(condition) }   // not started: nothing ends
        run.scrollView.setContentOffset(gesture.startOffset, animated: false, time: session.clock.modelTime(atReal: t))
        session.collect()
        let previous = phone.show(run)
        if !first { previous.close() }
        phone.comparison = comparison
        logSetting("policy", .string(kind.rawValue), at: t)
        session.play(gesture.events)
        say(KeyAnswer.compareAllRun(kind.rawValue, index: LoadingPolicyKind.allCases.count - comparison.queue.count,
                                    count: LoadingPolicyKind.allCases.count), at: t)
    }

    /// Ends A: the scene it stood in for is shown again with the runs' table (its own policy's later
    /// figures add to that policy's row).
    func endComparison(carrying carried: PolicyComparison? = nil) {
        guard let comparison = phone.comparison else { return }
        phone.comparison = nil
        session.stopPlayback()
        guard comparison.home !== scene else { return }
        let table = carried ?? scene.loading?.comparisonIncludingCurrent
        session.collect()
        phone.show(comparison.home).close()
        if let table { scene.loading?.adoptComparison(table) }
        scene.loading?.resetMetrics()
    }
}
