/// A decode's time split between the image's pixels and its file's bytes (B-COST-1), fitted to timed
/// decodes by least squares: `ms = perMegapixel × megapixels + perMegabyte × megabytes (+ perImage)`,
/// nothing below 0. Pictures of the same pixels at two compressions tell the two apart: a JPEG's entropy
/// decoding reads every byte, its IDCT and colour conversion every pixel it outputs. `perImage` (fitted by
/// `withConstant`) is what every decode pays whatever its size: the decoder's set-up, the output surface,
/// the resample to the tile's pixels.
public struct DecodeRateFit: Hashable, Sendable {
    /// One timed decode.
    public struct Sample: Hashable, Sendable {
        public var megapixels: Double
        /// The file's bytes over 10⁶.
        public var megabytes: Double
        public var ms: Double

        public init(megapixels: Double, megabytes: Double, ms: Double) {
            self.megapixels = megapixels
            self.megabytes = megabytes
            self.ms = ms
        }
    }

    public var perMegapixel: Double
    public var perMegabyte: Double
    /// Milliseconds every decode pays (0 unless fitted `withConstant`).
    public var perImage: Double

    public init(perMegapixel: Double, perMegabyte: Double, perImage: Double = 0) {
        self.perMegapixel = perMegapixel
        self.perMegabyte = perMegabyte
        self.perImage = perImage
    }

    /// The fit of `samples` with a constant per decode: of the least-squares solutions over every set of
    /// the three terms (the others 0) with nothing below 0, the one that fits best; without a constant
    /// term it is `init(_:)`'s.
    public static func withConstant(_ samples: [Sample]) -> DecodeRateFit {
        var best = DecodeRateFit(samples)
        var bestError = best.squaredError(samples)
        let columns: [(Sample) -> Double] = [{ $0.megapixels }, { $0.megabytes }, { _ in 1 }]
        for terms in [[0, 1, 2], [0, 2], [1, 2], [2]] {
            guard let solution = leastSquares(samples, columns: terms.map { columns[$0] }), solution.allSatisfy({ $0 >= 0 }) else { continue }
            var rates = [0.0, 0.0, 0.0]
            for (term, value) in zip(terms, solution) { rates[term] = value }
            let fit = DecodeRateFit(perMegapixel: rates[0], perMegabyte: rates[1], perImage: rates[2])
            let error = fit.squaredError(samples)
            if error < bestError - 1e-12 {
                best = fit
                bestError = error
            }
        }
        return best
    }

    /// The unconstrained least-squares coefficients of `columns` for the samples' times (normal
    /// equations, Gaussian elimination with partial pivoting); nil when the columns cannot be told apart.
    static func leastSquares(_ samples: [Sample], columns: [(Sample) -> Double]) -> [Double]? {
        let n = columns.count
        var a = [[Double]](repeating: [Double](repeating: 0, count: n + 1), count: n)
        for s in samples {
            let x = columns.map { $0(s) }
            for i in 0..<n {
                for j in 0..<n { a[i][j] += x[i] * x[j] }
                a[i][n] += x[i] * s.ms
            }
        }
        let scale = (0..<n).map { a[$0][$0] }.max() ?? 0
        guard scale > 0 else { return nil }
        for col in 0..<n {
            guard let pivot = (col..<n).max(by: { abs(a[$0][col]) < abs(a[$1][col]) }), abs(a[pivot][col]) > 1e-9 * scale else { return nil }
            a.swapAt(col, pivot)
            for row in 0..<n where row != col {
                let f = a[row][col] / a[col][col]
                for k in col...n { a[row][k] -= f * a[col][k] }
            }
        }
        return (0..<n).map { a[$0][n] / a[$0][$0] }
    }

    /// The fit of `samples`. When the samples cannot tell pixels from bytes, the rate is by pixels; when
    /// the two-rate solution has a rate below 0, the better of the one-rate fits is kept.
    public init(_ samples: [Sample]) {
        var xx = 0.0, yy = 0.0, xy = 0.0, xt = 0.0, yt = 0.0
        for s in samples {
            xx += s.megapixels * s.megapixels
            yy += s.megabytes * s.megabytes
            xy += s.megapixels * s.megabytes
            xt += s.megapixels * s.ms
            yt += s.megabytes * s.ms
        }
        let byPixels = DecodeRateFit(perMegapixel: xx > 0 ? Swift.max(0, xt / xx) : 0, perMegabyte: 0)
        let determinant = xx * yy - xy * xy
        // Bytes in proportion to pixels (one compression): nothing tells them apart; pixels carry it all.
        guard determinant > 1e-9 * xx * yy else {
            self = byPixels
            return
        }
        let a = (xt * yy - yt * xy) / determinant
        let b = (yt * xx - xt * xy) / determinant
        if a >= 0, b >= 0 {
            self.init(perMegapixel: a, perMegabyte: b)
        } else {
            let byBytes = DecodeRateFit(perMegapixel: 0, perMegabyte: Swift.max(0, yt / yy))
            self = byPixels.squaredError(samples) <= byBytes.squaredError(samples) ? byPixels : byBytes
        }
    }

    /// The decode time this fit gives, milliseconds.
    public func ms(megapixels: Double, megabytes: Double) -> Double {
        perMegapixel * megapixels + perMegabyte * megabytes + perImage
    }

    /// The sum of squared differences from `samples`.
    public func squaredError(_ samples: [Sample]) -> Double {
        samples.reduce(0) { sum, s in
            let d = ms(megapixels: s.megapixels, megabytes: s.megabytes) - s.ms
            return sum + d * d
        }
    }
}
