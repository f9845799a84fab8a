extension VelocityTracker {
    /// Weights of the two-point velocities of the three newest sample pairs, oldest pair first.
    static let iosPairWeights: [Double] = [0.6, 0.35, 0.05]
    /// Weights of the two-point velocities of the two newest sample pairs, oldest pair first, in the
    /// velocity UIKit's pan recognizer reports at a touch (`velocityInView:`): 0.8 × the pair before,
    /// 0.2 × the newest. `iosPairWeights` is UIScrollView's blend of its last two such readings
    /// (0.75 × the one before + 0.25 × the newest), which works out to 0.6 / 0.35 / 0.05.
    static let recognizerPairWeights: [Double] = [0.8, 0.2]
    /// Samples closer than this (ms) to the newer end of their pair are passed over: an iPhone samples
    /// touches at the display rate (8.3 ms at 120 Hz), while a desktop's pointer samples can arrive in
    /// bursts (a main thread that pumped late, a 1000 Hz mouse) whose two-point velocities mean nothing.
    static let iosMinimumPairMilliseconds = 6.0

    /// The iOS-like estimate: 0.6 × v(third-newest pair) + 0.35 × v(second-newest) + 0.05 × v(newest pair),
    /// each v a two-point velocity (zero for a missing pair), as Flutter's `IOSScrollViewFlingVelocityTracker`.
    /// A pair's older sample is the newest one at least `iosMinimumPairMilliseconds` before its newer
    /// sample. Zero when the newest sample comes more than 40 ms after the previous one (the pointer had stopped).
    func iosVelocity() -> Point {
        pairVelocity(weights: Self.iosPairWeights)
    }

    /// The velocity UIKit's pan recognizer reports at the newest sample: 0.8 × v(second-newest pair) +
    /// 0.2 × v(newest pair), the pairs and the stopped pointer as in `iosVelocity()`. UIScrollView decides
    /// whether a release flings on this reading, not on the blend it flings with.
    func recognizerVelocity() -> Point {
        pairVelocity(weights: Self.recognizerPairWeights)
    }

    /// Σ weight × two-point velocity over the newest pairs, `weights` oldest pair first (see `iosVelocity()`).
    private func pairVelocity(weights: [Double]) -> Point {
        guard let newest = sample(stepsBack: 0) else { return .zero }
        if let previous = sample(stepsBack: 1),
           (newest.microseconds - previous.microseconds) / 1000 > Self.assumePointerMoveStoppedMilliseconds {
            return .zero
        }
        var estimate = Point.zero
        var end = newest
        var pair = 0  // 0 is the newest pair
        var stepsBack = 1
        while pair < weights.count, stepsBack < Self.historySize, let start = sample(stepsBack: stepsBack) {
            stepsBack += 1
            let milliseconds = (end.microseconds - start.microseconds) / 1000
            guard milliseconds >= Self.iosMinimumPairMilliseconds else { continue }
            let weight = weights[weights.count - 1 - pair]
            estimate = estimate + (end.position - start.position) * (1000 / milliseconds * weight)
            end = start
            pair += 1
        }
        return estimate
    }
}
