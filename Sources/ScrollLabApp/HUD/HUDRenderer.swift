import CSDL
import ScrollKit
import ScrollLabCore

/// The heads-up display around the phone: draws what `HUDLayout` placed (state column, delegate
/// events, footer, title), measuring text with the real fonts.
@MainActor
struct HUDRenderer {
    let canvas: Canvas
    let text: TextCache
    let fonts: FontSet
    /// The columns laid out in earlier frames, reused while what they show is the same.
    var memo: HUDLayoutMemo?

    /// Draws the HUD for one frame in a layout of `size` points, its columns moved right by `shift` points
    /// (past the phones of compare mode but the last; the title stays over the first); returns where the
    /// timeline goes.
    @discardableResult
    func draw(_ s: SceneSnapshot, events: EventLog, status: HUDStatus, size: Size, shift: Double = 0) -> Rect {
        draw(s, events: events, status: status, size: size, shift: shift, kept: nil).timeline
    }

    /// Draws the HUD as above over `kept`, what the last frame left in the window's pixels where the
    /// background was not cleared this frame (its columns), or nil when the background was cleared
    /// everywhere. The bands of `kept` that are the same now are left as they are, those the same at another
    /// height are copied there (`HUDBand.moves`); the others are cleared and drawn. Returns where the timeline
    /// goes, the columns cut into bands (drawn in whether kept or not) and what this frame leaves in the
    /// pixels (nil when its text cannot be cut into bands).
    func draw(_ s: SceneSnapshot, events: EventLog, status: HUDStatus, size: Size, shift: Double,
              kept: HUDPixels?) -> (timeline: Rect, columns: [Rect], pixels: HUDPixels?) {
        memo?.use(scale: fonts.scale)
        let layout = HUDLayout(s, events: events, status: status, metrics: fonts.metrics, size: size, memo: memo)
        let offset = Point(x: shift, y: 0)
        let timeline = layout.timelineFrame.offsetBy(offset)
        let columns = HUDBand.columns.map { layout.columns[$0].frame.offsetBy(offset) }
        let fonts = self.fonts
        guard let bands = HUDBand.bands(of: layout, shift: shift, textHeight: { Double(fonts.textHeight($0)) }) else {
            // Not cut into bands: the columns left out of the clear are cleared, and everything is drawn.
            if let kept { canvas.fill(kept.columns, .background) }
            for swatch in layout.swatches { canvas.fill(swatch.frame.offsetBy(offset), swatch.colour) }
            for box in layout.boxes { draw(box, shift: shift) }
            return (timeline, columns, nil)
        }
        // What is left from the last frame counts only where it lies in this frame's columns.
        let reusable = kept.flatMap { $0.columns == columns ? $0.bands : nil } ?? []
        if let kept, kept.columns != columns { canvas.fill(kept.columns, .background) }
        // The bands `reusable` does not hold: each looked for at its own index first (a fling changes a few
        // lines, not the bands), then among bands of its rect (loops, not closures: a closure here is the
        // main actor's, which checks the executor on every call).
        var changed: [HUDBand] = []
        for (index, band) in bands.enumerated() {
            var isKept = index < reusable.count && reusable[index].rect == band.rect && reusable[index] == band
            for other in reusable.indices where !isKept && reusable[other].rect == band.rect { isKept = reusable[other] == band }
            if !isKept { changed.append(band) }
        }
        if kept == nil { changed = bands.filter { !$0.swatches.isEmpty || !$0.boxes.isEmpty } }
        // A band the last frame left at another height (the events list moved down by a callback) is copied there.
        if !changed.isEmpty, !reusable.isEmpty {
            let found = HUDBand.moves(for: changed, from: reusable)
            if !found.moves.isEmpty, canvas.copyPixels(found.moves.map { ($0.from, $0.to) }) { changed = found.drawn }
        }
        // Cleared only where the background was left: a cleared window's columns are already the background.
        if kept != nil { canvas.fill(changed.map(\.rect), .background) }
        var contained = true
        for band in changed {
            for swatch in band.swatches { canvas.fill(swatch.frame, swatch.colour) }
            for box in band.boxes {
                // Drawn inside its band, as `HUDBand` cuts them; otherwise nothing is left for the next frame.
                contained = band.rect.encloses(draw(box, shift: shift)) && contained
            }
        }
        for box in layout.boxes where !HUDBand.columns.contains(box.column) { draw(box, shift: shift) }
        return (timeline, columns, contained ? HUDPixels(columns: columns, bands: bands) : nil)
    }

    /// Draws one box pre-blended on the window's background; returns the rect its text covers.
    @discardableResult
    private func draw(_ box: HUDLayout.Box, shift: Double) -> Rect {
        // Boxes never overlap one another or a swatch, and sit on the window's background.
        let x = (box.frame.minX + (box.column == HUDLayout.titleColumn ? 0 : shift)).rounded(), y = box.frame.minY.rounded()
        let size = text.draw(box.text, style: box.style, colour: box.colour, on: .background, x: Int32(x), y: Int32(y))
        return Rect(x: x, y: y, width: Double(size.width), height: Double(size.height))
    }
}
