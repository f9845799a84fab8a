import CSDL
import LabKit
import ScrollLabCore
import Testing
@testable import ScrollLabApp

/// The window's decode of a big JPEG (B-COST-1): downsampled at decode by libjpeg to cover its tile's
/// pixels, counted at what the decode allocated; whole with `--downsample off`; never allocated past the
/// device's memory limit.
@Suite struct ImageDecoderScaledTests {
    /// A 1200×900 JPEG (the lab's seeded picture).
    static let jpeg: [UInt8] = (try? JPEGCodec.encodePicture(width: 1200, height: 900, quality: 80, seed: 9, noise: 40).get()) ?? []

    @Test func downsampledAtDecodeToCoverItsTile() throws {
        // A 4:3 photo in a 150 pt masonry tile at 2 px a point: 300×225, exactly 1/4 of each side.
        let plan = DecodePlan(target: .init(width: 300, height: 225))
        guard case let .success(surface) = ImageDecoder.decode(bytes: Self.jpeg, fitting: PixelSize(width: 150, height: 113), plan: plan)
        else { Issue.record("the JPEG does not decode"); return }
        defer { surface.free() }
        #expect(surface.decodedBytes == 300 * 225 * 4)
        #expect(surface.pointer.pointee.w == 150 && surface.pointer.pointee.h == 113)
        #expect(surface.isOpaque)
    }

    @Test func wholeWithoutATarget() throws {
        guard case let .success(surface) = ImageDecoder.decode(bytes: Self.jpeg, fitting: PixelSize(width: 150, height: 113), plan: DecodePlan())
        else { Issue.record("the JPEG does not decode"); return }
        defer { surface.free() }
        #expect(surface.decodedBytes == 1200 * 900 * 4)
        #expect(surface.pointer.pointee.w == 150 && surface.pointer.pointee.h == 113)
    }

    @Test func overTheMemoryLimitIsNeverDecoded() {
        // Whole: 4 320 000 bytes, past a 4 000 000-byte limit; downsampled: 270 000, decoded.
        let whole = ImageDecoder.decode(bytes: Self.jpeg, plan: DecodePlan(memoryLimitBytes: 4_000_000))
        guard case let .failure(failure) = whole else { Issue.record("decoded past the limit"); return }
        #expect(failure.reason == FeedDecodedSizes.overMemoryLimit)
        let scaled = ImageDecoder.decode(bytes: Self.jpeg, plan: DecodePlan(target: .init(width: 300, height: 225), memoryLimitBytes: 4_000_000))
        guard case let .success(surface) = scaled else { Issue.record("the downsampled decode was refused"); return }
        surface.free()
    }
}
