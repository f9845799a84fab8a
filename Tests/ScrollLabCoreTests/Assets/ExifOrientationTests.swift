import Testing
@testable import ScrollLabCore

/// A JPEG's EXIF orientation (the tag phone cameras write instead of turning the pixels) is read from its
/// APP1 segment in either byte order, and each of the eight maps the shown picture onto the stored pixels.
@Suite struct ExifOrientationTests {
    static let picture = try! JPEGCodec.encodePicture(width: 64, height: 48, quality: 80, seed: 3, noise: 0).get()

    @Test func theTagIsReadInEitherByteOrder() throws {
        #expect(ExifOrientation(jpeg: Self.picture) == .up)
        for orientation in ExifOrientation.allCases {
            #expect(ExifOrientation(jpeg: orientation.tagging(Self.picture)) == orientation)
            #expect(ExifOrientation(jpeg: orientation.tagging(Self.picture, bigEndian: true)) == orientation)
        }
        // The Orientation entry's type (a LONG, 4) or value (9) changed; not a JPEG; cut inside the segment:
        // as stored.
        let tagged = ExifOrientation.right.tagging(Self.picture)
        let entry = try #require((0..<tagged.count - 1).first { tagged[$0] == 0x12 && tagged[$0 + 1] == 0x01 })
        var long = tagged, nine = tagged
        long[entry + 2] = 4
        nine[entry + 8] = 9
        #expect(ExifOrientation(jpeg: long) == .up)
        #expect(ExifOrientation(jpeg: nine) == .up)
        #expect(ExifOrientation(jpeg: Array(tagged.dropFirst())) == .up)
        #expect(ExifOrientation(jpeg: Array(tagged.prefix(30))) == .up)
        #expect(ExifOrientation(jpeg: [0xFF, 0xD8]) == .up)
    }

    /// Each orientation maps the shown picture onto every stored pixel once; the quarter turns swap the
    /// sides; the corners go where UIImage puts them (6, `.right`: the stored bottom-left is shown top-left).
    @Test func eachOrientationIsAPermutationOfThePixels() {
        let (width, height) = (5, 3)
        for orientation in ExifOrientation.allCases {
            let (w, h) = orientation.swapsSides ? (height, width) : (width, height)
            var seen = Set<Int>()
            for y in 0..<h {
                for x in 0..<w {
                    let s = orientation.source(x: x, y: y, width: width, height: height)
                    #expect((0..<width).contains(s.x) && (0..<height).contains(s.y))
                    seen.insert(s.y * width + s.x)
                }
            }
            #expect(seen.count == width * height, "\(orientation)")
        }
        #expect(ExifOrientation.right.source(x: 0, y: 0, width: width, height: height) == (0, height - 1))
        #expect(ExifOrientation.left.source(x: 0, y: 0, width: width, height: height) == (width - 1, 0))
        #expect(ExifOrientation.down.source(x: 0, y: 0, width: width, height: height) == (width - 1, height - 1))
        #expect(ExifOrientation.upMirrored.source(x: 0, y: 0, width: width, height: height) == (width - 1, 0))
        #expect(ExifOrientation.leftMirrored.source(x: 1, y: 0, width: width, height: height) == (0, 1))
    }
}
