import LabKit
import ScrollKit
import ScrollLabCore

/// A scene that loads images under a policy (the grid): what the app asks of it for the trace's policy
/// segments, A's runs and the policy table, without knowing its type.
@MainActor
protocol LoadingWindowScene: WindowScene {
    /// The current policy's segment: its name and its metrics so far.
    var currentSegment: PolicySegment { get }
    /// The comparison table with the current segment's row.
    var comparisonIncludingCurrent: PolicyComparison { get }
    /// Takes `table` as the comparison so far (A's runs carry it from scene to scene).
    func adoptComparison(_ table: PolicyComparison)
    /// Forgets the comparison and starts the metrics from zero (R).
    func resetComparison()
    /// Starts the current policy's metrics from zero.
    func resetMetrics()
    /// `delaysContentTouches` and `canCancelContentTouches` (U, X), carried to A's runs.
    var contentTouches: (delays: Bool, cancels: Bool) { get set }
    /// The policy it loads with.
    var policyKind: LoadingPolicyKind { get }
    /// The policy and its pipeline (shared, or `@shipped`).
    var policyVariant: PolicyVariant { get }
    /// The condition the current segment runs under (B-COND-1).
    var condition: LoadCondition { get }
    /// Changes the condition: a different one ends the current segment, returned for the trace.
    func setCondition(_ condition: LoadCondition) -> PolicySegment?
    /// True when the scene's images are its own (A's runs: on the model clock), pumped and closed by it.
    var ownsImages: Bool { get set }
    /// Counts the source's traffic as it is now (its transfers were stopped after the last frame).
    func noteTrafficNow()
}

/// A loading policy's stretch of the run: its name, metrics and condition (the trace's `policySegment` line).
struct PolicySegment {
    var policy: String
    var metrics: LoadMetrics
    var condition: LoadCondition?
}

extension WindowScene {
    /// The scene as a loading scene, nil for one without images.
    var loading: (any LoadingWindowScene)? { self as? any LoadingWindowScene }
    /// The current policy's segment, nil for a scene without images.
    var policySegment: PolicySegment? { loading?.currentSegment }
}

extension GridWindowScene: LoadingWindowScene {
    var currentSegment: PolicySegment { PolicySegment(policy: grid.segmentName, metrics: grid.metrics, condition: grid.condition) }
    var comparisonIncludingCurrent: PolicyComparison { grid.comparisonIncludingCurrent }
    func adoptComparison(_ table: PolicyComparison) { grid.adoptComparison(table) }
    func resetComparison() { grid.resetComparison() }
    func resetMetrics() { grid.resetMetrics() }
    func noteTrafficNow() { grid.noteTrafficNow() }
    var policyKind: LoadingPolicyKind { grid.policyKind }
    var policyVariant: PolicyVariant { grid.policyVariant }
    var condition: LoadCondition { grid.condition }
    func setCondition(_ condition: LoadCondition) -> PolicySegment? {
        grid.setCondition(condition).map { PolicySegment(policy: $0.policy, metrics: $0.metrics, condition: $0.condition) }
    }
    var contentTouches: (delays: Bool, cancels: Bool) {
        get { (grid.scrollView.delaysContentTouches, grid.scrollView.canCancelContentTouches) }
        set {
            grid.scrollView.delaysContentTouches = newValue.delays
            grid.scrollView.canCancelContentTouches = newValue.cancels
        }
    }
}
