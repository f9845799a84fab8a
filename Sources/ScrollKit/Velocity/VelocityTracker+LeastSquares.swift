extension VelocityTracker {
    /// B-VEL-1: walk back from the newest sample while samples are at most 100 ms older than it and no
    /// consecutive gap exceeds 40 ms (at most 20 samples); with 3 or more, fit x(t) and y(t) separately
    /// with a quadratic in t (ms relative to the newest sample) and take the linear coefficient,
    /// converted from pt/ms to pt/s. Anything less, or an undetermined fit, gives zero.
    func leastSquaresVelocity() -> Point {
        guard let newest = sample(stepsBack: 0) else { return .zero }
        var times: [Double] = []
        var xs: [Double] = []
        var ys: [Double] = []
        times.reserveCapacity(Self.historySize)
        xs.reserveCapacity(Self.historySize)
        ys.reserveCapacity(Self.historySize)

        var newer = newest
        var stepsBack = 0
        while stepsBack < Self.historySize, let current = sample(stepsBack: stepsBack) {
            let age = (newest.microseconds - current.microseconds) / 1000
            let gap = abs(newer.microseconds - current.microseconds) / 1000
            if age > Self.horizonMilliseconds || gap > Self.assumePointerMoveStoppedMilliseconds { break }
            newer = current
            times.append(-age)
            xs.append(current.position.x)
            ys.append(current.position.y)
            stepsBack += 1
        }

        guard times.count >= Self.minimumSampleCount,
              let fitX = LeastSquaresSolver(x: times, y: xs).solve(degree: 2),
              let fitY = LeastSquaresSolver(x: times, y: ys).solve(degree: 2)
        else { return .zero }
        return Point(x: fitX.coefficients[1] * 1000, y: fitY.coefficients[1] * 1000)
    }
}
