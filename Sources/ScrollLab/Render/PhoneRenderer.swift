import CSDL
import ScrollKit

/// Draws the phone: its body, a 30 pt title bar naming the scene, and the clipped scroll view
/// content (tiles with their identity colour, view number and item index), plus the ghost outline
/// of `targetContentOffset` while the content decelerates.
@MainActor
struct PhoneRenderer {
    /// Height of the title bar at the top of the phone, in points.
    static let titleBarHeight = 30.0

    let canvas: Canvas
    let text: TextCache

    /// Draws `snapshot` into the phone at `viewport`.
    func draw(_ snapshot: SceneSnapshot, viewport: PhoneViewport) {
        let screen = viewport.frame
        canvas.fillRounded(screen.insetBy(dx: -12, dy: -14), radius: 26, .phoneBody)
        canvas.fill(screen, .screen)

        let origin = screen.origin + snapshot.scrollViewFrame.origin
        let scrollFrame = Rect(origin: origin, size: snapshot.scrollViewFrame.size)
        canvas.clip(scrollFrame.intersection(screen) ?? screen)
        for tile in snapshot.tiles {
            guard let item = tile.item else { continue }
            let rect = tile.frame.offsetBy(origin - snapshot.contentOffset)
            guard rect.intersects(scrollFrame) else { continue }
            drawTile(tile, item: item, in: rect)
        }
        if let target = snapshot.targetContentOffset {
            drawGhost(target: target, snapshot: snapshot, scrollFrame: scrollFrame)
        }
        canvas.clip(screen)
        drawTitleBar(snapshot.name, screen: screen)
        canvas.clip(nil)
    }

    private func drawTile(_ tile: TileDrawItem, item: Int, in rect: Rect) {
        let colour = TilePalette.colour(ofView: tile.view)
        canvas.fill(rect, TilePalette.fill(ofView: tile.view))
        canvas.stroke(rect, width: 4, colour)
        // Identity badge: "view #k" on the view's colour.
        let snapped = Canvas.snap(rect)
        canvas.fill(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: 24), colour)
        text.draw("view #\(tile.view)", style: .heading, colour: .text, x: snapped.x + 8, y: snapped.y + 3)
        // The item index, big.
        let centreX = snapped.x + snapped.w / 2
        text.drawCentred("item", style: .label, colour: .darkText, centreX: centreX, y: snapped.y + snapped.h / 2 - 34)
        text.drawCentred("\(item)", style: .big, colour: .darkText, centreX: centreX, y: snapped.y + snapped.h / 2 - 14)
        if let status = tile.status {
            text.drawCentred(status, style: .mono, colour: .darkText, centreX: centreX, y: snapped.y + snapped.h - 24)
        }
    }

    /// The scroll view's bounds at the target offset, drawn where they are relative to the current
    /// bounds; when the target is off screen, a marker at the edge says how far it is.
    private func drawGhost(target: Point, snapshot: SceneSnapshot, scrollFrame: Rect) {
        let delta = target - snapshot.contentOffset
        let ghost = scrollFrame.offsetBy(delta).insetBy(dx: 3, dy: 3)
        canvas.fill(ghost, RGBA.ghost.withAlpha(28))
        canvas.strokeDashed(ghost, width: 3, dash: 10, .ghost)
        guard !ghost.insetBy(dx: 0, dy: 20).intersects(scrollFrame) else { return }
        let below = delta.y > 0 || (delta.y == 0 && delta.x > 0)
        let barY = below ? scrollFrame.maxY - 26 : scrollFrame.minY
        let bar = Rect(x: scrollFrame.minX, y: barY, width: scrollFrame.width, height: 26)
        canvas.fill(bar, RGBA.ghost.withAlpha(215))
        let distance = Int(delta.length.rounded())
        let label = "target \(below ? "↓" : "↑") \(distance) pt"
        text.drawCentred(label, style: .heading, colour: .text, centreX: Canvas.snap(bar).x + Canvas.snap(bar).w / 2,
                         y: Canvas.snap(bar).y + 4)
    }

    private func drawTitleBar(_ name: String, screen: Rect) {
        let bar = Rect(x: screen.minX, y: screen.minY, width: screen.width, height: Self.titleBarHeight)
        canvas.fill(bar, RGBA.titleBar.withAlpha(245))
        canvas.fill(Rect(x: bar.minX, y: bar.maxY - 1, width: bar.width, height: 1), RGBA(200, 200, 206))
        let title = name.prefix(1).uppercased() + name.dropFirst()
        let snapped = Canvas.snap(bar)
        text.drawCentred(title, style: .heading, colour: .darkText, centreX: snapped.x + snapped.w / 2, y: snapped.y + 7)
    }
}
