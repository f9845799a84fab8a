#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Image file and pixel sizes drawn from the web's, as measured by the HTTP Archive (B-FEED-1).
///
/// Source: HTTP Archive, Web Almanac 2024, Media chapter (almanac.httparchive.org/en/2024/media), mobile:
/// - figure "Largest image per page (by kilobytes)": 6, 37, 135, 404, 1002 KB at the 10th, 25th, 50th,
///   75th and 90th percentiles;
/// - figure "Largest image per page (by pixel count)": 0.023, 0.138, 0.540, 1.280, 3.130 megapixels;
/// - figure "Image orientations": 14% portrait, 33% square, 53% landscape; table "Top image aspect
///   ratios (mobile)": 4:3 3.5%, 3:2 2.9%, 2:1 1.8%, 16:9 1.6%, 5:3 0.5%, 3:4 1.1%, 2:3 0.8%.
///
/// Modelling choices (docs/feeds.md):
/// - A feed's picture is a page's *content* image, so the "largest image per page" distributions stand
///   for it, not the one over all images (whose median, 12 KB and 0.058 MP, is pulled down by icons
///   and spacers).
/// - One draw `u` in [0.10, 0.90] gives both sizes (the heavy file is the big picture): between the
///   published percentiles log(size) is linear in `u`; beyond the 10th and 90th nothing is invented.
///   The bits per pixel this implies, 2.0–2.6, agree with the chapter's median JPEG (2.0).
/// - An orientation is drawn with the chapter's shares; within it a ratio with the table's weights.
/// - A kilobyte is 1000 bytes.
public enum ImageSizeDistribution {
    /// The percentiles the distributions are given at.
    public static let percentiles: [Double] = [0.10, 0.25, 0.50, 0.75, 0.90]
    /// File bytes at `percentiles`.
    public static let bytes: [Double] = [6_000, 37_000, 135_000, 404_000, 1_002_000]
    /// Pixel counts at `percentiles`.
    public static let pixels: [Double] = [23_000, 138_000, 540_000, 1_280_000, 3_130_000]
    /// Share of square, portrait and landscape images.
    public static let orientationShares = (square: 0.33, portrait: 0.14, landscape: 0.53)
    /// Portrait ratios (width, height) with their weights.
    public static let portraitRatios: [(width: Int, height: Int, weight: Double)] = [(3, 4, 1.1), (2, 3, 0.8)]
    /// Landscape ratios (width, height) with their weights.
    public static let landscapeRatios: [(width: Int, height: Int, weight: Double)] =
        [(4, 3, 3.5), (3, 2, 2.9), (2, 1, 1.8), (16, 9, 1.6), (5, 3, 0.5)]

    /// The value at quantile `q` (clamped to the published range) of a distribution given at `percentiles`.
    public static func quantile(_ q: Double, of values: [Double]) -> Double {
        let p = percentiles
        let q = Swift.min(p[p.count - 1], Swift.max(p[0], q))
        var i = 0
        while i < p.count - 2, q > p[i + 1] { i += 1 }
        let t = (q - p[i]) / (p[i + 1] - p[i])
        return exp(log(values[i]) + t * (log(values[i + 1]) - log(values[i])))
    }

    /// The sizes for draws `u` (size) and `v` (shape), both uniform in [0, 1): file bytes, pixel width
    /// and height.
    public static func sample(u: Double, v: Double) -> (bytes: Int, pixelWidth: Int, pixelHeight: Int) {
        let q = percentiles[0] + u * (percentiles[percentiles.count - 1] - percentiles[0])
        let bytes = Int(quantile(q, of: Self.bytes).rounded())
        let count = quantile(q, of: pixels)
        let ratio = aspectRatio(v)
        let width = Swift.max(1, Int((count * ratio).squareRoot().rounded()))
        let height = Swift.max(1, Int((count / ratio).squareRoot().rounded()))
        return (Swift.max(1, bytes), width, height)
    }

    /// Width over height for a draw `v` in [0, 1).
    public static func aspectRatio(_ v: Double) -> Double {
        let shares = orientationShares
        if v < shares.square { return 1 }
        let portrait = v < shares.square + shares.portrait
        let table = portrait ? portraitRatios : landscapeRatios
        let within = portrait ? (v - shares.square) / shares.portrait
            : (v - shares.square - shares.portrait) / shares.landscape
        let total = table.reduce(0) { $0 + $1.weight }
        var mark = within * total
        for entry in table {
            if mark < entry.weight { return Double(entry.width) / Double(entry.height) }
            mark -= entry.weight
        }
        let last = table[table.count - 1]
        return Double(last.width) / Double(last.height)
    }
}
