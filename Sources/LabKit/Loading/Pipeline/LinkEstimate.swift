/// What an app can learn of its image host's link from its own responses (`URLSessionTaskMetrics`): the
/// time to first byte and the link's throughput, hence how long one image holds the link and how many
/// requests keep it busy.
///
/// The time to first byte is an exponentially weighted moving average (as `LoadDurationEstimate`). The
/// throughput is the bytes of the last `window` responses over the time at least one of them was
/// receiving (the union of their first-to-last-byte intervals): responses that share the link overlap, so
/// the union is the link's busy time, not the sum of each response's own.
public struct LinkEstimate: Hashable, Sendable {
    /// Responses the throughput is measured over.
    public static let window = 8
    /// The weight of each new time to first byte.
    public static let weight = 0.25

    /// Time from a request's start to its response's first byte, seconds (nil: none measured).
    public private(set) var timeToFirstByte: Double?
    /// Time from a response's last byte to the decoded image (the load's end), seconds, a moving average
    /// as `timeToFirstByte` (nil: none measured): the load holds its slot, the link is free.
    public private(set) var timeAfterLastByte: Double?
    /// Responses measured so far.
    public private(set) var samples = 0
    /// The last `window` responses' receiving intervals and bytes, oldest overwritten first.
    private var recent: [TransferTiming] = []
    private var next = 0
    /// `recent`'s intervals sorted by start, kept so a measurement allocates nothing.
    private var sorted: [TransferTiming] = []

    /// An estimate with nothing measured.
    public init() {
        recent.reserveCapacity(Self.window)
        sorted.reserveCapacity(Self.window)
    }

    /// Adds a response: its request began at `start`, its load ended (the image decoded) at `end`
    /// (nil: at its last byte).
    public mutating func record(_ timing: TransferTiming, requestStart start: Double, end: Double? = nil) {
        let ttfb = Swift.max(0, timing.firstByte - start)
        timeToFirstByte = timeToFirstByte.map { $0 + Self.weight * (ttfb - $0) } ?? ttfb
        let after = Swift.max(0, (end ?? timing.lastByte) - timing.lastByte)
        timeAfterLastByte = timeAfterLastByte.map { $0 + Self.weight * (after - $0) } ?? after
        samples += 1
        if recent.count < Self.window { recent.append(timing) } else { recent[next] = timing }
        next = (next + 1) % Self.window
        measure()
    }

    /// Bytes per second while receiving (nil: nothing measured, or no time spent receiving).
    public private(set) var throughput: Double?
    /// The mean body size of the last `window` responses, bytes.
    public private(set) var meanBytes = 0.0

    /// The time one response of the mean measured size holds the whole link, seconds (nil: nothing
    /// measured; 0 on a link too fast to measure).
    public var imageTransferTime: Double? {
        guard samples > 0 else { return nil }
        return throughput.map { meanBytes / $0 } ?? 0
    }

    /// Recomputes `throughput` and `meanBytes` from `recent`, in kept storage.
    private mutating func measure() {
        sorted.removeAll(keepingCapacity: true)
        sorted.append(contentsOf: recent)
        sorted.sort { $0.firstByte < $1.firstByte }
        var busy = 0.0, bytes = 0
        var from = sorted[0].firstByte, to = sorted[0].lastByte
        for t in sorted {
            bytes += t.bytes
            if t.firstByte > to {
                busy += to - from
                from = t.firstByte
            }
            to = Swift.max(to, t.lastByte)
        }
        busy += to - from
        throughput = busy > 0 ? Double(bytes) / busy : nil
        meanBytes = Double(bytes) / Double(sorted.count)
    }
}
