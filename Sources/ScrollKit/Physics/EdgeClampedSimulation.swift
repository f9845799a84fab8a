/// A fling that stops at the content edge it reaches (Android's RecyclerView and Flutter's
/// `ClampingScrollPhysics`: the edge glow or stretch takes what is left, the content does not move past).
public struct EdgeClampedSimulation: Simulation, Hashable {
    /// The unclamped fling.
    public enum Fling: Hashable, Sendable {
        /// Android's spline.
        case spline(SplineFlingSimulation)
        /// Flutter's clamping simulation.
        case clamping(ClampingScrollSimulation)

        func position(at t: Double) -> Double {
            switch self {
            case .spline(let s): return s.position(at: t)
            case .clamping(let s): return s.position(at: t)
            }
        }

        func velocity(at t: Double) -> Double {
            switch self {
            case .spline(let s): return s.velocity(at: t)
            case .clamping(let s): return s.velocity(at: t)
            }
        }

        var duration: Double {
            switch self {
            case .spline(let s): return s.duration
            case .clamping(let s): return s.duration
            }
        }

        var finalPosition: Double {
            switch self {
            case .spline(let s): return s.finalPosition
            case .clamping(let s): return s.finalPosition
            }
        }
    }

    /// The fling.
    public let fling: Fling
    /// When it is done: its end, or the moment it reaches the edge.
    public let duration: Double
    /// Where it ends: its own end, or the edge.
    public let finalPosition: Double

    /// `fling`, stopped where it first leaves `lower…upper`.
    public init(_ fling: Fling, lower: Double, upper: Double) {
        self.fling = fling
        let end = fling.finalPosition
        guard end < lower || end > upper else {
            duration = fling.duration
            finalPosition = end
            return
        }
        let edge = end < lower ? lower : upper
        // Monotonic motion: bisect for the crossing.
        var low = 0.0, high = fling.duration
        for _ in 0..<100 {
            let mid = (low + high) / 2
            let x = fling.position(at: mid)
            if (end < lower && x > edge) || (end > upper && x < edge) { low = mid } else { high = mid }
        }
        duration = high
        finalPosition = edge
    }

    public func position(at time: Double) -> Double { time >= duration ? finalPosition : fling.position(at: time) }

    public func velocity(at time: Double) -> Double { time >= duration ? 0 : fling.velocity(at: time) }

    public func isDone(at time: Double) -> Bool { time >= duration }
}
