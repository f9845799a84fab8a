/// Flutter's `BouncingScrollSimulation` as shipped (its iOS imitation), one axis.
///
/// Inside the content range: a `FrictionSimulation` with drag 0.135 (Flutter's reading of UIKit's
/// 0.998: 0.998¹⁰⁰⁰ ≈ 0.135) and, at `fast`, a constant deceleration of 1400 px/s²
/// (`BouncingScrollPhysics.createBallisticSimulation`). If it would come to rest past an edge, from
/// the moment it reaches the edge a spring (mass 0.5, stiffness 100, damping ratio 1.1; at `fast` mass
/// 0.3, stiffness 75, ratio 1.3, as `BouncingScrollPhysics.spring`) takes it back,
/// starting with the friction's velocity there (`min(v, maxSpringTransferVelocity)`, as shipped). Released out of
/// range, the spring starts at once from where it is. Ported from
/// `packages/flutter/lib/src/widgets/scroll_simulation.dart`.
public struct FlutterBouncingSimulation: Simulation, Hashable {
    /// Flutter's `BouncingScrollSimulation.maxSpringTransferVelocity`.
    public static let maxSpringTransferVelocity = 5000.0
    /// Flutter's `BouncingScrollPhysics.spring` at the normal rate (`ScrollPhysics`' default spring).
    public static let spring = SpringDescription(mass: 0.5, stiffness: 100, dampingRatio: 1.1)
    /// Flutter's `BouncingScrollPhysics.spring` at `ScrollDecelerationRate.fast`.
    public static let fastSpring = SpringDescription(mass: 0.3, stiffness: 75, dampingRatio: 1.3)

    /// The friction part, nil when released out of range.
    public let friction: FrictionSimulation?
    /// The spring part, nil when the friction stays in range.
    public let springBack: SpringSimulation?
    /// Seconds after the start at which the spring takes over (0 when released out of range).
    public let springTime: Double

    /// A release at `position` with `velocity` in a content range `lower…upper`; `fast` is UIKit's
    /// `.fast` rate, which Flutter models with a constant deceleration.
    ///
    /// `spring` (nil: the rate's, `spring` or `fastSpring`), `stopVelocity` and `stopDistance` default to
    /// Flutter's scroll physics at @3x (its tolerance: 1 / (0.05 × 3) px/s and 1/3 px); Flutter's own
    /// tests pass others.
    public init(position: Double, velocity: Double, lower: Double, upper: Double, fast: Bool = false,
                spring: SpringDescription? = nil,
                stopVelocity: Double = 1.0 / (0.05 * 3), stopDistance: Double = 1.0 / 3) {
        let spring = spring ?? (fast ? Self.fastSpring : Self.spring)
        let position = position.isFinite ? position : lower
        let velocity = velocity.isFinite ? velocity : 0
        if position < lower || position > upper {
            let edge = position < lower ? lower : upper
            friction = nil
            springBack = SpringSimulation(spring: spring, position: position, velocity: velocity, target: edge,
                                          stopDistance: stopDistance, stopVelocity: stopVelocity)
            springTime = 0
            return
        }
        let motion = FrictionSimulation(drag: 0.135, position: position, velocity: velocity,
                                        constantDeceleration: fast ? 1400 : 0, stopVelocity: stopVelocity)
        friction = motion
        let edge = velocity > 0 ? upper : lower
        if velocity != 0, let crossing = motion.time(reaching: edge) {
            // As shipped: min(v, 5000), so only a fling towards the trailing edge is capped.
            let carried = Swift.min(motion.velocity(at: crossing), Self.maxSpringTransferVelocity)
            springTime = crossing
            springBack = SpringSimulation(spring: spring, position: edge, velocity: carried, target: edge,
                                          stopDistance: stopDistance, stopVelocity: stopVelocity)
        } else {
            springTime = .infinity
            springBack = nil
        }
    }

    public var finalPosition: Double { springBack?.finalPosition ?? friction?.finalPosition ?? 0 }

    public func position(at time: Double) -> Double {
        if let spring = springBack, time >= springTime { return spring.position(at: time - springTime) }
        return friction?.position(at: time) ?? finalPosition
    }

    public func velocity(at time: Double) -> Double {
        if let spring = springBack, time >= springTime { return spring.velocity(at: time - springTime) }
        return friction?.velocity(at: time) ?? 0
    }

    public func isDone(at time: Double) -> Bool {
        if let spring = springBack, time >= springTime { return spring.isDone(at: time - springTime) }
        return friction?.isDone(at: time) ?? true
    }
}
