extension VelocityTracker {
    /// Weights of the two-point velocities of the three newest sample pairs, oldest pair first.
    static let iosPairWeights: [Double] = [0.6, 0.35, 0.05]

    /// The iOS-like estimate: 0.6 × v(third-newest pair) + 0.35 × v(second-newest) + 0.05 × v(newest pair),
    /// each v a two-point velocity (zero for a missing pair or a pair sharing one timestamp).
    /// Zero when the newest sample comes more than 40 ms after the previous one (the pointer had stopped).
    func iosVelocity() -> Point {
        guard let newest = sample(stepsBack: 0) else { return .zero }
        if let previous = sample(stepsBack: 1),
           (newest.microseconds - previous.microseconds) / 1000 > Self.assumePointerMoveStoppedMilliseconds {
            return .zero
        }
        var estimate = Point.zero
        for (k, weight) in Self.iosPairWeights.enumerated() {
            let endStepsBack = Self.iosPairWeights.count - 1 - k
            estimate = estimate + pairVelocity(endStepsBack: endStepsBack) * weight
        }
        return estimate
    }

    /// Two-point velocity (pt/s) between the sample `endStepsBack` slots back and the one before it.
    private func pairVelocity(endStepsBack: Int) -> Point {
        guard let end = sample(stepsBack: endStepsBack),
              let start = sample(stepsBack: endStepsBack + 1)
        else { return .zero }
        let milliseconds = (end.microseconds - start.microseconds) / 1000
        guard milliseconds > 0 else { return .zero }
        return (end.position - start.position) * 1000 / milliseconds
    }
}
