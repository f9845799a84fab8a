/// The touch a scroll view holds for its content (B-TCH-1): held back until the delay ends, or tracked by a view.
struct ContentTouch: Hashable, Sendable {
    /// Where the touch is with respect to the view.
    enum State: Hashable, Sendable {
        /// Held back while `delaysContentTouches` is on; delivered at `deadline` unless the drag begins first.
        case delayed(deadline: Double)
        /// The view tracks the touch (`touchesBegan` sent).
        case tracking
    }

    /// The view under the touch-down.
    var view: ContentView
    /// The touch-down point in content coordinates.
    var point: Point
    /// Delayed or tracking.
    var state: State
}
