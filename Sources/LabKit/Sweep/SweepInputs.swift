import ScrollKit

/// What a sweep's results depend on besides their condition and their gesture's name: the feed's content,
/// the images' stored sizes, the disk cache's start, the phones' figures (a device file's, which its name in
/// the condition does not carry) and the gesture's events. Every result line carries
/// their digest (`inputs`, 16 hex digits of FNV-1a 64), so a results file made from other inputs (the same
/// feed file name with other images, an edited gesture) is never resumed as if its results were this
/// sweep's (B-BATCH-1).
public struct SweepInputs: Sendable, Equatable {
    /// The digest of everything every line of the sweep shares.
    public private(set) var shared: UInt64

    /// The inputs of a sweep scrolling `feed` (nil: the bundled grid) whose network moves images of
    /// `assetByteSizes`, over `assetCount` distinct images, from a disk cache holding `diskEntries`
    /// (`diskCorrupt` of them torn) at the start, on the phones `devices` (none: the digest is as before
    /// phones were modelled).
    public init(feed: Feed?, assetByteSizes: [Int], assetCount: Int?, diskEntries: [Int] = [], diskCorrupt: [Int] = [],
                devices: [DeviceProfile] = []) {
        var d = Digest()
        if let feed {
            d.add("feed")
            d.add(feed.layout?.rawValue ?? "-")
            d.add(feed.columns ?? 0)
            // Each item as its feed file line: whatever a line holds, the digest follows.
            for index in feed.items.indices { d.add(feed.line(ofItem: index)) }
        }
        d.add("sizes")
        for size in assetByteSizes { d.add(size) }
        d.add(assetCount ?? -1)
        d.add("disk")
        for entry in diskEntries { d.add(entry) }
        d.add("corrupt")
        for entry in diskCorrupt { d.add(entry) }
        if !devices.isEmpty {
            d.add("devices")
            for device in devices { d.add(device) }
        }
        shared = d.value
    }

    /// The digest of a gesture's events, in order: time, position, phase, scale, delta and precision.
    public static func digest(_ events: [PointerEvent]) -> UInt64 {
        var d = Digest()
        for event in events { d.add(event) }
        return d.value
    }

    /// The `inputs` value of a line on the gesture whose events digest to `gesture`.
    public func line(gesture: UInt64) -> String {
        var d = Digest()
        d.add(shared)
        d.add(gesture)
        return Self.hex(d.value)
    }

    /// Sixteen lowercase hex digits.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// FNV-1a 64 over the bytes of what is added (numbers little-endian, texts with their length).
    public struct Digest: Sendable {
        public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

        public init() {}

        public mutating func add(_ byte: UInt8) {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }

        public mutating func add(_ number: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) { add(UInt8(truncatingIfNeeded: number >> UInt64(shift))) }
        }

        public mutating func add(_ number: Int) { add(UInt64(bitPattern: Int64(number))) }

        public mutating func add(_ number: Double) { add(number.bitPattern) }

        public mutating func add(_ text: String) {
            add(text.utf8.count)
            for byte in text.utf8 { add(byte) }
        }

        /// Every figure a run reads (not `source`, the line that cites them).
        public mutating func add(_ device: DeviceProfile) {
            add(device.name)
            for ms in [device.decodeMsPerMegapixel, device.downsampleMsPerMegapixel, device.decodeMsPerMegabyte,
                       device.downsampleMsPerMegabyte, device.decodeMsPerImage, device.downsampleMsPerImage,
                       device.uploadMsPerMegapixel, device.completionMs, device.frameMs] { add(ms) }
            add(device.memoryLimitBytes ?? -1)
        }

        public mutating func add(_ event: PointerEvent) {
            add(event.time)
            add(event.position.x)
            add(event.position.y)
            add(UInt8(PointerPhase.allCases.firstIndex(of: event.phase) ?? 255))
            add(event.scale)
            add(event.delta.x)
            add(event.delta.y)
            add(UInt8(event.isPrecise ? 1 : 0))
        }
    }
}
