import LabKit
import ScrollKit
import ScrollLabCore

extension PhotosScene: WindowPresentable {
    @MainActor func windowScene(kind: SceneKind, images: ImageLoader) -> any WindowScene {
        PhotosWindowScene(photos: self, kind: kind, images: images)
    }
}

/// The photos scene in the window (B-ZOOM-1): its three page views as the pool rows, the current page's
/// zoom in the HUD, drawn by the photos renderer with textures asked for from the image loader.
final class PhotosWindowScene: LabSceneAdapter {
    let photos: PhotosScene
    let textures: PhotoTextures

    init(photos: PhotosScene, kind: SceneKind, images: ImageLoader) {
        self.photos = photos
        textures = PhotoTextures(images: images)
        super.init(scene: photos, kind: kind)
    }

    override func content() -> SceneContent {
        // The zoom row: the current photo's scale and its limits.
        let zoom = photos.currentPageView.map { String(format: "%.2f× (%.2f–%.2f)", $0.scrollView.zoomScale,
                                                        $0.scrollView.minimumZoomScale, $0.scrollView.maximumZoomScale) }
        var content = SceneContent(tiles: photos.pool.items.enumerated().map { TileDrawItem(view: $0, item: $1, frame: .zero) },
                                   viewsCreated: photos.pool.viewsCreated, rebindCount: photos.pool.rebindCount)
        content.zoom = zoom ?? "—"
        return content
    }

    /// A lost pointer ends the photo's or the pager's touch without a fling.
    override func cancelPointer(time: Double) { photos.endRoute(time: time) }

    override func draw(_ snapshot: SceneSnapshot, with painter: ScenePainter) {
        let pages = photos.pages
        textures.request(pages.map(\.page), time: photos.scrollView.currentTime)
        let store = textures.images.textures
        var minimum: [Int: Double] = [:]
        for page in pages { minimum[page.page] = photos.layout.zoomScales(for: photos.photoSizes[page.page]).minimum }
        PhotosRenderer(canvas: painter.canvas, text: painter.text, texture: { store.texture(for: $0) })
            .draw(pages, minimumScales: minimum, viewport: painter.viewport)
        PhoneRenderer(canvas: painter.canvas, text: painter.text).drawTitleBar(snapshot.name, screen: painter.viewport.frame)
    }
}
