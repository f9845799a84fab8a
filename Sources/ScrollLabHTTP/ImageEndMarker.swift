/// Whether an image file's bytes reach the end its format marks (B-DISK-2): a body sent without a
/// Content-Length and cut short by the connection looks like a whole body to the client, so the image's
/// own end is checked instead.
package enum ImageEndMarker {
    /// True when `bytes` are a known image format that ends before its end marker: a JPEG without its
    /// EOI (FF D9, trailing zero padding allowed), a PNG without its IEND chunk, a GIF without its
    /// trailer (3B), a WebP or BMP shorter than the length its header gives. False for whole files and
    /// for formats whose end cannot be told from the bytes (TIFF, unknown: the decoder decides).
    package static func isCutShort(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: [0xFF, 0xD8]) {
            var end = bytes.count
            while end > 2, bytes[end - 1] == 0 { end -= 1 }
            return !(end >= 4 && bytes[end - 2] == 0xFF && bytes[end - 1] == 0xD9)
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
            return !(bytes.count >= 20 && Array(bytes.suffix(12)) == iend)
        }
        if bytes.starts(with: Array("GIF8".utf8)) {
            return bytes.last != 0x3B
        }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return bytes.count < 8 + littleEndian(bytes, at: 4, count: 4)
        }
        if bytes.count >= 6, bytes.starts(with: Array("BM".utf8)) {
            return bytes.count < littleEndian(bytes, at: 2, count: 4)
        }
        return false
    }

    private static func littleEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }
}
