import ScrollKit

/// B-POL-1 policy 3, seed 000 re-optimised: Deferred, except that during deceleration a tile still
/// loads if its image is in the memory cache (free) or if it intersects the rect at
/// `targetContentOffset` (where the fling will stop), so the last screen fills in as it arrives.
///
/// The target rect is set in `willEndDragging` and cleared in `willBeginDragging` and
/// `didEndDecelerating`, as in the seed; also when a release has no deceleration, so no stale rect
/// is drawn at rest.
public struct TargetPolicy: LoadingPolicy {
    public var kind: LoadingPolicyKind { .target }
    /// A frame decides nothing: only appearances and the scroll view's callbacks do.
    public var heedsFrames: Bool { false }
    /// A seed problem shown in its broken form, or nil for the fixed policy.
    public var problem: SeedProblem?
    /// The viewport-sized rect at the current deceleration target, or nil.
    public private(set) var targetRect: Rect?
    private var storage = DecisionStorage()

    /// Makes the policy, optionally with one seed problem left in.
    public init(problem: SeedProblem? = nil) {
        self.problem = problem
    }

    public mutating func decide(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision {
        let deferred = DeferredPolicy(problem: problem)
        switch trigger {
        case let .appear(items):
            if deferred.allowsNewLoads(context) { return storage.load(items) }
            var decision = storage.begin()
            for item in items where context.isCached(item) || (targetRect?.intersects(context.frame(of: item)) ?? false) {
                decision.load.append(LoadRequest(item: item))
            }
            return storage.end(decision)
        case .willBeginDragging:
            targetRect = nil
            return problem == .noLoadOnNewDrag ? .none : .load(context.visibleItems)
        case let .willEndDragging(_, target):
            targetRect = Rect(origin: target, size: context.bounds.size)
            return .none
        case let .didEndDragging(willDecelerate):
            if !willDecelerate { targetRect = nil }
            return .none
        case .didEndDecelerating:
            targetRect = nil
            return problem == .noLoadAfterDeceleration ? .none : .load(context.visibleItems)
        default:
            return .none
        }
    }
}
