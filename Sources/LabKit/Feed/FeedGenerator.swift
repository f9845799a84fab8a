import ScrollKit

/// Seeded feeds for a layout (`scrolllab feed generate`, B-FEED-1): items shaped for the layout, each
/// with its own image whose file and pixel sizes come from `ImageSizeDistribution`.
///
/// Item `i`'s image depends only on the seed and `i` (`SeededDraw`), so the same seed gives the same
/// file whatever the count. Shapes (modelling choices, docs/feeds.md):
/// - `list`: a cell the column's width (310 pt) as tall as its picture at that width;
/// - `masonry`: a tile the column's width, as tall as its picture (Pinterest);
/// - `carousels`: rows (sections) of 8–16 cells of one shape each, square 140×140, wide 260×146
///   (16:9) or tall 120×180 (2:3), like an App Store page; the picture is cropped to the cell's shape
///   (a server sends the crop), keeping its drawn pixel count;
/// - `grid`: the grid's 150×220 tiles.
public struct FeedGenerator: Sendable {
    /// The layout the feed is made for.
    public var layout: FeedLayoutKind
    /// The seed.
    public var seed: UInt64
    /// Columns of a masonry or grid.
    public var columns: Int
    /// Width of the view the feed is made for, points.
    public var viewportWidth: Double
    /// Space between items, points.
    public var gap: Double
    /// The images' sizes: the web's (default) or camera photos'.
    public var images: FeedImageSizes
    /// Ranges of your own for the images' bytes and pixels (none: the distribution's).
    public var ranges = FeedSizeRanges()

    /// Cell shapes of a carousel row (points).
    public static let carouselCells = [Size(width: 140, height: 140), Size(width: 260, height: 146), Size(width: 120, height: 180)]
    /// Fewest and most cells in a carousel row.
    public static let carouselRowLengths = 8...16

    /// Draw streams of `SeededDraw`: one per quantity, so adding one never shifts another.
    enum Stream: UInt64 { case size = 0, shape = 1, rowLength = 2, rowCell = 3 }

    /// A generator for `layout`.
    public init(layout: FeedLayoutKind, seed: UInt64, columns: Int = FeedLayout.defaultColumns, viewportWidth: Double = 320, gap: Double = 10,
                images: FeedImageSizes = .web) {
        self.images = images
        self.layout = layout
        self.seed = seed
        self.columns = Swift.max(1, columns)
        self.viewportWidth = viewportWidth
        self.gap = gap
    }

    private func draw(_ stream: Stream, _ serial: Int) -> Double {
        SeededDraw.unit(seed: seed, serial: serial, stream: stream.rawValue, index: 0)
    }

    /// The header line the feed starts with.
    public var headerLine: String {
        var pairs: [(String, JSONValue)] = [("layout", .string(layout.rawValue))]
        if layout.hasColumns { pairs.append(("columns", .int(columns))) }
        return JSONValue.object(pairs).serialized
    }

    /// Makes `count` items, handing each to `body` with its image, in order (nothing is kept).
    public func generate(count: Int, _ body: (FeedItem, FeedImage) -> Void) {
        let columnWidth = (viewportWidth - Double(slotColumns) * gap) / Double(slotColumns)
        var row = 0, rowEnd = 0, rowCell = Size(width: 0, height: 0)
        for i in 0..<Swift.max(0, count) {
            var section: Int?
            var cellAspect: Double?
            if layout == .carousels {
                if i == rowEnd {
                    if i > 0 { row += 1 }
                    let lengths = Self.carouselRowLengths
                    rowEnd = i + lengths.lowerBound + Int(draw(.rowLength, row) * Double(lengths.count))
                    rowCell = Self.carouselCells[Int(draw(.rowCell, row) * Double(Self.carouselCells.count))]
                }
                section = row
                cellAspect = rowCell.width / rowCell.height
            }
            var sample = ranges.apply(images.sample(u: draw(.size, i), v: draw(.shape, i)), u: draw(.size, i))
            if let cellAspect {
                // Cropped to the cell's shape, its pixels kept, within the feed's limit.
                (sample.pixelWidth, sample.pixelHeight) = FeedSizeRanges.shape(pixels: Double(sample.pixelWidth * sample.pixelHeight), ratio: cellAspect)
            }
            let size: Size
            switch layout {
            case .list, .masonry:
                size = Size(width: columnWidth,
                            height: Swift.max(1, (columnWidth * Double(sample.pixelHeight) / Double(sample.pixelWidth)).rounded()))
            case .carousels:
                size = rowCell
            case .grid:
                size = Size(width: columnWidth, height: columnWidth * FeedLayout.gridTile.height / FeedLayout.gridTile.width)
            }
            // The preview of the picture the window draws for image i (bundled image i % 72), from its colours.
            let image = FeedImage(name: (images == .photos ? "photo-" : "feed-") + "\(seed)-\(i).jpg", bytes: sample.bytes,
                                  pixelWidth: sample.pixelWidth, pixelHeight: sample.pixelHeight,
                                  thumbHash: ImagePreviews.bundled.bytes(ofAsset: i))
            body(FeedItem(size: size, image: i, section: section), image)
        }
    }

    /// Columns the layout's slots are computed for.
    private var slotColumns: Int { layout.hasColumns ? columns : 1 }

    /// The feed of `count` items, whole.
    public func feed(count: Int) -> Feed {
        var items: [FeedItem] = [], images: [FeedImage] = []
        generate(count: count) { item, image in
            items.append(item)
            images.append(image)
        }
        return Feed(items: items, images: images, layout: layout, columns: layout.hasColumns ? columns : nil)
    }
}

extension Feed {
    /// Item `index` as a line of a feed file (without its newline).
    public func line(ofItem index: Int) -> String { Self.line(items[index], image: images[items[index].image]) }

    /// An item and its image as a line of a feed file (without its newline).
    public static func line(_ item: FeedItem, image: FeedImage) -> String {
        var pairs: [(String, JSONValue)] = [
            ("width", .number(item.size.width)), ("height", .number(item.size.height)), ("image", .string(image.name)),
            ("bytes", .int(image.bytes)), ("pixelWidth", .int(image.pixelWidth)), ("pixelHeight", .int(image.pixelHeight)),
        ]
        if let section = item.section { pairs.append(("section", .int(section))) }
        if let hash = image.thumbHash { pairs.append(("thumbhash", .string(Base64.encode(hash)))) }
        return JSONValue.object(pairs).serialized
    }
}
