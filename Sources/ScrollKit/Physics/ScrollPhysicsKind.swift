/// Which platform's scroll physics a `ScrollView` runs after a release (B-PHYS-1).
///
/// UIKit's model is the reference; the others are ported from their own sources so teams imitating
/// iOS elsewhere can see the difference on the same gesture. Whatever the physics, the delegate
/// callbacks keep UIKit's names and order, the drag is the scroll view's own (bouncing physics
/// rubber-band past an edge with UIKit's band, clamping physics stop at the edge), and paging and
/// delegate-rewritten targets use UIKit's motions. The physics decides the natural fling: how far and
/// how long it runs, what happens at a content edge, and the slowest release that flings.
public enum ScrollPhysicsKind: String, CaseIterable, Hashable, Sendable {
    /// UIKit: exponential decay at `decelerationRate` stopping at 10 pt/s, rubber band and spring-back
    /// fitted to iOS recordings.
    case ios
    /// Android's `OverScroller` spline fling (AOSP `SplineOverScroller`: inflexion 0.35, deceleration
    /// rate ln 0.78 / ln 0.9, friction 0.015, 0.84 g at 160 dpi: points are dp at density 1), stopped at
    /// the content edge as RecyclerView does (the edge effect takes the rest).
    case android
    /// Flutter's `BouncingScrollSimulation` as shipped: friction drag 0.135 per second, then at an edge
    /// Flutter's spring (mass 0.5, stiffness 100, damping ratio 1.1) with at most 5000 px/s carried in.
    case flutterBouncing = "flutter-bouncing"
    /// Flutter's `ClampingScrollSimulation` (its ballistic version of Android's spline: the same
    /// distance, a little sooner), stopped at the content edge.
    case flutterClamping = "flutter-clamping"

    /// The release speed (points per second) under which this physics does not fling: UIKit's 250, judged
    /// on the pan recognizer's last reading (`ScrollViewConfiguration.minimumFlingVelocity`'s default), Android's
    /// `ViewConfiguration.MINIMUM_FLING_VELOCITY` 50 dp/s, Flutter's `BouncingScrollPhysics.minFlingVelocity`
    /// (2 × `kMinFlingVelocity`) 100 and `ClampingScrollPhysics`' `kMinFlingVelocity` 50.
    public var minimumFlingVelocity: Double {
        switch self {
        case .ios: return 250
        case .android: return 50
        case .flutterBouncing: return 100
        case .flutterClamping: return 50
        }
    }

    /// True when the content may move past its edges (a rubber band while dragging, a bounce after a fling).
    public var bounces: Bool {
        switch self {
        case .ios, .flutterBouncing: return true
        case .android, .flutterClamping: return false
        }
    }

    /// A one-line description for help and the HUD.
    public var summary: String {
        switch self {
        case .ios: return "UIKit: decay at the deceleration rate, iOS-fitted bounce"
        case .android: return "Android OverScroller spline fling, clamped at the edge"
        case .flutterBouncing: return "Flutter BouncingScrollSimulation: friction 0.135, spring at the edge"
        case .flutterClamping: return "Flutter ClampingScrollSimulation, clamped at the edge"
        }
    }
}
