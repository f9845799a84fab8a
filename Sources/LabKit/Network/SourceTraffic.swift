/// What an image source moved, counted from its start (B-POL-3): the traffic seed 000 defers loads to
/// save, and where each load was served from.
public struct SourceTraffic: Hashable, Sendable {
    /// Response body bytes received over the network, partial transfers of cancelled loads included.
    public var networkBytes = 0
    /// Requests sent over the network (a retry after a lost packet is the same request).
    public var requests = 0
    /// Loads served by the disk cache.
    public var diskHits = 0
    /// Disk cache entries found torn or corrupt on read: deleted and fetched again.
    public var diskCorrupt = 0
    /// Body bytes received by transfers cancelled before their last byte (part of `networkBytes`).
    public var cancelledBytes = 0
    /// The radio's energy for these transfers, the tail after the last one included (B-COST-2), joules.
    public var radioJoules = 0.0
    /// Seconds the radio spent (or will spend, in the tail after the last transfer) out of idle.
    public var radioActiveSeconds = 0.0

    /// No traffic.
    public init() {}

    /// The traffic between an earlier reading `base` and this one.
    public func since(_ base: SourceTraffic) -> SourceTraffic {
        var d = SourceTraffic()
        d.networkBytes = networkBytes - base.networkBytes
        d.requests = requests - base.requests
        d.diskHits = diskHits - base.diskHits
        d.diskCorrupt = diskCorrupt - base.diskCorrupt
        d.cancelledBytes = cancelledBytes - base.cancelledBytes
        d.radioJoules = radioJoules - base.radioJoules
        d.radioActiveSeconds = radioActiveSeconds - base.radioActiveSeconds
        return d
    }
}

/// Request order among loads waiting for a connection (SDWebImage's `SDWebImageDownloaderExecutionOrder`).
public enum RequestOrder: String, CaseIterable, Hashable, Sendable {
    /// First asked, first sent.
    case fifo
    /// Last asked, first sent: the images the user just reached go before the ones flung past.
    case lifo
}
