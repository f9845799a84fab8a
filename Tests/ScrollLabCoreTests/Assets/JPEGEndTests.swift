import Foundation
import Testing
@testable import ScrollLabCore

/// SPEC §7: a JPEG cut short is told from a whole one by its markers, bytes after its end included.
@Suite struct JPEGEndTests {
    static func bundled() throws -> [[UInt8]] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Assets/Images").standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.sorted()
        return try names.map { [UInt8](try Data(contentsOf: folder.appendingPathComponent($0))) }
    }

    @Test func wholeFilesAreWholeAndEveryCutIsFound() throws {
        let files = try Self.bundled()
        #expect(files.count >= 72)
        for bytes in files.prefix(8) {
            #expect(!JPEGEnd.isCutShort(bytes))
            // Cut anywhere after the start of image: short (the last two bytes are the EOI itself).
            for cut in stride(from: 2, to: bytes.count - 1, by: max(1, bytes.count / 97)) {
                #expect(JPEGEnd.isCutShort(Array(bytes[..<cut])), "cut at \(cut) of \(bytes.count)")
            }
            #expect(JPEGEnd.isCutShort(Array(bytes.dropLast())))
            // Bytes after the EOI (a motion photo's video, zero padding) are not a cut.
            #expect(!JPEGEnd.isCutShort(bytes + Array("ftypmp42 a video after the picture".utf8)))
            #expect(!JPEGEnd.isCutShort(bytes + [0, 0, 0, 0]))
        }
        for bytes in files { #expect(!JPEGEnd.isCutShort(bytes)) }
    }

    @Test func aMadeJPEGAndOtherBytes() throws {
        let made = try JPEGCodec.encodePicture(width: 64, height: 48, quality: 80, seed: 3, noise: 20).get()
        #expect(!JPEGEnd.isCutShort(made))
        #expect(JPEGEnd.isCutShort(Array(made.prefix(made.count / 2))))
        #expect(!JPEGEnd.isCutShort(Array("not a jpeg".utf8)))
        #expect(!JPEGEnd.isCutShort([]))
        #expect(JPEGEnd.isCutShort([0xFF, 0xD8]))
        // Where a marker must be and is not: corrupt, for the decoder to say.
        #expect(!JPEGEnd.isCutShort([0xFF, 0xD8, 0x12, 0x34]))
    }
}
