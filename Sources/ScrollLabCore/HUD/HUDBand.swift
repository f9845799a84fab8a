import ScrollKit

/// A strip across one of the HUD's text columns (state, events, footer) and what is drawn in it: the
/// column cut into bands at its lines of text (lines whose text overlaps vertically share a band), each
/// band from its first line's top down to the next band's, the first from the column's top, the last to
/// its foot. Every pixel of a column lies in one band, and a band's text and swatches draw inside it.
///
/// So a band the last frame drew, with the same rect and the same text now, is left in the window's pixels
/// (SDL's software window keeps them from frame to frame) instead of being cleared and drawn again: the
/// same pixels. During a fling most of the HUD's lines do not change (labels, the events list, the policy
/// table); the offset and velocity lines do.
package struct HUDBand: Equatable {
    /// The band's pixels, window coordinates.
    package var rect: Rect
    /// The text in it, as laid out (its frame before the columns' shift).
    package var boxes: [HUDLayout.Box]
    /// The swatches in it, window coordinates.
    package var swatches: [HUDLayout.Swatch]

    /// The columns that are cut into bands (the title's, drawn with the phones' titles around it, is not).
    package static let columns = [0, 1, 2]

    /// The bands of `layout`'s state, events and footer columns moved right by `shift`, column after column,
    /// each top to bottom; `textHeight` is the height of a style's drawn text (its texture's, in points). Nil
    /// when a column is not on whole pixels or some text would be drawn outside its column.
    package static func bands(of layout: HUDLayout, shift: Double, textHeight: (TextStyle) -> Double) -> [HUDBand]? {
        let heights = TextStyle.allCases.map(textHeight)
        var all: [HUDBand] = []
        var items: [Item] = []
        for column in columns {
            guard let cut = bands(ofColumn: column, in: layout, shift: shift, heights: heights, items: &items) else { return nil }
            all += cut
        }
        return all
    }

    /// A line of text (`index` into the layout's boxes) or a swatch (`-1 - index` into its swatches) as the
    /// rows of pixels it covers.
    private struct Item {
        package var top: Double
        package var bottom: Double
        package var index: Int
    }

    /// One column's bands, top to bottom (`items` is room to work in).
    private static func bands(ofColumn column: Int, in layout: HUDLayout, shift: Double, heights: [Double],
                              items: inout [Item]) -> [HUDBand]? {
        let frame = layout.columns[column].frame.offsetBy(Point(x: shift, y: 0))
        guard [frame.minX, frame.minY, frame.maxX, frame.maxY].allSatisfy({ $0 == $0.rounded() }) else { return nil }
        items.removeAll(keepingCapacity: true)
        for (index, box) in layout.boxes.enumerated() where box.column == column {
            // Drawn at its rounded origin, as wide as measured (`HUDRenderer`).
            let x = (box.frame.minX + shift).rounded(), top = box.frame.minY.rounded()
            guard x >= frame.minX, x + box.frame.width <= frame.maxX else { return nil }
            items.append(Item(top: top, bottom: top + heights[box.style.rawValue], index: index))
        }
        if column == 0 {
            for (index, swatch) in layout.swatches.enumerated() {
                guard swatch.frame.minX + shift >= frame.minX, swatch.frame.maxX + shift <= frame.maxX else { return nil }
                items.append(Item(top: swatch.frame.minY.rounded(), bottom: swatch.frame.maxY.rounded(), index: -1 - index))
            }
        }
        // By top; in the order they were laid out among equals (boxes before swatches).
        items.sort { ($0.top, $0.index < 0 ? 1 : 0, abs($0.index)) < ($1.top, $1.index < 0 ? 1 : 0, abs($1.index)) }
        guard (items.first?.top ?? frame.minY) >= frame.minY else { return nil }
        var bands: [HUDBand] = []
        bands.reserveCapacity(items.count)
        var bottom = frame.minY
        // Band by band: a band starts at an item that begins below all before it, and holds the items up to
        // the next such one; its lists are made at their size, not grown item by item.
        var start = 0
        while start < items.count {
            var end = start + 1
            var boxCount = items[start].index >= 0 ? 1 : 0
            bottom = Swift.max(bottom, items[start].bottom)
            while end < items.count, items[end].top < bottom {
                if items[end].index >= 0 { boxCount += 1 }
                bottom = Swift.max(bottom, items[end].bottom)
                end += 1
            }
            // The band before ends at this one's top.
            if let last = bands.indices.last { bands[last].rect.size.height = items[start].top - bands[last].rect.minY }
            var band = HUDBand(rect: Rect(x: frame.minX, y: bands.isEmpty ? frame.minY : items[start].top, width: frame.width, height: 0),
                               boxes: [], swatches: [])
            band.boxes.reserveCapacity(boxCount)
            if boxCount < end - start { band.swatches.reserveCapacity(end - start - boxCount) }
            for item in items[start..<end] {
                if item.index >= 0 {
                    band.boxes.append(layout.boxes[item.index])
                } else {
                    let swatch = layout.swatches[-1 - item.index]
                    band.swatches.append(HUDLayout.Swatch(frame: swatch.frame.offsetBy(Point(x: shift, y: 0)), colour: swatch.colour))
                }
            }
            bands.append(band)
            start = end
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
package struct HUDPixels {
    package var columns: [Rect]
    package var bands: [HUDBand]

    package init(columns: [Rect], bands: [HUDBand]) {
        self.columns = columns
        self.bands = bands
    }
}

extension Rect {
    /// True when `other` lies inside this rect (edges may touch).
    package func encloses(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }
}
