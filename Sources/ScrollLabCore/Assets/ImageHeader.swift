/// What the first bytes of an image file say: its format and pixel size.
///
/// Read before decoding, so that an empty file, a text file named `.png`, or an image far too large
/// to decode within the memory cap is refused with a reason instead of being handed to the decoder.
public struct ImageHeader: Hashable, Sendable {
    /// The container formats the lab recognises.
    public enum Format: String, Hashable, Sendable {
        case png, jpeg, gif, bmp, webp, tiff
    }

    /// Why a file cannot be used, in words fit for a placeholder tile.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// Zero bytes.
        case empty
        /// The bytes are not a known image format.
        case notAnImage
        /// The header is cut short.
        case truncated
        /// Decoding would need more than the cap, in bytes.
        case tooLarge(width: Int, height: Int)
        /// Wider or taller than the renderer's largest texture (`limit` pixels).
        case beyondTextureLimit(width: Int, height: Int, limit: Int)

        public var description: String {
            switch self {
            case .empty: return "empty file"
            case .notAnImage: return "not an image"
            case .truncated: return "truncated file"
            case let .tooLarge(w, h): return "too large (\(w)×\(h))"
            case let .beyondTextureLimit(w, h, limit): return "too large for the renderer (\(w)×\(h), at most \(limit) px a side)"
            }
        }
    }

    /// The container format.
    public var format: Format
    /// Width in pixels (0 when the format does not say it up front).
    public var width: Int
    /// Height in pixels (0 when the format does not say it up front).
    public var height: Int

    /// Bytes needed to hold the image decoded as 32-bit RGBA.
    public var decodedBytes: Int { width * height * 4 }

    /// Makes a header.
    public init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// How many leading bytes of a file `read` needs at most (JPEG markers, TIFF directories).
    public static let prefixLength = 65_536
    /// The default largest side: what renderers commonly support (SDL reports the real limit).
    public static let defaultMaxDimension = 16_384

    /// Reads the header from the first bytes of a file (the first `prefixLength` bytes are plenty).
    /// - Throws: `Problem` when the bytes are empty, unknown, cut short, the image exceeds
    ///   `maxDecodedBytes` once decoded, or a side exceeds `maxDimension` (the renderer's texture limit).
    public static func read(_ bytes: [UInt8], maxDecodedBytes: Int = 64 << 20,
                            maxDimension: Int = defaultMaxDimension) throws(Problem) -> ImageHeader {
        try read(bytes, maxDecodedBytes: maxDecodedBytes, maxDimension: maxDimension) { offset, count in
            offset < bytes.count ? Array(bytes[offset..<Swift.min(bytes.count, offset + count)]) : []
        }
    }

    /// Reads the header from `bytes`, the first bytes of a file; `more(offset, count)` gives up to
    /// `count` bytes at `offset` for a format that keeps its size elsewhere (a TIFF directory is often
    /// at the end of the file), asked once, for at most `prefixLength` bytes.
    public static func read(_ bytes: [UInt8], maxDecodedBytes: Int = 64 << 20, maxDimension: Int = defaultMaxDimension,
                            more: (Int, Int) -> [UInt8]) throws(Problem) -> ImageHeader {
        guard !bytes.isEmpty else { throw .empty }
        let header: ImageHeader
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            guard bytes.count >= 24 else { throw .truncated }
            header = ImageHeader(format: .png, width: bigEndian32(bytes, 16), height: bigEndian32(bytes, 20))
        } else if bytes.starts(with: [0xFF, 0xD8]) {
            header = try readJPEG(bytes)
        } else if bytes.starts(with: Array("GIF8".utf8)) {
            guard bytes.count >= 10 else { throw .truncated }
            header = ImageHeader(format: .gif, width: Int(bytes[6]) | Int(bytes[7]) << 8,
                                 height: Int(bytes[8]) | Int(bytes[9]) << 8)
        } else if bytes.starts(with: Array("BM".utf8)) {
            guard bytes.count >= 26 else { throw .truncated }
            let w = Int(Int32(bitPattern: littleEndian32(bytes, 18)))
            let h = Int(Int32(bitPattern: littleEndian32(bytes, 22)))
            header = ImageHeader(format: .bmp, width: abs(w), height: abs(h))
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            header = try readWebP(bytes)
        } else if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            header = try readTIFF(bytes, more: more)
        } else {
            throw .notAnImage
        }
        guard header.width > 0, header.height > 0 else { throw .notAnImage }
        guard header.width <= maxDimension, header.height <= maxDimension else {
            throw .beyondTextureLimit(width: header.width, height: header.height, limit: maxDimension)
        }
        guard header.decodedBytes <= maxDecodedBytes else {
            throw .tooLarge(width: header.width, height: header.height)
        }
        return header
    }

    /// The canvas size of a WebP file: from its VP8X, VP8L or VP8 chunk (the first after the RIFF header).
    private static func readWebP(_ b: [UInt8]) throws(Problem) -> ImageHeader {
        guard b.count >= 25 else { throw .truncated }
        let chunk = String(decoding: b[12..<16], as: UTF8.self)
        guard chunk == "VP8L" || b.count >= 30 else { throw .truncated }
        switch chunk {
        case "VP8X":
            let w = 1 + (Int(b[24]) | Int(b[25]) << 8 | Int(b[26]) << 16)
            let h = 1 + (Int(b[27]) | Int(b[28]) << 8 | Int(b[29]) << 16)
            return ImageHeader(format: .webp, width: w, height: h)
        case "VP8L":
            let bits = littleEndian32(b, 21)
            return ImageHeader(format: .webp, width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1)
        case "VP8 ":
            let w = (Int(b[26]) | Int(b[27]) << 8) & 0x3FFF
            let h = (Int(b[28]) | Int(b[29]) << 8) & 0x3FFF
            return ImageHeader(format: .webp, width: w, height: h)
        default:
            throw .notAnImage
        }
    }

    /// The size of a TIFF file's first image: tags 256 (width) and 257 (height) of its first directory.
    private static func readTIFF(_ head: [UInt8], more: (Int, Int) -> [UInt8]) throws(Problem) -> ImageHeader {
        guard head.count >= 8 else { throw .truncated }
        let little = head[0] == 0x49
        func u16(_ b: [UInt8], _ at: Int) -> Int { little ? Int(b[at]) | Int(b[at + 1]) << 8 : Int(b[at]) << 8 | Int(b[at + 1]) }
        func u32(_ b: [UInt8], _ at: Int) -> Int { little ? Int(littleEndian32(b, at)) : bigEndian32(b, at) }
        let offset = u32(head, 4)
        guard offset >= 8 else { throw .notAnImage }
        let b = offset + 2 <= head.count ? Array(head[offset...]) : more(offset, prefixLength)
        guard b.count >= 2 else { throw .truncated }
        var width = 0, height = 0
        for entry in 0..<u16(b, 0) {
            let at = 2 + entry * 12
            guard at + 12 <= b.count else { throw .truncated }
            let tag = u16(b, at), type = u16(b, at + 2)
            guard tag == 256 || tag == 257 else { continue }
            let value = type == 3 ? u16(b, at + 8) : u32(b, at + 8)  // SHORT or LONG
            if tag == 256 { width = value } else { height = value }
        }
        return ImageHeader(format: .tiff, width: width, height: height)
    }

    /// Walks the JPEG markers to the first start-of-frame, which holds the size.
    private static func readJPEG(_ bytes: [UInt8]) throws(Problem) -> ImageHeader {
        var i = 2
        while true {
            guard i + 4 <= bytes.count else { throw .truncated }
            guard bytes[i] == 0xFF else { throw .notAnImage }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill byte
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2 else { throw .notAnImage }
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isStartOfFrame {
                guard i + 9 <= bytes.count else { throw .truncated }
                let h = Int(bytes[i + 5]) << 8 | Int(bytes[i + 6])
                let w = Int(bytes[i + 7]) << 8 | Int(bytes[i + 8])
                return ImageHeader(format: .jpeg, width: w, height: h)
            }
            i += 2 + length
        }
    }

    private static func bigEndian32(_ b: [UInt8], _ at: Int) -> Int {
        Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
    }

    private static func littleEndian32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
    }
}
