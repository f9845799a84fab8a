import Testing
import ScrollKit
import LabKit
import ScrollKitTestSupport

@Suite struct FeedGeneratorTests {
    /// The generator's lines (header first) read back by the parser.
    func roundTrip(_ generator: FeedGenerator, count: Int) throws -> Feed {
        var parser = FeedParser()
        try parser.parse(line: Array(generator.headerLine.utf8))
        var lines: [String] = []
        generator.generate(count: count) { lines.append(Feed.line($0, image: $1)) }
        for line in lines { try parser.parse(line: Array(line.utf8)) }
        return try parser.finish()
    }

    @Test func theSameSeedGivesTheSameFeedWhateverTheCount() {
        let short = FeedGenerator(layout: .masonry, seed: 7).feed(count: 20)
        let long = FeedGenerator(layout: .masonry, seed: 7).feed(count: 200)
        #expect(Array(long.items.prefix(20)) == short.items)
        #expect(Array(long.images.prefix(20)) == short.images)
        #expect(FeedGenerator(layout: .masonry, seed: 8).feed(count: 20).images != short.images)
    }

    @Test func linesReadBackAsTheSameFeed() throws {
        for layout in FeedLayoutKind.allCases {
            let generator = FeedGenerator(layout: layout, seed: 11)
            #expect(try roundTrip(generator, count: 60) == generator.feed(count: 60), "\(layout)")
        }
        #expect(FeedGenerator(layout: .masonry, seed: 1).headerLine == #"{"layout":"masonry","columns":2}"#)
        #expect(FeedGenerator(layout: .list, seed: 1).headerLine == #"{"layout":"list"}"#)
    }

    @Test func itemsAreShapedForTheirLayout() {
        let list = FeedGenerator(layout: .list, seed: 2).feed(count: 100)
        for (item, image) in zip(list.items, list.images) {
            #expect(item.size.width == 310)
            #expect(item.size.height == (310 * Double(image.pixelHeight) / Double(image.pixelWidth)).rounded())
        }
        let masonry = FeedGenerator(layout: .masonry, seed: 2, columns: 3).feed(count: 100)
        #expect(masonry.items.allSatisfy { $0.size.width == (320 - 30) / 3.0 })
        #expect(masonry.columns == 3)
        let grid = FeedGenerator(layout: .grid, seed: 2).feed(count: 10)
        #expect(grid.items.allSatisfy { $0.size == Size(width: 150, height: 220) })
    }

    @Test func carouselRowsHoldEightToSixteenCellsOfOneShape() {
        let feed = FeedGenerator(layout: .carousels, seed: 5).feed(count: 500)
        var rows: [Int: [FeedItem]] = [:]
        for item in feed.items { rows[item.section!, default: []].append(item) }
        #expect(feed.items.map { $0.section! } == feed.items.map { $0.section! }.sorted())
        let sections = rows.keys.sorted()
        #expect(sections == Array(0..<sections.count))
        for section in sections.dropLast() {
            let cells = rows[section]!
            #expect(FeedGenerator.carouselRowLengths.contains(cells.count))
            #expect(Set(cells.map(\.size)).count == 1)
            #expect(FeedGenerator.carouselCells.contains(cells[0].size))
        }
        // A picture is cropped to its cell's shape.
        for (item, image) in zip(feed.items, feed.images) {
            let cell = item.size.width / item.size.height, picture = Double(image.pixelWidth) / Double(image.pixelHeight)
            #expect(abs(cell - picture) < 0.02 * cell)
        }
    }

    @Test func imageSizesStayWithinThePublishedPercentiles() {
        let feed = FeedGenerator(layout: .list, seed: 9).feed(count: 2001)
        let bytes = feed.images.map(\.bytes).sorted()
        #expect(bytes.first! >= 6_000)
        #expect(bytes.last! <= 1_002_000)
        // The median draw is the 50th percentile: 135 KB (the sample's within 10%).
        #expect(abs(Double(bytes[1000]) - 135_000) < 13_500)
        let pixels = feed.images.map { Double($0.pixelWidth * $0.pixelHeight) }
        #expect(pixels.allSatisfy { $0 >= 23_000 * 0.98 && $0 <= 3_130_000 * 1.02 })
        // A third of the pictures are square, 14% portrait (within a few points).
        let square = Double(feed.images.filter { $0.pixelWidth == $0.pixelHeight }.count) / 2001
        let portrait = Double(feed.images.filter { $0.pixelWidth < $0.pixelHeight }.count) / 2001
        #expect(abs(square - 0.33) < 0.03)
        #expect(abs(portrait - 0.14) < 0.03)
    }
}

@Suite struct ImageSizeDistributionTests {
    @Test func quantilesPassThroughThePublishedPercentiles() {
        for (p, value) in zip(ImageSizeDistribution.percentiles, ImageSizeDistribution.bytes) {
            #expect(abs(ImageSizeDistribution.quantile(p, of: ImageSizeDistribution.bytes) - value) < 1e-6 * value)
        }
        // Halfway between the 25th and 50th percentiles: the geometric mean of 37 and 135 KB.
        let between = ImageSizeDistribution.quantile(0.375, of: ImageSizeDistribution.bytes)
        #expect(abs(between - (37_000.0 * 135_000).squareRoot()) < 1e-6 * between)
        // Nothing beyond the published range.
        #expect(ImageSizeDistribution.quantile(0.01, of: ImageSizeDistribution.bytes) == ImageSizeDistribution.quantile(0.10, of: ImageSizeDistribution.bytes))
        #expect(ImageSizeDistribution.quantile(0.99, of: ImageSizeDistribution.pixels) == ImageSizeDistribution.quantile(0.90, of: ImageSizeDistribution.pixels))
    }

    @Test func shapesFollowTheOrientationShares() {
        #expect(ImageSizeDistribution.aspectRatio(0) == 1)
        #expect(ImageSizeDistribution.aspectRatio(0.3299) == 1)
        #expect(ImageSizeDistribution.aspectRatio(0.33) == 0.75)           // portrait, its first ratio 3:4
        #expect(ImageSizeDistribution.aspectRatio(0.4699) == 2.0 / 3)      // portrait, its last 2:3
        #expect(ImageSizeDistribution.aspectRatio(0.4701) == 4.0 / 3)        // landscape, its first 4:3
        #expect(ImageSizeDistribution.aspectRatio(0.9999) == 5.0 / 3)      // landscape, its last 5:3
    }

    @Test func theMedianDrawIsTheMedianImage() {
        let median = ImageSizeDistribution.sample(u: 0.5, v: 0)
        #expect(median.bytes == 135_000)
        #expect(median.pixelWidth == 735 && median.pixelHeight == 735)  // √540 000 ≈ 734.8
    }
}
