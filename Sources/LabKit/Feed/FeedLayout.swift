import ScrollKit

/// Where a feed's items go: the frames of a `list`, a `masonry`, rows of `carousels`, or the lab's
/// `grid` (B-FEED-1), in the content coordinates of a vertical scroll view `viewportWidth` wide.
///
/// Every layout keeps half a `gap` at the left and right edges and a `gap` between items, as the grid
/// does, and fits the items' stated sizes to its slots:
/// - `list`: one column `viewportWidth − gap` wide; an item keeps its aspect ratio at that width.
/// - `masonry`: `columns` columns of equal width; each item, at the column's width and its aspect ratio,
///   goes to the shortest column, the leftmost of equals (StaggeredGridLayoutManager's rule for a
///   left-to-right layout: the span whose end line is lowest, ties to the first span).
/// - `carousels`: one row per section (without sections, rows of `carouselRowLength` items); a row is
///   as tall as its tallest item and lays its items out left to right at their stated sizes (one
///   wider than the view is scaled down to `viewportWidth − gap`); frames are at the row's horizontal
///   offset 0 — each row scrolls on its own (`rowContentWidth`).
/// - `grid`: `GridLayout`'s frames, byte for byte: `columns` tiles of 150×220 for two columns (other
///   counts: tiles as wide as the columns allow, of the same 150:220 shape); item sizes are not used.
///
/// In every layout an item's top never lies above an earlier item's (in a masonry the shortest column
/// only grows), so the items of a band are found by two binary searches.
public struct FeedLayout: Equatable, Sendable {
    /// The layout.
    public let kind: FeedLayoutKind
    /// Width of the scroll view, points.
    public let viewportWidth: Double
    /// Columns of a masonry or grid (1 for a list, and for carousels).
    public let columns: Int
    /// Space between items; half of it at the left and right edges.
    public let gap: Double
    /// Number of items.
    public let itemCount: Int
    /// Content size of the vertical scroll view.
    public let contentSize: Size
    /// The grid's geometry, for `grid`.
    public let grid: GridLayout?
    /// The per-item tables of a list, masonry or carousels (nil for `grid`, whose frames are computed),
    /// in one shared object: copying a layout — the grid scene and every policy context do it each
    /// frame — retains one reference instead of four arrays.
    private let tables: Tables?
    /// Frames by item (empty for `grid`).
    private var frames: [Rect] { tables?.frames ?? [] }
    /// reach[i]: the lowest bottom edge among items 0...i.
    private var reach: [Double] { tables?.reach ?? [] }
    /// Carousels: the first item of each row, then `itemCount`.
    private var rowStarts: [Int] { tables?.rowStarts ?? [] }
    /// Carousels: the row of each item.
    private var itemRows: [Int] { tables?.itemRows ?? [] }
    /// Carousels: each row's horizontal content offset (its own scroll view's); frames and bands take
    /// it into account. Zero for every row at first.
    public var rowOffsets: [Double]

    /// A list's, masonry's or carousels' tables, never changed once made.
    private final class Tables: Sendable {
        let frames: [Rect]
        let reach: [Double]
        /// Carousels: the first item of each row, then `itemCount`.
        let rowStarts: [Int]
        /// Carousels: the row of each item.
        let itemRows: [Int]

        init(frames: [Rect], reach: [Double], rowStarts: [Int], itemRows: [Int]) {
            self.frames = frames
            self.reach = reach
            self.rowStarts = rowStarts
            self.itemRows = itemRows
        }
    }

    /// Equal when every field and table is.
    public static func == (a: FeedLayout, b: FeedLayout) -> Bool {
        a.kind == b.kind && a.viewportWidth == b.viewportWidth && a.columns == b.columns && a.gap == b.gap
            && a.itemCount == b.itemCount && a.contentSize == b.contentSize && a.grid == b.grid
            && a.rowOffsets == b.rowOffsets
            && (a.tables === b.tables || (a.frames == b.frames && a.reach == b.reach && a.rowStarts == b.rowStarts
                                          && a.itemRows == b.itemRows))
    }

    /// Items in a carousel row when the feed has no sections.
    public static let carouselRowLength = 10
    /// Columns of a masonry or grid when neither the caller nor the feed says.
    public static let defaultColumns = 2
    /// The grid's tile (seed 004): 150 × 220; other column counts keep its shape.
    public static let gridTile = Size(width: 150, height: 220)

    /// The lab's bundled grid, as a feed layout: `grid`'s frames exactly.
    public init(grid: GridLayout, viewportWidth: Double = 320) {
        kind = .grid
        self.viewportWidth = viewportWidth
        columns = grid.columns
        gap = grid.gap
        itemCount = grid.itemCount
        contentSize = grid.contentSize
        self.grid = grid
        tables = nil
        rowOffsets = []
    }

    /// Lays out `feed` as `kind` (nil: the feed's own layout, else `list`) in `columns` columns (nil:
    /// the feed's, else 2) in a view `viewportWidth` wide.
    public init(feed: Feed, kind: FeedLayoutKind? = nil, columns: Int? = nil, viewportWidth: Double = 320, gap: Double = 10) {
        let kind = kind ?? feed.layout ?? .list
        let sizes = feed.items.map(\.size)
        self.init(kind: kind, sizes: sizes, sections: feed.hasSections ? feed.items.map { $0.section ?? 0 } : nil,
                  columns: columns ?? feed.columns ?? Self.defaultColumns, viewportWidth: viewportWidth, gap: gap)
    }

    /// Lays out items of `sizes` (and `sections`, for carousels) as `kind`.
    public init(kind: FeedLayoutKind, sizes: [Size], sections: [Int]? = nil, columns: Int = FeedLayout.defaultColumns,
                viewportWidth: Double = 320, gap: Double = 10) {
        self.kind = kind
        self.viewportWidth = viewportWidth
        self.gap = gap
        itemCount = sizes.count
        let slotColumns = kind.hasColumns ? Swift.max(1, columns) : 1
        self.columns = slotColumns
        let columnWidth = Swift.max(1, (viewportWidth - Double(slotColumns) * gap) / Double(slotColumns))
        var frames: [Rect] = []
        var rowStarts: [Int] = []
        var height = 0.0
        switch kind {
        case .grid:
            let g = GridLayout(columns: slotColumns, tileSize: Size(width: columnWidth, height: columnWidth * Self.gridTile.height / Self.gridTile.width),
                               gap: gap, itemCount: sizes.count)
            grid = g
            height = g.contentSize.height
        case .list:
            grid = nil
            frames.reserveCapacity(sizes.count)
            var y = 0.0
            for size in sizes {
                let h = columnWidth * size.height / size.width
                frames.append(Rect(x: gap / 2, y: y, width: columnWidth, height: h))
                height = y + h
                y = height + gap
            }
        case .masonry:
            grid = nil
            frames.reserveCapacity(sizes.count)
            var bottoms = Array(repeating: 0.0, count: slotColumns)
            var used = Array(repeating: false, count: slotColumns)
            for size in sizes {
                var column = 0
                for c in 1..<slotColumns where bottoms[c] < bottoms[column] { column = c }
                let y = used[column] ? bottoms[column] + gap : 0
                let h = columnWidth * size.height / size.width
                frames.append(Rect(x: gap / 2 + Double(column) * (columnWidth + gap), y: y, width: columnWidth, height: h))
                bottoms[column] = y + h
                used[column] = true
            }
            height = bottoms.max() ?? 0
        case .carousels:
            grid = nil
            frames.reserveCapacity(sizes.count)
            var start = 0
            var y = 0.0
            let widest = viewportWidth - gap
            while start < sizes.count {
                var end = start + 1
                if let sections {
                    while end < sizes.count, sections[end] == sections[start] { end += 1 }
                } else {
                    end = Swift.min(sizes.count, start + Self.carouselRowLength)
                }
                rowStarts.append(start)
                var x = gap / 2, rowHeight = 0.0
                for i in start..<end {
                    var size = sizes[i]
                    if size.width > widest { size = Size(width: widest, height: size.height * widest / size.width) }
                    frames.append(Rect(x: x, y: y, width: size.width, height: size.height))
                    x += size.width + gap
                    rowHeight = Swift.max(rowHeight, size.height)
                }
                height = y + rowHeight
                y = height + gap
                start = end
            }
            rowStarts.append(sizes.count)
        }
        var reach: [Double] = []
        reach.reserveCapacity(frames.count)
        for frame in frames { reach.append(Swift.max(reach.last ?? -.infinity, frame.maxY)) }
        var itemRows: [Int] = []
        if kind == .carousels {
            itemRows.reserveCapacity(sizes.count)
            for row in 0..<Swift.max(0, rowStarts.count - 1) {
                itemRows += repeatElement(row, count: rowStarts[row + 1] - rowStarts[row])
            }
        }
        tables = kind == .grid ? nil : Tables(frames: frames, reach: reach, rowStarts: rowStarts, itemRows: itemRows)
        rowOffsets = Array(repeating: 0, count: itemRows.isEmpty ? 0 : rowStarts.count - 1)
        contentSize = Size(width: viewportWidth, height: height)
    }

    /// The frame of item `index` in content coordinates (a carousel item's moved by its row's offset).
    public func frame(ofItem index: Int) -> Rect {
        if let grid { return grid.frame(ofItem: index) }
        guard !itemRows.isEmpty else { return frames[index] }
        var frame = frames[index]
        frame.origin.x -= rowOffsets[itemRows[index]]
        return frame
    }

    /// The items whose frames intersect `rect`, in index order (for `grid`, `GridLayout.items(in:)`).
    public func items(in rect: Rect) -> FeedItems {
        if let grid { return FeedItems(candidates: grid.items(in: rect), frames: [], rect: rect) }
        guard itemCount > 0, rect.height > 0, rect.minY.isFinite, rect.maxY.isFinite else {
            return FeedItems(candidates: 0..<0, frames: [], rect: rect)
        }
        // Rows move sideways, not up or down: the vertical search holds; the filter takes the offsets.
        // Items from the first whose reach passes the top, to the last whose top is above the bottom.
        let lower = Self.partition(reach.count) { reach[$0] > rect.minY }
        let upper = Self.partition(frames.count) { frames[$0].minY >= rect.maxY }
        return FeedItems(candidates: lower..<Swift.max(lower, upper), frames: frames, rect: rect,
                         itemRows: itemRows, rowOffsets: rowOffsets)
    }

    /// The first index in `0..<count` for which `isAfter` holds (it must hold for a suffix).
    private static func partition(_ count: Int, _ isAfter: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if isAfter(mid) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    // MARK: Rows

    /// Number of rows: grid and masonry rows of `columns` items in index order, a list's items, the
    /// carousels' strips.
    public var rowCount: Int {
        switch kind {
        case .carousels: return rowStarts.count - 1
        default: return (itemCount + columns - 1) / columns
        }
    }

    /// The row of item `index`.
    public func row(ofItem index: Int) -> Int {
        guard kind == .carousels else { return index / columns }
        return Self.partition(rowStarts.count - 1) { rowStarts[$0 + 1] > index }
    }

    /// The items of row `row` (empty outside the layout).
    public func items(inRow row: Int) -> Range<Int> {
        guard row >= 0, row < rowCount else { return 0..<0 }
        if kind == .carousels { return rowStarts[row]..<rowStarts[row + 1] }
        let first = row * columns
        return first..<Swift.min(itemCount, first + columns)
    }

    /// The items of row `row` that lie across the view's width at the row's offset: a carousel row's
    /// items in view sideways (the rest of the strip is off to the side); any other row's items.
    public func itemsAcross(row: Int) -> Range<Int> {
        let all = items(inRow: row)
        guard kind == .carousels, !all.isEmpty else { return all }
        let offset = rowOffsets[row]
        var first = all.lowerBound, last = all.upperBound
        while first < last, frames[first].maxX - offset <= 0 { first += 1 }
        while last > first, frames[last - 1].minX - offset >= viewportWidth { last -= 1 }
        return first..<last
    }

    /// A row's frame at horizontal offset 0: the view's width, the row's top to its tallest item's bottom
    /// (for a grid or masonry row of `columns` items: the band their frames span).
    public func rowFrame(_ row: Int) -> Rect {
        let items = items(inRow: row)
        guard !items.isEmpty else { return .zero }
        var top = Double.infinity, bottom = -Double.infinity
        for i in items {
            let f = grid?.frame(ofItem: i) ?? frames[i]
            top = Swift.min(top, f.minY)
            bottom = Swift.max(bottom, f.maxY)
        }
        return Rect(x: 0, y: top, width: viewportWidth, height: bottom - top)
    }

    /// The carousel row whose band holds content height `y`, if any.
    public func carouselRow(atY y: Double) -> Int? {
        guard kind == .carousels, rowCount > 0 else { return nil }
        let after = Self.partition(rowCount) { frames[rowStarts[$0]].minY > y }
        guard after > 0 else { return nil }
        let frame = rowFrame(after - 1)
        return y < frame.maxY ? after - 1 : nil
    }

    /// A carousel row's content width (its items, their gaps and half a gap at each end); for the other
    /// layouts the view's width.
    public func rowContentWidth(_ row: Int) -> Double {
        guard kind == .carousels, row >= 0, row < rowCount else { return viewportWidth }
        let items = items(inRow: row)
        return frames[items.upperBound - 1].maxX + gap / 2
    }
}

/// The items of a `FeedLayout` whose frames intersect a rect, in index order, produced one by one.
public struct FeedItems: Sequence, Sendable {
    /// Every item that may intersect (for `grid`, exactly those that do).
    public let candidates: Range<Int>
    let frames: [Rect]
    let rect: Rect
    var itemRows: [Int] = []
    var rowOffsets: [Double] = []

    /// Whether candidate `i` intersects the rect (its row's offset applied).
    func hits(_ i: Int) -> Bool {
        guard !frames.isEmpty else { return true }
        guard !itemRows.isEmpty else { return frames[i].intersects(rect) }
        var frame = frames[i]
        frame.origin.x -= rowOffsets[itemRows[i]]
        return frame.intersects(rect)
    }

    public func makeIterator() -> Iterator { Iterator(items: self, position: candidates.lowerBound) }

    /// The first item, if any.
    public var first: Int? { first { _ in true } }
    /// The last item, if any.
    public var last: Int? {
        var i = candidates.upperBound
        while i > candidates.lowerBound {
            i -= 1
            if hits(i) { return i }
        }
        return nil
    }
    /// No item intersects.
    public var isEmpty: Bool { first == nil }

    public struct Iterator: IteratorProtocol, Sendable {
        let items: FeedItems
        var position: Int

        public mutating func next() -> Int? {
            while position < items.candidates.upperBound {
                let i = position
                position += 1
                if items.hits(i) { return i }
            }
            return nil
        }
    }
}
