/// The loading pipeline in front of an `ImageSource`: request deduplication by key, a priority queue,
/// bounded concurrency (default 6, URLSession's connections per host; allowed 1–64; a policy may hold its
/// network loads to fewer, `networkLimit`), cancellation, and completion into the LRU memory cache. It
/// measures its loads' durations (`loadDurations`) and, from network responses, the link (`link`).
///
/// Priorities are "seconds until needed": lower runs first, equal priorities in request order, or the
/// newest first under `order` `.lifo` (`--request-order`: the requests wait here, for a slot a connection
/// stands for, not at the source).
/// Counters follow B-POL-2: a load is *issued* when it begins at the source; *cancelled* when it is
/// stopped after it began; a queued request dropped before it began costs nothing and is counted
/// apart (`requestsDropped`).
public struct ImagePipeline {
    /// A request waiting for a slot.
    public struct Queued: Hashable, Sendable {
        /// The ticket it will begin with.
        public var ticket: LoadTicket
        /// Lower runs first.
        public var priority: Double
    }

    /// A request holding a slot.
    public struct Running: Hashable, Sendable {
        /// Its ticket.
        public var ticket: LoadTicket
        /// When it began.
        public var startTime: Double
        /// The metrics segment it began in (`segment` then).
        public var segment: Int = 0
        /// Served from the source's local store (a disk cache hit): not a measure of the network.
        public var isLocal = false
    }

    /// A completion the pipeline accepted: the result and what the cache insert evicted.
    public struct Outcome: Hashable, Sendable {
        /// The finished request.
        public var ticket: LoadTicket
        /// Its result.
        public var result: LoadResult
        /// When it finished.
        public var time: Double
        /// Keys the cache evicted to make room, in eviction order (the app destroys their textures).
        public var evicted: [ImageKey]
        /// True when the load began in an earlier metrics segment (before a policy switch or R): it is
        /// that segment's load, not the current one's.
        public var isCarriedOver = false
        /// Body bytes the network moved for it (nil: not a network transfer, e.g. a disk hit).
        public var networkBytes: Int?
    }

    /// The image source.
    public var source: any ImageSource {
        didSet { earliestCompletion = source.earliestCompletion }
    }
    /// The source's `earliestCompletion` as of its last change: asked once per change, not at every frame.
    private var earliestCompletion: Double?
    /// The decoded-image cache results go into.
    public var cache: MemoryCache<ImageKey>
    /// Most loads running at once.
    public private(set) var maxConcurrent: Int
    /// The order of queued requests of equal priority: request order, or the newest first.
    public var order: RequestOrder = .fifo

    /// Requests waiting for a slot, in the order they will begin.
    public private(set) var queued: [Queued] = []
    /// Requests running, in the order they began.
    public private(set) var running: [Running] = []
    /// The load counts, of the run and of the current metrics segment.
    public private(set) var counts = PipelineLoadCounts()
    /// Loads begun at the source.
    public var loadsIssued: Int { counts.issued }
    /// Loads that finished (image or failure) and were accepted.
    public var loadsCompleted: Int { counts.completed }
    /// Loads stopped after they began.
    public var loadsCancelled: Int { counts.cancelled }
    /// Queued requests dropped before they began.
    public var requestsDropped: Int { counts.dropped }
    /// The current metrics segment (`beginSegment()`).
    public var segment: Int { counts.segment }
    /// The loads of the current segment: begun in it, and of those, completed and cancelled.
    public var segmentLoads: PipelineLoadCounts.SegmentLoads { counts.segmentLoads }
    /// The measured duration of completed loads that were not local (begin to completion): the prior
    /// before any, then a moving average (`LoadDurationEstimate`).
    public private(set) var loadDurations: LoadDurationEstimate
    /// The estimate of a load's duration without the age of running loads (`loadDurations.mean`).
    public var expectedLoadDuration: Double { loadDurations.mean }
    /// The image host's link as the responses of network loads measured it.
    public private(set) var link = LinkEstimate()
    /// Most network loads running at once, below `maxConcurrent` (a policy's own choice; nil: none).
    /// Loads served from the source's local store are not held back by it.
    public private(set) var networkLimit: Int?

    private var nextID = 1
    /// The last outcome's evicted keys, reused for the next (free once the caller drops that outcome).
    private var evictedBuffer: [ImageKey] = []

    /// A pipeline over `source` with a cache of `cacheByteLimit` bytes; `maxConcurrent` is clamped to 1–64.
    /// `expectedLoadDuration` is the estimate before any load is measured (the prior).
    public init(source: any ImageSource, cacheByteLimit: Int, maxConcurrent: Int = 6,
                expectedLoadDuration: Double = LoadDurationEstimate.defaultPrior) {
        self.source = source
        earliestCompletion = source.earliestCompletion
        self.cache = MemoryCache(byteLimit: cacheByteLimit)
        self.maxConcurrent = Swift.min(64, Swift.max(1, maxConcurrent))
        self.loadDurations = LoadDurationEstimate(prior: expectedLoadDuration)
    }

    /// The load duration a policy reads at `time`: the measured estimate, raised to the age of the
    /// oldest running load that is not local, so a stalled network shows before its loads end.
    public func expectedLoadDuration(at time: Double) -> Double {
        loadDurations.value(at: time, oldestStart: running.first { !$0.isLocal }?.startTime)
    }

    /// Requests queued or running.
    public var loadsInFlight: Int { queued.count + running.count }

    /// Sets how many loads run at once (a `@shipped` variant's own limit), 1–64;
    /// queued requests start at `time` if the limit grew. Loads already running beyond a lower limit finish.
    public mutating func setMaxConcurrent(_ limit: Int, time: Double) {
        maxConcurrent = Swift.min(64, Swift.max(1, limit))
        startQueued(time: time)
    }

    /// Sets `networkLimit` (clamped to 1 or more); queued requests start at `time` if it grew. Loads
    /// already running beyond a lower limit finish.
    public mutating func setNetworkLimit(_ limit: Int?, time: Double) {
        let limit = limit.map { Swift.max(1, $0) }
        guard limit != networkLimit else { return }
        let grew = limit == nil || (networkLimit.map { limit! > $0 } ?? false)
        networkLimit = limit
        if grew { startQueued(time: time) }
    }

    /// Starts a new metrics segment: the segment's counters from zero; loads running now stay their old
    /// segment's (they complete or are cancelled without counting here).
    public mutating func beginSegment() {
        counts.beginSegment()
    }

    /// True when nothing is queued or running.
    public var isIdle: Bool { queued.isEmpty && running.isEmpty }

    /// The pending (queued or running) ticket for `key`, if any.
    public func ticket(for key: ImageKey) -> LoadTicket? {
        running.first { $0.ticket.key == key }?.ticket ?? queued.first { $0.ticket.key == key }?.ticket
    }

    /// True when `key` is queued or running.
    public func isPending(_ key: ImageKey) -> Bool { ticket(for: key) != nil }

    /// True when `key` is running (holds a slot).
    public func isRunning(_ key: ImageKey) -> Bool { running.contains { $0.ticket.key == key } }

    /// Asks for `key`. A key already pending keeps its ticket (its priority is raised if `priority` is
    /// lower); otherwise a new ticket is queued and begins at once if a slot is free.
    /// The caller checks the cache first; the pipeline does not load what the cache holds.
    @discardableResult
    public mutating func request(_ key: ImageKey, priority: Double, time: Double) -> LoadTicket {
        if let r = running.first(where: { $0.ticket.key == key }) { return r.ticket }
        if let i = queued.firstIndex(where: { $0.ticket.key == key }) {
            if priority < queued[i].priority {
                var q = queued.remove(at: i)
                q.priority = priority
                enqueue(q)
            }
            return queued.firstIndex(where: { $0.ticket.key == key }).map { queued[$0].ticket }!
        }
        let ticket = LoadTicket(id: nextID, key: key)
        nextID += 1
        enqueue(Queued(ticket: ticket, priority: priority))
        startQueued(time: time)
        return ticket
    }

    /// Drops the pending request for `key`: a queued one is removed, a running one is cancelled at the
    /// source and its slot goes to the next queued request at `time`. Returns false if none was pending.
    @discardableResult
    public mutating func cancel(_ key: ImageKey, time: Double) -> Bool {
        if let i = queued.firstIndex(where: { $0.ticket.key == key }) {
            queued.remove(at: i)
            counts.droppedRequest()
            return true
        }
        if let i = running.firstIndex(where: { $0.ticket.key == key }) {
            let r = running.remove(at: i)
            source.cancel(r.ticket)
            counts.cancelled(inSegment: r.segment)
            startQueued(time: time)
            return true
        }
        return false
    }

    /// Accepts a finished load: images go into the cache (most recently used); the slot goes to the
    /// next queued request at `time`. A ticket that is not running (cancelled, unknown) is ignored: nil.
    @discardableResult
    public mutating func complete(_ ticket: LoadTicket, result: LoadResult, time: Double, timing: TransferTiming? = nil) -> Outcome? {
        guard let i = running.firstIndex(where: { $0.ticket == ticket }) else { return nil }
        let r = running.remove(at: i)
        counts.completed(inSegment: r.segment)
        if !r.isLocal { loadDurations.record(time - r.startTime) }
        if !r.isLocal, let timing { link.record(timing, requestStart: r.startTime, end: time) }
        var evicted = evictedBuffer
        evictedBuffer = []
        evicted.empty()
        if case let .image(bytes) = result {
            cache.insert(ticket.key, cost: bytes, appendingEvictedTo: &evicted)
        }
        evictedBuffer = evicted
        startQueued(time: time)
        return Outcome(ticket: ticket, result: result, time: time, evicted: evicted, isCarriedOver: r.segment != segment,
                       networkBytes: r.isLocal ? nil : timing?.bytes)
    }

    /// Takes the source's earliest finished load at or before `time` and completes it.
    /// Returns nil when the source has nothing more up to `time`; results for tickets no longer running
    /// are skipped.
    public mutating func completeNext(upTo time: Double) -> Outcome? {
        // Before the source's earliest completion there is nothing to take: it is not asked (most frames).
        guard mayComplete(upTo: time) else { return nil }
        while let c = source.nextCompletion(upTo: time) {
            if let outcome = complete(c.ticket, result: c.result, time: c.time, timing: c.timing) { return outcome }
        }
        return nil
    }

    /// False when no load can have finished by `time` (the source's earliest completion is later, or none
    /// is under way): `completeNext(upTo:)` would return nil.
    public func mayComplete(upTo time: Double) -> Bool {
        guard let earliestCompletion else { return false }
        return earliestCompletion <= time
    }

    private mutating func enqueue(_ q: Queued) {
        // After every entry with a priority at or below this one: ties keep request order. Last in, first
        // out: before every entry of its priority.
        let index = (order == .fifo ? queued.firstIndex { $0.priority > q.priority } : queued.firstIndex { $0.priority >= q.priority })
            ?? queued.count
        queued.insert(q, at: index)
    }

    private mutating func startQueued(time: Double) {
        // Under a network limit a queued network load waits; a local one behind it may start.
        var network = networkLimit == nil ? 0 : running.count { !$0.isLocal }
        var i = 0
        while running.count < maxConcurrent, i < queued.count {
            let q = queued[i]
            let isLocal = source.isStoredLocally(q.ticket.key)
            if let limit = networkLimit, !isLocal, network >= limit {
                i += 1
                continue
            }
            queued.remove(at: i)
            if !isLocal { network += 1 }
            running.append(Running(ticket: q.ticket, startTime: time, segment: segment, isLocal: isLocal))
            counts.began()
            source.begin(q.ticket, priority: q.priority, time: time)
        }
    }
}
