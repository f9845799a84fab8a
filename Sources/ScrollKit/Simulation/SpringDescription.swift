/// The physical parameters of a damped spring: mass, stiffness and damping ratio.
///
/// Springs here are critically damped or over-damped (`dampingRatio ≥ 1`), so a spring-back never
/// oscillates visibly (B-BNC-2). Smaller ratios are raised to 1.
public struct SpringDescription: Hashable, Sendable {
    /// Mass of the moving body (arbitrary units, only the ratios matter).
    public var mass: Double
    /// Spring constant: force per point of displacement.
    public var stiffness: Double
    /// Damping relative to critical damping (1 = critical, above 1 = over-damped).
    public var dampingRatio: Double

    /// Makes a spring description.
    public init(mass: Double, stiffness: Double, dampingRatio: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.dampingRatio = dampingRatio
    }

    /// Flutter's iOS-like scroll spring: mass 0.5, stiffness 100, damping ratio 1.1 (slightly over-damped).
    public static let scrollBack = SpringDescription(mass: 0.5, stiffness: 100, dampingRatio: 1.1)

    /// Undamped angular frequency √(k/m), in radians per second (sane fallback for bad parameters).
    public var naturalFrequency: Double {
        let omega = (stiffness / mass).squareRoot()
        return omega.isFinite && omega > 0 ? omega : 14.142135623730951
    }
}
