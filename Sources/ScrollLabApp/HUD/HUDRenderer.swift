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

    /// Draws the HUD for one frame in a layout of `size` points, its columns moved right by `shift` points
    /// (past the phones of compare mode but the last; the title stays over the first); returns where the
    /// timeline goes.
    @discardableResult
    func draw(_ s: SceneSnapshot, events: EventLog, status: HUDStatus, size: Size, shift: Double = 0) -> Rect {
        let layout = HUDLayout(s, events: events, status: status, metrics: fonts.metrics, size: size)
        let offset = Point(x: shift, y: 0)
        for swatch in layout.swatches { canvas.fill(swatch.frame.offsetBy(offset), swatch.colour) }
        for box in layout.boxes {
            // Boxes never overlap one another or a swatch, and sit on the window's background.
            let x = box.frame.minX + (box.column == HUDLayout.titleColumn ? 0 : shift)
            text.draw(box.text, style: box.style, colour: box.colour, on: .background, x: Int32(x.rounded()),
                      y: Int32(box.frame.minY.rounded()))
        }
        return layout.timelineFrame.offsetBy(offset)
    }
}
