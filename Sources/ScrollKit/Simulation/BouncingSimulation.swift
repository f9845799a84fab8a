/// A natural fling that runs past a content edge and springs back to it (B-BNC-2).
///
/// Until the decay crosses `edge` it is exactly the natural `DecaySimulation`; from the crossing on it
/// is a `SpringSimulation` that starts at the edge with the decay's velocity at the crossing (no jump
/// in position) and comes to rest exactly on the edge. The spring takes at most
/// `maximumTransferVelocity` (Flutter's `maxSpringTransferVelocity`, 5000 per second): a fling that
/// reaches the edge faster would otherwise overshoot far past the rubber band's reach (the scroll-back
/// spring's peak is 0.0243 s × the velocity past the edge: 243 pt at 10 000 pt/s, and 971 pt, three
/// phone widths, at the 40 000 pt/s a carried fling may reach).
public struct BouncingSimulation: Simulation, Hashable {
    /// The fling before the edge.
    public let decay: DecaySimulation
    /// The spring after the edge; its time 0 is `crossingTime`.
    public let spring: SpringSimulation
    /// Seconds after the start at which the fling reaches the edge.
    public let crossingTime: Double

    /// The fastest the spring starts at the edge, points per second.
    public static let maximumTransferVelocity = 5000.0

    /// A fling from `position` at `velocity` that would come to rest past `edge`.
    ///
    /// Returns nil when the natural fling does not reach past the edge (no bounce needed) or the start
    /// is already beyond it in the direction of motion.
    public init?(position: Double, velocity: Double, rate: DecelerationRate, edge: Double,
                 spring: SpringDescription = .scrollBack) {
        guard position.isFinite, velocity.isFinite, edge.isFinite, velocity != 0 else { return nil }
        let decay = DecaySimulation(position: position, velocity: velocity, rate: rate)
        let fraction = (edge - position) / decay.distance  // share of the travel done at the crossing
        guard fraction >= 0, fraction < 1, let crossing = decay.time(reaching: edge) else { return nil }
        self.decay = decay
        crossingTime = crossing
        let limit = Self.maximumTransferVelocity
        let edgeVelocity = Swift.min(Swift.max(decay.velocity(at: crossing), -limit), limit)
        self.spring = SpringSimulation(spring: spring, position: edge, velocity: edgeVelocity, target: edge)
    }

    /// The edge the motion comes back to.
    public var finalPosition: Double { spring.finalPosition }

    public func position(at time: Double) -> Double {
        time < crossingTime ? decay.position(at: time) : spring.position(at: time - crossingTime)
    }

    public func velocity(at time: Double) -> Double {
        time < crossingTime ? decay.velocity(at: time) : spring.velocity(at: time - crossingTime)
    }

    public func isDone(at time: Double) -> Bool {
        // A fling that barely crosses the edge arrives slower than the spring's stop velocity: it is done there.
        !(time < crossingTime) && spring.isDone(at: time - crossingTime)
    }
}
