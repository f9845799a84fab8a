/// The free motion of one axis after a release: which simulation runs it.
///
/// An enum rather than an existential, so a frame of deceleration evaluates it without boxing or
/// allocating; a physics whose fling none of these cases is brings its own `FlingSimulation` (`.fling`).
enum AxisMotion: Simulation, Sendable {
    /// No motion: the axis rests at this offset.
    case still(Double)
    /// A natural or re-timed UIKit decay.
    case decay(DecaySimulation)
    /// A spring to the target (out-of-bounds release, paging, or a target the decay cannot reach).
    case spring(SpringSimulation)
    /// A natural fling past an edge that springs back to it.
    case bouncing(BouncingSimulation)
    /// Flutter's bouncing fling (`ScrollPhysicsKind.flutterBouncing`).
    case flutterBouncing(FlutterBouncingSimulation)
    /// A clamping platform's fling, stopped at the edge (`.android`, `.flutterClamping`).
    case clamped(EdgeClampedSimulation)
    /// Any other physics' fling (a `ScrollPhysicsKind` declared with a simulation of its own).
    case fling(any FlingSimulation)

    func position(at time: Double) -> Double {
        switch self {
        case .still(let x): return x
        case .decay(let s): return s.position(at: time)
        case .spring(let s): return s.position(at: time)
        case .bouncing(let s): return s.position(at: time)
        case .flutterBouncing(let s): return s.position(at: time)
        case .clamped(let s): return s.position(at: time)
        case .fling(let s): return s.position(at: time)
        }
    }

    func velocity(at time: Double) -> Double {
        switch self {
        case .still: return 0
        case .decay(let s): return s.velocity(at: time)
        case .spring(let s): return s.velocity(at: time)
        case .bouncing(let s): return s.velocity(at: time)
        case .flutterBouncing(let s): return s.velocity(at: time)
        case .clamped(let s): return s.velocity(at: time)
        case .fling(let s): return s.velocity(at: time)
        }
    }

    func isDone(at time: Double) -> Bool {
        switch self {
        case .still: return true
        case .decay(let s): return s.isDone(at: time)
        case .spring(let s): return s.isDone(at: time)
        case .bouncing(let s): return s.isDone(at: time)
        case .flutterBouncing(let s): return s.isDone(at: time)
        case .clamped(let s): return s.isDone(at: time)
        case .fling(let s): return s.isDone(at: time)
        }
    }

    var finalPosition: Double {
        switch self {
        case .still(let x): return x
        case .decay(let s): return s.finalPosition
        case .spring(let s): return s.finalPosition
        case .bouncing(let s): return s.finalPosition
        case .flutterBouncing(let s): return s.finalPosition
        case .clamped(let s): return s.finalPosition
        case .fling(let s): return s.finalPosition
        }
    }

    /// True for the resting case.
    var isStill: Bool {
        if case .still = self { return true }
        return false
    }
}
