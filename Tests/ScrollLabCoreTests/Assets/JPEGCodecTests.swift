import LabKit
import Testing
@testable import ScrollLabCore

/// libjpeg-turbo behind `JPEGCodec` (B-COST-1): the scale rule of a downsampled decode, the COM padding
/// that makes a file exactly its feed's bytes, and a decode of what was encoded.
@Suite struct JPEGCodecTests {
    func encoded(_ width: Int, _ height: Int, quality: Int = 85) throws -> [UInt8] {
        try JPEGCodec.encodePicture(width: width, height: height, quality: quality, seed: 3, noise: JPEGFileMaker.noise).get()
    }

    @Test func aScaledSideIsRoundedUpAsLibjpegDoes() {
        #expect(JPEGCodec.scaledSide(4000, denominator: 8) == 500)
        #expect(JPEGCodec.scaledSide(1155, denominator: 2) == 578)
        #expect(JPEGCodec.scaledSide(866, denominator: 8) == 109)
        #expect(JPEGCodec.scaledSide(300, denominator: 1) == 300)
    }

    @Test func theScaleIsTheLargestReductionStillCoveringTheTarget() {
        #expect(JPEGCodec.denominator(width: 4000, height: 3000, target: (300, 225)) == 8)   // 500×375
        #expect(JPEGCodec.denominator(width: 1155, height: 866, target: (300, 225)) == 2)    // 1/4 is 289×217: short
        #expect(JPEGCodec.denominator(width: 1200, height: 900, target: (300, 225)) == 4)    // exactly 300×225
        #expect(JPEGCodec.denominator(width: 300, height: 440, target: (300, 440)) == 1)     // the bundled grid: whole
        #expect(JPEGCodec.denominator(width: 200, height: 100, target: (300, 225)) == 1)     // smaller than its tile
        #expect(JPEGCodec.denominator(width: 4000, height: 3000, target: nil) == 1)           // --downsample off
    }

    @Test func whatIsEncodedDecodesAtItsSizeAndScaled() throws {
        let jpeg = try encoded(64, 48)
        let size = try JPEGCodec.size(of: jpeg).get()
        #expect(size.width == 64 && size.height == 48)
        var pixels = [UInt8](repeating: 0, count: 32 * 24 * 4)
        let failure = pixels.withUnsafeMutableBytes { JPEGCodec.decode(jpeg, denominator: 2, into: $0.baseAddress!, pitch: 32 * 4, width: 32, height: 24) }
        #expect(failure == nil)
        #expect(pixels.contains { $0 != 0 })
        // A buffer of another size is refused, not overrun.
        let wrong = pixels.withUnsafeMutableBytes { JPEGCodec.decode(jpeg, denominator: 1, into: $0.baseAddress!, pitch: 32 * 4, width: 32, height: 24) }
        #expect(wrong?.reason == "output size differs from the buffer's")
        #expect(JPEGCodec.size(of: Array(jpeg.prefix(10))).isFailure)
        #expect(JPEGCodec.size(of: [1, 2, 3]).isFailure)
    }

    @Test func paddingAddsCommentSegmentsBeforeTheScan() throws {
        let jpeg = try encoded(64, 48)
        let scan = try #require(JPEGCodec.firstScan(jpeg))
        #expect(jpeg[scan] == 0xFF && jpeg[scan + 1] == 0xDA)
        let four = try #require(JPEGCodec.padded(jpeg, to: jpeg.count + 4))
        #expect(four.count == jpeg.count + 4)
        #expect(Array(four[scan..<scan + 4]) == [0xFF, 0xFE, 0x00, 0x02])
        #expect(JPEGCodec.padded(jpeg, to: jpeg.count) == jpeg)
        #expect(JPEGCodec.padded(jpeg, to: jpeg.count + 3) == nil)    // a segment is at least 4 bytes
        #expect(JPEGCodec.padded(jpeg, to: jpeg.count - 1) == nil)
        // 200 000 bytes: four segments of 50 000 (each at most 65 537).
        let big = try #require(JPEGCodec.padded(jpeg, to: jpeg.count + 200_000))
        #expect(big.count == jpeg.count + 200_000)
        #expect(Array(big[scan..<scan + 4]) == [0xFF, 0xFE, UInt8((50_000 - 2) >> 8), UInt8((50_000 - 2) & 0xFF)])
        #expect(JPEGCodec.firstScan(big) == scan + 200_000)
        let size = try JPEGCodec.size(of: big).get()
        #expect(size.width == 64 && size.height == 48)
    }

    @Test func aFileIsMadeAtExactlyItsBytes() throws {
        let made = try JPEGFileMaker.make(width: 640, height: 480, bytes: 60_000, seed: 1).get()
        #expect(made.bytes.count == 60_000)
        #expect(!made.isOverSize && made.padding >= 0 && made.padding < 60_000)
        let size = try JPEGCodec.size(of: made.bytes).get()
        #expect(size.width == 640 && size.height == 480)
        // Too few bytes for the pixels: the smallest file, larger than asked, and said so.
        let tight = try JPEGFileMaker.make(width: 1000, height: 1000, bytes: 1000, seed: 1).get()
        #expect(tight.isOverSize && tight.bytes.count > 1000 && tight.quality == 1)
    }

    @Test func fitsMeansPaddableToExactly() {
        #expect(JPEGFileMaker.fits(100, 100))
        #expect(JPEGFileMaker.fits(96, 100))
        #expect(!JPEGFileMaker.fits(97, 100))
        #expect(!JPEGFileMaker.fits(101, 100))
    }

    /// A JPEG whose frame header says `width` × `height` (the scan is a small image's: only the header is read).
    func header(claiming width: Int, _ height: Int) throws -> [UInt8] {
        var jpeg = try encoded(16, 16)
        let sof = try #require((2..<jpeg.count - 9).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg[sof + 5] = UInt8(height >> 8); jpeg[sof + 6] = UInt8(height & 0xFF)
        jpeg[sof + 7] = UInt8(width >> 8); jpeg[sof + 8] = UInt8(width & 0xFF)
        return jpeg
    }

    @Test func anImageOverTheMemoryLimitIsRefusedFromItsHeader() throws {
        let huge = try header(claiming: 20_000, 20_000)
        let limit = 192 << 20
        // Whole: 1.6 GB decoded, past a 192 MiB limit.
        #expect(DecodePlan(memoryLimitBytes: limit).refusal(header: huge, maxDimension: 16_384)?.reason == FeedDecodedSizes.overMemoryLimit)
        // Downsampled to a 300×440 tile: 1/8, 2500×2500, 25 MB: decoded.
        let plan = DecodePlan(target: .init(width: 300, height: 440), memoryLimitBytes: limit)
        let out = plan.output(width: 20_000, height: 20_000, isJPEG: true)
        #expect(out.denominator == 8 && out.width == 2500 && out.height == 2500)
        #expect(plan.refusal(header: huge, maxDimension: 16_384) == nil)
        #expect(plan.scalesAtDecode(huge))
        // No device: no limit (the usual header checks follow).
        #expect(DecodePlan().refusal(header: huge, maxDimension: 16_384) == nil)
        // A 12 MP photo whole on a 48 MiB phone: 48 000 000 bytes, under 50 331 648.
        let photo = try header(claiming: 4000, 3000)
        #expect(DecodePlan(memoryLimitBytes: 48 << 20).refusal(header: photo, maxDimension: 16_384) == nil)
        #expect(DecodePlan(memoryLimitBytes: 47_999_999).refusal(header: photo, maxDimension: 16_384)?.reason == FeedDecodedSizes.overMemoryLimit)
        // Downsampled, the limit is held against what the model keeps (the tile's 528 000 bytes), as headless,
        // not libjpeg's 1/4 step (1000×750, 3 MB): a 1 MB phone keeps it; one of 500 kB refuses it.
        let tile = DecodePlan.ImagePixels(width: 300, height: 440)
        #expect(DecodePlan(target: tile).output(width: 4000, height: 3000, isJPEG: true).width == 1000)
        #expect(DecodePlan(target: tile, memoryLimitBytes: 1_000_000).refusal(header: photo, maxDimension: 16_384) == nil)
        #expect(DecodePlan(target: tile, memoryLimitBytes: 527_999).refusal(header: photo, maxDimension: 16_384)?.reason
                == FeedDecodedSizes.overMemoryLimit)
        // An image smaller than its tile keeps its own pixels.
        let small = try header(claiming: 100, 100)
        #expect(DecodePlan(target: tile, memoryLimitBytes: 40_000).refusal(header: small, maxDimension: 16_384) == nil)
    }
}

extension Result {
    var isFailure: Bool { if case .failure = self { return true } else { return false } }
}
