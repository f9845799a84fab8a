import CSDL
import Foundation
import LabKit
import ScrollLabCore
import Testing
@testable import ScrollLabApp

/// The bundled images' previews (`ImagePreviews.bundled`, B-COST-2) are their pixels' ThumbHashes: each
/// file decoded as the window decodes it, shrunk (linear filter) to at most 100×100 — 68×100 for the 300×440
/// photos — and encoded. A table that drifts from the images fails here, naming the entries to paste.
@Suite struct BundledPreviewsTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/Images")

    /// The ThumbHash of the image file at `path`, from its decoded pixels.
    static func thumbHash(_ path: String) -> [UInt8]? {
        let file = AssetFile(path: Array(path.utf8))
        guard let size = ImageDecoder.pixelSize(of: file) else { return nil }
        let scale = 100.0 / Double(Swift.max(size.width, size.height))
        let fit = PixelSize(width: Int32(Swift.max(1, Int((Double(size.width) * scale).rounded(.down)))),
                            height: Int32(Swift.max(1, Int((Double(size.height) * scale).rounded(.down)))))
        guard case let .success(surface) = ImageDecoder.decode(path: file, fitting: fit) else { return nil }
        defer { surface.free() }
        let p = surface.pointer.pointee
        var rgba: [UInt8] = []
        for y in 0..<Int(p.h) {
            let row = p.pixels.advanced(by: y * Int(p.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(p.w) {
                var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0, a: UInt8 = 0
                SDL_GetRGBA(row[x], p.format, &r, &g, &b, &a)
                rgba += [r, g, b, a]
            }
        }
        return ThumbHash(width: Int(p.w), height: Int(p.h), rgba: rgba)?.bytes
    }

    @Test func everyBundledImagesPreviewIsItsPixelsThumbHash() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".jpg") }.sorted()
        #expect(files.count == 72)
        let computed = files.map { Self.thumbHash(Self.directory.appendingPathComponent($0).path).map(Base64.encode) ?? "?" }
        let table = ImagePreviews.bundled.hashes.map { $0.map(Base64.encode) ?? "nil" }
        if computed != table {
            print(computed.map { "        \"\($0)\"," }.joined(separator: "\n"))
        }
        #expect(computed == table)
        #expect(ImagePreviews.bundled.hashes.allSatisfy { $0.map { ThumbHash(bytes: $0)?.isDrawable ?? false } ?? false })
    }
}
