/// The content of a scroll view as seen by touches (B-TCH-1): hit-testing, and UIKit's two overridable
/// decisions, `touchesShouldBegin(_:with:in:)` and `touchesShouldCancel(in:)`.
///
/// In UIKit these are a `UIScrollView` subclass's overrides plus the view hierarchy; here the scene that
/// owns the content implements them. A scroll view with no content object sends no content touches.
public protocol ScrollViewContent: AnyObject {
    /// The view under `point` (content coordinates, unzoomed), or nil where there is none.
    func contentView(at point: Point) -> ContentView?
    /// Asked when a touch is about to be delivered to `view` (after the delay, or at once); false keeps it
    /// from the view, and the touch is the scroll view's alone. UIKit's default: true.
    func touchesShouldBegin(_ point: Point, with time: Double, in view: ContentView) -> Bool
    /// Asked when the scroll view wants to scroll while `view` tracks a touch (and `canCancelContentTouches`
    /// is on); false leaves the touch with the view. UIKit's default: false for a control, true otherwise.
    func touchesShouldCancel(in view: ContentView) -> Bool
    /// The view hears `phase` of a touch (the scroll view also records it for its `eventHandler`).
    func contentView(_ view: ContentView, received phase: ContentTouchPhase)
}

/// UIKit's defaults.
public extension ScrollViewContent {
    /// Always true.
    func touchesShouldBegin(_ point: Point, with time: Double, in view: ContentView) -> Bool { true }
    /// True unless `view` is a control.
    func touchesShouldCancel(in view: ContentView) -> Bool { !view.isControl }
    /// Does nothing.
    func contentView(_ view: ContentView, received phase: ContentTouchPhase) {}
}
