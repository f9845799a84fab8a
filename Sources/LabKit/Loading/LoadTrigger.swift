import ScrollKit

/// The moments a loading policy is consulted: the UITableView data-source and scroll-view delegate
/// moments the seeds hook into, plus every frame.
public enum LoadTrigger: Hashable, Sendable {
    /// Pool views were (re)bound to these items (the pool binds a row before it is on screen).
    case bind([Int])
    /// These items came on screen (UIKit's `cellForRowAtIndexPath`/`willDisplay` moment).
    case appear([Int])
    /// `scrollViewWillBeginDragging`.
    case willBeginDragging
    /// `scrollViewWillEndDragging`: release velocity (pt/ms, UIKit's unit) and the target offset.
    case willEndDragging(velocity: Point, target: Point)
    /// `scrollViewDidEndDragging(willDecelerate:)`.
    case didEndDragging(willDecelerate: Bool)
    /// `scrollViewWillBeginDecelerating`.
    case willBeginDecelerating
    /// `scrollViewDidEndDecelerating`.
    case didEndDecelerating
    /// `scrollViewDidEndScrollingAnimation`.
    case didEndScrollingAnimation
    /// One frame passed.
    case frame
}
