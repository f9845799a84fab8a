import LabKit
import ScrollLabCore

extension CompareAllKey: WindowPerformable {
    /// A: the last gesture played under every policy in turn (`LabApp+CompareAll`).
    static func perform(_ action: WindowAction, on app: LabApp, at now: AppTime) {
        app.startComparingAllPolicies(at: now)
    }

    static var answers: [String] {
        [KeyToastText.compareAllWhileComparing, KeyToastText.compareAllNeedsGesture, KeyToastText.compareAllWaitsForReplay,
         KeyToastText.compareAllStarted, KeyToastText.compareAllDone]
            + LoadingPolicyKind.allCases.enumerated().map {
                KeyToastText.compareAllRun($1.rawValue, index: $0 + 1, count: LoadingPolicyKind.allCases.count)
            }
    }
}
