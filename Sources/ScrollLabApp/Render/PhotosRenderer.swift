import CSDL
import LabKit
import ScrollKit
import ScrollLabCore

/// Draws the photos scene (B-ZOOM-1): the pages of the padded pager on black, each photo at its zoom
/// (centred while smaller than its page), clipped to its page, with the page number and the zoom scale.
@MainActor
struct PhotosRenderer {
    let canvas: Canvas
    let text: TextCache
    /// Photo textures by page (asset); nil when not loaded yet.
    let texture: (Int) -> OpaquePointer?

    /// Draws `pages` into the phone at `viewport`, under the title bar the phone renderer draws.
    func draw(_ pages: [PhotoPageState], minimumScales: [Int: Double], viewport: PhoneViewport) {
        let screen = viewport.frame
        canvas.fill(screen, RGBA(0, 0, 0))
        for page in pages {
            let frame = page.frame.offsetBy(screen.origin)
            guard let visible = frame.intersection(screen) else { continue }
            canvas.clip(visible)
            let photo = page.photoFrame.offsetBy(screen.origin)
            if let texture = texture(page.page) {
                canvas.draw(texture: texture, in: photo, alpha: 1, opaque: true)
            } else {
                canvas.fill(photo, RGBA(60, 62, 70))
                text.drawCentred("photo \(page.page + 1)", style: .big, colour: .text,
                                 centreX: Canvas.snap(photo).x + Canvas.snap(photo).w / 2, y: Canvas.snap(frame).y + 200)
            }
            let zoomed = page.zoomScale / (minimumScales[page.page] ?? page.zoomScale)
            let label = String(format: "%d · %.2f× (%.0f%%)", page.page + 1, page.zoomScale, zoomed * 100)
            let pill = Rect(x: frame.minX + 8, y: frame.maxY - 30, width: 150, height: 22)
            canvas.fill(pill, RGBA(0, 0, 0, 160))
            text.draw(label, style: .mono, colour: .text, x: Canvas.snap(pill).x + 6, y: Canvas.snap(pill).y + 3)
        }
        canvas.clip(nil)
    }
}
