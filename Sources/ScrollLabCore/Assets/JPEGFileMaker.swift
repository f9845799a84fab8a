/// Real JPEG files of a feed image's pixel size and byte size (`feed generate --write-images`, B-COST-1):
/// a seeded picture (`JPEGCodec.encodePicture`) encoded at the highest quality whose file is no larger
/// than the bytes asked, then padded to them exactly with COM segments (`JPEGCodec.padded`).
///
/// The quality is searched on a sample of the picture (at most 512×512 pixels, the same detail: the
/// bytes a pixel are the same), scaled to the whole image's pixels, then checked on the whole file and
/// lowered until it fits: a few whole encodes, whatever the size. When even quality 1 is predicted (or
/// found) larger than asked (too few bytes for the pixels), the picture loses its detail (a bare
/// gradient); when that is still larger, the smallest file is kept and says so (`Made.isOverSize`).
package enum JPEGFileMaker {
    /// The detail of the pictures (`cjpeg_encode_picture`'s noise), levels of 255.
    package static let noise = 40
    /// The sample's largest side.
    package static let sampleSide = 512

    /// A file made.
    package struct Made: Sendable {
        /// The file's bytes.
        package var bytes: [UInt8]
        /// The quality it was encoded at (1–100).
        package var quality: Int
        /// Bytes of COM padding in it.
        package var padding: Int
        /// True when it is larger than asked (the smallest file this picture gives).
        package var isOverSize: Bool
    }

    /// A JPEG of `width` × `height` pixels and `bytes` bytes (or the smallest possible, larger), seeded by `seed`.
    package static func make(width: Int, height: Int, bytes target: Int, seed: UInt64) -> Result<Made, JPEGCodec.Failure> {
        let sample = (width: Swift.min(width, sampleSide), height: Swift.min(height, sampleSide))
        let scale = Double(width * height) / Double(sample.width * sample.height)
        var smallest: [UInt8] = []
        for noise in [Self.noise, 0] {
            // Highest quality whose predicted whole file fits: bisection on the sample (monotone enough).
            var low = 0, high = 100
            while low < high {
                let middle = (low + high + 1) / 2
                switch predictedSize(sample: sample, scale: scale, quality: middle, seed: seed, noise: noise) {
                case let .failure(failure): return .failure(failure)
                case let .success(size): if fits(size, target) { low = middle } else { high = middle - 1 }
                }
            }
            // Not even quality 1 is predicted to fit: with detail, try without; without, the smallest file.
            if low == 0, noise > 0 { continue }
            // The whole file, lowered until it fits (each step a tenth of the quality, at least 1).
            var quality = Swift.max(1, low)
            while true {
                let file: [UInt8]
                switch JPEGCodec.encodePicture(width: width, height: height, quality: quality, seed: seed, noise: noise) {
                case let .failure(failure): return .failure(failure)
                case let .success(data): file = data
                }
                if fits(file.count, target), let padded = JPEGCodec.padded(file, to: target) {
                    return .success(Made(bytes: padded, quality: quality, padding: target - file.count, isOverSize: false))
                }
                smallest = file
                guard quality > 1 else { break }
                quality = Swift.max(1, quality - Swift.max(1, quality / 10))
            }
        }
        return .success(Made(bytes: smallest, quality: 1, padding: 0, isOverSize: true))
    }

    /// The whole file's size predicted from the sample's at `quality`: its headers (up to the scan) once,
    /// its scan's bytes scaled by the pixels.
    static func predictedSize(sample: (width: Int, height: Int), scale: Double, quality: Int, seed: UInt64, noise: Int) -> Result<Int, JPEGCodec.Failure> {
        JPEGCodec.encodePicture(width: sample.width, height: sample.height, quality: quality, seed: seed, noise: noise).map { data in
            let header = JPEGCodec.firstScan(data) ?? 0
            return header + Int((Double(data.count - header) * scale).rounded())
        }
    }

    /// True when a file of `size` bytes can be padded to `target` exactly (equal, or at least a 4-byte segment short).
    package static func fits(_ size: Int, _ target: Int) -> Bool {
        size == target || size + 4 <= target
    }
}
