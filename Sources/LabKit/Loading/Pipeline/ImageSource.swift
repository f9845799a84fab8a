/// Where images come from: the app's SDL_image decode workers, or `VirtualImageSource` headless.
///
/// The pipeline calls `begin` when a request gets a concurrency slot and `cancel` when it is no longer
/// wanted; it collects finished work with `nextCompletion(upTo:)` and feeds each into
/// `ImagePipeline.complete(_:result:time:)`. A source may still report a cancelled ticket (a worker
/// finished anyway); the pipeline ignores it.
public protocol ImageSource {
    /// Starts loading `ticket.key`; `time` is the pipeline's clock when the slot was granted.
    mutating func begin(_ ticket: LoadTicket, time: Double)
    /// The same, told the request's priority (seconds until needed; lower is sooner), for a source that
    /// orders its own work (HTTP tasks). By default the priority is not used.
    mutating func begin(_ ticket: LoadTicket, priority: Double, time: Double)
    /// Stops work on `ticket` if possible; its result is no longer wanted.
    mutating func cancel(_ ticket: LoadTicket)
    /// Removes and returns the earliest finished load at or before `time`, or nil if none.
    mutating func nextCompletion(upTo time: Double) -> LoadCompletion?
    /// No load finishes before this time (nil: none is under way), so the pipeline need not ask
    /// `nextCompletion(upTo:)` for an earlier one; −∞ when the source cannot tell (it is asked every time).
    var earliestCompletion: Double? { get }
    /// What the source has moved since it was made (bytes, requests, disk hits); zero for a source
    /// without a network or disk.
    var traffic: SourceTraffic { get }
    /// True when a load of `key` begun now would be served from the source's local store (a disk
    /// cache), not the network: what an app learns from `URLSessionTaskMetrics.resourceFetchType`.
    func isStoredLocally(_ key: ImageKey) -> Bool
    /// The modelled disk cache in front of the network, as a policy may read it (nil: none). An app
    /// knows its own URLCache.
    var disk: MemoryCache<ImageKey>? { get }
    /// The time from a request to its response's first byte on a kept-alive connection, as the system
    /// estimates the network (Chrome's HTTP RTT, its effective connection type's input; nil: unknown).
    var httpRoundTrip: Double? { get }
    /// The keys whose decode is running at `time` (their decoded bytes are allocated): what the app
    /// holds besides its cache and its views (B-COST-1). None unless the source says.
    func decodingKeys(at time: Double) -> [ImageKey]
    /// `decodingKeys(at:)` written into `keys` (emptied first): a frame reuses one buffer.
    func decodingKeys(at time: Double, into keys: inout [ImageKey])
}

extension ImageSource {
    public mutating func begin(_ ticket: LoadTicket, priority: Double, time: Double) { begin(ticket, time: time) }

    /// No network, no disk: nothing to count.
    public var traffic: SourceTraffic { SourceTraffic() }

    /// Unknown unless the source says: ask every time.
    public var earliestCompletion: Double? { -.infinity }

    /// No local store unless the source has one.
    public func isStoredLocally(_ key: ImageKey) -> Bool { false }

    /// Unknown unless the source says.
    public var httpRoundTrip: Double? { nil }

    /// No disk cache unless the source has one.
    public var disk: MemoryCache<ImageKey>? { nil }

    /// No decode known to run unless the source says.
    public func decodingKeys(at time: Double) -> [ImageKey] { [] }

    /// The keys of `decodingKeys(at:)`.
    public func decodingKeys(at time: Double, into keys: inout [ImageKey]) {
        keys.empty()
        keys.append(contentsOf: decodingKeys(at: time))
    }
}

/// Which image an item shows: an index into the bundled assets (`item % assetCount`).
///
/// Items far apart share an image (item 3 and item 75 with 72 assets), so the memory cache is keyed
/// by this, not by item: one decode serves every item with the same asset.
public struct ImageKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The asset index, `0..<assetCount`.
    public var asset: Int

    /// The key of asset `asset`.
    public init(asset: Int) {
        self.asset = asset
    }

    /// The key of the image that item `item` shows when there are `assetCount` assets.
    public init(item: Int, assetCount: Int) {
        let count = Swift.max(1, assetCount)
        // One division (a replay makes this key for every tile every frame): a negative item's remainder is
        // brought into 0..<count by adding count once.
        let remainder = item % count
        self.asset = remainder < 0 ? remainder + count : remainder
    }

    /// Orders keys by asset index.
    public static func < (a: ImageKey, b: ImageKey) -> Bool { a.asset < b.asset }

    /// `#` and the asset index, for logs.
    public var description: String { "#\(asset)" }
}

/// One load request handed to an `ImageSource`: a unique id (increasing in request order) and the image.
///
/// Ids are never reused, so a late result for a cancelled or replaced request is recognised and dropped.
public struct LoadTicket: Hashable, Sendable, CustomStringConvertible {
    /// Request id, unique within one pipeline, increasing in the order requests were made.
    public var id: Int
    /// The image to load.
    public var key: ImageKey

    /// Makes a ticket.
    public init(id: Int, key: ImageKey) {
        self.id = id
        self.key = key
    }

    /// "ticket <id> #<asset>", for logs.
    public var description: String { "ticket \(id) \(key)" }
}

/// What a finished load produced.
public enum LoadResult: Hashable, Sendable {
    /// A decoded image of `bytes` bytes (width × height × 4); its pixels stay with the source's owner.
    case image(bytes: Int)
    /// The load failed; the tile shows the reason.
    case failed(reason: String)
}

/// A finished load reported by an `ImageSource`: which ticket, its result, and when it finished.
public struct LoadCompletion: Hashable, Sendable {
    /// The request that finished.
    public var ticket: LoadTicket
    /// Its result.
    public var result: LoadResult
    /// When it finished, in the caller's clock (seconds).
    public var time: Double
    /// How its response arrived over the network (nil: not a network load, or not measured).
    public var timing: TransferTiming?

    /// Makes a completion.
    public init(ticket: LoadTicket, result: LoadResult, time: Double, timing: TransferTiming? = nil) {
        self.ticket = ticket
        self.result = result
        self.time = time
        self.timing = timing
    }
}

extension Array where Element == LoadCompletion {
    /// Writes into `keys` (emptied first) the keys of the images among these completions still being
    /// decoded at `time`: each completes after `time` and began its decode, `decode`'s time for its key
    /// before completing, at or before it. (The times come as a value, not as a closure over the source:
    /// that would copy the source every frame.)
    func decodingKeys(at time: Double, decode: DecodeTimes, into keys: inout [ImageKey]) {
        keys.empty()
        for c in self {
            guard case .image = c.result, c.time > time, c.time - decode.seconds(c.ticket.key) <= time else { continue }
            keys.append(c.ticket.key)
        }
    }
}

/// When a network load's response began and ended and how many body bytes it carried: what an app reads
/// from `URLSessionTaskMetrics` (`responseStartDate`, `responseEndDate`,
/// `countOfResponseBodyBytesReceived`).
public struct TransferTiming: Hashable, Sendable {
    /// The response's first byte, in the caller's clock (seconds).
    public var firstByte: Double
    /// Its last byte.
    public var lastByte: Double
    /// Body bytes received.
    public var bytes: Int

    /// Makes a timing.
    public init(firstByte: Double, lastByte: Double, bytes: Int) {
        self.firstByte = firstByte
        self.lastByte = lastByte
        self.bytes = bytes
    }
}
