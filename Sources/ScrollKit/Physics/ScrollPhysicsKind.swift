/// Which platform's scroll physics a `ScrollView` runs after a release (B-PHYS-1).
///
/// UIKit's model is the reference; the others are ported from their own sources so teams imitating
/// iOS elsewhere can see the difference on the same gesture. Whatever the physics, the delegate
/// callbacks keep UIKit's names and order, the drag is the scroll view's own (bouncing physics
/// rubber-band past an edge with UIKit's band, clamping physics stop at the edge), and paging and
/// delegate-rewritten targets use UIKit's motions. The physics decides the natural fling: how far and
/// how long it runs, what happens at a content edge, and the slowest release that flings.
///
/// A physics is one declaration (`static let`, its command-line name, minimum fling speed, whether it
/// bounces, whether a caught glide carries into the next fling, its summary and its natural fling) and its name in `all`; `--physics`, `--compare`,
/// `physics-compare`, the HUD and the help read the registry.
public struct ScrollPhysicsKind: RawRepresentable, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The command-line name (`ios`, `flutter-bouncing`).
    public let rawValue: String
    /// The release speed (points per second) under which this physics does not fling.
    public let minimumFlingVelocity: Double
    /// True when the content may move past its edges (a rubber band while dragging, a bounce after a fling).
    public let bounces: Bool
    /// True when a touch that catches a glide carries its momentum into the next fling in the same
    /// direction (`ScrollViewConfiguration.momentum`): iOS and Flutter's `BouncingScrollPhysics`. Android's
    /// RecyclerView aborts its `OverScroller` at the touch (so the scroller's flywheel never adds) and
    /// Flutter's `ClampingScrollPhysics` keeps `ScrollPhysics.carriedMomentum`'s zero.
    public let carriesMomentum: Bool
    /// A one-line description for help and the HUD.
    public let summary: String
    /// How many times `ScrollViewConfiguration.maximumFlingVelocity` a release may reach at the fast rate
    /// (Flutter's `BouncingScrollPhysics`: `kMaxFlingVelocity * 8.0` at `fast`); 1 for the others.
    public let fastFlingLimitFactor: Double
    /// The natural fling of one axis.
    let fling: @Sendable (FlingStart) -> AxisMotion

    /// The physics named `name`, with its natural fling `fling` (one axis, from a release).
    init(name: String, minimumFlingVelocity: Double, bounces: Bool, carriesMomentum: Bool, summary: String,
         fastFlingLimitFactor: Double = 1, fling: @escaping @Sendable (FlingStart) -> AxisMotion) {
        rawValue = name
        self.minimumFlingVelocity = minimumFlingVelocity
        self.bounces = bounces
        self.carriesMomentum = carriesMomentum
        self.summary = summary
        self.fastFlingLimitFactor = fastFlingLimitFactor
        self.fling = fling
    }

    /// The fastest release (points per second, per axis) at `rate`, given the configured `limit`.
    public func maximumFlingVelocity(_ limit: Double, rate: DecelerationRate) -> Double {
        rate == .fast ? limit * fastFlingLimitFactor : limit
    }

    /// The registered physics named `rawValue`; nil for any other name.
    public init?(rawValue: String) {
        guard let kind = Self.all.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = kind
    }

    /// Every physics, UIKit's first: the order of `--physics`'s help, `physics-compare` and the HUD.
    public static let all: [ScrollPhysicsKind] = [.ios, .android, .flutterBouncing, .flutterClamping]

    public static var allCases: [ScrollPhysicsKind] { all }

    public var description: String { rawValue }

    public static func == (a: ScrollPhysicsKind, b: ScrollPhysicsKind) -> Bool { a.rawValue == b.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// Where one axis' natural fling starts: the release and the content range.
struct FlingStart {
    /// The offset and velocity (points per second) at the release.
    var position, velocity: Double
    /// The content's range of offsets along the axis.
    var lower, upper: Double
    /// The scroll view's deceleration rate.
    var rate: DecelerationRate
}

extension ScrollPhysicsKind {
    /// UIKit: exponential decay at `decelerationRate` stopping at 10 pt/s, rubber band and spring-back
    /// fitted to iOS recordings. Its minimum fling speed is 250, judged on the pan recognizer's last
    /// reading (`ScrollViewConfiguration.minimumFlingVelocity`'s default).
    public static let ios = ScrollPhysicsKind(
        name: "ios", minimumFlingVelocity: 250, bounces: true, carriesMomentum: true,
        summary: "UIKit: decay at the deceleration rate, iOS-fitted bounce"
    ) { start in .decay(DecaySimulation(position: start.position, velocity: start.velocity, rate: start.rate)) }

    /// Android's `OverScroller` spline fling (AOSP `SplineOverScroller`: inflexion 0.35, deceleration
    /// rate ln 0.78 / ln 0.9, friction 0.015, 0.84 g at 160 dpi: points are dp at density 1), stopped at
    /// the content edge as RecyclerView does (the edge effect takes the rest);
    /// `ViewConfiguration.MINIMUM_FLING_VELOCITY` 50 dp/s. No carried momentum: RecyclerView's touch-down
    /// on a settling list stops its scroller (`stopScrollersInternal`), so the next fling starts afresh.
    public static let android = ScrollPhysicsKind(
        name: "android", minimumFlingVelocity: 50, bounces: false, carriesMomentum: false,
        summary: "Android OverScroller spline fling, clamped at the edge"
    ) { start in
        .clamped(EdgeClampedSimulation(.spline(SplineFlingSimulation(position: start.position, velocity: start.velocity)),
                                       lower: start.lower, upper: start.upper))
    }

    /// Flutter's `BouncingScrollSimulation` as shipped: friction drag 0.135 per second, then at an edge
    /// Flutter's spring (mass 0.5, stiffness 100, damping ratio 1.1; at `fast` 0.3, 75, 1.3) with at most
    /// 5000 px/s carried in; `BouncingScrollPhysics.minFlingVelocity` (2 × `kMinFlingVelocity`) 100, and
    /// at `fast` releases up to 8 × `kMaxFlingVelocity`.
    public static let flutterBouncing = ScrollPhysicsKind(
        name: "flutter-bouncing", minimumFlingVelocity: 100, bounces: true, carriesMomentum: true,
        summary: "Flutter BouncingScrollSimulation: friction 0.135, spring at the edge", fastFlingLimitFactor: 8
    ) { start in
        .flutterBouncing(FlutterBouncingSimulation(position: start.position, velocity: start.velocity, lower: start.lower,
                                                   upper: start.upper, fast: start.rate == .fast))
    }

    /// Flutter's `ClampingScrollSimulation` (its ballistic version of Android's spline: the same
    /// distance, a little sooner), stopped at the content edge; `ClampingScrollPhysics`' `kMinFlingVelocity` 50.
    public static let flutterClamping = ScrollPhysicsKind(
        name: "flutter-clamping", minimumFlingVelocity: 50, bounces: false, carriesMomentum: false,
        summary: "Flutter ClampingScrollSimulation, clamped at the edge"
    ) { start in
        .clamped(EdgeClampedSimulation(.clamping(ClampingScrollSimulation(position: start.position, velocity: start.velocity)),
                                       lower: start.lower, upper: start.upper))
    }
}
