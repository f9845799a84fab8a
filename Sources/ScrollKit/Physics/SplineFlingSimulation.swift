#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Android's fling: `OverScroller`'s `SplineOverScroller` (AOSP
/// `frameworks/base/core/java/android/widget/OverScroller.java`), one axis, in dp at density 1.
///
/// The distance and duration come from the spline deceleration `l = ln(0.35·|v| / (friction·coeff))`:
/// distance `friction·coeff·e^(r/(r−1)·l)`, duration `e^(l/(r−1))` seconds, r = ln 0.78 / ln 0.9,
/// coeff = 9.80665 × 39.37 × 160 × 0.84 (0.84 g at 160 dpi). The position follows the spline table
/// (100 samples of a cubic with tensions 0.5 and 1.0 and inflexion 0.35, built by bisection as AOSP
/// does), linearly interpolated; the velocity is the table's slope, as `update()` reports it.
public struct SplineFlingSimulation: Simulation, Hashable {
    /// The spline's sample count (`NB_SAMPLES`).
    public static let sampleCount = 100
    /// `SPLINE_POSITION`: the distance fraction at each time fraction i/100.
    public static let splinePosition: [Double] = makeSplinePosition()

    private static func makeSplinePosition() -> [Double] {
        let inflexion = 0.35, startTension = 0.5, endTension = 1.0
        let p1 = startTension * inflexion, p2 = 1 - endTension * (1 - inflexion)
        var table = [Double](repeating: 1, count: sampleCount + 1)
        var xMin = 0.0
        for i in 0..<sampleCount {
            let alpha = Double(i) / Double(sampleCount)
            var xMax = 1.0
            var x = 0.0, coef = 0.0
            while true {
                x = xMin + (xMax - xMin) / 2
                coef = 3 * x * (1 - x)
                let tx = coef * ((1 - x) * p1 + x * p2) + x * x * x
                if abs(tx - alpha) < 1e-5 { break }
                if tx > alpha { xMax = x } else { xMin = x }
            }
            table[i] = coef * ((1 - x) * startTension + x) + x * x * x
        }
        return table
    }

    /// Position at `t = 0`.
    public let startPosition: Double
    /// The release velocity (points per second).
    public let initialVelocity: Double
    /// `mFlingFriction` (`ViewConfiguration.getScrollFriction()`: 0.015).
    public let friction: Double
    /// `mSplineDuration`, seconds.
    public let duration: Double
    /// `mSplineDistance`, signed.
    public let distance: Double

    /// A fling from `position` at `velocity` (dp per second at density 1 = points per second).
    public init(position: Double, velocity: Double, friction: Double = 0.015) {
        startPosition = position.isFinite ? position : 0
        initialVelocity = velocity.isFinite ? velocity : 0
        self.friction = friction > 0 && friction.isFinite ? friction : 0.015
        guard initialVelocity != 0 else {
            duration = 0
            distance = 0
            return
        }
        let r = ClampingScrollSimulation.decelerationRate
        let coefficient = self.friction * ClampingScrollSimulation.physicalCoefficient
        let l = log(ClampingScrollSimulation.inflexion * abs(initialVelocity) / coefficient)
        duration = exp(l / (r - 1))
        let travel = coefficient * exp(r / (r - 1) * l)
        distance = initialVelocity < 0 ? -travel : travel
    }

    public var finalPosition: Double { startPosition + distance }

    /// The table's distance fraction and its slope at time fraction `t`.
    private func spline(_ t: Double) -> (distance: Double, slope: Double) {
        let n = Double(Self.sampleCount)
        let index = Int(n * t)
        guard index >= 0, index < Self.sampleCount else { return (1, 0) }
        let tInf = Double(index) / n, tSup = Double(index + 1) / n
        let dInf = Self.splinePosition[index], dSup = Self.splinePosition[index + 1]
        let slope = (dSup - dInf) / (tSup - tInf)
        return (dInf + (t - tInf) * slope, slope)
    }

    public func position(at time: Double) -> Double {
        guard time < duration else { return finalPosition }
        return startPosition + spline(Swift.max(time, 0) / duration).distance * distance
    }

    public func velocity(at time: Double) -> Double {
        guard time < duration else { return 0 }
        return spline(Swift.max(time, 0) / duration).slope * distance / duration
    }

    public func isDone(at time: Double) -> Bool { time >= duration }
}
