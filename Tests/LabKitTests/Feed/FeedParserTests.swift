import Testing
import ScrollKit
import LabKit

@Suite struct FeedParserTests {
    /// Parses `lines`; the feed, or the first error.
    func parse(_ lines: [String]) -> Result<Feed, FeedError> {
        var parser = FeedParser()
        do throws(FeedError) {
            for line in lines { try parser.parse(line: Array(line.utf8)) }
            return .success(try parser.finish())
        } catch {
            return .failure(error)
        }
    }

    func error(_ lines: [String]) -> String? {
        if case let .failure(e) = parse(lines) { return e.description }
        return nil
    }

    let good = #"{"width":150,"height":200,"image":"img-001.jpg","bytes":48000,"pixelWidth":600,"pixelHeight":800}"#

    @Test func readsAHeaderItemsAndSharedImages() throws {
        let feed = try parse([
            #"{"layout":"masonry","columns":3}"#,
            good,
            "",
            #"{"width":100,"height":50.5,"image":"https://example.com/a.jpg","bytes":1200,"pixelWidth":200,"pixelHeight":101}"#,
            good,
        ]).get()
        #expect(feed.layout == .masonry)
        #expect(feed.columns == 3)
        #expect(feed.items == [FeedItem(size: Size(width: 150, height: 200), image: 0),
                               FeedItem(size: Size(width: 100, height: 50.5), image: 1),
                               FeedItem(size: Size(width: 150, height: 200), image: 0)])
        #expect(feed.images == [FeedImage(name: "img-001.jpg", bytes: 48000, pixelWidth: 600, pixelHeight: 800),
                                FeedImage(name: "https://example.com/a.jpg", bytes: 1200, pixelWidth: 200, pixelHeight: 101)])
        #expect(feed.images[0].decodedBytes == 600 * 800 * 4)
        #expect(!feed.hasSections)
    }

    @Test func toleratesABOMAndCRLF() throws {
        let feed = try parse(["\u{FEFF}" + good + "\r"]).get()
        #expect(feed.items.count == 1)
    }

    @Test func namesAMissingField() {
        #expect(error([#"{"width":150,"image":"a.jpg","bytes":1,"pixelWidth":1,"pixelHeight":1}"#])
                == #"line 1: missing field "height""#)
        #expect(error([good, #"{"width":150,"height":200,"bytes":1,"pixelWidth":1,"pixelHeight":1}"#])
                == #"line 2: missing field "image""#)
        #expect(error([#"{"width":150,"height":200,"image":"a.jpg","pixelWidth":1,"pixelHeight":1}"#])
                == #"line 1: missing field "bytes""#)
        #expect(error([#"{"width":150,"height":200,"image":"a.jpg","bytes":1,"pixelHeight":1}"#])
                == #"line 1: missing field "pixelWidth""#)
    }

    @Test func refusesNegativeAndZeroSizes() {
        #expect(error([good, good, #"{"width":150,"height":-20,"image":"a.jpg","bytes":1,"pixelWidth":1,"pixelHeight":1}"#])
                == #"line 3: field "height" is -20: a size in points is above 0 and at most 10000"#)
        #expect(error([#"{"width":0,"height":20,"image":"a.jpg","bytes":1,"pixelWidth":1,"pixelHeight":1}"#])
                == #"line 1: field "width" is 0: a size in points is above 0 and at most 10000"#)
        #expect(error([#"{"width":10,"height":20,"image":"a.jpg","bytes":-5,"pixelWidth":1,"pixelHeight":1}"#])
                == #"line 1: field "bytes" is -5: it lies between 1 and 100000000"#)
        #expect(error([#"{"width":10,"height":20,"image":"a.jpg","bytes":5,"pixelWidth":-1,"pixelHeight":1}"#])
                == #"line 1: field "pixelWidth" is -1: it lies between 1 and 20000"#)
        #expect(error([#"{"width":10,"height":20,"image":"a.jpg","bytes":5,"pixelWidth":10.5,"pixelHeight":1}"#])
                == #"line 1: field "pixelWidth" is 10.5: it must be a whole number"#)
        #expect(error([#"{"width":10,"height":1e400,"image":"a.jpg","bytes":5,"pixelWidth":1,"pixelHeight":1}"#])
                == #"line 1: field "height" is not a finite number"#)
    }

    @Test func refusesANeedle() throws {
        // One side at most 10 000 times the other: a needle would lay out past a double's range.
        #expect(error([#"{"width":1e-320,"height":200,"image":"a.jpg","bytes":1,"pixelWidth":1,"pixelHeight":1}"#])
                == #"line 1: the item is 1e-320 × 200 points: its longer side is at most 10000 times its shorter"#)
        #expect(error([good, #"{"width":10000,"height":0.5,"image":"a.jpg","bytes":1,"pixelWidth":1,"pixelHeight":1}"#])
                == #"line 2: the item is 10000 × 0.5 points: its longer side is at most 10000 times its shorter"#)
        let feed = try parse([#"{"width":1,"height":10000,"image":"a.jpg","bytes":1,"pixelWidth":1,"pixelHeight":1}"#]).get()
        #expect(feed.items.count == 1)
    }

    @Test func refusesWrongTypesAndUnknownFields() {
        #expect(error([#"{"width":"wide","height":20,"image":"a.jpg","bytes":5,"pixelWidth":1,"pixelHeight":1}"#])
                == #"line 1: field "width" must be a number (points)"#)
        #expect(error([#"{"width":10,"height":20,"image":7,"bytes":5,"pixelWidth":1,"pixelHeight":1}"#])
                == #"line 1: field "image" must be a non-empty string (an asset name or a URL)"#)
        #expect(error([#"{"width":10,"height":20,"image":"a.jpg","bytes":5,"pixelWidth":1,"pixelHeight":1,"sectoin":2}"#])
                == #"line 1: unknown field "sectoin" (expected "width", "height", "image", "bytes", "pixelWidth", "pixelHeight", "section", "thumbhash")"#)
        #expect(error(["[1,2]"])?.hasPrefix("line 1: expected a JSON object") == true)
        #expect(error([#"{"width":10,"#])?.hasPrefix("line 1: not valid JSON") == true)
    }

    @Test func keepsOneSizePerImage() {
        #expect(error([good, "", #"{"width":15,"height":20,"image":"img-001.jpg","bytes":48001,"pixelWidth":600,"pixelHeight":800}"#])
                == #"line 3: image "img-001.jpg" is 48001 bytes, 600×800 px here but 48000 bytes, 600×800 px on line 1 (one image, one size)"#)
    }

    @Test func namesAreTheirBytes() throws {
        // "é.jpg" composed (NFC) and decomposed (NFD): equal as Swift strings, two files on disk.
        let item = { (name: String, bytes: Int) in #"{"width":10,"height":20,"image":"\#(name)","bytes":\#(bytes),"pixelWidth":1,"pixelHeight":1}"# }
        let feed = try parse([item("\u{E9}.jpg", 5), item("e\u{301}.jpg", 7), item("\u{E9}.jpg", 5)]).get()
        #expect(feed.images.count == 2)
        #expect(feed.items.map(\.image) == [0, 1, 0])
        #expect(feed.images.map(\.bytes) == [5, 7])
    }

    @Test func sectionsAreAllOrNoneAndInOrder() throws {
        let item = { (s: Int) in #"{"width":10,"height":20,"image":"a.jpg","bytes":5,"pixelWidth":1,"pixelHeight":1,"section":\#(s)}"# }
        let feed = try parse([item(0), item(0), item(2)]).get()
        #expect(feed.items.map(\.section) == [0, 0, 2])
        #expect(feed.hasSections)
        #expect(error([item(1), item(0)]) == "line 2: section 0 after section 1: a section's items are consecutive, sections in order")
        #expect(error([item(1), good])?.hasPrefix(#"line 2: missing field "section""#) == true)
        #expect(error([good, item(1)])?.hasPrefix(#"line 2: field "section" here, but the first item has none"#) == true)
    }

    @Test func theHeaderComesFirst() {
        #expect(error([good, #"{"layout":"list"}"#]) == #"line 2: a header ("layout") belongs on the first line"#)
        #expect(error([#"{"layout":"spiral"}"#, good]) == #"line 1: unknown layout "spiral" (expected list, masonry, carousels or grid)"#)
        #expect(error([#"{"layout":"grid","columns":9}"#, good]) == #"line 1: field "columns" is 9: it lies between 1 and 8"#)
        #expect(error([#"{"layout":"grid","rows":9}"#, good]) == #"line 1: unknown field "rows" (expected "layout", "columns")"#)
        // A blank line before the header is fine: the header is the first line with something on it.
        #expect(error(["", #"{"layout":"list"}"#, good]) == nil)
    }

    @Test func aFeedHasItems() {
        #expect(error([]) == "holds no items (a feed needs at least one item line)")
        #expect(error([#"{"layout":"list"}"#, "  "]) == "holds no items (a feed needs at least one item line)")
    }

    @Test func refusesALineWithNoEndInSight() {
        var parser = FeedParser()
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: Feed.lineLimit + 2)
        #expect(throws: FeedError(line: 1, reason: "longer than \(Feed.lineLimit) bytes (not a feed file?)")) {
            try parser.parse(line: long)
        }
        var utf = FeedParser()
        #expect(throws: FeedError(line: 1, reason: "not valid UTF-8 text")) { try utf.parse(line: [0x7B, 0xFF, 0x7D]) }
    }

    /// A million items: the parser refuses the first item past the limit, naming its line, having kept
    /// no more than the limit.
    @Test func refusesItemsPastTheLimit() {
        var parser = FeedParser()
        let line = Array(good.utf8)
        try? parser.parse(line: Array(#"{"layout":"list"}"#.utf8))
        var failure: FeedError?
        for _ in 0..<1_000_000 {
            do throws(FeedError) { try parser.parse(line: line) } catch { failure = error; break }
        }
        #expect(failure == FeedError(line: Feed.itemLimit + 2, reason: "more than 100000 items (a feed holds at most 100000)"))
        #expect(parser.lineNumber == Feed.itemLimit + 2)
    }
}
