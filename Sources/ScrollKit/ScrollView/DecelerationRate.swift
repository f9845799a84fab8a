#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How quickly a fling slows down: the factor the velocity is multiplied by every millisecond (B-DEC-1).
///
/// UIKit's two values are `.normal` (0.998) and `.fast` (0.99). Other values are allowed, as UIKit
/// allows any `decelerationRate` since iOS 11; for the physics they are kept inside (0.5, 0.99999) so
/// the time constant stays finite.
public struct DecelerationRate: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// Velocity factor per millisecond.
    public var rawValue: Double

    /// Makes a rate from its per-millisecond factor.
    public init(rawValue: Double) { self.rawValue = rawValue }

    /// UIKit's default: 0.998 per ms (τ = 0.4995 s: a 1000 pt/s fling travels 494.5 pt).
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// UIKit's fast rate: 0.99 per ms (τ = 0.0995 s: a 1000 pt/s fling travels 98.5 pt).
    public static let fast = DecelerationRate(rawValue: 0.99)

    /// The factor the simulations use: `rawValue` kept inside (0.5, 0.99999), 0.998 when not finite.
    public var clampedValue: Double {
        guard rawValue.isFinite else { return 0.998 }
        return Swift.min(Swift.max(rawValue, 0.5), 0.99999)
    }

    /// The time constant τ = −1/(1000·ln r) in seconds: the velocity `v₀·r^ms` is `v₀·e^(−t/τ)`.
    public var timeConstant: Double { -1 / (1000 * log(clampedValue)) }

    /// "normal", "fast", or the raw factor.
    public var description: String {
        switch self {
        case .normal: return "normal"
        case .fast: return "fast"
        default: return "\(rawValue)"
        }
    }
}
