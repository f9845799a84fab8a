import ScrollKit

/// The tile grid of seed 004: columns of fixed-size tiles with a gap, scrolling vertically.
///
/// Defaults are the seed's: 2 columns of 150×220 tiles, gap 10, so a 320 pt wide view fits exactly
/// (5 + 150 + 10 + 150 + 5) and a 450 pt high view shows exactly two rows (220 + 10 + 220).
public struct GridLayout: Hashable, Sendable {
    /// Number of columns.
    public var columns: Int
    /// Size of one tile.
    public var tileSize: Size
    /// Space between tiles, horizontally and vertically; half of it on the left and right edges.
    public var gap: Double
    /// Number of items in the grid.
    public var itemCount: Int

    /// Makes a layout; the defaults are the seed's numbers and 500 items.
    public init(columns: Int = 2, tileSize: Size = Size(width: 150, height: 220), gap: Double = 10, itemCount: Int = 500) {
        self.columns = Swift.max(1, columns)
        self.tileSize = tileSize
        self.gap = gap
        self.itemCount = Swift.max(0, itemCount)
    }

    /// Distance from one row's top to the next.
    public var rowPitch: Double { tileSize.height + gap }

    /// Number of rows.
    public var rowCount: Int { (itemCount + columns - 1) / columns }

    /// Content size: the width of the columns with half a gap at each side, the rows without a trailing gap.
    public var contentSize: Size {
        Size(width: Double(columns) * (tileSize.width + gap),
             height: rowCount == 0 ? 0 : Double(rowCount) * rowPitch - gap)
    }

    /// The frame of item `index` in content coordinates.
    public func frame(ofItem index: Int) -> Rect {
        let row = index / columns, column = index % columns
        return Rect(x: gap / 2 + Double(column) * (tileSize.width + gap), y: Double(row) * rowPitch,
                    width: tileSize.width, height: tileSize.height)
    }

    /// The first row whose tiles reach below `offsetY` (rows above it are entirely out of view).
    public func firstVisibleRow(offsetY: Double) -> Int {
        guard offsetY.isFinite, rowCount > 0 else { return 0 }
        // ⌊rows⌋ + 1 by truncation, one below for a negative fraction (no call to libm's floor: a replay
        // asks this for every scene at every frame).
        let rows = (offsetY - tileSize.height) / rowPitch
        var row = Int(rows)
        if Double(row) > rows { row -= 1 }
        return Swift.min(Swift.max(0, row + 1), rowCount - 1)
    }

    /// The items whose frames intersect `rect` (content coordinates), in index order.
    public func items(in rect: Rect) -> Range<Int> {
        guard itemCount > 0, rect.height > 0, rect.minY.isFinite, rect.maxY.isFinite else { return 0..<0 }
        let firstRow = firstVisibleRow(offsetY: rect.minY)
        let lastRow = Swift.min(rowCount - 1, Swift.max(0, Int((rect.maxY / rowPitch).rounded(.up)) - 1))
        guard lastRow >= firstRow else { return 0..<0 }
        let lower = firstRow * columns, upper = Swift.min(itemCount, (lastRow + 1) * columns)
        var first = lower, last = upper
        while first < last, !frame(ofItem: first).intersects(rect) { first += 1 }
        while last > first, !frame(ofItem: last - 1).intersects(rect) { last -= 1 }
        return first..<last
    }
}
