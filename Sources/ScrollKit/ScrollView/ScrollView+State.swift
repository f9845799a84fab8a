/// The public flags and motion state, derived from the current activity (B-EVT-2).
public extension ScrollView {
    /// A pointer is down on the scroll view (accepted by `touchDown`).
    var isTracking: Bool { activityFlags.isTracking }

    /// UIKit's meaning: true from the start of a drag until the motion after it ends ("scrolling").
    var isDragging: Bool { activityFlags.isDragging }

    /// True while the motion after a release runs, and while a touch that stopped one is still down (B-EVT-3).
    var isDecelerating: Bool { activityFlags.isDecelerating }

    /// True while an animated `setContentOffset` is in flight.
    var isScrollingAnimation: Bool { activityFlags.isScrollingAnimation }

    /// True when the offset will change without further input (deceleration, spring-back, paging, animation,
    /// a zoom bouncing back or animating).
    var isMoving: Bool {
        if isZoomBouncing { return true }
        return activityFlags.isMoving
    }

    /// The content velocity in points per second: the tracker's estimate while a pointer is down,
    /// the simulation's velocity during a motion, zero at rest.
    var velocity: Point {
        if !activityFlags.isTracking && !activityFlags.isMoving { return .zero }
        switch activity {
        case .idle: return .zero
        case .drag: return scrollableOnly(-tracker.velocity(releasedAt: currentTime))
        case .ballistic(let shared): return shared.motion.velocity(at: currentTime)
        case .animation(let animation): return animation.velocity(at: currentTime)
        }
    }

    /// Where the current motion or animation will stop; nil when nothing is moving on its own.
    var targetContentOffset: Point? {
        activityFlags.isMoving ? activityFlags.target : nil
    }

    /// The largest content offset inside the content: content size minus frame size, never negative.
    var maximumContentOffset: Point {
        Point(x: Self.extent(contentSize.width - frame.width), y: Self.extent(contentSize.height - frame.height))
    }

    /// True when the content is larger than the frame along `axis`, so it can scroll that way.
    func canScroll(_ axis: Axis) -> Bool {
        maximumContentOffset[axis] > 0
    }
}
