import LabKit
import Testing
@testable import ScrollLabCore

/// A written picture's preview (`JPEGCodec.thumbHash(of:)`, `feed generate --write-images`) is that
/// picture's: its average colour and aspect are the decoded pixels', and two pictures have two previews.
@Suite struct JPEGCodecPreviewTests {
    /// The mean colour of the JPEG decoded whole.
    func meanColour(_ jpeg: [UInt8]) throws -> (r: Double, g: Double, b: Double) {
        let size = try JPEGCodec.size(of: jpeg).get()
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
        let failure = pixels.withUnsafeMutableBytes {
            JPEGCodec.decode(jpeg, denominator: 1, into: $0.baseAddress!, pitch: size.width * 4, width: size.width, height: size.height)
        }
        #expect(failure == nil)
        var sum = (r: 0.0, g: 0.0, b: 0.0)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            sum.b += Double(pixels[i])
            sum.g += Double(pixels[i + 1])
            sum.r += Double(pixels[i + 2])
        }
        let n = Double(size.width * size.height) * 255
        return (sum.r / n, sum.g / n, sum.b / n)
    }

    @Test func aPreviewIsOfThePictureItself() throws {
        for (width, height, seed) in [(1200, 800, UInt64(5)), (300, 900, 6), (64, 48, 7), (2000, 2000, 8)] {
            let jpeg = try JPEGCodec.encodePicture(width: width, height: height, quality: 80, seed: seed, noise: JPEGFileMaker.noise).get()
            let hash = try #require(JPEGCodec.thumbHash(of: jpeg).flatMap(ThumbHash.init(bytes:)))
            let mean = try meanColour(jpeg), average = hash.averageRGBA
            // ThumbHash keeps the average colour to a few levels of 255.
            #expect(abs(average.r - mean.r) < 0.03 && abs(average.g - mean.g) < 0.03 && abs(average.b - mean.b) < 0.03,
                    "\(width)×\(height): preview \(average), picture \(mean)")
            #expect(abs(hash.approximateAspectRatio - Double(width) / Double(height)) / (Double(width) / Double(height)) < 0.25)
        }
        let a = try JPEGCodec.encodePicture(width: 400, height: 300, quality: 80, seed: 1, noise: 40).get()
        let b = try JPEGCodec.encodePicture(width: 400, height: 300, quality: 80, seed: 2, noise: 40).get()
        #expect(JPEGCodec.thumbHash(of: a) != JPEGCodec.thumbHash(of: b))
        #expect(JPEGCodec.thumbHash(of: Array(a.prefix(10))) == nil)
    }
}
