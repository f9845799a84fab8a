import Testing
@testable import ScrollLabCore

@Suite struct ImageHeaderTests {
    /// A PNG signature and IHDR chunk for a `w`×`h` image (no pixel data: the header is all that is read).
    func pngHeader(width w: UInt32, height h: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(w) + be(h) + [8, 6, 0, 0, 0]
    }

    @Test func pngSize() throws {
        let header = try ImageHeader.read(pngHeader(width: 300, height: 440))
        #expect(header == ImageHeader(format: .png, width: 300, height: 440))
        #expect(header.decodedBytes == 528_000)
    }

    @Test func jpegSizeAfterAppSegments() throws {
        // SOI, an APP0 segment of 16 bytes, then SOF0 with height 440 and width 300.
        let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + Array(repeating: 0, count: 14)
        let sof0: [UInt8] = [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xB8, 0x01, 0x2C, 0x03]
        let header = try ImageHeader.read([0xFF, 0xD8] + app0 + sof0)
        #expect(header == ImageHeader(format: .jpeg, width: 300, height: 440))
    }

    @Test func problemsAreNamed() {
        #expect(throws: ImageHeader.Problem.empty) { try ImageHeader.read([]) }
        #expect(throws: ImageHeader.Problem.notAnImage) { try ImageHeader.read(Array("hello, I am text".utf8)) }
        #expect(throws: ImageHeader.Problem.truncated) { try ImageHeader.read(Array(pngHeader(width: 1, height: 1).prefix(12))) }
        #expect(throws: ImageHeader.Problem.truncated) { try ImageHeader.read([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) }
        #expect(throws: ImageHeader.Problem.tooLarge(width: 12000, height: 12000)) {
            try ImageHeader.read(pngHeader(width: 12000, height: 12000))
        }
        #expect(ImageHeader.Problem.tooLarge(width: 12000, height: 12000).description == "too large (12000×12000)")
    }

    @Test func webpSizesOfAllThreeKinds() throws {
        let riff = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)
        // Lossy: the frame size after the key-frame start code (37×23), as ImageMagick writes it.
        let lossy = riff + Array("VP8 ".utf8) + [0x42, 0, 0, 0, 0x50, 0x03, 0x00, 0x9D, 0x01, 0x2A, 0x25, 0x00, 0x17, 0x00]
        #expect(try ImageHeader.read(lossy) == ImageHeader(format: .webp, width: 37, height: 23))
        // Lossless: 14-bit width−1 and height−1 after the signature byte 0x2F.
        let lossless = riff + Array("VP8L".utf8) + [0x0F, 0, 0, 0, 0x2F, 0x24, 0x80, 0x05, 0x00, 0, 0, 0, 0]
        #expect(try ImageHeader.read(lossless) == ImageHeader(format: .webp, width: 37, height: 23))
        // Extended: 24-bit canvas width−1 and height−1.
        let extended = riff + Array("VP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0] + [0xFF, 0x7F, 0x00, 0x0F, 0x00, 0x00]
        #expect(throws: ImageHeader.Problem.beyondTextureLimit(width: 32768, height: 16, limit: 16384)) {
            try ImageHeader.read(extended)
        }
    }

    @Test func tiffSizeFromItsFirstDirectoryWhereverItIs() throws {
        // Little-endian, directory at offset 100_000 (past the first bytes), width LONG 37, height SHORT 23.
        var file = [UInt8](repeating: 0, count: 100_000)
        file[0...7] = [0x49, 0x49, 0x2A, 0x00, 0xA0, 0x86, 0x01, 0x00]
        file += [2, 0] + [0x00, 0x01, 4, 0, 1, 0, 0, 0, 37, 0, 0, 0] + [0x01, 0x01, 3, 0, 1, 0, 0, 0, 23, 0, 0, 0]
        var asked: [Int] = []
        let header = try ImageHeader.read(Array(file.prefix(ImageHeader.prefixLength))) { offset, count in
            asked.append(offset)
            return Array(file[offset..<min(file.count, offset + count)])
        }
        #expect(header == ImageHeader(format: .tiff, width: 37, height: 23))
        #expect(asked == [100_000])
    }

    @Test func sidesBeyondTheRenderersTextureLimitAreRefused() {
        // 32768×1 is a few bytes decoded, but no renderer here draws it (it crashed the software one).
        #expect(throws: ImageHeader.Problem.beyondTextureLimit(width: 32768, height: 1, limit: 16384)) {
            try ImageHeader.read(pngHeader(width: 32768, height: 1))
        }
        #expect(throws: ImageHeader.Problem.beyondTextureLimit(width: 300, height: 440, limit: 256)) {
            try ImageHeader.read(pngHeader(width: 300, height: 440), maxDimension: 256)
        }
        #expect(ImageHeader.Problem.beyondTextureLimit(width: 32768, height: 1, limit: 16384).description
            == "too large for the renderer (32768×1, at most 16384 px a side)")
    }
}
