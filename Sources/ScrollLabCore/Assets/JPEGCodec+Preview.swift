import LabKit

extension JPEGCodec {
    /// The longest side of the picture a preview is encoded from (ThumbHash's most).
    package static let previewSide = 100

    /// The ThumbHash of the JPEG in `bytes` (B-COST-2's preview of that very picture): decoded at libjpeg's
    /// largest reduction that still leaves `previewSide` pixels on its longer side, box-averaged to a
    /// longer side of `previewSide` (as the bundled previews are made), then encoded. Nil when it does not
    /// decode.
    package static func thumbHash(of bytes: [UInt8]) -> [UInt8]? {
        guard case let .success(size) = size(of: bytes), size.width > 0, size.height > 0 else { return nil }
        let denominator = denominators.first { d in
            Swift.max(scaledSide(size.width, denominator: d), scaledSide(size.height, denominator: d)) >= previewSide
        } ?? 1
        let width = scaledSide(size.width, denominator: denominator), height = scaledSide(size.height, denominator: denominator)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let failure = pixels.withUnsafeMutableBytes { buffer in
            decode(bytes, denominator: denominator, into: buffer.baseAddress!, pitch: width * 4, width: width, height: height)
        }
        guard failure == nil else { return nil }
        let scale = Swift.min(1, Double(previewSide) / Double(Swift.max(width, height)))
        let w = Swift.max(1, Int((Double(width) * scale).rounded(.down))), h = Swift.max(1, Int((Double(height) * scale).rounded(.down)))
        var rgba = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            let rows = (y * height / h)..<Swift.max(y * height / h + 1, (y + 1) * height / h)
            for x in 0..<w {
                let columns = (x * width / w)..<Swift.max(x * width / w + 1, (x + 1) * width / w)
                var sum = (b: 0, g: 0, r: 0)
                for row in rows {
                    for column in columns {
                        let i = (row * width + column) * 4   // B, G, R, X
                        sum.b += Int(pixels[i])
                        sum.g += Int(pixels[i + 1])
                        sum.r += Int(pixels[i + 2])
                    }
                }
                let count = rows.count * columns.count, o = (y * w + x) * 4
                rgba[o] = UInt8((sum.r + count / 2) / count)
                rgba[o + 1] = UInt8((sum.g + count / 2) / count)
                rgba[o + 2] = UInt8((sum.b + count / 2) / count)
            }
        }
        return ThumbHash(width: w, height: h, rgba: rgba)?.bytes
    }
}
