import CSDL
import LabKit
import ScrollKit
import ScrollLabCore

/// Draws the phone: its body, a 30 pt title bar naming the scene, and the clipped scroll view
/// content (tiles with their identity colour, view number and item index), plus the ghost outline
/// of `targetContentOffset` while the content decelerates.
@MainActor
struct PhoneRenderer {
    /// Height of the title bar at the top of the phone, in points.
    static let titleBarHeight = 30.0

    /// The title bar across the top of `screen`.
    static func titleBar(of screen: Rect) -> Rect {
        Rect(x: screen.minX, y: screen.minY, width: screen.width, height: titleBarHeight)
    }

    let canvas: Canvas
    let text: TextCache
    /// Image textures by asset, when the scene has images.
    var textures: TextureStore?

    /// Draws the phone's body, a rounded ring around `screen` (the window draws it, before the phones: every
    /// scene's phone has the same).
    static func drawBody(around screen: Rect, canvas: Canvas) {
        canvas.fillRounded(body(around: screen), radius: 26, .phoneBody, around: screen)
    }

    /// Below this width (points) a tile's header, pill and reasons may be wider than the tile: it is clipped.
    static let narrowTileWidth = 120.0

    /// The phone's body around `screen`: the ring's outer edge.
    nonisolated static func body(around screen: Rect) -> Rect {
        screen.insetBy(dx: -12, dy: -14)
    }

    /// Draws `snapshot` into the phone at `viewport`.
    func draw(_ snapshot: SceneSnapshot, viewport: PhoneViewport) {
        let screen = viewport.frame
        let origin = screen.origin + snapshot.scrollViewFrame.origin
        let scrollFrame = Rect(origin: origin, size: snapshot.scrollViewFrame.size)
        let content = scrollFrame.intersection(screen) ?? screen
        // The content is clipped to the scroll view: when that lies below the bar, the bar is drawn opaque, the
        // screen's colour blended in, over nothing else; the screen is not filled under it first.
        let barIsSolid = scrollFrame.minY >= screen.minY + Self.titleBarHeight
        let covered = coveredByTiles(snapshot, origin: origin, clip: content) + (barIsSolid ? [Self.titleBar(of: screen)] : [])
        // The screen's colour where no tile or bar is drawn opaque over it.
        canvas.fill(screen, except: covered, .screen)

        canvas.clip(content)
        for tile in snapshot.tiles {
            guard let item = tile.item else { continue }
            let rect = tile.frame.offsetBy(origin - snapshot.contentOffset)
            guard rect.intersects(scrollFrame) else { continue }
            // A narrow tile (a feed's four columns) keeps its labels to itself: they would run over its
            // neighbours. Wider ones fit them, and keep the canvas's fast path (a clip drops its kept surface).
            let narrow = rect.width < Self.narrowTileWidth
            if narrow { canvas.clip(rect.intersection(content) ?? rect) }
            drawTile(tile, item: item, in: rect)
            if narrow { canvas.clip(content) }
        }
        if let rect = snapshot.targetRect {
            drawTargetRect(rect.offsetBy(origin - snapshot.contentOffset))
        }
        if let target = snapshot.targetContentOffset {
            drawGhost(target: target, snapshot: snapshot, scrollFrame: scrollFrame)
        }
        drawScrollIndicators(snapshot, scrollFrame: scrollFrame, canvas: canvas)
        canvas.clip(screen)
        drawTitleBar(snapshot.name, screen: screen, over: barIsSolid ? .screen : nil)
        if snapshot.targetRect != nil { drawTargetKey(screen: screen) }
        canvas.clip(nil)
    }

    /// The parts of the screen the tiles will cover: each tile with an item is filled whole or covered by its
    /// opaque image at full opacity (`drawTile`), within the content's clip. A fill and an image copy of one rect
    /// cover the very same pixels at any window size (the canvas maps both edge by edge).
    private func coveredByTiles(_ snapshot: SceneSnapshot, origin: Point, clip: Rect) -> [Rect] {
        var covered: [Rect] = []
        for tile in snapshot.tiles where tile.item != nil {
            if let cut = tile.frame.offsetBy(origin - snapshot.contentOffset).intersection(clip), cut.width > 0, cut.height > 0 {
                covered.append(cut)
            }
        }
        return covered
    }

    private func drawTile(_ tile: TileDrawItem, item: Int, in rect: Rect) {
        let colour = TilePalette.colour(ofView: tile.view)
        let snapped = Canvas.snap(rect)
        let centreX = snapped.x + snapped.w / 2
        // `if let`, not `Optional.map`: a closure formed here would check the main actor's executor on each call.
        var uploaded = false, opaque = false
        // A failed load's reason; or, for a load the model has completed whose decode failed, the decoder's.
        var failure = tile.failure
        if let asset = tile.imageAsset, let textures {
            uploaded = textures.contains(asset)
            opaque = textures.isOpaque(asset)
            if !uploaded, failure == nil { failure = textures.undecodableReason(asset) }
        }
        // An opaque image at full opacity covers the tile: what is under it is not drawn.
        let fill = TilePalette.fill(ofView: tile.view)
        let filled = !uploaded || !opaque || tile.imageAlpha < 1
        if filled, let preview = tile.preview {
            drawPreview(preview, asset: tile.previewAsset ?? -1, in: rect)
        } else if filled {
            canvas.fill(rect, fill)
            // The item index, big, under the image: visible while it is missing or fading in. On the fill
            // alone (the two boxes do not meet), so drawn pre-blended on it. Under a shown image with
            // transparent pixels only the cell's fill shows, as a cell's background does.
            if !uploaded || tile.imageAlpha < 1 {
                text.draw("item", style: .label, colour: .darkText, on: fill, inside: rect, x: centreX, y: snapped.y + snapped.h / 2 - 34, centred: true)
                text.draw("\(item)", style: .big, colour: .darkText, on: fill, inside: rect, x: centreX, y: snapped.y + snapped.h / 2 - 14, centred: true)
            }
        }
        if uploaded, let asset = tile.imageAsset {
            // An opaque image is copied or blended here where its pixels are kept (the same pixels as SDL's
            // software renderer, its blend several times faster); its texture is made only where it cannot be.
            var kept = false
            if opaque, let pixels = textures?.pixels(for: asset) { kept = canvas.drawKept(pixels, in: rect, alpha: tile.imageAlpha) }
            if !kept, let texture = textures?.texture(for: asset) {
                canvas.drawVisible(texture: texture, in: rect, alpha: tile.imageAlpha, opaque: opaque)
            }
            // Over the image, the item index in a small dark pill at the bottom.
            let pill = Rect(x: rect.minX + 8, y: rect.maxY - 30, width: 74, height: 22)
            canvas.fill(pill, RGBA(0, 0, 0, 150))
            text.draw("item \(item)", style: .mono, colour: .text, x: Canvas.snap(pill).x + 6, y: Canvas.snap(pill).y + 3)
        } else if let failure {
            drawPlaceholder(failure, in: rect)
        } else if let status = tile.status, tile.preview == nil {
            // No texture: the tile was filled, and the status sits below the item's index. A load the model
            // has completed whose texture is still on its way (the modelled network) is decoding.
            let shown = tile.imageAsset == nil ? status : "decoding…"
            text.draw(shown, style: .mono, colour: .darkText, on: fill, inside: rect, x: centreX, y: snapped.y + snapped.h - 24, centred: true)
        }
        if tile.isPressed {
            canvas.fill(rect, RGBA(0, 0, 0, 140))
            text.drawCentred("pressed", style: .heading, colour: .text, centreX: centreX, y: snapped.y + snapped.h / 2 - 8)
        }
        canvas.stroke(rect, width: 4, colour)
        if tile.isSelected { canvas.stroke(rect.insetBy(dx: 4, dy: 4), width: 4, RGBA(255, 255, 255)) }
        // Identity badge: "view #k" on the view's colour.
        let header = Rect(x: rect.minX, y: rect.minY, width: rect.width, height: 24)
        canvas.fill(header, colour)
        text.draw("view #\(tile.view)", style: .heading, colour: TilePalette.headerText(ofView: tile.view), on: colour, inside: header,
                  x: snapped.x + 8, y: snapped.y + 3)
        drawHeart(tile, in: rect)
    }

    /// A placeholder (B-COST-2): the image's average colour, or its ThumbHash preview scaled to the tile
    /// (linear filtering: the blur the format is meant to be seen with). The image fades in over it.
    private func drawPreview(_ preview: TilePreview, asset: Int, in rect: Rect) {
        switch preview {
        case let .colour(r, g, b):
            canvas.fill(rect, RGBA(r, g, b))
        case let .thumbnail(image):
            canvas.fill(rect, .screen)
            if let texture = textures?.previewTexture(for: asset, image: image) {
                canvas.draw(texture: texture, in: rect, alpha: 1)
            }
        }
    }

    /// The tile's ♥ control (`GridScene.heartFrame`): a red heart when liked, an outline when not,
    /// darkened while it tracks a touch.
    private func drawHeart(_ tile: TileDrawItem, in tileRect: Rect) {
        let box = GridScene.heartFrame(inTile: Rect(origin: .zero, size: tileRect.size)).offsetBy(tileRect.origin)
        canvas.fillRounded(box, radius: 8, tile.isHeartPressed ? RGBA(80, 80, 90, 230) : RGBA(255, 255, 255, 210))
        let heart = tile.isLiked ? RGBA(230, 40, 70) : RGBA(150, 150, 160)
        // Two lobes and a point, in 4 px rows.
        let c = box.center
        // One array of pixel rects, built in a loop (a closure formed here would check the main actor's executor on
        // each call), in the canvas's kept storage: each lobe a span a row (`appendRoundedPixels`).
        let fit = canvas.grid.fit
        var shape = canvas.takePixels()
        shape.reserveCapacity(2 * 6 + 5)
        Canvas.appendRoundedPixels(Rect(x: c.x - 11, y: c.y - 9, width: 11, height: 10), radius: 5, fit, to: &shape)
        Canvas.appendRoundedPixels(Rect(x: c.x, y: c.y - 9, width: 11, height: 10), radius: 5, fit, to: &shape)
        for row in 0..<5 {
            let half = 11.0 - Double(row) * 2.2
            Canvas.appendPixels(of: Rect(x: c.x - half, y: c.y - 2 + Double(row) * 2.4, width: 2 * half, height: 2.4), fit, to: &shape)
        }
        canvas.fill(recyclingPixels: shape, heart)   // opaque: overlaps draw the same pixels
    }

    /// A placeholder for an image that cannot be shown: a dark band near the bottom of the tile saying why,
    /// wrapped to the tile's width, above the ♥ so that the button covers none of it.
    private func drawPlaceholder(_ reason: String, in rect: Rect) {
        let lines = Self.wrap(reason, width: 17)
        let height = Double(22 + 16 * lines.count)
        let heart = GridScene.heartFrame(inTile: Rect(origin: .zero, size: rect.size)).offsetBy(rect.origin)
        let bottom = Swift.min(rect.maxY - 4, heart.minY - 4)
        let band = Rect(x: rect.minX + 4, y: bottom - height, width: rect.width - 8, height: height)
        canvas.fill(band, RGBA(60, 20, 20, 220))
        let snapped = Canvas.snap(band)
        let centreX = snapped.x + snapped.w / 2
        text.drawCentred("no image:", style: .heading, colour: .text, centreX: centreX, y: snapped.y + 3)
        for (i, line) in lines.enumerated() {
            text.drawCentred(line, style: .mono, colour: .text, centreX: centreX, y: snapped.y + 20 + Int32(16 * i))
        }
    }

    /// `text` broken at spaces into lines of at most `width` characters (longer words are cut).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            var word = Substring(word)
            while word.count > width {
                if !line.isEmpty { lines.append(line); line = "" }
                lines.append(String(word.prefix(width)))
                word = word.dropFirst(width)
            }
            if line.isEmpty { line = String(word) }
            else if line.count + 1 + word.count <= width { line += " " + word }
            else { lines.append(line); line = String(word) }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Colour of the loading policy's target rect.
    static let policyTargetColour = RGBA(40, 200, 210)

    /// The loading policy's target rect (what Target and Adaptive load during a fling), dashed teal.
    private func drawTargetRect(_ rect: Rect) {
        canvas.strokeDashed(rect.insetBy(dx: 8, dy: 8), width: 2, dash: 6, Self.policyTargetColour)
    }

    /// The target rect's name, as a key at the right of the title bar, so that it covers no tile.
    private func drawTargetKey(screen: Rect) {
        let key = Rect(x: screen.maxX - 118, y: screen.minY + 9, width: 12, height: 12)
        canvas.strokeDashed(key, width: 2, dash: 3, Self.policyTargetColour)
        text.draw("policy target", style: .label, colour: RGBA(20, 120, 130), x: Canvas.snap(key).x + 17,
                  y: Canvas.snap(key).y - 2)
    }

    /// The scroll view's bounds at the target offset, outlined dashed where they are relative to the current
    /// bounds; when the target is off screen, a marker at the edge says how far it is. An outline only: a
    /// translucent tint over the whole rect cost a tenth of four phones' frame (each pixel of the scroll view
    /// blended once more) and told nothing the outline does not.
    private func drawGhost(target: Point, snapshot: SceneSnapshot, scrollFrame: Rect) {
        let delta = target - snapshot.contentOffset
        let ghost = scrollFrame.offsetBy(delta).insetBy(dx: 3, dy: 3)
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

    /// The bar naming the scene at the top of `screen`, translucent over what is drawn there; `over` the solid
    /// colour that is all there is under it, the bar is filled with the colour it blends to there, opaque, and
    /// its title drawn pre-blended on it (the same pixels, a copy instead of two blends).
    func drawTitleBar(_ name: String, screen: Rect, over under: RGBA? = nil) {
        let bar = Self.titleBar(of: screen)
        let translucent = RGBA.titleBar.withAlpha(245)
        let solid = under.map(translucent.blended(over:))
        canvas.fill(bar, solid ?? translucent)
        let line = Rect(x: bar.minX, y: bar.maxY - 1, width: bar.width, height: 1)
        canvas.fill(line, RGBA(200, 200, 206))
        let title = name.prefix(1).uppercased() + name.dropFirst()
        let snapped = Canvas.snap(bar)
        if let solid {
            text.draw(title, style: .heading, colour: .darkText, on: solid, inside: Rect(x: bar.minX, y: bar.minY, width: bar.width, height: bar.height - 1),
                      x: snapped.x + snapped.w / 2, y: snapped.y + 7, centred: true)
        } else {
            text.drawCentred(title, style: .heading, colour: .darkText, centreX: snapped.x + snapped.w / 2, y: snapped.y + 7)
        }
    }
}
