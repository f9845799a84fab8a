/// The server's shared downlink (B-SERVE-1): a token bucket filled at the profile's bandwidth, from
/// which every connection takes tokens for each chunk it sends.
///
/// A chunk takes its bytes' worth of tokens; when there are too few the bucket goes into debt and the
/// sender waits until the debt is paid, so chunks of concurrent transfers queue behind each other and
/// each transfer gets a fair share of the link. With no capacity (`serve`'s link) a chunk waits for its
/// own tokens too: it leaves when its last byte would have crossed the link, as a packet reaches the other
/// end of a real bottleneck after its transmission time. A sender whose next chunk was queued from the
/// previous one's time (`queuedSince`) but woke late (a loaded machine's timers) takes the link from when it
/// was queued: its bytes were waiting at the bottleneck, which did not idle, so a late wake does not stretch
/// the transfer, it only sends what is due at once. Time is passed in (seconds), so it is tested without a
/// clock.
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

    /// Takes `bytes` tokens at `now` for bytes queued for the link since `queuedSince` (nil: `now`);
    /// returns how long to wait before sending them (0: at once).
    mutating func take(_ bytes: Int, now: Double, queuedSince: Double? = nil) -> Double {
        guard let queuedSince, queuedSince < now else {
            refill(to: now)
            tokens -= Double(bytes)
            return tokens >= 0 ? 0 : -tokens / rate
        }
        // The bytes joined the link when they were queued (never before its last take): they leave when
        // the debt is paid from then, at once if that time has passed.
        let joined = Swift.max(last ?? queuedSince, queuedSince)
        refill(to: joined)
        tokens -= Double(bytes)
        let leaves = joined + (tokens >= 0 ? 0 : -tokens / rate)
        return Swift.max(0, leaves - now)
    }

    /// The tokens the link earns from its last take to `time` (at most `capacity` held).
    private mutating func refill(to time: Double) {
        if let last, time > last { tokens = Swift.min(capacity, tokens + (time - last) * rate) }
        last = Swift.max(last ?? time, time)
    }

    /// Gives back `bytes` tokens taken for a chunk that was not sent (its stream or connection went away
    /// while it waited): the link's time it held goes to the chunks that come after, as a real link's would.
    mutating func giveBack(_ bytes: Int) {
        tokens = Swift.min(capacity, tokens + Double(bytes))
    }
}
