import Foundation
import LabKit
import Testing
@testable import ScrollLabCore

/// Under a modelled network each image moves its file's size, from `--assets DIR` or the bundled images;
/// no folder, an empty one or a file whose size cannot be read is an error, never a stand-in size.
@Suite struct ImageTransferSizesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A new folder holding one file per entry of `files` (name, bytes).
    func folder(_ files: [(String, Int)]) throws -> String {
        let path = NSTemporaryDirectory() + "scrolllab-sizes-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        for (name, count) in files {
            try Data(repeating: 0x5A, count: count).write(to: URL(fileURLWithPath: path + "/" + name))
        }
        return path
    }

    @Test func eachImageMovesItsFilesSizeInNameOrder() throws {
        let path = try folder([("b.png", 2000), ("a.jpg", 1000), ("c.webp", 4001), ("notes.txt", 50)])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sizes = try ImageTransferSizes.resolve(assets: path)
        #expect(sizes.folder == path)
        #expect(sizes.bytes == [1000, 2000, 4001])              // a.jpg, b.png, c.webp; the text file is no image
        #expect(sizes.bytes(assetCount: 3) == [1000, 2000, 4001])
        #expect(sizes.bytes(assetCount: 7) == [1000, 2000, 4001, 1000, 2000, 4001, 1000])   // asset i is file i % 3
        #expect(GridSceneConfiguration.roundedMean(sizes.bytes) == 2334)
    }

    @Test func theBundledImagesAreSizedFromTheRepository() throws {
        let folder = Self.root.appendingPathComponent("Assets/Images").path
        let sizes = try ImageTransferSizes.resolve(assets: folder)
        let expected = try AssetCatalog.imageFiles(in: folder).map { file in
            try FileManager.default.attributesOfItem(atPath: String(decoding: file.path, as: UTF8.self))[.size] as! Int
        }
        #expect(sizes.bytes.count == GridSceneConfiguration().assetCount)
        #expect(sizes.bytes == expected)
    }

    @Test func noImagesToSizeIsAnErrorThatNamesTheFix() throws {
        let empty = try folder([("readme.txt", 10)])
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect {
            try ImageTransferSizes.resolve(assets: empty)
        } throws: { error in
            guard case .empty(empty)? = error as? ImageTransferSizes.Problem else { return false }
            return (error as! ImageTransferSizes.Problem).description.contains("--assets DIR")
        }
        #expect {
            try ImageTransferSizes.resolve(assets: empty + "/missing")
        } throws: { error in
            guard case .folder(.missing)? = error as? ImageTransferSizes.Problem else { return false }
            return true
        }
        #expect(ImageTransferSizes.Problem.notFound.description.contains("run it inside the repository, or pass --assets DIR"))
    }

    @Test func aFileWhoseSizeCannotBeReadIsAnError() throws {
        let path = try folder([("a.jpg", 100)])
        defer { try? FileManager.default.removeItem(atPath: path) }
        try FileManager.default.createSymbolicLink(atPath: path + "/b.jpg", withDestinationPath: path + "/gone.jpg")
        #expect {
            try ImageTransferSizes.resolve(assets: path)
        } throws: { error in
            guard case let .unreadable(file)? = error as? ImageTransferSizes.Problem else { return false }
            return String(decoding: file.path, as: UTF8.self) == path + "/b.jpg"
        }
    }

    @Test func aSceneUnderANetworkMovesTheResolvedSizesAndALatencyNeedsNone() throws {
        let path = try folder([("a.jpg", 300), ("b.jpg", 500)])
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = SceneConfiguration()
        options.assets = path
        #expect(try options.resolvingImageSizes().imageSizes == nil)              // a constant latency moves no bytes
        #expect(options.gridConfiguration(assetCount: 2).assetByteSizes.isEmpty)
        options.network = .threeG
        let resolved = try options.resolvingImageSizes()
        #expect(resolved.imageSizes?.bytes == [300, 500])
        let grid = resolved.gridConfiguration(assetCount: 2)
        #expect(grid.assetByteSizes == [300, 500])
        #expect(grid.imageBytesMean == 400)
    }
}
