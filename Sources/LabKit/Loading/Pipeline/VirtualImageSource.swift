/// A deterministic image source for headless runs and tests: every load finishes exactly
/// `latency + decodeCost` seconds after it begins, with an image of `bytesPerImage` bytes.
///
/// `latency` stands for the network or disk (default 80 ms, B-IMG-1), `decodeCost` for the decode
/// (6 ms). Nothing here reads a clock, so a replay gives the same numbers every run.
public struct VirtualImageSource: ImageSource, Sendable {
    /// Simulated source latency, seconds.
    public var latency: Double
    /// Simulated decode time per image, seconds.
    public var decodeCost: Double
    /// Decoded size of every image: a 2× tile (300 × 440) at 4 bytes per pixel by default.
    public var bytesPerImage: Int
    /// Keys whose loads fail (to exercise the failed state); empty by default.
    public var failingKeys: Set<ImageKey>
    /// Each image's own decode time, seconds, by asset (a device's, B-COST-1); empty: `decodeCost` for all.
    public var decodeCosts: [Double] = []

    private var scheduled: [LoadCompletion] = []
    /// The earliest non-NaN time in `scheduled`: kept as loads begin and leave, read at every frame.
    private var earliestScheduled: Double?

    /// A source with the given costs.
    public init(latency: Double = 0.080, decodeCost: Double = 0.006, bytesPerImage: Int = 300 * 440 * 4,
                failingKeys: Set<ImageKey> = []) {
        self.latency = Swift.max(0, latency)
        self.decodeCost = Swift.max(0, decodeCost)
        self.bytesPerImage = Swift.max(0, bytesPerImage)
        self.failingKeys = failingKeys
    }

    /// The latency stands for the whole request: its first byte comes after it.
    public var httpRoundTrip: Double? { latency }

    /// Total time of one load: latency plus decode.
    public var loadDuration: Double { latency + decodeCost }

    /// The decode time of `key`: its own, else `decodeCost`.
    public func decodeCost(of key: ImageKey) -> Double {
        DecodeTimes(constant: decodeCost, byAsset: decodeCosts).seconds(key)
    }

    public func decodingKeys(at time: Double) -> [ImageKey] {
        var keys: [ImageKey] = []
        decodingKeys(at: time, into: &keys)
        return keys
    }

    public func decodingKeys(at time: Double, into keys: inout [ImageKey]) {
        scheduled.decodingKeys(at: time, decode: DecodeTimes(constant: decodeCost, byAsset: decodeCosts), into: &keys)
    }

    public mutating func begin(_ ticket: LoadTicket, time: Double) {
        let result: LoadResult = !failingKeys.isEmpty && failingKeys.contains(ticket.key)  // no hashing when none fail
            ? .failed(reason: "virtual failure") : .image(bytes: bytesPerImage)
        let duration = decodeCosts.isEmpty ? loadDuration : latency + decodeCost(of: ticket.key)
        let completion = LoadCompletion(ticket: ticket, result: result, time: time + duration)
        scheduled.append(completion)
        let t = completion.time
        if !t.isNaN, earliestScheduled.map({ t < $0 }) ?? true { earliestScheduled = t }
    }

    public mutating func cancel(_ ticket: LoadTicket) {
        scheduled.removeAll { $0.ticket == ticket }
        earliestScheduled = Self.earliest(of: scheduled)
    }

    /// The earliest scheduled completion's time (a NaN time never completes).
    public var earliestCompletion: Double? { earliestScheduled }

    private static func earliest(of completions: [LoadCompletion]) -> Double? {
        var earliest: Double?
        for i in completions.indices {
            let t = completions[i].time
            if !t.isNaN, earliest.map({ t < $0 }) ?? true { earliest = t }
        }
        return earliest
    }

    public mutating func nextCompletion(upTo time: Double) -> LoadCompletion? {
        // By index: each candidate's time and id are read in place, no completion copied.
        var best: Int?
        for i in scheduled.indices where scheduled[i].time <= time {
            if let b = best {
                let t = scheduled[i].time, o = scheduled[b].time
                if t < o || (t == o && scheduled[i].ticket.id < scheduled[b].ticket.id) { best = i }
            } else {
                best = i
            }
        }
        guard let index = best else { return nil }
        let completion = scheduled.remove(at: index)
        earliestScheduled = Self.earliest(of: scheduled)
        return completion
    }
}
