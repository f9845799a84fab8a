/// The previews of a grid's images, by asset (B-COST-2): the ThumbHash bytes each image's feed item
/// carries, nil for an image without one. A feed's come from its items' `thumbhash` fields; the bundled
/// grid's from `BundledPreviews`, computed from the bundled images' pixels.
public struct ImagePreviews: Hashable, Sendable {
    /// Each image's ThumbHash bytes (nil: none), by asset; asset `a` is entry `a % count`.
    public private(set) var hashes: [[UInt8]?]
    /// Whether each entry can be drawn (`ThumbHash.isDrawable`); one that cannot shows the colour
    /// placeholder's fallback and is counted.
    private var drawable: [Bool]

    /// Previews of `hashes`, by asset.
    public init(hashes: [[UInt8]?]) {
        self.hashes = hashes
        drawable = hashes.map { bytes in bytes.flatMap(ThumbHash.init(bytes:))?.isDrawable ?? false }
    }

    /// A feed's: its images' `thumbHash`.
    public init(feed: Feed) { self.init(hashes: feed.images.map(\.thumbHash)) }

    /// None at all: every tile waits empty.
    public static let none = ImagePreviews(hashes: [])

    /// The bundled grid's images (`Assets/Images`, one preview each, in file order).
    public static let bundled = ImagePreviews(hashes: BundledPreviews.base64.map(Base64.decode))

    /// The preview bytes of `asset`, nil when it has none.
    public func bytes(ofAsset asset: Int) -> [UInt8]? {
        hashes.isEmpty ? nil : hashes[asset % hashes.count]
    }

    /// Whether `asset` has preview bytes (drawable or not).
    public func hasPreview(asset: Int) -> Bool { bytes(ofAsset: asset) != nil }

    /// Whether `asset`'s preview bytes cannot be drawn (it has some, and they are no ThumbHash).
    public func isUndecodable(asset: Int) -> Bool {
        !hashes.isEmpty && hashes[asset % hashes.count] != nil && !drawable[asset % hashes.count]
    }

    /// What a tile of `asset` shows while it waits under `kind`: nil for nothing (no placeholder, or no
    /// preview bytes); the fallback colour for bytes that are no ThumbHash; else the hash's average colour
    /// (`color`) or its decoded thumbnail (`thumbhash`).
    public func preview(ofAsset asset: Int, kind: PlaceholderKind) -> TilePreview? {
        guard kind != .none, let bytes = bytes(ofAsset: asset) else { return nil }
        guard !isUndecodable(asset: asset), let hash = ThumbHash(bytes: bytes) else { return TilePreview.fallback }
        switch kind {
        case .none: return nil
        case .color:
            let c = hash.averageRGBA
            func byte(_ v: Double) -> UInt8 { UInt8((Swift.min(1, Swift.max(0, v)) * 255).rounded()) }
            return .colour(r: byte(c.r), g: byte(c.g), b: byte(c.b))
        case .thumbhash: return .thumbnail(hash.decoded())
        }
    }
}

/// What a waiting tile draws: a colour, or a thumbnail scaled to the tile.
public enum TilePreview: Hashable, Sendable {
    case colour(r: UInt8, g: UInt8, b: UInt8)
    case thumbnail(ThumbHash.Image)

    /// The colour of a preview that cannot be drawn: UIKit's `systemGray5` (light), the grey an app's
    /// placeholder shows when it has nothing better.
    public static let fallback = TilePreview.colour(r: 229, g: 229, b: 234)
}
