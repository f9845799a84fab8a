/// What a phone class pays for an image (B-COST-1): decode throughput, full-size and downsampled at
/// decode, each by the image's pixels and by its stored bytes, the texture upload, the main thread's cost of a finished decode, and the memory the app may
/// use before the OS kills it. Named profiles are one declaration each (`all`); a calibration writes
/// the same fields as a JSON device file (`json`, `init(json:)`), which `--device path.json` loads.
///
/// Sources for every number are in docs/cost.md; each profile's `source` says where they come from.
public struct DeviceProfile: Hashable, Sendable {
    /// The name `--device` takes (`iphone-se`, …).
    public var name: String
    /// Decoding a JPEG at full size, milliseconds per megapixel of the image.
    public var decodeMsPerMegapixel: Double
    /// Decoding it downsampled at decode to the tile's pixels (libjpeg's scaled IDCT, ImageIO's
    /// thumbnail decode), milliseconds per megapixel of the image (the file is still read whole).
    public var downsampleMsPerMegapixel: Double
    /// Decoding at full size, milliseconds per megabyte (10⁶ bytes) of the stored file, on top of the
    /// pixels' share: a JPEG's entropy decoding follows its bytes, so a photo compressed harder decodes
    /// faster at the same pixels. 0: the time follows pixels only.
    public var decodeMsPerMegabyte: Double
    /// The same for a downsampled decode, whose scaled IDCT does little per pixel: most of its time is the
    /// file's bytes.
    public var downsampleMsPerMegabyte: Double
    /// What every full-size decode pays whatever its size (set-up, the output), milliseconds; 0 for the
    /// named phones, fitted by a calibration.
    public var decodeMsPerImage: Double
    /// What every downsampled decode pays whatever its size (set-up, the resample to the tile's pixels).
    public var downsampleMsPerImage: Double
    /// Uploading decoded pixels to a texture on the main (render) thread, milliseconds per megapixel uploaded.
    public var uploadMsPerMegapixel: Double
    /// The main thread's work for one finished decode (handing the image to its view), milliseconds.
    public var completionMs: Double
    /// The app's own main-thread work in every frame (layout, drawing, the commit), milliseconds: what a
    /// frame costs before loading adds anything. 0 for the named phones (what loading adds is charged
    /// alone); a calibration measures the lab's window on this machine, so that the model's frames carry
    /// what the window's do.
    public var frameMs: Double
    /// Decoded bytes the app may hold before the OS kills it (iOS's jetsam limit, Android's heap
    /// limit); nil: no limit (the lab's default profile).
    public var memoryLimitBytes: Int?
    /// Where the numbers come from, in a line.
    public var source: String

    public init(name: String, decodeMsPerMegapixel: Double, downsampleMsPerMegapixel: Double, uploadMsPerMegapixel: Double,
                completionMs: Double, memoryLimitBytes: Int?, source: String,
                decodeMsPerMegabyte: Double = 0, downsampleMsPerMegabyte: Double = 0, frameMs: Double = 0,
                decodeMsPerImage: Double = 0, downsampleMsPerImage: Double = 0) {
        self.name = name
        self.decodeMsPerMegapixel = Swift.max(0, decodeMsPerMegapixel)
        self.downsampleMsPerMegapixel = Swift.max(0, downsampleMsPerMegapixel)
        self.decodeMsPerMegabyte = Swift.max(0, decodeMsPerMegabyte)
        self.downsampleMsPerMegabyte = Swift.max(0, downsampleMsPerMegabyte)
        self.uploadMsPerMegapixel = Swift.max(0, uploadMsPerMegapixel)
        self.completionMs = Swift.max(0, completionMs)
        self.frameMs = Swift.max(0, frameMs)
        self.decodeMsPerImage = Swift.max(0, decodeMsPerImage)
        self.downsampleMsPerImage = Swift.max(0, downsampleMsPerImage)
        self.memoryLimitBytes = memoryLimitBytes.map { Swift.max(0, $0) }
        self.source = source
    }

    /// A mebibyte, the unit the published limits are given in.
    public static let mebibyte = 1 << 20

    /// Downsampled decode over full decode, measured on this machine with libjpeg's scaled decode
    /// (ImageMagick `-define jpeg:size`, a 12 MP JPEG to 620×465: 0.38 s against 1.02 s): 0.37.
    public static let downsampleShare = 0.37

    /// The megabytes a megapixel of the pictures `bench --calibrate` times at quality 85 (265 kB): the
    /// file the named phones' estimates are stated for.
    public static let referenceMegabytesPerMegapixel = 0.265

    /// The share of a decode's time that follows the file's bytes at that reference, measured on this
    /// machine with `bench --calibrate` (three runs: 0.67–0.94 whole, median 0.75; 0.95–0.996
    /// downsampled, median 0.95). The named phones' rates are split in these shares, so that a photo
    /// compressed harder decodes faster on them as it does here.
    public static let bytesShareWhole = 0.75
    public static let bytesShareDownsampled = 0.95

    /// The lab without a device (`--device` not given): B-IMG-1's 6 ms decode of a 300×440 image
    /// (45.45 ms a megapixel), 1 ms a megapixel uploaded, no memory limit. Load times stay the
    /// constant decode cost; only the main thread's charges read this.
    public static let lab = DeviceProfile(
        name: "lab", decodeMsPerMegapixel: 6 / 0.132, downsampleMsPerMegapixel: 6 / 0.132 * downsampleShare,
        uploadMsPerMegapixel: 1, completionMs: 0.1, memoryLimitBytes: nil,
        source: "the lab's decode cost (6 ms an image, B-IMG-1); upload and completion as the phones'")

    /// An iPhone 6 (A8, 1 GB): killed at 645 MB.
    public static let iphone6 = phone("iphone-6", decode: 40, upload: 2, limitMB: 645,
                                      source: "jetsam 645 MB of 1024 (Stack Overflow 5887248's crash tests); decode (at the reference picture) and upload estimates")
    /// An iPhone SE / 6s / 7 (A9–A10, 2 GB): killed at 1395 MB.
    public static let iphoneSE = phone("iphone-se", decode: 25, upload: 1.5, limitMB: 1395,
                                       source: "jetsam 1395 MB of 2048 (Stack Overflow 5887248's crash tests); decode (at the reference picture) and upload estimates")
    /// An iPhone XS (A12, 4 GB): killed at 2040 MB.
    public static let iphoneXS = phone("iphone-xs", decode: 12, upload: 1, limitMB: 2040,
                                       source: "jetsam 2040 MB of 3754 (Stack Overflow 5887248's crash tests); decode (at the reference picture) and upload estimates")
    /// A 2 GB Android phone: a 192 MB heap (`getMemoryClass`).
    public static let android2GB = phone("android-2gb", decode: 50, upload: 2, limitMB: 192,
                                         source: "dalvik.vm.heapgrowthlimit 192m (AOSP phone-xhdpi-2048-dalvik-heap.mk); decode (at the reference picture) and upload estimates")
    /// A 512 MB Android phone: a 48 MB heap.
    public static let android512MB = phone("android-512mb", decode: 100, upload: 4, limitMB: 48,
                                           source: "dalvik.vm.heapgrowthlimit 48m (AOSP phone-hdpi-512-dalvik-heap.mk); decode (at the reference picture) and upload estimates")

    /// Every named profile, in the order `--device`'s help lists them.
    public static let all: [DeviceProfile] = [iphone6, iphoneSE, iphoneXS, android2GB, android512MB]

    /// The profile named `name` (`lab` too), or nil.
    public static func named(_ name: String) -> DeviceProfile? {
        name == lab.name ? lab : all.first { $0.name == name }
    }

    /// The names, for messages: `iphone-6, iphone-se, …`.
    public static var names: String { all.map(\.name).joined(separator: ", ") }

    /// A phone whose decode of the reference picture takes `decode` ms a megapixel whole and
    /// `downsampleShare` of it downsampled, each split between pixels and bytes by the shares above.
    private static func phone(_ name: String, decode: Double, upload: Double, limitMB: Int, source: String) -> DeviceProfile {
        // Rounded to the 6 decimals a device file keeps, so a profile written out reads back the same.
        let six = { (x: Double) in (x * 1e6).rounded() / 1e6 }
        let scaled = decode * downsampleShare
        return DeviceProfile(name: name, decodeMsPerMegapixel: six(decode * (1 - bytesShareWhole)),
                             downsampleMsPerMegapixel: six(scaled * (1 - bytesShareDownsampled)),
                             uploadMsPerMegapixel: upload, completionMs: 0.1, memoryLimitBytes: limitMB * mebibyte, source: source,
                             decodeMsPerMegabyte: six(decode * bytesShareWhole / referenceMegabytesPerMegapixel),
                             downsampleMsPerMegabyte: six(scaled * bytesShareDownsampled / referenceMegabytesPerMegapixel))
    }
}

extension DeviceProfile {
    /// The device file: one JSON object with every field (`memoryLimitBytes` null for none).
    public var json: JSONValue {
        .object([("name", .string(name)), ("decodeMsPerMegapixel", .number(decodeMsPerMegapixel)),
                 ("downsampleMsPerMegapixel", .number(downsampleMsPerMegapixel)),
                 ("decodeMsPerMegabyte", .number(decodeMsPerMegabyte)), ("downsampleMsPerMegabyte", .number(downsampleMsPerMegabyte)),
                 ("decodeMsPerImage", .number(decodeMsPerImage)), ("downsampleMsPerImage", .number(downsampleMsPerImage)),
                 ("uploadMsPerMegapixel", .number(uploadMsPerMegapixel)),
                 ("completionMs", .number(completionMs)), ("frameMs", .number(frameMs)), ("memoryLimitBytes", memoryLimitBytes.map { .int($0) } ?? .null),
                 ("source", .string(source))])
    }

    /// The fields a device file may hold: `json`'s.
    public static let fields = ["name", "decodeMsPerMegapixel", "downsampleMsPerMegapixel", "decodeMsPerMegabyte", "downsampleMsPerMegabyte",
                                "decodeMsPerImage", "downsampleMsPerImage", "uploadMsPerMegapixel", "completionMs", "frameMs",
                                "memoryLimitBytes", "source"]

    /// Why a device file is refused.
    public struct Invalid: Error, Equatable, Sendable {
        public var reason: String
    }

    /// A profile from a device file's text (`json`'s shape); `source`, the per-megabyte and per-image rates
    /// and `frameMs` may be missing (0: a file written before them charges as it did).
    public init(json text: String) throws(Invalid) {
        let value: JSONValue
        do { value = try JSONLineParser.parse(Substring(text.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: " "))) } catch {
            throw Invalid(reason: "not JSON (\(error.message))")
        }
        guard case let .string(name) = value["name"] ?? .null, !name.isEmpty else { throw Invalid(reason: "it needs a name") }
        // A misspelt field is refused, not dropped: a typo in memoryLimitBytes would remove the limit unsaid.
        if case let .object(pairs) = value, let unknown = pairs.first(where: { !Self.fields.contains($0.0) }) {
            throw Invalid(reason: "unknown field \"\(unknown.0)\" (expected \(Self.fields.map { "\"\($0)\"" }.joined(separator: ", ")))")
        }
        func number(_ key: String, missing: Double? = nil) throws(Invalid) -> Double {
            if let missing, value[key] == nil { return missing }
            guard case let .number(x) = value[key] ?? .null, x.isFinite, x >= 0, x <= 1e6 else {
                throw Invalid(reason: "\(key) must be a number between 0 and 1000000")
            }
            return x
        }
        var limit: Int?
        switch value["memoryLimitBytes"] ?? .null {
        case .null: limit = nil
        case let .number(x) where x.isFinite && x >= 0 && x <= 1e15 && x == x.rounded(): limit = Int(x)
        default: throw Invalid(reason: "memoryLimitBytes must be a whole number of bytes or null")
        }
        var source = "device file"
        if case let .string(s) = value["source"] ?? .null { source = s }
        self.init(name: name, decodeMsPerMegapixel: try number("decodeMsPerMegapixel"),
                  downsampleMsPerMegapixel: try number("downsampleMsPerMegapixel"), uploadMsPerMegapixel: try number("uploadMsPerMegapixel"),
                  completionMs: try number("completionMs"), memoryLimitBytes: limit, source: source,
                  decodeMsPerMegabyte: try number("decodeMsPerMegabyte", missing: 0),
                  downsampleMsPerMegabyte: try number("downsampleMsPerMegabyte", missing: 0),
                  frameMs: try number("frameMs", missing: 0), decodeMsPerImage: try number("decodeMsPerImage", missing: 0),
                  downsampleMsPerImage: try number("downsampleMsPerImage", missing: 0))
    }
}
