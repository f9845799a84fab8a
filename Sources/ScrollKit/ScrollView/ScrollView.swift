/// A faithful model of `UIScrollView`: dragging with a rubber band, UIKit deceleration, spring-back,
/// paging, animated offsets, and the delegate callbacks in UIKit's order (SPEC §1, §2).
///
/// A reference type like UIKit's, because the delegate calls back into it. It reads no clock: every
/// input carries its model time (seconds), and `advance(to:)` steps the motion once per frame. Times
/// earlier than the latest one seen are treated as that latest time (inputs) or ignored (`advance`).
///
/// The state is one `ScrollActivity` at a time (idle, drag, ballistic, animation); the flags are
/// derived from it. Offsets are always finite.
///
/// Its stored properties are not checked for exclusive access at run time (a frame reads them dozens of
/// times): the scroll view never calls its delegate, content or observer while it holds an access to one
/// of them, and a caller must not either (no `inout` of a property across a call into the scroll view).
public final class ScrollView {
    /// The scroll view's frame, in phone-viewport points. Its size is the viewport and the page size.
    @exclusivity(unchecked) public var frame: Rect
    /// Where a touch-down is accepted, in the same coordinates as `frame`. Defaults to `frame`;
    /// set it wider for touch bridging (B-PAGE-2).
    public var touchArea: Rect {
        get { touchAreaOverride ?? frame }
        set { touchAreaOverride = newValue }
    }
    /// The size of the scrollable content, in points.
    @exclusivity(unchecked) public var contentSize: Size {
        didSet { contentSizeDidChange(from: oldValue) }
    }
    /// The displayed content offset (rubber band applied). Changes only through input, motion or code.
    @exclusivity(unchecked) public internal(set) var contentOffset: Point = .zero
    /// How quickly flings slow down (`.normal` 0.998 or `.fast` 0.99 per millisecond).
    public var decelerationRate: DecelerationRate {
        get { storedDecelerationRate }
        set { storedDecelerationRate = newValue }
    }
    /// When true, a release stops on a multiple of the frame size, at most one page away (B-PAGE-1).
    @exclusivity(unchecked) public var isPagingEnabled = false
    /// The tunable constants (slop, fling limits, spring, animation duration).
    @exclusivity(unchecked) public var configuration: ScrollViewConfiguration
    /// Receives the UIKit-style callbacks. Held weakly, as in UIKit.
    @exclusivity(unchecked) public weak var delegate: (any ScrollViewDelegate)?
    /// An observer called for every callback, after the delegate, with the callback's time and arguments (B-EVT-4).
    @exclusivity(unchecked) public var eventHandler: ((ScrollEventRecord) -> Void)?
    /// A number the app picks to tell its scroll views apart (UIView's `tag`); every record carries it, so
    /// one observer can hear several scroll views (a pager and the zoomed photo inside it). 0 by default.
    @exclusivity(unchecked) public var tag = 0
    /// The model time of the newest input or frame, in seconds (for code that must pass a time, such as a
    /// delegate calling `setContentOffset` from a callback).
    public internal(set) var currentTime: Double {
        get { storedCurrentTime }
        set { storedCurrentTime = newValue }
    }
    /// The content speed (points per second) the last release was judged by, before the minimum fling
    /// speed was applied: a release slower than `minimumFlingVelocityInEffect` stops where it is (B-DEC-5),
    /// and this says how slow it was. With UIKit's physics and no paging it is the speed of the pan
    /// recognizer's last reading over both scrollable axes (`VelocityTracker.decisionVelocity(releasedAt:)`);
    /// otherwise the release velocity's faster scrollable axis. 0 from the next touch-down until its release.
    @exclusivity(unchecked) public internal(set) var lastReleaseSpeed: Double = 0
    /// The release speed (points per second) under which a release does not fling, as the scroll view is
    /// now: `configuration.minimumPagingFlingVelocity` with paging on, else the physics' own
    /// (`configuration.effectiveMinimumFlingVelocity`). Compare `lastReleaseSpeed` with it.
    public var minimumFlingVelocityInEffect: Double {
        isPagingEnabled ? configuration.minimumPagingFlingVelocity : configuration.effectiveMinimumFlingVelocity
    }

    /// Hold a touch-down on content back for 150 ms, so a quick drag scrolls without the content hearing
    /// of it (B-TCH-1; UIKit's default: on).
    @exclusivity(unchecked) public var delaysContentTouches = true
    /// Let a drag take a touch away from a content view that tracks it, if `touchesShouldCancel(in:)`
    /// agrees (B-TCH-1; UIKit's default: on). Off: a slow drag on a tracking view never scrolls.
    @exclusivity(unchecked) public var canCancelContentTouches = true
    /// The content's hit-testing and touch decisions; nil: no content touches. Held weakly.
    @exclusivity(unchecked) public weak var content: (any ScrollViewContent)?
    /// The scale of the zooming view (B-ZOOM-1); 1 when nothing zooms.
    @exclusivity(unchecked) public internal(set) var zoomScale: Double = 1
    /// The smallest zoom scale a pinch settles at.
    @exclusivity(unchecked) public var minimumZoomScale: Double = 1
    /// The largest zoom scale a pinch settles at.
    @exclusivity(unchecked) public var maximumZoomScale: Double = 1
    /// A pinch past either limit rubber-bands and bounces back (UIKit's default: on); off: it stops at the limit.
    @exclusivity(unchecked) public var bouncesZoom = true
    /// Keep content smaller than the frame centred in it (PhotoScroller's centring, B-ZOOM-1).
    @exclusivity(unchecked) public var centersContent = false

    // `decelerationRate` and `currentTime`, which other modules read every frame: an accessor of the
    // scroll view's own reads them unchecked, where another module's direct read of a stored property
    // would check its access.
    @exclusivity(unchecked) var storedDecelerationRate: DecelerationRate = .normal
    @exclusivity(unchecked) var storedCurrentTime: Double = 0

    /// The current activity. Every change bumps `activityGeneration`.
    @exclusivity(unchecked) var activity: ScrollActivity = .idle {
        didSet {
            activityGeneration &+= 1
            activityFlags = ActivityFlags(activity)
        }
    }
    /// The flags `activity` implies, kept beside it so reading one does not copy the activity.
    @exclusivity(unchecked) var activityFlags = ActivityFlags(.idle)
    /// Counts activity changes, so a sequence of callbacks can tell when a delegate took over.
    @exclusivity(unchecked) var activityGeneration = 0
    /// Pointer samples of the current touch.
    @exclusivity(unchecked) var tracker: VelocityTracker
    /// Set when `touchArea` was given explicitly.
    @exclusivity(unchecked) var touchAreaOverride: Rect?
    /// The touch held back for, or tracked by, a content view (B-TCH-1).
    @exclusivity(unchecked) var contentTouch: ContentTouch?
    /// A pinch or an animated zoom in progress (B-ZOOM-1).
    @exclusivity(unchecked) var zoom: ZoomActivity?
    /// The pages a wheel or trackpad scroll settles on when it ends (see `ScrollView+Wheel`); nil: the
    /// frame's pages when `isPagingEnabled`, else no settling.
    @exclusivity(unchecked) public var wheelPages: PageGrid?
    /// The wheel scroll in progress, waiting to settle.
    @exclusivity(unchecked) var wheelScroll: WheelScroll?

    /// Makes a scroll view at rest at offset zero.
    public init(frame: Rect, contentSize: Size, configuration: ScrollViewConfiguration = .init()) {
        self.frame = frame
        self.contentSize = contentSize
        self.configuration = configuration
        tracker = VelocityTracker()
    }

    /// The visible part of the content: origin = `contentOffset`, size = `frame.size`.
    public var bounds: Rect { Rect(origin: contentOffset, size: frame.size) }

    /// Which estimator turns pointer samples into the release velocity (`ios` by default, B-VEL-1).
    public var velocityEstimator: VelocityEstimatorKind {
        get { tracker.kind }
        set { tracker.kind = newValue }
    }
}
