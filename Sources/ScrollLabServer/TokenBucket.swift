/// The server's shared downlink (B-SERVE-1): a token bucket filled at the profile's bandwidth, from
/// which every connection takes tokens for each chunk it sends.
///
/// A chunk takes its bytes' worth of tokens; when there are too few the bucket goes into debt and the
/// sender waits until the debt is paid, so chunks of concurrent transfers queue behind each other and
/// each transfer gets a fair share of the link. With no capacity (`serve`'s link) a chunk waits for its
/// own tokens too: it leaves when its last byte would have crossed the link, as a packet reaches the other
/// end of a real bottleneck after its transmission time. Time is passed in (seconds), so it is tested
/// without a clock.
struct TokenBucket: Sendable {
    /// Tokens (bytes) added per second.
    let rate: Double
    /// Most tokens held: the largest burst sent at once.
    let capacity: Double
    private var tokens: Double
    private var last: Double?

    /// A full bucket of `capacity` bytes (0: none held) filled at `rate` bytes per second.
    init(rate: Double, capacity: Double) {
        self.rate = Swift.max(1, rate)
        self.capacity = Swift.max(0, capacity)
        tokens = self.capacity
    }

    /// Takes `bytes` tokens at `now`; returns how long to wait before sending them (0: at once).
    mutating func take(_ bytes: Int, now: Double) -> Double {
        if let last, now > last { tokens = Swift.min(capacity, tokens + (now - last) * rate) }
        last = Swift.max(last ?? now, now)
        tokens -= Double(bytes)
        return tokens >= 0 ? 0 : -tokens / rate
    }

    /// Gives back `bytes` tokens taken for a chunk that was not sent (its stream or connection went away
    /// while it waited): the link's time it held goes to the chunks that come after, as a real link's would.
    mutating func giveBack(_ bytes: Int) {
        tokens = Swift.min(capacity, tokens + Double(bytes))
    }
}
