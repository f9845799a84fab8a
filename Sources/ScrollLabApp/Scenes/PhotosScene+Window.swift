import LabKit
import ScrollKit
import ScrollLabCore

extension PhotosScene: WindowPresentable {
    @MainActor func windowScene(kind: SceneKind, images: ImageLoader, options: SceneConfiguration) -> any WindowScene {
        PhotosWindowScene(photos: self, kind: kind, images: images.loader(for: (try? options.photoPaths()) ?? []))
    }
}

/// The photos scene in the window (B-ZOOM-1): its three page views as the pool rows, the current photo's
/// own scroll view (state, offset, zoom) in the HUD, drawn by the photos renderer with textures from
/// a loader of its own (the bundled photos are 3× the grid's pixels).
final class PhotosWindowScene: LabSceneAdapter {
    let photos: PhotosScene
    let textures: PhotoTextures

    init(photos: PhotosScene, kind: SceneKind, images: ImageLoader) {
        self.photos = photos
        textures = PhotoTextures(images: images)
        super.init(scene: photos, kind: kind)
    }

    override func content() -> SceneContent {
        var content = SceneContent(tiles: photos.pool.items.enumerated().map { TileDrawItem(view: $0, item: $1, frame: .zero) },
                                   itemNaming: .page, viewsCreated: photos.pool.viewsCreated, rebindCount: photos.pool.rebindCount)
        guard let page = photos.currentPageView?.scrollView else {
            content.rows = [HUDRow(label: "zoom", value: "—")]
            return content
        }
        // The zoom row is the current photo's (its scale and its limits), under its own state.
        content.inner = InnerScrollView(
            name: "photo", isTracking: page.isTracking, isDragging: page.isDragging,
            isDecelerating: page.isDecelerating, velocity: page.velocity, contentOffset: page.contentOffset,
            drivesTimeline: page.zoomScale > page.minimumZoomScale && !photos.scrollView.isTracking
                && !photos.scrollView.isDecelerating && photos.scrollView.targetContentOffset == nil,
            rows: [HUDRow(label: "zoom", value: String(format: "%.2f× (%.2f–%.2f)", page.zoomScale,
                                                       page.minimumZoomScale, page.maximumZoomScale))])
        return content
    }

    override var zooms: Bool { true }

    /// The photos' own loader takes its decoded images each frame.
    override func advance(to time: Double) {
        super.advance(to: time)
        textures.images.pump(time: time)
    }

    override func close() { textures.images.shutdown() }

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
