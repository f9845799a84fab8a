import Testing
@testable import ScrollLabApp

/// B-DISK-2: a body without a Content-Length that the connection cut short is told by the image's end.
@Suite struct ImageEndTests {
    @Test func wholeImagesPassAndCutOnesAreTold() throws {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 7, count: 100) + [0xFF, 0xD9]
        #expect(!ImageEnd.isCutShort(jpeg) && !ImageEnd.isCutShort(jpeg + [0, 0]))
        #expect(ImageEnd.isCutShort(Array(jpeg.dropLast())) && ImageEnd.isCutShort(Array(jpeg.prefix(50))))
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 1, count: 30)
            + [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        #expect(!ImageEnd.isCutShort(png) && ImageEnd.isCutShort(Array(png.dropLast(3))))
        let gif = Array("GIF89a".utf8) + [1, 2, 3, 0x3B]
        #expect(!ImageEnd.isCutShort(gif) && ImageEnd.isCutShort(Array(gif.dropLast())))
        let webp = Array("RIFF".utf8) + [8, 0, 0, 0] + Array("WEBP".utf8) + [1, 2, 3, 4]
        #expect(!ImageEnd.isCutShort(webp) && ImageEnd.isCutShort(Array(webp.dropLast())))
        let bmp = Array("BM".utf8) + [10, 0, 0, 0] + [0, 0, 0, 0]
        #expect(!ImageEnd.isCutShort(bmp) && ImageEnd.isCutShort(Array(bmp.dropLast())))
        #expect(!ImageEnd.isCutShort(Array("II*\0 a tiff".utf8)) && !ImageEnd.isCutShort([1, 2, 3]))
    }
}
