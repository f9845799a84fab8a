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
    case ballistic(SharedMotion)
    /// An animated `setContentOffset`.
    case animation(AnimationActivity)
}

/// The public flags of a `ScrollActivity` (B-EVT-2), worked out once per change of activity.
struct ActivityFlags: Sendable {
    /// `.drag`.
    var isTracking = false
    /// `.drag` once begun, or `.ballistic`.
    var isDragging = false
    /// `.drag` that interrupted a deceleration, or `.ballistic`.
    var isDecelerating = false
    /// `.animation`.
    var isScrollingAnimation = false
    /// `.ballistic` or `.animation`.
    var isMoving = false
    /// Where a `.ballistic` motion or an `.animation` stops (`targetContentOffset`), nil otherwise: kept
    /// here so a frame that asks reads it without copying the activity.
    var target: Point?

    init(_ activity: ScrollActivity) {
        switch activity {
        case .idle: break
        case .drag(let drag):
            isTracking = true
            isDragging = drag.hasBegun
            isDecelerating = drag.interruptsDeceleration
        case .ballistic(let shared):
            isDragging = true
            isDecelerating = true
            isMoving = true
            target = shared.motion.target
        case .animation(let animation):
            isScrollingAnimation = true
            isMoving = true
            target = animation.target
        }
    }
}
