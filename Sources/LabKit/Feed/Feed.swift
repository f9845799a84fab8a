import ScrollKit

/// A feed: the items a scene scrolls, each with its size and its image (B-FEED-1).
///
/// Read from a feed file (`FeedParser`, format in docs/feeds.md) or made by `FeedGenerator`. Images
/// are kept once each, by name: items that name the same image share it (one key in the caches, one
/// download), as an app's image cache keys by URL.
public struct Feed: Hashable, Sendable {
    /// The items, in order.
    public var items: [FeedItem]
    /// The distinct images, in order of first use; `FeedItem.image` indexes this.
    public var images: [FeedImage]
    /// The layout the file asks for (its first line), if it names one.
    public var layout: FeedLayoutKind?
    /// The columns the file asks for (masonry and grid), if it names them.
    public var columns: Int?

    /// Most items a feed holds: a bound on memory whatever the file (a session scrolls through far fewer).
    public static let itemLimit = 100_000
    /// Longest line accepted, in bytes (an item line is under 200; a URL may be long).
    public static let lineLimit = 8192

    /// Makes a feed; every `items[i].image` must index `images`.
    public init(items: [FeedItem], images: [FeedImage], layout: FeedLayoutKind? = nil, columns: Int? = nil) {
        self.items = items
        self.images = images
        self.layout = layout
        self.columns = columns
    }

    /// The image item `index` shows.
    public func image(ofItem index: Int) -> FeedImage { images[items[index].image] }

    /// Each image's file size in bytes, by image index (what crosses the network).
    public var imageByteSizes: [Int] { images.map(\.bytes) }

    /// Whether the items carry sections.
    public var hasSections: Bool { items.first?.section != nil }
}

/// One item of a feed: its size in points (as the file states it; each layout fits it, see
/// `FeedLayout`), its image and its section.
public struct FeedItem: Hashable, Sendable {
    /// Size in points.
    public var size: Size
    /// Index of its image in `Feed.images`.
    public var image: Int
    /// Its section (a carousel row), if the feed has sections.
    public var section: Int?

    /// Makes an item.
    public init(size: Size, image: Int, section: Int? = nil) {
        self.size = size
        self.image = image
        self.section = section
    }
}

/// One image of a feed: its name (a bundled asset's file name or a URL), the bytes of its file, its size
/// in pixels and its preview.
public struct FeedImage: Hashable, Sendable {
    /// The asset name or URL: the cache key.
    public var name: String
    /// Bytes of the file: what a load moves over the network.
    public var bytes: Int
    /// Width in pixels.
    public var pixelWidth: Int
    /// Height in pixels.
    public var pixelHeight: Int
    /// Its ThumbHash preview as the feed item carries it (B-COST-2), nil for none; bytes that are no
    /// ThumbHash are kept as given (they show the colour placeholder's fallback).
    public var thumbHash: [UInt8]?

    /// Makes an image.
    public init(name: String, bytes: Int, pixelWidth: Int, pixelHeight: Int, thumbHash: [UInt8]? = nil) {
        self.name = name
        self.bytes = bytes
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.thumbHash = thumbHash
    }

    /// Bytes once decoded: 4 per pixel (RGBA), what the memory cache holds.
    public var decodedBytes: Int { pixelWidth * pixelHeight * 4 }
}
