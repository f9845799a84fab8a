import Foundation
import Testing
@testable import ScrollLabCore

/// An asset file's disk cache key names the file, not the spelling of its folder.
@Suite struct AssetFileTests {
    private func file(_ path: String) -> AssetFile { AssetFile(path: Array(path.utf8)) }

    /// The same image by a relative, a `./…/` and an absolute path, and through a link, is one key (was: one
    /// entry per spelling, a cold cache for each).
    @Test func oneKeyHoweverTheFolderIsNamed() throws {
        let folder = NSTemporaryDirectory() + "asset-key-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/images", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileManager.default.createFile(atPath: folder + "/images/img-001.jpg", contents: Data([0xFF, 0xD8])))
        try FileManager.default.createSymbolicLink(atPath: folder + "/linked", withDestinationPath: folder + "/images")
        let real = try #require(realpath(folder + "/images/img-001.jpg", nil).map { name in
            defer { free(name) }
            return String(cString: name)
        })
        let spellings = [folder + "/images/img-001.jpg", folder + "/./images//img-001.jpg", folder + "/linked/../images/img-001.jpg",
                         folder + "/linked/img-001.jpg"]
        for spelling in spellings { #expect(file(spelling).diskCacheKey == "file:" + real, "\(spelling)") }
        // Relative to the working directory (as many `..` as it is deep, then the folder).
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        #expect(file(String(repeating: "../", count: depth) + folder.dropFirst() + "/images/img-001.jpg").diskCacheKey == "file:" + real)
    }

    /// A path that cannot be resolved (the file gone) keeps its spelling.
    @Test func aMissingFileKeepsItsPath() {
        #expect(file("/nonexistent-\(getpid())/img.jpg").diskCacheKey == "file:/nonexistent-\(getpid())/img.jpg")
    }
}
