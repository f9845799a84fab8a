import ScrollKit

/// The `--estimator` values of the window, `replay` and `velocity` (default `ios`, as the scroll view's tracker).
package enum EstimatorOption: String, CaseIterable, Sendable {
    /// Least-squares quadratic fit (B-VEL-1).
    case lsq
    /// Weighted two-point velocities of the newest pairs.
    case ios

    /// The tracker setting this option selects.
    package var kind: VelocityEstimatorKind {
        switch self {
        case .lsq: return .leastSquares
        case .ios: return .ios
        }
    }
}
