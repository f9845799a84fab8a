import CSDL
import ScrollLabCore
import Foundation
import Testing
@testable import ScrollLabApp

/// Decoding a bundled image at the size a tile draws it: the texture's pixels shrink, the decoded bytes
/// the memory cache counts stay the full image's.
@Suite struct ImageDecoderTests {
    /// `Assets/Images/img-000.jpg` (300 × 440, no alpha), found from this file.
    static let image: AssetFile = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return AssetFile(path: Array(root.appendingPathComponent("Assets/Images/img-000.jpg").path.utf8))
    }()

    func decoded(fitting: PixelSize?) throws -> DecodedSurface {
        guard case let .success(surface) = ImageDecoder.decode(path: Self.image, fitting: fitting) else {
            Issue.record("img-000.jpg does not decode")
            throw CancellationError()
        }
        return surface
    }

    @Test func anImageLargerThanItsTileIsKeptAtTheTilesSize() throws {
        let surface = try decoded(fitting: PixelSize(width: 150, height: 220))
        defer { surface.free() }
        #expect(surface.pointer.pointee.w == 150 && surface.pointer.pointee.h == 220)
        #expect(surface.decodedBytes == 300 * 440 * 4)
        #expect(surface.isReduced && surface.isOpaque)
    }

    @Test func anImageNoLargerThanWhereItIsDrawnIsKeptWhole() throws {
        for fitting in [nil, PixelSize(width: 300, height: 440), PixelSize(width: 600, height: 880), PixelSize(width: 150, height: 440)] {
            let surface = try decoded(fitting: fitting)
            defer { surface.free() }
            #expect(surface.pointer.pointee.w == 300 && surface.pointer.pointee.h == 440)
            #expect(surface.decodedBytes == 300 * 440 * 4)
            #expect(!surface.isReduced)
        }
    }

    @Test func theShrunkImageIsTheWholeImageFiltered() throws {
        // The mean colour survives a linear 2:1 shrink (a crop or a nearest-neighbour pick of a corner would not).
        func mean(_ s: DecodedSurface) -> [Double] {
            let p = s.pointer.pointee
            var sums = [0.0, 0.0, 0.0]
            for y in 0..<Int(p.h) {
                let row = p.pixels.advanced(by: y * Int(p.pitch)).assumingMemoryBound(to: UInt32.self)
                for x in 0..<Int(p.w) {
                    var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0
                    SDL_GetRGB(row[x], p.format, &r, &g, &b)
                    sums[0] += Double(r); sums[1] += Double(g); sums[2] += Double(b)
                }
            }
            return sums.map { $0 / Double(p.w * p.h) }
        }
        let whole = try decoded(fitting: nil), small = try decoded(fitting: PixelSize(width: 150, height: 220))
        defer { whole.free(); small.free() }
        for (a, b) in zip(mean(whole), mean(small)) { #expect(abs(a - b) < 2) }
    }
}
