/// Giving a touch away: nested scrolling (a zoomed photo hands the drag to its pager) and a pinch taking
/// over from one finger.
public extension ScrollView {
    /// Ends the current touch as a still release: no fling, no tap (the content view's touch is cancelled),
    /// `willEndDragging` / `didEndDragging` if the drag had begun, and a spring-back if it was overscrolled.
    /// The rest of the pointer's samples belong to someone else. Ignored when no pointer is down.
    func handOffTouch(time: Double) {
        guard case .drag(let drag) = activity else { return }
        tick(time)
        cancelContentTouch()
        if drag.hasBegun { release(drag, pointerVelocity: .zero) } else { activity = .idle }
    }
}
