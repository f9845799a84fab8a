/// A view inside the scroll view's content, as hit-testing found it: what a content touch is delivered to.
///
/// The lab's stand-in for a `UIView` subview: which item it shows, which pooled view it is, its frame in
/// content coordinates, and whether it is a control (a `UIControl`, such as a button), which
/// `touchesShouldCancel(in:)` keeps by default (B-TCH-1).
public struct ContentView: Hashable, Sendable {
    /// The item the view shows.
    public var item: Int
    /// The view's identity (its number in a pool).
    public var view: Int
    /// The view's frame in content coordinates (unzoomed).
    public var frame: Rect
    /// True for a control: by default a scroll view does not take a touch away from it once it tracks.
    public var isControl: Bool

    /// Makes a content view.
    public init(item: Int, view: Int, frame: Rect, isControl: Bool = false) {
        self.item = item
        self.view = view
        self.frame = frame
        self.isControl = isControl
    }
}
