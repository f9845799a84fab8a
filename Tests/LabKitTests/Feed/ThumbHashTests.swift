import Testing
import LabKit

/// ThumbHash (B-COST-2) against the format's reference implementation (evanw/thumbhash, js/thumbhash.js):
/// the hashes, decoded previews, average colours and aspect ratios below are what the reference gives for
/// the same synthetic images (`image(width:height:alpha:)`), computed with it once and written here.
@Suite struct ThumbHashTests {
    struct Vector {
        var width: Int, height: Int, alpha: Bool
        var hash: [UInt8]
        var decodedSize: (Int, Int)
        var decodedFNV: UInt32
        var average: (Double, Double, Double, Double)
        var ratio: Double
    }

    static let vectors: [Vector] = [
        Vector(width: 4, height: 3, alpha: false,
               hash: [23, 11, 14, 61, 164, 113, 119, 120, 112, 136, 120, 136, 136, 136, 136, 135, 112, 112, 24, 247, 120],
               decodedSize: (32, 23), decodedFNV: 0x957ee0ab, average: (0.505291, 0.489418, 0.100529, 1.000000), ratio: 1.4),
        Vector(width: 7, height: 5, alpha: true,
               hash: [89, 10, 134, 12, 146, 23, 147, 134, 144, 152, 137, 121, 24, 9, 153, 113, 127, 120, 82, 119, 96, 139, 213, 119, 7],
               decodedSize: (32, 26), decodedFNV: 0xa1edd530, average: (0.505291, 0.489418, 0.195767, 0.466667), ratio: 1.25),
        Vector(width: 100, height: 75, alpha: false,
               hash: [223, 7, 10, 53, 154, 128, 135, 119, 112, 119, 119, 120, 120, 120, 119, 120, 112, 128, 7, 248, 119],
               decodedSize: (32, 23), decodedFNV: 0xe2e01e8d, average: (0.494709, 0.478836, 0.502646, 1.000000), ratio: 1.4),
        Vector(width: 30, height: 60, alpha: false,
               hash: [223, 7, 10, 60, 26, 128, 7, 119, 119, 135, 119, 119, 135, 118, 112, 128, 8, 248, 119],
               decodedSize: (18, 32), decodedFNV: 0x71c6c437, average: (0.494709, 0.478836, 0.502646, 1.000000), ratio: 0.5714285714285714),
        Vector(width: 1, height: 1, alpha: false,
               hash: [0, 8, 2, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
               decodedSize: (32, 32), decodedFNV: 0x766525c5, average: (0.013228, 0.000000, 0.000000, 1.000000), ratio: 1),
        Vector(width: 100, height: 100, alpha: true,
               hash: [223, 247, 133, 29, 12, 8, 128, 119, 128, 120, 136, 119, 119, 128, 128, 8, 247, 136, 87, 121, 151, 85, 85, 144, 117],
               decodedSize: (32, 32), decodedFNV: 0xbe17f6fd, average: (0.478836, 0.494709, 0.502646, 0.533333), ratio: 1),
        Vector(width: 64, height: 16, alpha: false,
               hash: [224, 247, 9, 58, 156, 128, 103, 119, 112, 87, 120, 120, 112, 144, 9, 248, 135],
               decodedSize: (32, 9), decodedFNV: 0x91a457a3, average: (0.494709, 0.510582, 0.518519, 1.000000), ratio: 3.5),
    ]

    /// A pixel's channels from its position: gradients in red and green, a pattern in blue and alpha.
    static func image(width w: Int, height h: Int, alpha: Bool) -> [UInt8] {
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = 4 * (y * w + x)
                rgba[i] = UInt8(x * 255 / Swift.max(1, w - 1))
                rgba[i + 1] = UInt8(y * 255 / Swift.max(1, h - 1))
                rgba[i + 2] = UInt8((x * 7 + y * 13) % 256)
                rgba[i + 3] = alpha ? UInt8(((x + y) * 37) % 256) : 255
            }
        }
        return rgba
    }

    /// FNV-1a over the bytes, 32 bits.
    static func fnv(_ bytes: [UInt8]) -> UInt32 {
        var h: UInt32 = 0x811c_9dc5
        for b in bytes { h = (h ^ UInt32(b)) &* 0x0100_0193 }
        return h
    }

    @Test(arguments: vectors.indices)
    func encodesAsTheReferenceDoes(_ i: Int) throws {
        let v = Self.vectors[i]
        let hash = try #require(ThumbHash(width: v.width, height: v.height, rgba: Self.image(width: v.width, height: v.height, alpha: v.alpha)))
        #expect(hash.bytes == v.hash)
    }

    @Test(arguments: vectors.indices)
    func decodesAsTheReferenceDoes(_ i: Int) throws {
        let v = Self.vectors[i]
        let hash = try #require(ThumbHash(bytes: v.hash))
        let image = hash.decoded()
        #expect(image.width == v.decodedSize.0 && image.height == v.decodedSize.1)
        #expect(image.rgba.count == image.width * image.height * 4)
        #expect(Self.fnv(image.rgba) == v.decodedFNV)
        let average = hash.averageRGBA
        #expect(abs(average.r - v.average.0) < 1e-6 && abs(average.g - v.average.1) < 1e-6)
        #expect(abs(average.b - v.average.2) < 1e-6 && abs(average.a - v.average.3) < 1e-6)
        #expect(abs(hash.approximateAspectRatio - v.ratio) < 1e-12)
    }

    @Test func aHashIsAboutTwentyFiveBytes() throws {
        let photo = try #require(ThumbHash(width: 100, height: 75, rgba: Self.image(width: 100, height: 75, alpha: false)))
        #expect((19...25).contains(photo.bytes.count))
    }

    /// What cannot be a hash is refused, never read past its end: the colour placeholder's case.
    @Test func bytesThatCannotBeAHashAreRefused() {
        #expect(ThumbHash(bytes: []) == nil)
        #expect(ThumbHash(bytes: [1, 2, 3, 4]) == nil)
        #expect(ThumbHash(bytes: [0, 0, 0x80, 0, 0]) == nil)          // alpha announced, no alpha byte
        let whole = Self.vectors[0].hash
        #expect(ThumbHash(bytes: Array(whole.prefix(whole.count - 1))) == nil)   // terms cut short
        #expect(ThumbHash(bytes: whole) != nil)
        // Every prefix and every single-byte change either is refused or decodes to a whole image.
        for n in 0...whole.count {
            if let h = ThumbHash(bytes: Array(whole.prefix(n))) { #expect(h.decoded().rgba.count > 0) }
        }
        for i in whole.indices {
            for b: UInt8 in [0, 0x7f, 0x80, 0xff] {
                var bytes = whole
                bytes[i] = b
                if let h = ThumbHash(bytes: bytes) {
                    let image = h.decoded()
                    #expect(image.rgba.count == image.width * image.height * 4 && image.width <= 32 && image.height <= 32)
                }
            }
        }
    }

    @Test func imagesItCannotEncodeAreRefused() {
        #expect(ThumbHash(width: 101, height: 10, rgba: [UInt8](repeating: 0, count: 101 * 10 * 4)) == nil)
        #expect(ThumbHash(width: 0, height: 10, rgba: []) == nil)
        #expect(ThumbHash(width: 2, height: 2, rgba: [0, 0, 0]) == nil)
    }
}
