/// How long an image source's decodes take: one time for every image (the lab's 6 ms, B-IMG-1), or each
/// image's own on a device (B-COST-1: its megapixels at the device's rate).
public struct DecodeTimes: Hashable, Sendable {
    /// Seconds for an image without a time of its own.
    public var constant: Double
    /// Seconds by asset; empty: `constant` for every image.
    public var byAsset: [Double]

    public init(constant: Double, byAsset: [Double] = []) {
        self.constant = Swift.max(0, constant)
        self.byAsset = byAsset
    }

    /// The decode time of `key`.
    @inline(__always)
    public func seconds(_ key: ImageKey) -> Double {
        key.asset >= 0 && key.asset < byAsset.count ? byAsset[key.asset] : constant
    }
}
