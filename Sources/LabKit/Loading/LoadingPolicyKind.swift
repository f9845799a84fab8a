/// The five policies of B-POL-1, by their command-line names.
public enum LoadingPolicyKind: String, CaseIterable, Hashable, Sendable {
    /// Load whenever a tile is bound.
    case eager
    /// Seed 000: no new loads during deceleration; load the visible tiles when it ends and on a new drag.
    case deferred
    /// Seed 000 re-optimised: Deferred plus cache hits and the tiles at `targetContentOffset`.
    case target
    /// Seed 003: UICollectionView-style prefetch ahead in the scroll direction, with cancellation.
    case prefetch
    /// The physics-aware policy: loads where and when a fling will stop, skips what only flashes by.
    case adaptive

    /// A fresh policy of this kind; `problem` applies to Deferred and Target only.
    public func makePolicy(problem: SeedProblem? = nil) -> any LoadingPolicy {
        switch self {
        case .eager: return EagerPolicy()
        case .deferred: return DeferredPolicy(problem: problem)
        case .target: return TargetPolicy(problem: problem)
        case .prefetch: return PrefetchPolicy()
        case .adaptive: return AdaptivePolicy()
        }
    }
}
