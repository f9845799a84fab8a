/// Weighted polynomial least squares by QR decomposition (Gram–Schmidt), as the velocity fit of B-VEL-1 needs.
///
/// The design matrix has one column per power of `x` (each row pre-multiplied by its weight);
/// Gram–Schmidt turns it into an orthonormal `Q` and an upper-triangular `R`, and the coefficients come
/// from back-substituting `R·c = Qᵀ·(w·y)`. When a column becomes (numerically) dependent on the previous
/// ones, for example when all samples share one or two timestamps, there is no unique fit and `solve`
/// returns `nil` instead of dividing by a vanishing number.
public struct LeastSquaresSolver: Sendable {
    /// Independent variable of each data point (for velocity: sample time in ms relative to the newest sample).
    public var x: [Double]
    /// Dependent variable of each data point (for velocity: one coordinate of the pointer).
    public var y: [Double]
    /// Weight of each data point (1 for the velocity fit).
    public var w: [Double]

    /// A column whose orthogonal remainder is shorter than this is treated as dependent (absolute test).
    public static let absoluteTolerance = 1e-10
    /// A column whose orthogonal remainder is shorter than this fraction of its own length is treated as
    /// dependent (scale-free test, catches rounding residue on large time values).
    public static let relativeTolerance = 1e-10

    /// Makes a solver over the data points; `w` defaults to weight 1 for every point.
    /// The three arrays must have the same length.
    public init(x: [Double], y: [Double], w: [Double]? = nil) {
        precondition(x.count == y.count, "x and y must have the same length")
        self.x = x
        self.y = y
        self.w = w ?? Array(repeating: 1, count: x.count)
        precondition(self.w.count == x.count, "w must have the same length as x")
    }

    /// Fits a polynomial of `degree` (0 or more) to the data.
    ///
    /// Returns `nil` when there are fewer than `degree + 1` points, when the data cannot determine the
    /// polynomial (dependent columns), or when the input holds non-finite values.
    public func solve(degree: Int) -> PolynomialFit? {
        guard degree >= 0, x.count >= degree + 1 else { return nil }
        var coefficients = [Double](repeating: 0, count: degree + 1)
        let confidence = x.withUnsafeBufferPointer { x in
            y.withUnsafeBufferPointer { y in
                w.withUnsafeBufferPointer { w in
                    coefficients.withUnsafeMutableBufferPointer { c in
                        Self.fit(x: x, y: y, w: w, degree: degree, into: c)
                    }
                }
            }
        }
        guard let confidence else { return nil }
        return PolynomialFit(coefficients: coefficients, confidence: confidence)
    }

    /// The fit of `solve(degree:)` over caller-owned buffers, without allocating on the heap: writes the
    /// `degree + 1` coefficients into `coefficients` and returns the confidence, or nil when there is no fit.
    /// `w` nil means weight 1 for every point. The work matrices live in stack scratch space.
    static func fit(x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, w: UnsafeBufferPointer<Double>?,
                    degree: Int, into coefficients: UnsafeMutableBufferPointer<Double>) -> Double? {
        let m = x.count
        let n = degree + 1
        guard degree >= 0, m >= n, y.count == m, coefficients.count >= n else { return nil }
        @inline(__always) func weight(_ h: Int) -> Double { w?[h] ?? 1 }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * n * m + n * n) { scratch -> Double? in
            scratch.initialize(repeating: 0)
            // a[j*m + h] = w[h] · x[h]^j  (column j of the weighted design matrix, stored as a row).
            let a = UnsafeMutableBufferPointer(rebasing: scratch[0 ..< n * m])
            let q = UnsafeMutableBufferPointer(rebasing: scratch[n * m ..< 2 * n * m])
            let r = UnsafeMutableBufferPointer(rebasing: scratch[2 * n * m ..< 2 * n * m + n * n])
            for h in 0..<m {
                a[h] = weight(h)
                for j in 1..<n {
                    a[j * m + h] = a[(j - 1) * m + h] * x[h]
                }
            }
            for j in 0..<n {
                var originalSquared = 0.0
                for h in 0..<m {
                    q[j * m + h] = a[j * m + h]
                    originalSquared += a[j * m + h] * a[j * m + h]
                }
                for i in 0..<j {
                    var dot = 0.0
                    for h in 0..<m { dot += q[j * m + h] * q[i * m + h] }
                    for h in 0..<m { q[j * m + h] -= dot * q[i * m + h] }
                }
                var normSquared = 0.0
                for h in 0..<m { normSquared += q[j * m + h] * q[j * m + h] }
                let norm = normSquared.squareRoot()
                let originalNorm = originalSquared.squareRoot()
                guard norm.isFinite, originalNorm.isFinite,
                      norm >= Self.absoluteTolerance,
                      norm >= Self.relativeTolerance * originalNorm
                else { return nil }
                let inverseNorm = 1 / norm
                for h in 0..<m { q[j * m + h] *= inverseNorm }
                for i in j..<n {
                    var dot = 0.0
                    for h in 0..<m { dot += q[j * m + h] * a[i * m + h] }
                    r[j * n + i] = dot
                }
            }

            // Back-substitution of R·c = Qᵀ·(w·y).
            for i in stride(from: n - 1, through: 0, by: -1) {
                var value = 0.0
                for h in 0..<m { value += q[i * m + h] * (weight(h) * y[h]) }
                for j in (i + 1)..<n { value -= r[i * n + j] * coefficients[j] }
                coefficients[i] = value / r[i * n + i]
            }
            for i in 0..<n where !coefficients[i].isFinite { return nil }

            // Confidence: 1 − (weighted residual sum of squares / weighted total sum of squares).
            var mean = 0.0
            for h in 0..<m { mean += y[h] }
            mean /= Double(m)
            var squaredError = 0.0
            var squaredTotal = 0.0
            for h in 0..<m {
                var term = 1.0
                var error = y[h] - coefficients[0]
                for i in 1..<n {
                    term *= x[h]
                    error -= term * coefficients[i]
                }
                let ww = weight(h) * weight(h)
                squaredError += ww * error * error
                let deviation = y[h] - mean
                squaredTotal += ww * deviation * deviation
            }
            let confidence = squaredTotal <= Self.absoluteTolerance ? 1 : 1 - squaredError / squaredTotal
            return confidence
        }
    }
}
