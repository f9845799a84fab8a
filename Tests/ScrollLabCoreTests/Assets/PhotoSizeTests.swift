import Foundation
import LabKit
import ScrollKit
import Testing
@testable import ScrollLabCore

/// The photos scene's page sizes are in points: a file named as iOS names its scale (`@3x`) has that many
/// pixels a point, so the bundled 900×1320 photos are 300×440 pt pages, sharp at the 3× zoom.
@Suite struct PhotoSizeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func file(_ path: String) -> AssetFile { AssetFile(path: Array(path.utf8)) }

    @Test func theScaleComesFromTheNamesAtSuffix() {
        #expect(SceneConfiguration.pixelsPerPoint(of: file("/a/photo-001@3x.jpg")) == 3)
        #expect(SceneConfiguration.pixelsPerPoint(of: file("photo@2x.png")) == 2)
        #expect(SceneConfiguration.pixelsPerPoint(of: file("/a/img-001.jpg")) == 1)
        #expect(SceneConfiguration.pixelsPerPoint(of: file("/a@3x/img.jpg")) == 1)  // a folder's name is not the file's
        #expect(SceneConfiguration.pixelsPerPoint(of: file("odd@x.jpg")) == 1)
        #expect(SceneConfiguration.pixelsPerPoint(of: file("odd@9x.jpg")) == 1)
    }

    @Test func theBundledPhotosAreTheGridsPointSizeAtThreeTimesItsPixels() throws {
        let folder = Self.root.appendingPathComponent("Assets/Photos").path
        let photos = try AssetCatalog.imageFiles(in: folder)
        #expect(photos.count == 13)
        for photo in photos {
            #expect(ImageFile.pixelSize(of: photo).map { [$0.width, $0.height] } == [900, 1320])
        }
        #expect(SceneConfiguration.photoSizes(of: photos) == Array(repeating: PhotosScene.defaultPhotoSize, count: 13))
    }
}
