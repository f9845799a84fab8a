/// The B-POL-2 measurements of one run of a loading policy over one gesture.
///
/// Definitions (a tile is *visible* when its frame overlaps the viewport with positive area; it is
/// *showing* its image from the frame its image is set, fade start included):
public struct LoadMetrics: Hashable, Sendable {
    /// Loads begun at the image source (requests served from the cache or dropped while queued are not loads).
    public var loadsIssued = 0
    /// Loads that finished (image or failure).
    public var loadsCompleted = 0
    /// Loads stopped after they began (a queued request dropped before it began is free and not counted).
    public var loadsCancelled = 0
    /// Completed loads whose image was not visible in any tile at completion and was never shown in a
    /// visible tile afterwards while still decoded (evicted or the run ended first).
    public var loadsWasted = 0
    /// Of `loadsWasted`, the completions not yet shown that are still in the cache: wasted if the run
    /// ended now, but a later frame may still show them (a live figure that can go down). Not in the JSON.
    public var loadsWastedPending = 0
    /// Σ over frames of (visible tiles not showing their image) × the time that frame stays on screen
    /// (until the next frame), in tile-seconds.
    public var blankTileSeconds = 0.0
    /// Mean over motion ends (the scroll view comes to rest) of the time until every visible tile
    /// shows its image; 0 when they already do. A wait cut short by a new touch counts up to the touch.
    public var settleLatency = 0.0
    /// The longest of those waits.
    public var settleLatencyMax = 0.0
    /// Number of motion ends measured.
    public var settleCount = 0
    /// Fades started for an image that was already in the memory cache when its tile was bound
    /// (checked against the cache's insertion times, not assumed). Must be 0 (B-IMG-2).
    public var cacheHitFades = 0
    /// Frames in which some tile displays an image whose key is not its item's key
    /// (checked independently each frame). Must be 0 (B-GRID-4).
    public var staleFrames = 0
    /// Maximum over frames of the bytes in the memory cache plus the bytes held only by tiles
    /// (images a tile still shows after the cache evicted them).
    public var peakDecodedBytes = 0
    /// Tiles whose image showed within 10 ms of the tile becoming visible, over the tiles that became
    /// visible (each binding once; the first screen counts): the web's "ready on appear" (B-POP-1).
    /// 1 when no tile appeared.
    public var readyOnAppearShare = 1.0
    /// Tile appearances counted for `readyOnAppearShare`, and those whose image was ready.
    public var appearances = 0
    public var readyOnAppear = 0
    /// Σ over frames of the visible area of tiles without their image × the time that frame stays on
    /// screen, pt²·s (FlashList's cumulative blank area).
    public var blankAreaPt2s = 0.0
    /// The largest visible blank area in one frame, pt² (FlashList's largest blank area).
    public var maxBlankAreaPt2 = 0.0
    /// Tile-frames in which a bound tile shows an image that is not its item's (must be 0).
    public var wrongImages = 0
    /// Times a visible tile that showed its image showed the placeholder again, still bound to the same item.
    public var flickers = 0

    /// Response bytes received over the network, cancelled transfers' partial bytes included (B-POL-3).
    public var networkBytes = 0
    /// Requests sent over the network.
    public var requests = 0
    /// Tiles given their image from the memory cache when bound (no load, no fade).
    public var memoryHits = 0
    /// Loads served by the disk cache.
    public var diskHits = 0
    /// Loads that ended without an image, and how many for each reason.
    public var failedLoads = 0
    public var failuresByReason: [String: Int] = [:]
    /// Seconds from the start of the run (or segment) until a visible tile first shows an image; nil
    /// while none has.
    public var timeToFirstImage: Double?
    /// Disk cache entries found torn or corrupt when read: deleted, and their images fetched again.
    public var diskCorrupt = 0
    /// Bytes of images fetched and never on screen (B-COST-2): the bodies of completed network loads
    /// counted in `loadsWasted`, and what cancelled transfers had received.
    public var wastedBytes = 0
    /// The radio's energy for the run's transfers, the tail after the last one included (B-COST-2), joules;
    /// 0 without a modelled network.
    public var radioJoules = 0.0
    /// Seconds the radio was out of idle for them (promotions, transfers, tails).
    public var radioActiveSeconds = 0.0
    /// The most decoded bytes resident at a frame (B-COST-1): the memory cache, images only tiles hold,
    /// and decodes running (their buffers are allocated).
    public var peakResidentBytes = 0
    /// Network bytes of images downloaded again because the memory cache had evicted them.
    public var redownloadedBytes = 0
    /// 1 when the resident bytes passed the device's memory limit (the OS would have killed the app), else 0.
    public var memoryLimitExceeded = 0
    /// Milliseconds of hitch (frames late for the main thread's work) per second of motion (Apple's hitch
    /// time ratio: < 5 good, 5–10 warning, > 10 critical).
    public var hitchTimeRatioMsPerS = 0.0
    /// The 99th percentile over frames in motion of the main thread's work − the frame budget, ms
    /// (Android's `frameOverrunMs`; negative: early); nil (null) when no frame was in motion.
    public var frameOverrunMsP99: Double?
    /// The main thread's work the loading caused: uploads, completions, decodes on it, ms.
    public var mainThreadMs = 0.0
    /// Of `blankTileSeconds`, the tile-seconds with nothing but the tile's fill (B-COST-2): all of it
    /// without `--placeholder`. The verdicts' blank time when placeholders are on.
    public var emptyTileSeconds = 0.0
    /// Of `blankTileSeconds`, the tile-seconds showing a placeholder (a colour or a ThumbHash preview).
    public var placeholderTileSeconds = 0.0
    /// Bytes of the previews the run's visible items carried (each image's once; 0 without a placeholder):
    /// they come with the feed's items, not as loads of their own.
    public var previewBytes = 0
    /// Images whose preview could not be drawn (shown as the colour fallback), each once.
    public var undecodablePreviews = 0

    /// Zero metrics.
    public init() {}

    /// The metrics object of `replay` and `bench --json`, keys exactly as B-POL-2 names them.
    public var json: JSONValue {
        .object([
            ("loadsIssued", .int(loadsIssued)),
            ("loadsCompleted", .int(loadsCompleted)),
            ("loadsCancelled", .int(loadsCancelled)),
            ("loadsWasted", .int(loadsWasted)),
            ("blankTileSeconds", .number(blankTileSeconds)),
            ("settleLatency", .number(settleLatency)),
            ("cacheHitFades", .int(cacheHitFades)),
            ("staleFrames", .int(staleFrames)),
            ("peakDecodedBytes", .int(peakDecodedBytes)),
            ("readyOnAppearShare", .number(readyOnAppearShare)),
            ("blankAreaPt2s", .number(blankAreaPt2s)),
            ("maxBlankAreaPt2", .number(maxBlankAreaPt2)),
            ("wrongImages", .int(wrongImages)),
            ("flickers", .int(flickers)),
            ("networkBytes", .int(networkBytes)),
            ("requests", .int(requests)),
            ("memoryHits", .int(memoryHits)),
            ("diskHits", .int(diskHits)),
            ("failedLoads", .int(failedLoads)),
            ("failuresByReason", .object(failuresByReason.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            ("timeToFirstImage", timeToFirstImage.map { .number($0) } ?? .null),
            ("diskCorrupt", .int(diskCorrupt)),
            ("wastedBytes", .int(wastedBytes)),
            ("radioJoules", .number(radioJoules)),
            ("radioActiveSeconds", .number(radioActiveSeconds)),
            ("peakResidentBytes", .int(peakResidentBytes)),
            ("redownloadedBytes", .int(redownloadedBytes)),
            ("memoryLimitExceeded", .int(memoryLimitExceeded)),
            ("hitchTimeRatioMsPerS", .number(hitchTimeRatioMsPerS)),
            ("frameOverrunMsP99", frameOverrunMsP99.map { .number($0) } ?? .null),
            ("mainThreadMs", .number(mainThreadMs)),
            ("emptyTileSeconds", .number(emptyTileSeconds)),
            ("placeholderTileSeconds", .number(placeholderTileSeconds)),
            ("previewBytes", .int(previewBytes)),
            ("undecodablePreviews", .int(undecodablePreviews)),
        ])
    }

    /// The JSON keys, in order.
    public static let keys = ["loadsIssued", "loadsCompleted", "loadsCancelled", "loadsWasted", "blankTileSeconds",
                              "settleLatency", "cacheHitFades", "staleFrames", "peakDecodedBytes",
                              "readyOnAppearShare", "blankAreaPt2s", "maxBlankAreaPt2", "wrongImages", "flickers",
                              "networkBytes", "requests", "memoryHits", "diskHits", "failedLoads", "failuresByReason",
                              "timeToFirstImage", "diskCorrupt", "wastedBytes", "radioJoules", "radioActiveSeconds"] + costKeys
                              + placeholderKeys
    /// The phone's keys (B-COST-1): memory and the main thread, measured on the run, not by the bounds' schedules.
    public static let costKeys = ["peakResidentBytes", "redownloadedBytes", "memoryLimitExceeded", "hitchTimeRatioMsPerS",
                                  "frameOverrunMsP99", "mainThreadMs"]
    /// The placeholder's keys (B-COST-2): blank time split by what showed, and the previews' bytes.
    public static let placeholderKeys = ["emptyTileSeconds", "placeholderTileSeconds", "previewBytes", "undecodablePreviews"]
    /// The traffic keys (B-POL-3): what the source moved, counted on the run, not by the bounds' schedules.
    public static let trafficKeys: Set<String> = ["networkBytes", "requests", "memoryHits", "diskHits", "failedLoads",
                                                  "failuresByReason", "timeToFirstImage", "diskCorrupt", "wastedBytes", "radioJoules",
                                                  "radioActiveSeconds", "previewBytes", "undecodablePreviews"]
    /// The pop-in keys (B-POP-1): measured per frame on the run, not by the bounds' schedules; with them the
    /// split of blank time by what the tile showed (B-COST-2).
    public static let popInKeys: Set<String> = ["readyOnAppearShare", "blankAreaPt2s", "maxBlankAreaPt2", "wrongImages",
                                                "flickers", "emptyTileSeconds", "placeholderTileSeconds"]
}

extension LoadMetrics {
    /// When loads ended and every one of them failed (no image arrived at all: a server that does not
    /// answer, a wrong URL), the failures by reason, most first ("14 × connection refused"); nil otherwise.
    public var noImageArrived: String? {
        guard loadsCompleted > 0, failedLoads >= loadsCompleted else { return nil }
        return failuresByReason.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.value) × \($0.key)" }.joined(separator: ", ")
    }
}
