/// A decode's time split between the image's pixels and its file's bytes (B-COST-3), fitted to timed
/// decodes by least squares: `ms = perMegapixel × megapixels + perMegabyte × megabytes`, no constant
/// term, neither rate below 0. Pictures of the same pixels at two compressions tell the two apart: a
/// JPEG's entropy decoding reads every byte, its IDCT and colour conversion every pixel it outputs.
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

    public init(perMegapixel: Double, perMegabyte: Double) {
        self.perMegapixel = perMegapixel
        self.perMegabyte = perMegabyte
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
        perMegapixel * megapixels + perMegabyte * megabytes
    }

    /// The sum of squared differences from `samples`.
    public func squaredError(_ samples: [Sample]) -> Double {
        samples.reduce(0) { sum, s in
            let d = ms(megapixels: s.megapixels, megabytes: s.megabytes) - s.ms
            return sum + d * d
        }
    }
}
