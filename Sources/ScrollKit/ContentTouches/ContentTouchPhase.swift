/// What a content view hears of a touch (B-TCH-1): UIKit's `touchesBegan` / `touchesEnded` /
/// `touchesCancelled`, and `tap` for an ended touch that lifted inside the view.
public enum ContentTouchPhase: String, Sendable, Hashable, CaseIterable {
    /// The view begins tracking the touch (its pressed state).
    case touchesBegan
    /// The touch lifted while the view tracked it.
    case touchesEnded
    /// The scroll view took the touch away to scroll (or the pointer was lost).
    case touchesCancelled
    /// The touch ended inside the view: a tap (after `touchesEnded`).
    case tap
}
