/// The tunable constants of a `ScrollView`: slop, fling limits, paging threshold, springs and timings.
///
/// The defaults follow the research notes: a 10 pt touch slop (between Android's 8 dp and Flutter's 18),
/// UIKit's 250 pt/s minimum fling (judged on the pan recognizer's last reading) and an 8000 pt/s
/// maximum (Flutter/Android), the rubber band's 0.55, a spring and start velocity fitted to iOS's
/// spring-back, Flutter's iOS momentum carry, and a @3x pixel grid.
public struct ScrollViewConfiguration: Hashable, Sendable {
    /// How far (points) the pointer must move on a scrollable axis before a drag begins on a resting view.
    public var touchSlop: Double = 10
    /// With UIKit's physics, a release whose judged speed is below this (points per second) does not
    /// fling (B-DEC-4; B-DEC-5 where they differ): the view stops where the finger left it, with
    /// `didEndDragging(willDecelerate: false)`.
    ///
    /// 250 pt/s, UIScrollView's own: `_endPanNormal:` decelerates only when vx² + vy² ≥ 0.0625 (pt/ms)²
    /// of the pan recognizer's last `velocityInView` reading, both axes together, before it blends the
    /// last two readings into the release velocity (a public instruction-level analysis of UIKitCore
    /// 26.2; sources in docs/physics.md). The speed judged is `VelocityTracker.decisionVelocity(releasedAt:)`;
    /// the view flings with `velocity(releasedAt:)`, which differs when the finger sped up or slowed down
    /// at the end. That is why recordings show a band rather than a line: on the iOS 26.5 Simulator
    /// releases reported below ~260 pt/s never glided, above ~350 always did, and one reported at
    /// 262.6 pt/s glided its full decay distance (samoylenkodmitry/Cranpose, `ios_fling_measurement.rs`);
    /// flutter/flutter#103762 proposes 241 pt/s for Flutter's iOS physics after comparing it with native
    /// iOS. The other physics use their own minimum (`ScrollPhysicsKind.minimumFlingVelocity`), and paging
    /// `minimumPagingFlingVelocity`.
    public var minimumFlingVelocity: Double = 250
    /// Release speeds are clamped to this (points per second, per axis); a physics may allow more at the
    /// fast rate (`ScrollPhysicsKind.maximumFlingVelocity(_:rate:)`).
    public var maximumFlingVelocity: Double = 8000
    /// With paging on, releases below this (points per second) count as no fling: the page decision keeps
    /// the slow flicks a page turn needs (`pagingVelocityThreshold`), which the free fling's minimum would drop.
    public var minimumPagingFlingVelocity: Double = 50
    /// With paging on, a release at least this fast (points per second) turns to the next page in its direction.
    public var pagingVelocityThreshold: Double = 100
    /// A delegate-rewritten target is reached by a re-timed decay only if its time constant is at most this (seconds).
    public var maximumRetimedTimeConstant: Double = 2
    /// A paging motion uses a re-timed decay only if its time constant is at most this (seconds); else the spring.
    public var maximumPagingTimeConstant: Double = 0.3
    /// The rubber band while dragging past an edge.
    public var rubberBand = RubberBand()
    /// The spring for spring-back, paging and fallback motions.
    public var spring: SpringDescription = .scrollBack
    /// A release out of bounds starts its spring-back at `−springBackStartRate × overscroll` points per
    /// second on top of the release velocity, so it moves at once as on iOS (B-BNC-2). 7.0 per second
    /// with `spring` brings a still release 177 pt out 19.5 pt back in the first 16 ms, half-way after
    /// 86 ms, within 1 pt after 0.56 s, at rest after 0.67 s (the recording: about 20 pt leaving at
    /// 7–8 /s, ~90 ms, ~0.57 s, ~0.67 s); its rate of return rises from 7.0 /s to the spring's 9.6 /s.
    public var springBackStartRate: Double = 7.0
    /// Device pixels per point: a natural fling's target is rounded to this grid (3: 1/3 pt, an @3x iPhone).
    public var displayScale: Double = 3
    /// The platform physics of the natural fling (B-PHYS-1): UIKit's by default.
    public var physics: ScrollPhysicsKind = .ios
    /// The release speed under which there is no fling: `minimumFlingVelocity` for UIKit's physics,
    /// the platform's own for the others.
    public var effectiveMinimumFlingVelocity: Double {
        physics == .ios ? minimumFlingVelocity : physics.minimumFlingVelocity
    }
    /// Momentum carried into a new fling in the same direction while the view still glides (B-DEC-3).
    public var momentum = MomentumCarry()
    /// Duration of `setContentOffset(_:animated: true)`, in seconds.
    public var animationDuration: Double = TimedAnimation.defaultDuration

    /// Makes the default configuration.
    public init() {}
}
