import LabKit
import ScrollKit

extension SceneKind {
    /// The photos (B-ZOOM-1, Apple's PhotoScroller): a padded pager of zooming photos, one page per image, of
    /// the sizes the settings name (none: `grid.assetCount` photos of `PhotosScene.defaultPhotoSize`, the
    /// bundled images' size).
    public static let photos = SceneKind(name: "photos", axis: .horizontal,
                                         pointerHints: ["Ctrl+wheel zoom", "double click"]) { settings in
        PhotosScene(photoSizes: settings.photoSizes.isEmpty
            ? Array(repeating: PhotosScene.defaultPhotoSize, count: Swift.max(1, settings.grid.assetCount))
            : settings.photoSizes)
    }
}
