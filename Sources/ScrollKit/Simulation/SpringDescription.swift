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

    /// An over-damped spring whose displacement decays as a mix of `e^(−slow·t)` and `e^(−fast·t)`
    /// (rates per second, `0 < slow < fast`): stiffness `mass·slow·fast`, damping ratio
    /// `(slow + fast) / (2·√(slow·fast))`.
    public init(mass: Double, slowRate: Double, fastRate: Double) {
        self.mass = mass
        stiffness = mass * slowRate * fastRate
        dampingRatio = (slowRate + fastRate) / (2 * (slowRate * fastRate).squareRoot())
    }

    /// The scroll view's spring, fitted to iOS (B-BNC-2): rates 9.6/s and 21.5/s (mass 0.5, stiffness
    /// 103.2, damping ratio 1.082). The slow rate is the tail of the recorded spring-back (≈ 9.5/s); with it
    /// the fast rate sets how far a fling runs past an edge: 14.1 / 38.3 / 111.1 pt at 579 / 1579 /
    /// 4579 pt/s, Flutter's `BouncingScrollSimulation` figures 14 / 38 / 111. (Flutter's own iOS spring,
    /// mass 0.5, stiffness 100, ratio 1.1, has rates 9.08/s and 22.0/s.)
    public static let scrollBack = SpringDescription(mass: 0.5, slowRate: 9.6, fastRate: 21.5)

    /// Undamped angular frequency √(k/m), in radians per second (sane fallback for bad parameters).
    public var naturalFrequency: Double {
        let omega = (stiffness / mass).squareRoot()
        return omega.isFinite && omega > 0 ? omega : 14.142135623730951
    }
}
