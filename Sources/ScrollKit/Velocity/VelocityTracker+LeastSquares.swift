extension VelocityTracker {
    /// B-VEL-1: walk back from the newest sample while samples are at most 100 ms older than it and no
    /// consecutive gap exceeds 40 ms (at most 20 samples); with 3 or more, fit x(t) and y(t) separately
    /// with a quadratic in t (ms relative to the newest sample) and take the linear coefficient,
    /// converted from pt/ms to pt/s. Anything less, or an undetermined fit, gives zero.
    func leastSquaresVelocity() -> Point {
        guard let newest = sample(stepsBack: 0) else { return .zero }
        let n = Self.historySize
        // Times, xs, ys and the two coefficient triples in one stack buffer: no heap allocation.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * n + 6) { buffer -> Point in
            buffer.initialize(repeating: 0)
            var count = 0
            var newer = newest
            while count < n, let current = sample(stepsBack: count) {
                let age = (newest.microseconds - current.microseconds) / 1000
                let gap = abs(newer.microseconds - current.microseconds) / 1000
                if age > Self.horizonMilliseconds || gap > Self.assumePointerMoveStoppedMilliseconds { break }
                newer = current
                buffer[count] = -age
                buffer[n + count] = current.position.x
                buffer[2 * n + count] = current.position.y
                count += 1
            }
            guard count >= Self.minimumSampleCount else { return .zero }
            let times = UnsafeBufferPointer(rebasing: buffer[0 ..< count])
            let xs = UnsafeBufferPointer(rebasing: buffer[n ..< n + count])
            let ys = UnsafeBufferPointer(rebasing: buffer[2 * n ..< 2 * n + count])
            let fitX = UnsafeMutableBufferPointer(rebasing: buffer[3 * n ..< 3 * n + 3])
            let fitY = UnsafeMutableBufferPointer(rebasing: buffer[3 * n + 3 ..< 3 * n + 6])
            guard LeastSquaresSolver.fit(x: times, y: xs, w: nil, degree: 2, into: fitX) != nil,
                  LeastSquaresSolver.fit(x: times, y: ys, w: nil, degree: 2, into: fitY) != nil
            else { return .zero }
            return Point(x: fitX[1] * 1000, y: fitY[1] * 1000)
        }
    }
}
