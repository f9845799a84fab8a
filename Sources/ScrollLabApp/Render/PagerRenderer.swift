import CSDL
import LabKit
import ScrollKit
import ScrollLabCore

/// Draws the pager scene into the phone: a parallax background behind the pager band, the linked
/// title strip, the bubbles of the pool's page views (neighbours bleeding in at both sides, the
/// padding visible between them), the page indicator dots and, on request, the outline of the
/// scroll view's frame against its wider touch area (B-PAGE-2).
@MainActor
struct PagerRenderer {
    /// Where the title bar naming the scene ends, in points from the phone's top.
    static let titleBarHeight = 30.0

    let canvas: Canvas
    let text: TextCache

    /// Draws `scene` into the phone at `viewport`, with the frame-outline overlay when it asks for it;
    /// `snapshot` gives the scroll indicator.
    func draw(_ scene: PagerSnapshot, snapshot: SceneSnapshot, viewport: PhoneViewport) {
        let screen = viewport.frame
        let origin = screen.origin
        let layout = scene.layout
        canvas.fill(screen, .screen)
        canvas.clip(screen)

        drawBackground(layout.band.offsetBy(origin), parallaxOffset: scene.parallaxOffset)
        drawTitleStrip(scene, origin: origin, screen: screen)
        for page in scene.pages {
            let bubble = page.bubbleFrame.offsetBy(origin)
            guard bubble.intersects(screen) else { continue }
            drawBubble(page, in: bubble)
        }
        drawDots(scene, origin: origin)
        drawScrollIndicators(snapshot, scrollFrame: scene.scrollViewFrame.offsetBy(origin), canvas: canvas)
        if scene.showsFrame { drawFrameOutline(scene, origin: origin) }
        drawTitleBar(scene, screen: screen)
        canvas.clip(nil)
    }

    // MARK: - Layers

    /// A wide landscape strip (sky and two mountain ranges) moving at the parallax offset.
    private func drawBackground(_ band: Rect, parallaxOffset: Double) {
        let rows = 22
        for row in 0..<rows {
            let f = Double(row) / Double(rows - 1)
            let colour = RGBA(UInt8(196 - 70 * f), UInt8(220 - 50 * f), UInt8(246 - 20 * f))
            let h = band.height / Double(rows)
            canvas.fill(Rect(x: band.minX, y: band.minY + h * Double(row), width: band.width, height: h + 1), colour)
        }
        // Far range moves at half the parallax speed, the near range at the full one.
        drawRange(band, shift: parallaxOffset * 0.5, spacing: 70, base: 0.55, colour: RGBA(150, 170, 205), seed: 7)
        drawRange(band, shift: parallaxOffset, spacing: 95, base: 0.72, colour: RGBA(96, 128, 120), seed: 3)
    }

    /// One mountain range: triangles every `spacing` points with deterministic heights.
    private func drawRange(_ band: Rect, shift: Double, spacing: Double, base: Double, colour: RGBA, seed: Int) {
        let first = Int((shift / spacing).rounded(.down)) - 1
        let count = Int(band.width / spacing) + 3
        var triangles: [(Point, Point, Point)] = []
        for i in first..<(first + count) {
            let x = band.minX + Double(i) * spacing - shift
            let heightFactor = 0.25 + 0.5 * Self.hash(i &* 31 &+ seed)
            let peak = Point(x: x + spacing * 0.5, y: band.minY + band.height * (base - heightFactor * base))
            triangles.append((Point(x: x - spacing * 0.35, y: band.maxY), peak, Point(x: x + spacing * 1.35, y: band.maxY)))
        }
        fillTriangles(triangles, colour)
        canvas.fill(Rect(x: band.minX, y: band.maxY - 6, width: band.width, height: 6), colour)
    }

    /// The linked strip: titles 120 pt wide at the strip's own offset (not the pager's).
    private func drawTitleStrip(_ scene: PagerSnapshot, origin: Point, screen: Rect) {
        let layout = scene.layout
        let strip = layout.titleStrip.offsetBy(origin)
        canvas.fill(strip, RGBA(42, 46, 56))
        for page in 0..<layout.pageCount {
            let frame = layout.titleFrame(page: page, stripOffset: scene.titleStripOffset).offsetBy(origin)
            guard frame.intersects(screen) else { continue }
            let isCurrent = page == scene.currentPage
            if isCurrent {
                canvas.fillRounded(frame.insetBy(dx: 8, dy: 6), radius: 8, RGBA(255, 255, 255, 40))
            }
            canvas.fill(Rect(x: frame.maxX - 1, y: frame.minY + 10, width: 1, height: frame.height - 20), RGBA(90, 96, 110))
            let snapped = Canvas.snap(frame)
            text.drawCentred("Page \(page + 1)", style: isCurrent ? .heading : .label,
                             colour: isCurrent ? .text : .dimText,
                             centreX: snapped.x + snapped.w / 2, y: snapped.y + 11)
        }
        // The strip's centre marker: the title under it belongs to the page under the frame.
        canvas.fill(Rect(x: strip.center.x - 6, y: strip.maxY - 3, width: 12, height: 3), RGBA(255, 196, 60))
    }

    /// A bubble: an anti-aliased disc in the colour of the pool view showing it (as in the HUD's
    /// pool rows, so reuse can be watched), the page number and the view's number.
    private func drawBubble(_ page: PagerPage, in bubble: Rect) {
        let colour = TilePalette.colour(ofView: page.view)
        let ink = TilePalette.headerText(ofView: page.view)
        fillDisc(centre: bubble.center, radius: bubble.width / 2 + 2, RGBA(0, 0, 0, 40))
        fillDisc(centre: bubble.center, radius: bubble.width / 2, colour)
        fillDisc(centre: bubble.center, radius: bubble.width / 2 - 14, colour.mixed(with: RGBA(255, 255, 255), 0.18))
        let snapped = Canvas.snap(bubble)
        let centreX = snapped.x + snapped.w / 2
        let centreY = snapped.y + snapped.h / 2
        text.drawCentred("\(page.page + 1)", style: .big, colour: ink, centreX: centreX, y: centreY - 30)
        text.drawCentred("view #\(page.view)", style: .mono, colour: ink.withAlpha(220), centreX: centreX, y: centreY + 26)
    }

    /// The page indicator: one dot per page, the current one larger and dark; while the pager
    /// moves on its own, a red ring marks the page of `targetContentOffset`.
    private func drawDots(_ scene: PagerSnapshot, origin: Point) {
        let layout = scene.layout
        if let target = scene.targetPage {
            let centre = layout.dotCenter(page: target) + origin
            fillDisc(centre: centre, radius: 7, .ghost)
            fillDisc(centre: centre, radius: 5.5, .screen)
        }
        for page in 0..<layout.pageCount {
            let centre = layout.dotCenter(page: page) + origin
            if page == scene.currentPage {
                fillDisc(centre: centre, radius: 4.5, RGBA(40, 44, 52))
            } else {
                fillDisc(centre: centre, radius: 3, RGBA(160, 165, 176))
            }
        }
    }

    /// The scroll view's frame (dashed, red) against the touch area (thin, blue), with labels.
    private func drawFrameOutline(_ scene: PagerSnapshot, origin: Point) {
        let frame = scene.scrollViewFrame.offsetBy(origin)
        let touch = scene.layout.touchArea.offsetBy(origin)
        canvas.stroke(touch.insetBy(dx: 1, dy: -4), width: 1, RGBA(60, 140, 255))
        canvas.strokeDashed(frame, width: 2, dash: 8, .ghost)
        let label = "frame \(Int(scene.frameWidth)) · page \(Int(scene.pageWidth))"
        let size = text.size(label, style: .mono)
        // Above the frame, in the gap between the title strip and the band (the dots sit below).
        let labelRect = Rect(x: frame.minX, y: frame.minY - Double(size.height) - 5,
                             width: Double(size.width) + 10, height: Double(size.height) + 4)
        canvas.fill(labelRect, RGBA.ghost.withAlpha(220))
        _ = text.draw(label, style: .mono, colour: .text, x: Canvas.snap(labelRect).x + 5, y: Canvas.snap(labelRect).y + 2)
    }

    /// The 30 pt bar at the top naming the scene and the paging mode.
    private func drawTitleBar(_ scene: PagerSnapshot, screen: Rect) {
        let bar = Rect(x: screen.minX, y: screen.minY, width: screen.width, height: Self.titleBarHeight)
        canvas.fill(bar, RGBA.titleBar.withAlpha(245))
        canvas.fill(Rect(x: bar.minX, y: bar.maxY - 1, width: bar.width, height: 1), RGBA(200, 200, 206))
        let snapped = Canvas.snap(bar)
        text.drawCentred("Pager · \(scene.mode.rawValue)", style: .heading, colour: .darkText,
                         centreX: snapped.x + snapped.w / 2, y: snapped.y + 7)
    }
}
