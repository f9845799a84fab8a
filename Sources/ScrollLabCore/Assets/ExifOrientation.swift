/// How a JPEG's stored pixels turn into the picture shown: the EXIF `Orientation` tag (0x0112) of its APP1
/// segment, 1–8, which phone cameras write instead of turning the pixels. UIImage (`imageOrientation`),
/// ImageIO and browsers show the picture turned; so does the window.
package enum ExifOrientation: Int, Sendable, CaseIterable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// True when the shown picture's sides are the stored pixels' swapped (5–8: a quarter turn).
    package var swapsSides: Bool { rawValue >= 5 }

    /// The stored pixel (column, row) shown at (`x`, `y`) of the turned picture, for stored pixels of
    /// `width` × `height`.
    package func source(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: return (x, y)
        case .upMirrored: return (width - 1 - x, y)
        case .down: return (width - 1 - x, height - 1 - y)
        case .downMirrored: return (x, height - 1 - y)
        case .leftMirrored: return (y, x)
        case .right: return (y, height - 1 - x)
        case .rightMirrored: return (width - 1 - y, height - 1 - x)
        case .left: return (width - 1 - y, x)
        }
    }

    /// `jpeg` (starting with its SOI) with an APP1 EXIF segment after its SOI naming this orientation, in
    /// IFD0 after another tag, the TIFF header in either byte order: a phone camera's photo, for tests.
    package func tagging(_ jpeg: [UInt8], bigEndian: Bool = false) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 255)] : [UInt8(v & 255), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? [0, 0] + u16(v) : u16(v) + [0, 0] }
        let tiff = (bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]) + u16(42) + u32(8) + u16(2)
            + u16(0x0100) + u16(3) + u32(1) + u16(64) + [0, 0]              // ImageWidth
            + u16(0x0112) + u16(3) + u32(1) + u16(rawValue) + [0, 0] + u32(0)  // Orientation; no next IFD
        let body: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 255)] + body + jpeg.dropFirst(2)
    }

    /// The orientation a JPEG's EXIF names (`.up` without one, or for anything that is no JPEG): its
    /// segments are walked up to the first scan; a tag that is not a short 1–8 is ignored.
    package init(jpeg bytes: [UInt8]) {
        self = .up
        guard JPEGCodec.isJPEG(bytes) else { return }
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            if marker == 0xFF { at += 1; continue }                  // fill byte
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { at += 2; continue }
            if marker == 0xDA || marker == 0xD9 { return }          // the first scan, or the end
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2, at + 2 + length <= bytes.count else { return }
            if marker == 0xE1, let found = Self.tag(in: bytes[(at + 4)..<(at + 2 + length)]) {
                self = found
                return
            }
            at += 2 + length
        }
    }

    /// The Orientation tag of an APP1 segment's body (`Exif\0\0`, then a TIFF header and IFD0).
    private static func tag(in segment: ArraySlice<UInt8>) -> ExifOrientation? {
        let body = Array(segment)
        guard body.count >= 14, body[0..<6].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) else { return nil }
        let tiff = Array(body[6...])
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[i]) | Int(tiff[i + 1]) << 8 : Int(tiff[i]) << 8 | Int(tiff[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let a = u16(i), let b = u16(i + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<count {
            let e = ifd + 2 + 12 * entry
            guard let tag = u16(e), let type = u16(e + 2) else { return nil }
            if tag == 0x0112 {
                guard type == 3, let value = u16(e + 8) else { return nil }
                return ExifOrientation(rawValue: value)
            }
        }
        return nil
    }
}
