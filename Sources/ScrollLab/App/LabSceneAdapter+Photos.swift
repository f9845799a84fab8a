import LabKit
import ScrollKit

extension LabSceneAdapter {
    /// The photos scene in the window: its three page views as the pool rows; the photos renderer draws it.
    static func photos(_ photos: PhotosScene) -> LabSceneAdapter {
        LabSceneAdapter(
            scene: photos,
            policy: { "—" },
            content: {
                SceneContent(tiles: photos.pool.items.enumerated().map { TileDrawItem(view: $0, item: $1, frame: .zero) },
                             viewsCreated: photos.pool.viewsCreated, rebindCount: photos.pool.rebindCount)
            })
    }
}

extension LabApp {
    /// Draws the photos scene with its textures (asked for from the image loader as pages come into view)
    /// under the phone's title bar.
    func drawPhotos(_ photos: PhotosScene, snapshot: SceneSnapshot) {
        let pages = photos.pages
        photoTextures.request(pages.map(\.page), time: modelTimeShown)
        let textures = images.textures
        var minimum: [Int: Double] = [:]
        for page in pages { minimum[page.page] = photos.layout.zoomScales(for: photos.photoSizes[page.page]).minimum }
        PhotosRenderer(canvas: canvas, text: text, texture: { textures.texture(for: $0) })
            .draw(pages, minimumScales: minimum, viewport: viewport)
        PhoneRenderer(canvas: canvas, text: text).drawTitleBar(snapshot.name, screen: viewport.frame)
    }
}
