/// B-POL-1 policy 1: load every item the moment a pool view is bound to it, whatever the scroll
/// view is doing. Simple, never blank for long, and the most loads on a fling.
public struct EagerPolicy: LoadingPolicy {
    public var kind: LoadingPolicyKind { .eager }
    /// A frame decides nothing: only binds do.
    public var heedsFrames: Bool { false }

    private var storage = DecisionStorage()

    /// Makes the policy.
    public init() {}

    public mutating func decide(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision {
        if case let .bind(items) = trigger { return storage.load(items) }
        return .none
    }
}
