import ScrollKit
import ScrollLabCore

/// A strip across one of the HUD's text columns (state, events, footer) and what is drawn in it: the
/// column cut into bands at its lines of text (lines whose text overlaps vertically share a band), each
/// band from its first line's top down to the next band's, the first from the column's top, the last to
/// its foot. Every pixel of a column lies in one band, and a band's text and swatches draw inside it.
///
/// So a band the last frame drew, with the same rect and the same text now, is left in the window's pixels
/// (SDL's software window keeps them from frame to frame) instead of being cleared and drawn again: the
/// same pixels. During a fling most of the HUD's lines do not change (labels, the events list, the policy
/// table); the offset and velocity lines do.
struct HUDBand: Equatable {
    /// The band's pixels, window coordinates.
    var rect: Rect
    /// The text in it, as laid out (its frame before the columns' shift).
    var boxes: [HUDLayout.Box]
    /// The swatches in it, window coordinates.
    var swatches: [HUDLayout.Swatch]

    /// The columns that are cut into bands (the title's, drawn with the phones' titles around it, is not).
    static let columns = [0, 1, 2]

    /// The bands of `layout`'s state, events and footer columns moved right by `shift`, column after column,
    /// each top to bottom; `textHeight` is the height of a style's drawn text (its texture's, in points). Nil
    /// when a column is not on whole pixels or some text would be drawn outside its column.
    static func bands(of layout: HUDLayout, shift: Double, textHeight: (FontSet.Style) -> Double) -> [HUDBand]? {
        var all: [HUDBand] = []
        for column in columns {
            guard let cut = bands(ofColumn: column, in: layout, shift: shift, textHeight: textHeight) else { return nil }
            all += cut
        }
        return all
    }

    /// One column's bands, top to bottom.
    private static func bands(ofColumn column: Int, in layout: HUDLayout, shift: Double,
                              textHeight: (FontSet.Style) -> Double) -> [HUDBand]? {
        let frame = layout.columns[column].frame.offsetBy(Point(x: shift, y: 0))
        guard [frame.minX, frame.minY, frame.maxX, frame.maxY].allSatisfy({ $0 == $0.rounded() }) else { return nil }
        // Each piece of text and swatch as the rows of pixels it covers.
        var items: [(top: Double, bottom: Double, box: HUDLayout.Box?, swatch: HUDLayout.Swatch?)] = []
        for box in layout.boxes where box.column == column {
            // Drawn at its rounded origin, as wide as measured (`HUDRenderer`).
            let x = (box.frame.minX + shift).rounded(), top = box.frame.minY.rounded()
            guard x >= frame.minX, x + box.frame.width <= frame.maxX else { return nil }
            items.append((top, top + textHeight(box.style), box, nil))
        }
        if column == 0 {
            for swatch in layout.swatches {
                let moved = HUDLayout.Swatch(frame: swatch.frame.offsetBy(Point(x: shift, y: 0)), colour: swatch.colour)
                guard moved.frame.minX >= frame.minX, moved.frame.maxX <= frame.maxX else { return nil }
                items.append((moved.frame.minY.rounded(), moved.frame.maxY.rounded(), nil, moved))
            }
        }
        // By top; in the order they were laid out among equals.
        items = items.enumerated().sorted { ($0.element.top, $0.offset) < ($1.element.top, $1.offset) }.map(\.element)
        guard (items.first?.top ?? frame.minY) >= frame.minY else { return nil }
        var bands: [HUDBand] = []
        var bottom = frame.minY
        for item in items {
            if let last = bands.indices.last, item.top < bottom {
                if let box = item.box { bands[last].boxes.append(box) }
                if let swatch = item.swatch { bands[last].swatches.append(swatch) }
            } else {
                // A new band at this line's top; the one before ends there.
                if let last = bands.indices.last { bands[last].rect.size.height = item.top - bands[last].rect.minY }
                let top = bands.isEmpty ? frame.minY : item.top
                bands.append(HUDBand(rect: Rect(x: frame.minX, y: top, width: frame.width, height: 0),
                                     boxes: item.box.map { [$0] } ?? [], swatches: item.swatch.map { [$0] } ?? []))
            }
            bottom = Swift.max(bottom, item.bottom)
        }
        guard bottom <= frame.maxY else { return nil }
        if let last = bands.indices.last {
            bands[last].rect.size.height = frame.maxY - bands[last].rect.minY
        } else {
            bands = [HUDBand(rect: frame, boxes: [], swatches: [])]
        }
        return bands
    }
}

/// What the HUD left in the window's pixels at the end of a frame: its columns' frames and their bands.
struct HUDPixels {
    var columns: [Rect]
    var bands: [HUDBand]
}

extension Rect {
    /// True when `other` lies inside this rect (edges may touch).
    func encloses(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }
}
