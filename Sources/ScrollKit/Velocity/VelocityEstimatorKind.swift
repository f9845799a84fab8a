/// Which estimator a `VelocityTracker` uses to turn pointer samples into a release velocity.
public enum VelocityEstimatorKind: String, Sendable, Hashable, CaseIterable {
    /// Least-squares quadratic fit per axis over the recent samples (B-VEL-1), exactly Flutter's `VelocityTracker`.
    case leastSquares
    /// Weighted two-point velocities of the three newest sample pairs (0.6 oldest, 0.35, 0.05 newest),
    /// which approximates the damped lift-off velocity an iOS scroll view reports (Flutter's
    /// `IOSScrollViewFlingVelocityTracker`). The default (B-VEL-1).
    case ios
}
