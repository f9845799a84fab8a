import Testing
import LabKit

@Suite struct ImagePreviewsTests {
    /// A 4×4 image of one colour.
    static func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> [UInt8] {
        ThumbHash(width: 4, height: 4, rgba: Array([[UInt8]](repeating: [r, g, b, 255], count: 16).joined()))!.bytes
    }

    @Test func colourIsTheHashsAverageAndThumbnailItsDecodedPreview() {
        let bytes = Self.solid(200, 100, 50)
        let previews = ImagePreviews(hashes: [bytes, nil])
        // The DC terms are quantised (luminance to 6 bits, the colour channels to 6 and 5): 200, 100, 50
        // comes back as 202, 101, 50.
        #expect(previews.preview(ofAsset: 0, kind: .color) == .colour(r: 202, g: 101, b: 50))
        #expect(previews.preview(ofAsset: 0, kind: .thumbhash) == .thumbnail(ThumbHash(bytes: bytes)!.decoded()))
        #expect(previews.preview(ofAsset: 0, kind: .none) == nil)
        // An image without preview bytes waits empty; assets wrap as items do.
        #expect(previews.preview(ofAsset: 1, kind: .color) == nil)
        #expect(previews.preview(ofAsset: 2, kind: .color) == .colour(r: 202, g: 101, b: 50))
        #expect(!previews.isUndecodable(asset: 0) && !previews.isUndecodable(asset: 1))
    }

    @Test func bytesThatAreNoThumbHashShowTheFallbackColour() {
        // Too short for a header; a header announcing more terms than follow; nothing at all.
        let truncated = Array(Self.solid(200, 100, 50).prefix(7))
        let previews = ImagePreviews(hashes: [[1, 2, 3], truncated, []])
        for asset in 0..<3 {
            #expect(previews.isUndecodable(asset: asset))
            #expect(previews.preview(ofAsset: asset, kind: .color) == TilePreview.fallback)
            #expect(previews.preview(ofAsset: asset, kind: .thumbhash) == TilePreview.fallback)
        }
        #expect(TilePreview.fallback == .colour(r: 229, g: 229, b: 234))
    }

    @Test func theBundledImagesEachHaveOne() {
        #expect(ImagePreviews.bundled.hashes.count == 72)
        #expect(ImagePreviews.bundled.bytes(ofAsset: 0) == Base64.decode("3BcSHQZod4t3CIeHiIh4d3iAgIcI"))
        #expect(ImagePreviews.bundled.bytes(ofAsset: 72) == ImagePreviews.bundled.bytes(ofAsset: 0))
        #expect((0..<72).allSatisfy { !ImagePreviews.bundled.isUndecodable(asset: $0) })
    }

    @Test func aFeedItemCarriesItsPreviewAndAGeneratedFeedTheBundledImagesOwn() throws {
        var parser = FeedParser()
        try parser.parse(line: Array(#"{"width":150,"height":200,"image":"a.jpg","bytes":1000,"pixelWidth":300,"pixelHeight":400,"thumbhash":"3BcSHQZod4t3CIeHiIh4d3iAgIcI"}"#.utf8))
        try parser.parse(line: Array(#"{"width":150,"height":200,"image":"b.jpg","bytes":1000,"pixelWidth":300,"pixelHeight":400,"thumbhash":"not base64!"}"#.utf8))
        try parser.parse(line: Array(#"{"width":150,"height":200,"image":"c.jpg","bytes":1000,"pixelWidth":300,"pixelHeight":400}"#.utf8))
        let feed = try parser.finish()
        #expect(feed.images.map(\.thumbHash) == [Base64.decode("3BcSHQZod4t3CIeHiIh4d3iAgIcI"), [], nil])
        let previews = ImagePreviews(feed: feed)
        #expect(!previews.isUndecodable(asset: 0) && previews.isUndecodable(asset: 1) && !previews.hasPreview(asset: 2))
        var bad = FeedParser()
        #expect(throws: FeedError.self) {
            try bad.parse(line: Array(#"{"width":150,"height":200,"image":"a.jpg","bytes":1000,"pixelWidth":300,"pixelHeight":400,"thumbhash":12}"#.utf8))
        }
        let generated = FeedGenerator(layout: .list, seed: 3).feed(count: 74)
        #expect(generated.images[73].thumbHash == ImagePreviews.bundled.bytes(ofAsset: 1))
        #expect(Feed.line(generated.items[0], image: generated.images[0]).hasSuffix(#","thumbhash":"3BcSHQZod4t3CIeHiIh4d3iAgIcI"}"#))
    }
}
