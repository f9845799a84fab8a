import Testing
@testable import LabKit

/// `feed generate --bytes MIN-MAX --pixels MIN-MAX` (issue 57): your own ranges, log-uniform in the size draw.
@Suite struct SizeRangeTests {
    @Test func rangesParseWithKAndM() {
        #expect(SizeRange(parsing: "200k-1.5M") == SizeRange(low: 200_000, high: 1_500_000))
        #expect(SizeRange(parsing: "1M-12M") == SizeRange(low: 1_000_000, high: 12_000_000))
        #expect(SizeRange(parsing: "5000") == SizeRange(low: 5000, high: 5000))
        for bad in ["0-3", "3-2", "abc", "", "1-2-3", "-5", "1.5", "2k-"] { #expect(SizeRange(parsing: bad) == nil, "\(bad)") }
    }

    @Test func theDrawIsLogUniformBetweenTheEnds() throws {
        let r = try #require(SizeRange(parsing: "200k-1.5M"))
        #expect(r.value(u: 0) == 200_000)
        #expect(r.value(u: 1) == 1_500_000)
        #expect(r.value(u: 0.5) == 547_723)   // √(200 000 × 1 500 000)
    }

    @Test func aGeneratedFeedTakesTheRangesAndKeepsItsShapes() throws {
        var generator = FeedGenerator(layout: .masonry, seed: 5, images: .photos)
        let plain = generator.feed(count: 20)
        generator.ranges = FeedSizeRanges(bytes: SizeRange(low: 1000, high: 1000), pixels: SizeRange(low: 40_000, high: 40_000))
        let ranged = generator.feed(count: 20)
        for (a, b) in zip(plain.images, ranged.images) {
            #expect(b.bytes == 1000)
            #expect(abs(b.pixelWidth * b.pixelHeight - 40_000) < 400)
            let shape = Double(a.pixelWidth) / Double(a.pixelHeight), kept = Double(b.pixelWidth) / Double(b.pixelHeight)
            #expect(abs(shape - kept) < 0.02)
        }
        // Without ranges nothing changes.
        generator.ranges = FeedSizeRanges()
        #expect(generator.feed(count: 20).images == plain.images)
    }

    @Test func aPictureTooLargeForAFeedKeepsItsShapeWithinTheLimit() throws {
        // 400M pixels is 20 000 × 20 000 only for a square: any other shape would pass the side limit.
        var generator = FeedGenerator(layout: .masonry, seed: 2, images: .photos)
        let plain = generator.feed(count: 20)
        generator.ranges = FeedSizeRanges(pixels: SizeRange(low: 400_000_000, high: 400_000_000))
        let big = generator.feed(count: 20)
        for (a, b) in zip(plain.images, big.images) {
            #expect(max(b.pixelWidth, b.pixelHeight) <= FeedParser.pixelLimit)
            #expect(max(b.pixelWidth, b.pixelHeight) >= FeedParser.pixelLimit - 1)
            let shape = Double(a.pixelWidth) / Double(a.pixelHeight), kept = Double(b.pixelWidth) / Double(b.pixelHeight)
            #expect(abs(shape - kept) < 0.02)
        }
        // And the feed written reads back.
        var parser = FeedParser()
        try parser.parse(line: Array(generator.headerLine.utf8))
        generator.generate(count: 20) { item, image in
            #expect(throws: Never.self) { try parser.parse(line: Array(Feed.line(item, image: image).utf8)) }
        }
        #expect(try parser.finish().images == big.images)
    }

    /// A carousel's picture is cropped to its cell's shape after the ranges: the crop keeps the limit too,
    /// so every layout's feed written reads back (300M pixels put a side past 20 000 before).
    @Test func aCarouselCropStaysWithinTheLimit() throws {
        for layout in FeedLayoutKind.allCases {
            var generator = FeedGenerator(layout: layout, seed: 2, images: .photos)
            generator.ranges = FeedSizeRanges(pixels: SizeRange(low: 300_000_000, high: 400_000_000))
            var parser = FeedParser()
            try parser.parse(line: Array(generator.headerLine.utf8))
            generator.generate(count: 40) { item, image in
                #expect(max(image.pixelWidth, image.pixelHeight) <= FeedParser.pixelLimit, "\(layout)")
                #expect(throws: Never.self) { try parser.parse(line: Array(Feed.line(item, image: image).utf8)) }
            }
        }
        #expect(FeedSizeRanges.shape(pixels: 4_000_000, ratio: 1) == (2000, 2000))
        #expect(FeedSizeRanges.shape(pixels: 1e12, ratio: 2) == (20_000, 10_000))
    }
}
