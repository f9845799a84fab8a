/// A pointer is down on the scroll view: waiting for the slop, or dragging the content.
struct DragActivity: Sendable {
    /// The pointer position that corresponds to `startOffset`.
    var anchor: Point
    /// The unconstrained ("finger") content offset at `anchor`; the displayed offset is its rubber-banded form.
    var startOffset: Point
    /// The newest pointer position.
    var lastPointer: Point
    /// True once the drag has begun (`willBeginDragging` sent): after the slop, or at once when the
    /// touch caught a moving view.
    var hasBegun: Bool
    /// True when the touch stopped a deceleration whose `didEndDecelerating` is still owed (B-EVT-3).
    var interruptsDeceleration: Bool
    /// Velocity (pt/s per axis) the caught glide carries into this drag's fling (B-DEC-3); zero when
    /// the touch caught nothing gliding, or once the pointer rested.
    var carriedVelocity: Point = .zero
    /// Model time of the touch-down or of the latest sample that moved the pointer.
    var lastMoveTime: Double = 0
}
