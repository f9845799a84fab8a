import ScrollKit

/// Reads a feed file one line at a time (format in docs/feeds.md), so a file of any length is read in
/// bounded memory: the line being parsed, and the feed so far, which stops at `Feed.itemLimit` items.
///
/// Each line is one JSON object. The first may be a header, `{"layout":"masonry","columns":2}`; every
/// other is an item, `{"width":150,"height":200,"image":"img-001.jpg","bytes":48000,"pixelWidth":600,
/// "pixelHeight":800,"section":0}` (`section` optional). Unknown fields are refused, so a misspelt
/// one is not silently ignored. Blank lines are skipped and counted.
public struct FeedParser: Sendable {
    /// 1-based number of the last line given to `parse(line:)`.
    public private(set) var lineNumber = 0
    private var items: [FeedItem] = []
    private var images: [FeedImage] = []
    /// Image index by name's UTF-8 bytes: names are file names or URLs, so two spellings that Swift's
    /// `String` equality would merge (NFC "é" and NFD "e\u{301}") are two images.
    private var imageIndex: [[UInt8]: Int] = [:]
    /// The line each image was first named on, by image index (for a conflict's message).
    private var imageLines: [Int] = []
    private var layout: FeedLayoutKind?
    private var columns: Int?
    private var sawLine = false

    /// Largest item side, points.
    public static let pointLimit = 10_000.0
    /// Largest ratio of an item's longer side to its shorter: a layout fits each item to its slot at its
    /// aspect ratio, so a needle (1e-300 × 200 points) would lay out past any screen count, or past a
    /// double's range, where a fling can no longer move the offset.
    public static let aspectLimit = 10_000.0
    /// Largest image file, bytes (100 MB).
    public static let byteLimit = 100_000_000
    /// Largest image side, pixels.
    public static let pixelLimit = 20_000
    /// Largest section number.
    public static let sectionLimit = 1_000_000
    /// Most columns a header may ask for.
    public static let columnLimit = 8

    static let itemFields = ["width", "height", "image", "bytes", "pixelWidth", "pixelHeight", "section", "thumbhash"]
    static let headerFields = ["layout", "columns"]

    /// A parser at the start of a file.
    public init() {}

    /// Parses the next line (its bytes without the `\n`; a trailing `\r` is allowed); throws its problem.
    public mutating func parse(line bytes: some Collection<UInt8>) throws(FeedError) {
        lineNumber += 1
        let line = lineNumber
        guard bytes.count <= Feed.lineLimit + 1 else { throw FeedError(line: line, reason: "longer than \(Feed.lineLimit) bytes (not a feed file?)") }
        var body = Array(bytes)
        if line == 1, body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
        if body.last == UInt8(ascii: "\r") { body.removeLast() }
        guard body.count <= Feed.lineLimit else { throw FeedError(line: line, reason: "longer than \(Feed.lineLimit) bytes (not a feed file?)") }
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0B || $0 == 0x0C }) { return }
        guard let text = String(validating: body, as: UTF8.self) else { throw FeedError(line: line, reason: "not valid UTF-8 text") }
        let value: JSONValue
        do {
            value = try JSONLineParser.parse(text[...])
        } catch {
            throw FeedError(line: line, reason: "not valid JSON: \(error.message)")
        }
        guard case let .object(pairs) = value else {
            throw FeedError(line: line, reason: "expected a JSON object like {\"width\":150,\"height\":200,\"image\":\"img-001.jpg\",\"bytes\":48000,\"pixelWidth\":600,\"pixelHeight\":800}")
        }
        defer { sawLine = true }
        if value["layout"] != nil {
            guard !sawLine else { throw FeedError(line: line, reason: "a header (\"layout\") belongs on the first line") }
            try parseHeader(value, pairs: pairs, line: line)
        } else {
            try parseItem(value, pairs: pairs, line: line)
        }
    }

    /// The feed read so far; throws when it holds no item.
    public consuming func finish() throws(FeedError) -> Feed {
        guard !items.isEmpty else { throw FeedError(line: 0, reason: "holds no items (a feed needs at least one item line)") }
        return Feed(items: items, images: images, layout: layout, columns: columns)
    }

    private mutating func parseHeader(_ value: JSONValue, pairs: [(String, JSONValue)], line: Int) throws(FeedError) {
        try Self.refuseUnknown(pairs, allowed: Self.headerFields, line: line)
        guard case let .string(name) = value["layout"] else { throw FeedError(line: line, reason: "field \"layout\" must be a string") }
        guard let kind = FeedLayoutKind(rawValue: name) else {
            throw FeedError(line: line, reason: "unknown layout \"\(name)\" (expected \(FeedLayoutKind.names))")
        }
        layout = kind
        if value["columns"] != nil {
            columns = try Self.integer(value, "columns", in: 1...Self.columnLimit, line: line)
        }
    }

    private mutating func parseItem(_ value: JSONValue, pairs: [(String, JSONValue)], line: Int) throws(FeedError) {
        guard items.count < Feed.itemLimit else {
            throw FeedError(line: line, reason: "more than \(Feed.itemLimit) items (a feed holds at most \(Feed.itemLimit))")
        }
        try Self.refuseUnknown(pairs, allowed: Self.itemFields, line: line)
        let width = try Self.size(value, "width", line: line)
        let height = try Self.size(value, "height", line: line)
        guard Swift.max(width / height, height / width) <= Self.aspectLimit else {
            let shown = { (n: Double) in n == n.rounded() ? String(Int64(n)) : "\(n)" }  // 1e-10 stays 1e-10, not 0
            throw FeedError(line: line, reason: "the item is \(shown(width)) × \(shown(height)) points: "
                            + "its longer side is at most \(Int(Self.aspectLimit)) times its shorter")
        }
        guard let imageValue = value["image"] else { throw FeedError(line: line, reason: "missing field \"image\"") }
        guard case let .string(name) = imageValue, !name.isEmpty else {
            throw FeedError(line: line, reason: "field \"image\" must be a non-empty string (an asset name or a URL)")
        }
        let bytes = try Self.integer(value, "bytes", in: 1...Self.byteLimit, line: line)
        let pixelWidth = try Self.integer(value, "pixelWidth", in: 1...Self.pixelLimit, line: line)
        let pixelHeight = try Self.integer(value, "pixelHeight", in: 1...Self.pixelLimit, line: line)
        var section: Int?
        if value["section"] != nil { section = try Self.integer(value, "section", in: 0...Self.sectionLimit, line: line) }
        if let first = items.first {
            switch (first.section, section) {
            case (nil, .some):
                throw FeedError(line: line, reason: "field \"section\" here, but the first item has none (give every item a section, or none)")
            case (.some, nil):
                throw FeedError(line: line, reason: "missing field \"section\" (the first item has one: give every item a section, or none)")
            default:
                break
            }
            if let previous = items.last?.section, let section, section < previous {
                throw FeedError(line: line, reason: "section \(section) after section \(previous): a section's items are consecutive, sections in order")
            }
        }
        var thumbHash: [UInt8]?
        if let field = value["thumbhash"] {
            guard case let .string(text) = field else { throw FeedError(line: line, reason: "field \"thumbhash\" must be a string (base64)") }
            // Text that is not base64 is kept as no bytes: an undecodable preview, shown as the colour fallback.
            thumbHash = Base64.decode(text) ?? []
        }
        let image = FeedImage(name: name, bytes: bytes, pixelWidth: pixelWidth, pixelHeight: pixelHeight, thumbHash: thumbHash)
        let index: Int
        let nameBytes = Array(name.utf8)
        if let known = imageIndex[nameBytes] {
            let earlier = images[known]
            guard earlier == image else {
                throw FeedError(line: line, reason: "image \"\(name)\" is \(bytes) bytes, \(pixelWidth)×\(pixelHeight) px here but \(earlier.bytes) bytes, \(earlier.pixelWidth)×\(earlier.pixelHeight) px on line \(imageLines[known]) (one image, one size)")
            }
            index = known
        } else {
            index = images.count
            images.append(image)
            imageLines.append(line)
            imageIndex[nameBytes] = index
        }
        items.append(FeedItem(size: Size(width: width, height: height), image: index, section: section))
    }

    private static func refuseUnknown(_ pairs: [(String, JSONValue)], allowed: [String], line: Int) throws(FeedError) {
        for (key, _) in pairs where !allowed.contains(key) {
            throw FeedError(line: line, reason: "unknown field \"\(key)\" (expected \(allowed.map { "\"\($0)\"" }.joined(separator: ", ")))")
        }
    }

    /// A size in points: a number above 0 and at most `pointLimit`.
    private static func size(_ object: JSONValue, _ field: String, line: Int) throws(FeedError) -> Double {
        guard let value = object[field] else { throw FeedError(line: line, reason: "missing field \"\(field)\"") }
        guard case let .number(n) = value else { throw FeedError(line: line, reason: "field \"\(field)\" must be a number (points)") }
        guard n.isFinite else { throw FeedError(line: line, reason: "field \"\(field)\" is not a finite number") }
        guard n.isFinite, n > 0, n <= pointLimit else {
            throw FeedError(line: line, reason: "field \"\(field)\" is \(JSONValue.format(n)): a size in points is above 0 and at most \(Int(pointLimit))")
        }
        return n
    }

    /// A whole number within `range`.
    private static func integer(_ object: JSONValue, _ field: String, in range: ClosedRange<Int>, line: Int) throws(FeedError) -> Int {
        guard let value = object[field] else { throw FeedError(line: line, reason: "missing field \"\(field)\"") }
        guard case let .number(n) = value else { throw FeedError(line: line, reason: "field \"\(field)\" must be a whole number") }
        guard n.isFinite else { throw FeedError(line: line, reason: "field \"\(field)\" is not a finite number") }
        guard n.isFinite, n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            throw FeedError(line: line, reason: "field \"\(field)\" is \(JSONValue.format(n)): it lies between \(range.lowerBound) and \(range.upperBound)")
        }
        guard n == n.rounded() else { throw FeedError(line: line, reason: "field \"\(field)\" is \(JSONValue.format(n)): it must be a whole number") }
        return Int(n)
    }
}
