#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Image sizes of a feed of camera photos served as taken (B-COST-1, `feed generate --images photos`):
/// 1 to 12 megapixels (a phone camera's range, 12 MP the iPhone's since the 6s) in 0.2 to 2 MB files,
/// the big-photo feed. Modelling choices (docs/cost.md): one draw `u` gives both sizes,
/// log-uniform between the ends (the heavy file is the big picture, 1.3–1.7 bits a pixel); shapes are a
/// camera's: 3:4 portrait 45%, 4:3 landscape 35%, 16:9 10%, square 10%.
public enum PhotoSizeDistribution {
    /// Fewest and most pixels.
    public static let pixels = (low: 1_000_000.0, high: 12_000_000.0)
    /// Smallest and largest file, bytes.
    public static let bytes = (low: 200_000.0, high: 2_000_000.0)
    /// Shapes (width, height) with their shares.
    public static let shapes: [(width: Int, height: Int, share: Double)] = [(3, 4, 0.45), (4, 3, 0.35), (16, 9, 0.10), (1, 1, 0.10)]

    /// The sizes for draws `u` (size) and `v` (shape), both uniform in [0, 1): file bytes, pixel width and height.
    public static func sample(u: Double, v: Double) -> (bytes: Int, pixelWidth: Int, pixelHeight: Int) {
        let u = Swift.min(1, Swift.max(0, u))
        let count = exp(log(pixels.low) + u * (log(pixels.high) - log(pixels.low)))
        let size = exp(log(bytes.low) + u * (log(bytes.high) - log(bytes.low)))
        var mark = v, shape = shapes[shapes.count - 1]
        for s in shapes {
            if mark < s.share { shape = s; break }
            mark -= s.share
        }
        let ratio = Double(shape.width) / Double(shape.height)
        return (Swift.max(1, Int(size.rounded())), Swift.max(1, Int((count * ratio).squareRoot().rounded())),
                Swift.max(1, Int((count / ratio).squareRoot().rounded())))
    }
}

/// Which sizes a generated feed's images have (`feed generate --images`).
public enum FeedImageSizes: String, CaseIterable, Hashable, Sendable {
    /// The web's content images (`ImageSizeDistribution`, the HTTP Archive's).
    case web
    /// Camera photos of 1–12 MP (`PhotoSizeDistribution`).
    case photos

    /// The sizes for draws `u` and `v`.
    public func sample(u: Double, v: Double) -> (bytes: Int, pixelWidth: Int, pixelHeight: Int) {
        switch self {
        case .web: return ImageSizeDistribution.sample(u: u, v: v)
        case .photos: return PhotoSizeDistribution.sample(u: u, v: v)
        }
    }
}
