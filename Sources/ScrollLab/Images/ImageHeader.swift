/// What the first bytes of an image file say: its format and pixel size.
///
/// Read before decoding, so that an empty file, a text file named `.png`, or an image far too large
/// to decode within the memory cap is refused with a reason instead of being handed to the decoder.
public struct ImageHeader: Hashable, Sendable {
    /// The container formats the lab recognises.
    public enum Format: String, Hashable, Sendable {
        case png, jpeg, gif, bmp
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

        public var description: String {
            switch self {
            case .empty: return "empty file"
            case .notAnImage: return "not an image"
            case .truncated: return "truncated file"
            case let .tooLarge(w, h): return "too large (\(w)×\(h))"
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

    /// Reads the header from the first bytes of a file (the first 64 KiB are plenty for JPEG).
    /// - Throws: `Problem` when the bytes are empty, unknown, cut short, or the image exceeds
    ///   `maxDecodedBytes` once decoded.
    public static func read(_ bytes: [UInt8], maxDecodedBytes: Int = 64 << 20) throws(Problem) -> ImageHeader {
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
        } else {
            throw .notAnImage
        }
        guard header.width > 0, header.height > 0 else { throw .notAnImage }
        guard header.width <= 1 << 15, header.height <= 1 << 15, header.decodedBytes <= maxDecodedBytes else {
            throw .tooLarge(width: header.width, height: header.height)
        }
        return header
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
