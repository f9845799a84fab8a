/// What a scroll view is doing right now; exactly one at a time (Flutter's scroll activities).
///
/// The public flags (`isTracking`, `isDragging`, `isDecelerating`, …) are derived from this, so they
/// cannot disagree with each other.
enum ScrollActivity: Sendable {
    /// At rest, no pointer down.
    case idle
    /// A pointer is down (before or after the slop).
    case drag(DragActivity)
    /// Free motion after a release: deceleration, spring-back or paging.
    case ballistic(BallisticActivity)
    /// An animated `setContentOffset`.
    case animation(AnimationActivity)
}
