/// Where a decelerating scroll view will be, and when, along the vertical axis: the scroll view's own
/// `DecaySimulation` from the start offset to the target with time constant τ (the speed decays as
/// e^(−t/τ) and the motion stops on the target when it reaches 10 pt/s).
///
/// With it a policy knows when each tile will come on screen and how long it will stay, before the
/// fling has moved a point.
public struct DecelerationForecast: Hashable, Sendable {
    /// When the forecast starts (seconds).
    public var startTime: Double
    /// Offset (y) at `startTime`.
    public var startOffset: Double
    /// Offset (y) where the motion stops.
    public var targetOffset: Double
    /// Time constant τ (seconds); UIKit's normal rate 0.998 per ms gives τ ≈ 0.4995 s.
    public var timeConstant: Double
    /// Height of the viewport.
    public var viewportHeight: Double

    /// Makes a forecast.
    public init(startTime: Double, startOffset: Double, targetOffset: Double, timeConstant: Double, viewportHeight: Double) {
        self.startTime = startTime
        self.startOffset = startOffset
        self.targetOffset = targetOffset
        self.timeConstant = Swift.max(1e-6, timeConstant)
        self.viewportHeight = viewportHeight
    }

    /// The motion the forecast follows, its time zero at `startTime`.
    var decay: DecaySimulation {
        DecaySimulation(position: startOffset, target: targetOffset, timeConstant: timeConstant)
    }

    /// τ for a deceleration rate given per millisecond (0.998 normal, 0.99 fast): the scroll view's own
    /// `DecelerationRate.timeConstant`.
    public static func timeConstant(decelerationRate: Double) -> Double {
        guard decelerationRate > 0, decelerationRate < 1 else { return 0.5 }
        return DecelerationRate(rawValue: decelerationRate).timeConstant
    }

    /// +1 when the offset grows, −1 when it shrinks, 0 when there is no motion.
    public var direction: Int {
        targetOffset > startOffset ? 1 : (targetOffset < startOffset ? -1 : 0)
    }

    /// The offset at time `t`.
    public func offset(at t: Double) -> Double {
        guard t > startTime else { return startOffset }
        return decay.position(at: t - startTime)
    }

    /// When the offset passes `y` on its way to the target: `startTime` if already past, `.infinity`
    /// if it only reaches it at rest (y = target), nil if never (beyond the target or behind the start).
    public func time(reaching y: Double) -> Double? {
        let total = targetOffset - startOffset, rest = targetOffset - y
        if total == 0 { return y == startOffset ? startTime : nil }
        if rest == 0 { return .infinity }
        let fraction = rest / total
        if fraction < 0 { return nil }          // beyond the target
        if fraction >= 1 { return fraction == 1 ? startTime : nil }   // at or behind the start
        return decay.time(reaching: y).map { startTime + $0 }
    }

    /// When the tile `frame` is on screen: from `enter` to `exit` (`.infinity` if still on screen at
    /// rest); nil if it never is. On screen means the viewport [offset, offset + height) overlaps it.
    public func visibleInterval(of frame: Rect) -> (enter: Double, exit: Double)? {
        let lo = frame.minY - viewportHeight, hi = frame.maxY   // on screen iff lo < offset < hi
        let x0 = startOffset, target = targetOffset
        switch direction {
        case 1:
            guard target > lo, x0 < hi else { return nil }
            let enter = x0 > lo ? startTime : (time(reaching: lo) ?? startTime)
            let exit = target < hi ? Double.infinity : (time(reaching: hi) ?? .infinity)
            return (enter, exit)
        case -1:
            guard target < hi, x0 > lo else { return nil }
            let enter = x0 < hi ? startTime : (time(reaching: hi) ?? startTime)
            let exit = target > lo ? Double.infinity : (time(reaching: lo) ?? .infinity)
            return (enter, exit)
        default:
            return lo < x0 && x0 < hi ? (startTime, .infinity) : nil
        }
    }
}
