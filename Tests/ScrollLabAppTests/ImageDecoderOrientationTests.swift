import CSDL
import ScrollLabCore
import Testing
@testable import ScrollLabApp

/// A JPEG with an EXIF orientation is shown turned, as UIImage shows it: decoded whole or scaled at decode,
/// its pixels are the stored ones moved where the orientation says, and the scale covers the shown size.
@Suite struct ImageDecoderOrientationTests {
    /// The picture `ExifOrientationTests` uses, with orientation `value`.
    static func jpeg(_ value: Int, width: Int = 64, height: Int = 48) throws -> [UInt8] {
        let plain = try JPEGCodec.encodePicture(width: width, height: height, quality: 90, seed: 9, noise: 30).get()
        return value == 1 ? plain : ExifOrientation(rawValue: value)!.tagging(plain)
    }

    static func pixel(_ s: DecodedSurface, _ x: Int, _ y: Int) -> UInt32 {
        let p = s.pointer.pointee
        return p.pixels.advanced(by: y * Int(p.pitch)).assumingMemoryBound(to: UInt32.self)[x]
    }

    @Test func eachOrientationMovesTheStoredPixels() throws {
        guard case let .success(plain) = ImageDecoder.decode(bytes: try Self.jpeg(1)) else { throw CancellationError() }
        defer { plain.free() }
        for orientation in ExifOrientation.allCases.dropFirst() {
            guard case let .success(turned) = ImageDecoder.decode(bytes: try Self.jpeg(orientation.rawValue)) else {
                Issue.record("\(orientation) does not decode")
                continue
            }
            defer { turned.free() }
            let (w, h) = orientation.swapsSides ? (48, 64) : (64, 48)
            #expect(Int(turned.pointer.pointee.w) == w && Int(turned.pointer.pointee.h) == h, "\(orientation)")
            #expect(turned.decodedBytes == 64 * 48 * 4)
            var moved = true
            for y in 0..<h {
                for x in 0..<w {
                    let s = orientation.source(x: x, y: y, width: 64, height: 48)
                    if Self.pixel(turned, x, y) != Self.pixel(plain, s.x, s.y) { moved = false }
                }
            }
            #expect(moved, "\(orientation): every shown pixel is its stored pixel")
        }
    }

    /// A quarter-turned photo larger than its portrait tile is scaled at decode to cover the tile as shown:
    /// 1200×800 stored, 200×300 px shown, decoded at 1/4 (300×200), turned (200×300).
    @Test func aTurnedPhotoIsScaledForItsShownSides() throws {
        let plan = DecodePlan(target: .init(width: 200, height: 300))
        guard case let .success(surface) = ImageDecoder.decode(bytes: try Self.jpeg(6, width: 1200, height: 800), plan: plan) else {
            throw CancellationError()
        }
        defer { surface.free() }
        #expect(surface.pointer.pointee.w == 200 && surface.pointer.pointee.h == 300)
        #expect(surface.decodedBytes == 300 * 200 * 4)
    }
}
