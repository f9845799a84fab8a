/// How quickly a fling slows down: the factor the velocity is multiplied by every millisecond (B-DEC-1).
///
/// UIKit's two values are `.normal` (0.998) and `.fast` (0.99). Other values are allowed; for the
/// physics they are kept inside (0.5, 0.99999) so the projection stays finite.
public struct DecelerationRate: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// Velocity factor per millisecond.
    public var rawValue: Double

    /// Makes a rate from its per-millisecond factor.
    public init(rawValue: Double) { self.rawValue = rawValue }

    /// UIKit's default: 0.998 per ms (a 1000 pt/s fling travels 499 pt).
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// UIKit's fast rate: 0.99 per ms (a 1000 pt/s fling travels 99 pt).
    public static let fast = DecelerationRate(rawValue: 0.99)

    /// The factor the simulations use: `rawValue` kept inside (0.5, 0.99999), 0.998 when not finite.
    public var clampedValue: Double {
        guard rawValue.isFinite else { return 0.998 }
        return Swift.min(Swift.max(rawValue, 0.5), 0.99999)
    }

    /// "normal", "fast", or the raw factor.
    public var description: String {
        switch self {
        case .normal: return "normal"
        case .fast: return "fast"
        default: return "\(rawValue)"
        }
    }
}
