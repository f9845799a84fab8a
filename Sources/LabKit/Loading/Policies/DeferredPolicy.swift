/// B-POL-1 policy 2, seed 000 as published (the Tweetie idea): tiles that come on screen load while
/// the user drags and at rest, but not during deceleration; the visible tiles load when deceleration
/// ends (fix for problem 2) and when a new drag begins (fix for problem 3); "user dragging" is the
/// `userDragging` flag (fix for problem 1). `problem` puts one of the three back in its broken form.
public struct DeferredPolicy: LoadingPolicy {
    public var kind: LoadingPolicyKind { .deferred }
    /// A frame decides nothing: only appearances and the scroll view's callbacks do.
    public var heedsFrames: Bool { false }
    /// A seed problem shown in its broken form, or nil for the fixed policy.
    public var problem: SeedProblem?
    private var storage = DecisionStorage()

    /// Makes the policy, optionally with one seed problem left in.
    public init(problem: SeedProblem? = nil) {
        self.problem = problem
    }

    /// Whether the user counts as dragging: the flag, or (problem 1) the scroll view's own flags.
    public func judgesUserDragging(_ context: LoadingContext) -> Bool {
        problem == .judgesDraggingByScrollViewFlags
            ? context.isDragging && !context.isDecelerating
            : context.userDragging
    }

    /// The seed's test in `cellForRowAtIndexPath`: no image while decelerating without the user's finger.
    public func allowsNewLoads(_ context: LoadingContext) -> Bool {
        judgesUserDragging(context) || !context.isDecelerating
    }

    public mutating func decide(_ trigger: LoadTrigger, in context: LoadingContext) -> LoadDecision {
        switch trigger {
        case let .appear(items):
            return allowsNewLoads(context) ? storage.load(items) : .none
        case .willBeginDragging:
            return problem == .noLoadOnNewDrag ? .none : .load(context.visibleItems)
        case .didEndDecelerating:
            return problem == .noLoadAfterDeceleration ? .none : .load(context.visibleItems)
        default:
            return .none
        }
    }
}
