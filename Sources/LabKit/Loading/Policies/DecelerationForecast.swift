import ScrollKit

/// Where a decelerating scroll view will be, and when, along the vertical axis: the decay the scroll view
/// itself runs (`ScrollView.motionForecast`, or `forecast(withVelocity:target:)` from inside
/// `willEndDragging`), so a rewritten target and its re-timed decay are followed exactly. Where the
/// motion is not a decay (a spring at an edge) the forecast is the decay from the start to the target
/// with the rate's time constant τ (the speed decays as e^(−t/τ) and stops on the target at 10 pt/s).
///
/// With it a policy knows when each tile will come on screen and how long it will stay, before the
/// fling has moved a point.
public struct DecelerationForecast: Hashable, Sendable {
    /// When the forecast starts (seconds).
    public let startTime: Double
    /// Offset (y) at `startTime`.
    public let startOffset: Double
    /// Offset (y) where the motion stops.
    public let targetOffset: Double
    /// Time constant τ (seconds); UIKit's normal rate 0.998 per ms gives τ ≈ 0.4995 s.
    public let timeConstant: Double
    /// Height of the viewport.
    public let viewportHeight: Double

    /// The motion the forecast follows, its time zero at `startTime`.
    let decay: DecaySimulation

    /// A forecast of the decay from `startOffset` to `targetOffset` with time constant `timeConstant`.
    public init(startTime: Double, startOffset: Double, targetOffset: Double, timeConstant: Double, viewportHeight: Double) {
        let tau = Swift.max(1e-6, timeConstant)
        self.init(startTime: startTime, decay: DecaySimulation(position: startOffset, target: targetOffset, timeConstant: tau),
                  startOffset: startOffset, targetOffset: targetOffset, timeConstant: tau, viewportHeight: viewportHeight)
    }

    /// The forecast of the scroll view's own motion `motion`: its vertical decay, or, when that axis
    /// springs, the decay to its target with `timeConstant`.
    public init(_ motion: MotionForecast, timeConstant: Double, viewportHeight: Double) {
        guard let decay = motion.decay(along: .vertical) else {
            self.init(startTime: motion.startTime, startOffset: motion.offset(at: motion.startTime).y,
                      targetOffset: motion.target.y, timeConstant: timeConstant, viewportHeight: viewportHeight)
            return
        }
        self.init(startTime: motion.startTime, decay: decay, startOffset: decay.startPosition,
                  targetOffset: decay.finalPosition, timeConstant: Swift.max(1e-6, decay.timeConstant),
                  viewportHeight: viewportHeight)
    }

    private init(startTime: Double, decay: DecaySimulation, startOffset: Double, targetOffset: Double,
                 timeConstant: Double, viewportHeight: Double) {
        self.startTime = startTime
        self.decay = decay
        self.startOffset = startOffset
        self.targetOffset = targetOffset
        self.timeConstant = timeConstant
        self.viewportHeight = viewportHeight
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

    /// When the offset passes `y` on its way to the target: `startTime` if it is there at the start,
    /// `.infinity` if it only reaches it at rest (y = target), nil if never (beyond the target, or behind
    /// the start: already passed).
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
