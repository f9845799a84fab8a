import Testing
@testable import ScrollLabHTTP

/// B-DISK-2: a body without a Content-Length that the connection cut short is told by the image's end.
@Suite struct ImageEndMarkerTests {
    @Test func wholeImagesPassAndCutOnesAreTold() throws {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 7, count: 100) + [0xFF, 0xD9]
        #expect(!ImageEndMarker.isCutShort(jpeg) && !ImageEndMarker.isCutShort(jpeg + [0, 0]))
        #expect(ImageEndMarker.isCutShort(Array(jpeg.dropLast())) && ImageEndMarker.isCutShort(Array(jpeg.prefix(50))))
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 1, count: 30)
            + [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        #expect(!ImageEndMarker.isCutShort(png) && ImageEndMarker.isCutShort(Array(png.dropLast(3))))
        let gif = Array("GIF89a".utf8) + [1, 2, 3, 0x3B]
        #expect(!ImageEndMarker.isCutShort(gif) && ImageEndMarker.isCutShort(Array(gif.dropLast())))
        let webp = Array("RIFF".utf8) + [8, 0, 0, 0] + Array("WEBP".utf8) + [1, 2, 3, 4]
        #expect(!ImageEndMarker.isCutShort(webp) && ImageEndMarker.isCutShort(Array(webp.dropLast())))
        let bmp = Array("BM".utf8) + [10, 0, 0, 0] + [0, 0, 0, 0]
        #expect(!ImageEndMarker.isCutShort(bmp) && ImageEndMarker.isCutShort(Array(bmp.dropLast())))
        #expect(!ImageEndMarker.isCutShort(Array("II*\0 a tiff".utf8)) && !ImageEndMarker.isCutShort([1, 2, 3]))
    }
}
