/// The phone a run models (B-COST-1): its device profile, how its images decode (downsampled at decode
/// or whole, on the main thread or off it), and a memory cache bounded by decoded bytes (`--cache-bytes`,
/// NSCache's `totalCostLimit`) instead of the one counted in images. The defaults are today's lab: no
/// device (the constant decode, no memory limit), downsampled, off the main thread, `--cache-images`.
public struct PhoneCost: Hashable, Sendable {
    /// The device (nil: the lab's `DeviceProfile.lab` for the main thread's charges, the constant decode
    /// for load times, no memory limit).
    public var device: DeviceProfile?
    /// Decode to the tile's pixels (`--downsample on`) or whole (`off`).
    public var downsample = true
    /// Decode on the main thread (`--decode-on-main`).
    public var decodeOnMain = false
    /// The memory cache's limit in decoded bytes (nil: `cacheImages` of the bundled images' size).
    public var cacheBytes: Int?

    public init(device: DeviceProfile? = nil, downsample: Bool = true, decodeOnMain: Bool = false, cacheBytes: Int? = nil) {
        self.device = device
        self.downsample = downsample
        self.decodeOnMain = decodeOnMain
        self.cacheBytes = cacheBytes
    }

    /// True when nothing differs from the lab's defaults.
    public var isDefault: Bool { self == PhoneCost() }

    /// Sets these in the grid's configuration `c`, before a feed is used (the decoded sizes follow
    /// `downsample`); `decodeTimes(_:)` after it.
    public func apply(to c: inout GridSceneConfiguration) {
        c.device = device
        c.downsample = downsample
        c.decodeOnMain = decodeOnMain
        if let cacheBytes { c.cacheByteLimit = Swift.max(0, cacheBytes) }
    }

    /// With a device, each image's decode time on it in `c` (its megapixels at the device's rate), and the
    /// shortest as the constant a bound reads (the oracle stays below every schedule).
    public func setDecodeTimes(in c: inout GridSceneConfiguration) {
        guard device != nil else { return }
        let costs = ImageCosts(c)
        // An image over the memory limit is never decoded: it fails at once.
        c.decodeCosts = (0..<costs.sourcePixels.count).map { asset in
            costs.refuses(bytes: costs.decodedBytes[asset]) ? 0 : costs.decodeMs(of: ImageKey(asset: asset)) / 1000
        }
        c.decodeCost = c.decodeCosts.min() ?? c.decodeCost
    }

    /// The sweep id's part (empty for the defaults): `|device=iphone-se|downsample=off|decode=main|cacheBytes=N`.
    public var idPart: String {
        (device.map { "|device=" + $0.name } ?? "") + (downsample ? "" : "|downsample=off") + (decodeOnMain ? "|decode=main" : "")
            + (cacheBytes.map { "|cacheBytes=\($0)" } ?? "")
    }

    /// The result line's keys (none for the defaults).
    public var json: [(String, JSONValue)] {
        var out: [(String, JSONValue)] = []
        if let device { out.append(("device", .string(device.name))) }
        if !downsample { out.append(("downsample", .string("off"))) }
        if decodeOnMain { out.append(("decode", .string("main"))) }
        if let cacheBytes { out.append(("cacheBytes", .int(cacheBytes))) }
        return out
    }
}
