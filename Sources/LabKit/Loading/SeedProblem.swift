/// The three problems of seed 000's Deferred policy, each switchable back to its broken form so the
/// bug can be seen (B-POL-1). Applies to the Deferred and Target policies.
public enum SeedProblem: Int, CaseIterable, Hashable, Sendable {
    /// Problem 1: judge "user dragging" with `isDragging && !isDecelerating` instead of the
    /// `userDragging` flag, so a drag that catches a decelerating view counts as deceleration.
    case judgesDraggingByScrollViewFlags = 1
    /// Problem 2: no load of the visible tiles in `didEndDecelerating`, so tiles stay empty at rest.
    case noLoadAfterDeceleration = 2
    /// Problem 3: no load of the visible tiles in `willBeginDragging`, so tiles left empty by a
    /// deceleration stay empty while a new drag holds them on screen.
    case noLoadOnNewDrag = 3
}
