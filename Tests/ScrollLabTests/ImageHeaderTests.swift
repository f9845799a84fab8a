import Testing
@testable import ScrollLab

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
}
