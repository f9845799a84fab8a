#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A range of your own for a generated feed's images (`feed generate --bytes MIN-MAX`, `--pixels MIN-MAX`):
/// the item's size draw `u` picks a value log-uniformly between the ends (as `PhotoSizeDistribution`
/// does), so with both ranges the heavy file is still the big picture. Written `MIN-MAX` or a single
/// value, each a whole number with an optional `k` (1000) or `M` (1 000 000): `200k-1.5M`.
public struct SizeRange: Hashable, Sendable {
    /// The smallest and largest value.
    public var low: Int
    public var high: Int

    /// A range from `low` to `high` (both at least 1, `low` ≤ `high`).
    public init?(low: Int, high: Int) {
        guard low >= 1, high >= low else { return nil }
        self.low = low
        self.high = high
    }

    /// Parses `MIN-MAX` or `N` (nil: not a range of positive whole numbers, or MIN > MAX).
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2, let low = Self.number(parts[0]), let high = Self.number(parts[parts.count - 1])
        else { return nil }
        self.init(low: low, high: high)
    }

    /// The value for draw `u` in [0, 1): log-uniform between the ends, rounded.
    public func value(u: Double) -> Int {
        let u = Swift.min(1, Swift.max(0, u))
        let x = exp(log(Double(low)) + u * (log(Double(high)) - log(Double(low))))
        return Swift.min(high, Swift.max(low, Int(x.rounded())))
    }

    /// A whole number with an optional k or M (`1.5M` is 1 500 000); nil otherwise or past 10¹².
    static func number(_ text: Substring) -> Int? {
        var digits = String(text), factor = 1.0
        if digits.hasSuffix("k") || digits.hasSuffix("K") { factor = 1e3; digits.removeLast() }
        else if digits.hasSuffix("M") { factor = 1e6; digits.removeLast() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isNumber || $0 == "." }), let x = Double(digits) else { return nil }
        let value = (x * factor).rounded()
        guard value >= 1, value <= 1e12, value == x * factor || factor > 1 else { return nil }
        return Int(value)
    }
}

/// The sizes a generated image gets from the ranges given: its bytes from `bytes`, its pixel count from
/// `pixels` keeping the drawn shape; what no range is given for stays the distribution's.
public struct FeedSizeRanges: Hashable, Sendable {
    /// `--bytes`.
    public var bytes: SizeRange?
    /// `--pixels`.
    public var pixels: SizeRange?

    public init(bytes: SizeRange? = nil, pixels: SizeRange? = nil) {
        self.bytes = bytes
        self.pixels = pixels
    }

    /// `sample` (drawn with `u`) with the ranges applied.
    public func apply(_ sample: (bytes: Int, pixelWidth: Int, pixelHeight: Int), u: Double) -> (bytes: Int, pixelWidth: Int, pixelHeight: Int) {
        var out = sample
        if let bytes { out.bytes = bytes.value(u: u) }
        if let pixels {
            let ratio = Double(sample.pixelWidth) / Double(Swift.max(1, sample.pixelHeight))
            (out.pixelWidth, out.pixelHeight) = Self.shape(pixels: Double(pixels.value(u: u)), ratio: ratio)
        }
        return out
    }

    /// A picture of `pixels` pixels whose width is `ratio` times its height, in whole pixels. A long side
    /// past the feed's limit would make a feed its own parser refuses: such a picture keeps its shape at
    /// the largest size the limit allows.
    public static func shape(pixels: Double, ratio: Double) -> (width: Int, height: Int) {
        let limit = Double(FeedParser.pixelLimit)
        let count = Swift.min(pixels, limit * limit * Swift.min(ratio, 1 / ratio))
        return (Swift.min(FeedParser.pixelLimit, Swift.max(1, Int((count * ratio).squareRoot().rounded()))),
                Swift.min(FeedParser.pixelLimit, Swift.max(1, Int((count / ratio).squareRoot().rounded()))))
    }
}
