/// The bench's oracle (B-ORACLE-1, B-ORACLE-2): a lower bound on the blank tile-time any loading schedule
/// can reach on a run's frames, knowing them all in advance, on the pipeline of the rows beside it — its
/// loads at once, its connections, the network's round trip and shared downlink, the fastest load and
/// the start — and, above it, two schedules that respect the cache too and bracket the true optimum
/// from above.
///
/// **The bound is the exact optimum of a relaxation** (not of the real problem, whose cache makes it a
/// hard combinatorial problem). Why no schedule — no policy — can show less blank time:
/// 1. *Unbounded cache.* A tile shows an image only once a load of its key has finished (cache hits
///    need an earlier load; a rebound tile drops its image). Letting every finished image stay forever
///    can only show more, so a schedule's blank time under the real cache is at least the blank time of
///    the same loads with an unbounded one.
/// 2. *One load per key.* With an unbounded cache only each key's first finished load matters; others
///    (reloads, cancelled loads) only hold slots, and removing them removes no image.
/// 3. *Earliest finishes.* Every load takes at least `loadDuration` L (the fastest a load can be: the
///    constant latency and the decode, or a request, a round trip, the smallest image at the whole
///    downlink and the decode), holds one of the pipeline's `maxConcurrent` c slots from its start to its
///    finish, and none begins before `startTime` S. A slot's loads run one after another, so its m-th
///    finishes at or after S + m·L, and the i-th earliest finish of all is at or after S + L·⌈i/c⌉.
///    Under a network (`link`) no connection is open at S, and a connection's first request waits for
///    its handshake H (TCP's round trip, and TLS's), so no byte of any load arrives before S + H: every
///    finish below is H later (HTTP/2's streams all wait for the one connection's handshake; HTTP/1.1
///    opens each connection with one). Two more limits hold whatever the schedule:
///    - *Connections.* Under HTTP/1.1 at most `connections` k requests are in flight, one per connection;
///      a connection is busy from the request until the last byte (L − decode at least), and the image
///      is done a decode later, so the i-th finish is at or after S + (L − decode)·⌈i/k⌉ + decode.
///      (Under HTTP/2 the streams are not limited below the slots.)
///    - *Bandwidth.* No byte arrives before S + H + request + round trip, and the downlink D carries at
///      most D bytes a second for all transfers together; the i-th image to finish needs its own bytes
///      and those of the i − 1 finished before it — at least the i smallest images on screen, Σᵢ — in,
///      then a decode: the i-th finish is at or after S + H + request + round trip + Σᵢ/D + decode.
///    Fᵢ, the largest of these, is non-decreasing in i. (Disk hits are not first loads: the modelled disk
///    starts empty, and only a key's first finished load counts, step 2. Losses, more handshakes,
///    queueing and head-of-line stalls only make loads later.) A key's blank time is a non-decreasing function
///    of its finish (it is blank in every frame before it), so moving the key that finishes i-th to Fᵢ
///    shows no less.
/// 4. So the relaxation's optimum is the least-cost *assignment* of keys to the positions 1…n, cost of
///    key k at position i = its blank time if it finishes at Fᵢ; solved exactly (Hungarian method,
///    O(n³), n ≤ the distinct images, 72). Earliest-deadline-first is not enough: a key needed soon for
///    a moment can cost less late than a key needed a little later for long (see the tests).
///
/// Without a network the packed schedule (c loads back to back from S) is itself feasible, so the bound
/// is the relaxation's exact optimum; under a network it is a lower bound on it. It is computed for one
/// pipeline: a row on another (a `@shipped` variant's loads at once, other connections, HTTP/2) has its
/// own oracle (`GridBench.oracle(_:variant:)`).
///
/// Frames are the run's screens: a screen shows from its time until the next frame's (as in
/// `LoadMetricsRecorder`; the last one counts nothing), a tile is blank while its key's image has not
/// finished loading by the frame's time. The frames must be at least as fine as the rows' (every frame
/// of the replay's clock: `GridBench.oracleScreens(_:)`): on a coarser frame a load that finishes inside
/// it is charged the whole frame, which a row stepping finer frames is not. The bound counts a load as done up to 1 ns late, so floating
/// rounding in a policy's clock never lets it pass the bound.
///
/// Above the bound, with a cache of `cacheCapacity` images that a load holds from its start (as in
/// Cao, Felten, Karlin and Li, "A Study of Integrated Prefetching and Caching Strategies",
/// SIGMETRICS 1995) and the same slots and load time, two achievable offline schedules:
/// - `aggressive`: whenever a slot is free, fetch the missing key needed soonest, evicting the cached
///   key needed furthest ahead — only if that key is needed after the fetched one ("do no harm").
/// - `conservative`: the loads and evictions of Belady's optimal demand paging (fewest loads), each
///   load begun as early as the slots, the load order and its eviction allow (after the evicted key's
///   last use before it).
/// Under a network each of their loads takes the longest one can (a handshake, the request, a round trip,
/// the largest image at its share of the downlink, the decode), so they stay achievable (losses aside).
/// The optimum with the real cache lies between `blankTileSeconds` and the better of the two.
public struct BlankTimeOracle: Hashable, Sendable {
    /// One screen: its time and the items on it.
    public struct Frame: Hashable, Sendable {
        public var time: Double
        public var visibleItems: [Int]
        /// Makes a frame.
        public init(time: Double, visibleItems: [Int]) {
            self.time = time
            self.visibleItems = visibleItems
        }
    }

    /// An achievable schedule's result.
    public struct Schedule: Hashable, Sendable {
        /// Loads it begins.
        public var loads: Int
        /// Visible tile-seconds without the tile's image.
        public var blankTileSeconds: Double
    }

    /// The lower bound: least blank tile-seconds of any schedule (the relaxation's exact optimum).
    public private(set) var blankTileSeconds = 0.0
    /// Loads of the relaxation's optimum: one per image that is ever on screen for a while.
    public private(set) var loads = 0
    /// Cao et al.'s aggressive schedule with the cache.
    public private(set) var aggressive = Schedule(loads: 0, blankTileSeconds: 0)
    /// Cao et al.'s conservative schedule with the cache.
    public private(set) var conservative = Schedule(loads: 0, blankTileSeconds: 0)

    /// The network's limits on every schedule (step 3 above).
    public struct Link: Hashable, Sendable {
        /// HTTP/1.1's requests in flight at once (nil: not below the slots, HTTP/2).
        public var connections: Int?
        /// From a request's start to its first byte at the least: the request up and a round trip, seconds.
        public var firstByteDelay: Double
        /// Opening a connection: TCP's handshake, and TLS's over TLS, seconds. None is open at the start.
        public var handshake: Double
        /// The downlink, bytes per second, shared by every transfer.
        public var bytesPerSecond: Double
        /// The decode after the last byte, seconds.
        public var decode: Double
        /// Each asset's bytes over the network, by asset index (missing: `defaultBytes`).
        public var bytes: [Int]
        public var defaultBytes: Int

        /// Makes a link.
        public init(connections: Int?, firstByteDelay: Double, bytesPerSecond: Double, decode: Double, bytes: [Int], defaultBytes: Int,
                    handshake: Double = 0) {
            self.connections = connections
            self.firstByteDelay = firstByteDelay
            self.handshake = handshake
            self.bytesPerSecond = bytesPerSecond
            self.decode = decode
            self.bytes = bytes
            self.defaultBytes = defaultBytes
        }
    }

    /// The bound and the two schedules for `frames` (in time order; the first is the screen at `startTime`).
    /// Item i shows image i % `assetCount`. `link`: the network's limits, when images come over one.
    public init(frames: [Frame], startTime: Double, assetCount: Int, loadDuration: Double,
                maxConcurrent: Int, cacheCapacity: Int, link: Link? = nil) {
        let needs = Needs(frames: frames, assetCount: Swift.max(1, assetCount))
        let duration = Swift.max(0, loadDuration), slots = Swift.max(1, maxConcurrent)
        let finishes = Self.earliestFinishes(needs, start: startTime, duration: duration, slots: slots, link: link)
        (loads, blankTileSeconds) = Self.relaxedOptimum(needs, finishes: finishes)
        let capacity = Swift.max(1, cacheCapacity)
        // The achievable schedules run at the slots the connections leave, each load given the longest it
        // can take there: under a network a handshake, the request, a round trip, the largest image at its
        // share of the downlink (`running` transfers at most) and the decode (losses aside).
        let running = Swift.min(slots, link?.connections ?? slots)
        var slotDuration = duration
        if let link {
            let largest = needs.keys.map { $0 >= 0 && $0 < link.bytes.count ? link.bytes[$0] : link.defaultBytes }.max() ?? 0
            // A handshake takes at most a request's first-byte delay over TCP (a round trip), its own over TLS.
            let handshake = Swift.max(link.firstByteDelay, link.handshake)
            slotDuration = Swift.max(duration, handshake + link.firstByteDelay
                                     + Double(running * Swift.max(0, largest)) / Swift.max(1, link.bytesPerSecond) + link.decode)
        }
        aggressive = Self.aggressive(needs, start: startTime, duration: slotDuration, slots: running, capacity: capacity)
        conservative = Self.conservative(needs, start: startTime, duration: slotDuration, slots: running, capacity: capacity)
    }

    /// Tolerance of the bound's "finished by the frame" test.
    static let slack = 1e-9

    // MARK: The bound

    /// Fᵢ for the positions i = 1…n (n: the keys on screen), non-decreasing (step 3).
    static func earliestFinishes(_ needs: Needs, start: Double, duration: Double, slots: Int, link: Link?) -> [Double] {
        let n = needs.keys.count
        var sizes: [Int] = []
        if let link {
            sizes = needs.keys.map { $0 >= 0 && $0 < link.bytes.count ? Swift.max(0, link.bytes[$0]) : Swift.max(0, link.defaultBytes) }.sorted()
        }
        var out: [Double] = []
        out.reserveCapacity(n)
        var bytes = 0.0
        // Under a network nothing arrives before the first handshake is over.
        let first = start + Swift.max(0, link?.handshake ?? 0)
        for i in 1...Swift.max(1, n) where i <= n {
            var finish = first + duration * Double((i + slots - 1) / slots)
            if let link {
                if let k = link.connections {
                    let busy = Swift.max(0, duration - link.decode)
                    finish = Swift.max(finish, first + busy * Double((i + Swift.max(1, k) - 1) / Swift.max(1, k)) + link.decode)
                }
                bytes += Double(sizes[i - 1])
                finish = Swift.max(finish, first + link.firstByteDelay + bytes / Swift.max(1, link.bytesPerSecond) + link.decode)
            }
            out.append(finish)
        }
        return out
    }

    static func relaxedOptimum(_ needs: Needs, finishes: [Double]) -> (Int, Double) {
        let keys = needs.keys
        let n = keys.count
        guard n > 0 else { return (0, 0) }
        // cost[k·n + i]: key k's blank if it finishes at the i-th position's time.
        var cost = Array(repeating: 0.0, count: n * n)
        for (row, key) in keys.enumerated() {
            let uses = needs.uses[key]
            var u = 0, blank = 0.0
            for i in 0..<n {
                let finish = finishes[i]
                while u < uses.count, finish > uses[u].time + slack {
                    blank += uses[u].weight
                    u += 1
                }
                cost[row * n + i] = blank
            }
        }
        return (n, Hungarian.minimumCost(rowMajor: cost, size: n))
    }

    // MARK: Achievable schedules

    /// Residency of each key: [finish, evicted] intervals; a key shows in a frame inside one. By key
    /// (0 ..< the asset count), as every table of the schedules: no hashing on their paths.
    struct Residency {
        var intervals: [[(finish: Double, evicted: Double)]]
        var loads = 0

        init(keys: Int) { intervals = Array(repeating: [], count: keys) }

        mutating func load(_ key: Int, finish: Double) {
            intervals[key].append((finish, .infinity))
            loads += 1
        }

        mutating func evict(_ key: Int, at time: Double) {
            guard !intervals[key].isEmpty else { return }
            intervals[key][intervals[key].count - 1].evicted = time
        }

        func blank(_ needs: Needs) -> Double {
            var total = 0.0
            for key in needs.keys {
                let uses = needs.uses[key], list = intervals[key]
                for use in uses where !list.contains(where: { $0.finish <= use.time && use.time <= $0.evicted }) {
                    total += use.weight
                }
            }
            return total
        }
    }

    static func aggressive(_ needs: Needs, start: Double, duration: Double, slots: Int, capacity: Int) -> Schedule {
        var residency = Residency(keys: needs.uses.count)
        var resident = Array(repeating: Double?.none, count: needs.uses.count)   // key → finish time (in flight while finish > now)
        var residentKeys: [Int] = []   // the keys with a finish time, in no order
        var slotFree = Array(repeating: start, count: slots)
        var times = needs.times.filter { $0 >= start }
        if times.first != start { times.insert(start, at: 0) }
        var pending = Set(times)
        var queue = times.sorted()
        var index = 0
        // `now` never decreases, so each key's next use at or after it (and after it) only moves forward:
        // cursors into its uses instead of a search per key and step, and the time each points at kept
        // (a cursor is moved only once `now` has passed that time: +∞ when no use is left).
        var atOrAfter = Array(repeating: 0, count: needs.uses.count)
        var atOrAfterTime = Array(repeating: -Double.infinity, count: needs.uses.count)
        var after = Array(repeating: 0, count: needs.uses.count)
        var afterTime = Array(repeating: -Double.infinity, count: needs.uses.count)
        // The keys not resident, each with the time its cursor points at (-∞: not yet moved), least first.
        var missing = KeyHeap()
        for key in needs.keys { missing.insert(time: atOrAfterTime[key], key: key) }
        steps: while index < queue.count {
            let now = queue[index]
            index += 1
            while let s = slotFree.indices.first(where: { slotFree[$0] <= now }) {
                // The missing key needed soonest (at or after now): the heap's least entry once the entries
                // of resident keys are dropped (an evicted key is pushed again) and those whose time the
                // clock has passed are moved on to their next use.
                while let top = missing.min {
                    if resident[top.key] != nil {
                        missing.removeMin()
                        continue
                    }
                    guard top.time < now else { break }
                    missing.removeMin()
                    let uses = needs.uses[top.key]
                    var u = atOrAfter[top.key]
                    while u < uses.count, uses[u].time < now { u += 1 }
                    atOrAfter[top.key] = u
                    atOrAfterTime[top.key] = u < uses.count ? uses[u].time : .infinity
                    if u < uses.count { missing.insert(time: uses[u].time, key: top.key) }
                }
                // No missing key is needed again: none ever will be (only a load changes the cache), so
                // no later step does anything.
                guard let candidate = missing.min, candidate.time < .infinity else { break steps }
                if residentKeys.count >= capacity {
                    // The finished key needed furthest ahead (after now), if after the candidate: the
                    // order compared is total, so the resident keys are looked at in any order.
                    var victimTime = -Double.infinity, victimKey = -1   // none yet
                    for key in residentKeys {
                        guard let finish = resident[key], finish <= now else { continue }
                        if afterTime[key] <= now {
                            let uses = needs.uses[key]
                            var u = after[key]
                            while u < uses.count, uses[u].time <= now { u += 1 }
                            after[key] = u
                            afterTime[key] = u < uses.count ? uses[u].time : .infinity
                        }
                        let t = afterTime[key]
                        if victimKey < 0 || t > victimTime || (t == victimTime && key < victimKey) {
                            victimTime = t
                            victimKey = key
                        }
                    }
                    guard victimKey >= 0, victimTime > candidate.time else { break }
                    missing.removeMin()   // the candidate, before the victim's entry goes in
                    resident[victimKey] = nil
                    residentKeys.remove(at: residentKeys.firstIndex(of: victimKey)!)
                    residency.evict(victimKey, at: now)
                    if atOrAfterTime[victimKey] < .infinity { missing.insert(time: atOrAfterTime[victimKey], key: victimKey) }
                } else {
                    missing.removeMin()
                }
                let finish = now + duration
                resident[candidate.key] = finish
                residentKeys.append(candidate.key)
                residency.load(candidate.key, finish: finish)
                slotFree[s] = finish
                if !pending.contains(finish) {
                    pending.insert(finish)
                    let at = queue[index...].firstIndex { $0 > finish } ?? queue.count
                    queue.insert(finish, at: at)
                }
            }
        }
        return Schedule(loads: residency.loads, blankTileSeconds: residency.blank(needs))
    }

    /// A binary min-heap of keys by (time, key), the order the aggressive schedule picks its next load in.
    struct KeyHeap {
        private var entries: [(time: Double, key: Int)] = []

        var min: (time: Double, key: Int)? { entries.first }

        private static func less(_ a: (time: Double, key: Int), _ b: (time: Double, key: Int)) -> Bool {
            a.time < b.time || (a.time == b.time && a.key < b.key)
        }

        mutating func insert(time: Double, key: Int) {
            entries.append((time, key))
            var child = entries.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard Self.less(entries[child], entries[parent]) else { break }
                entries.swapAt(child, parent)
                child = parent
            }
        }

        mutating func removeMin() {
            guard entries.count > 1 else { return entries.removeAll(keepingCapacity: true) }
            entries[0] = entries.removeLast()
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var least = parent
                if left < entries.count, Self.less(entries[left], entries[least]) { least = left }
                if right < entries.count, Self.less(entries[right], entries[least]) { least = right }
                guard least != parent else { return }
                entries.swapAt(parent, least)
                parent = least
            }
        }
    }

    static func conservative(_ needs: Needs, start: Double, duration: Double, slots: Int, capacity: Int) -> Schedule {
        // Belady's demand paging over the reference string (each screen's keys in key order).
        var references: [(key: Int, time: Double)] = []
        for (time, keys) in needs.screens { for key in keys { references.append((key, time)) } }
        let keys = needs.uses.count
        var nextPosition = Array(repeating: Int.max, count: references.count)
        var seen = Array(repeating: Int.max, count: keys)
        for p in references.indices.reversed() {
            nextPosition[p] = seen[references[p].key]
            seen[references[p].key] = p
        }
        var cached = Array(repeating: Int?.none, count: keys)   // key → its next reference position
        var cachedCount = 0
        var lastUseTime = Array(repeating: Double?.none, count: keys)
        var residency = Residency(keys: keys)
        var finishOf = Array(repeating: Double?.none, count: keys)
        var slotFree = Array(repeating: start, count: slots)
        var previousStart = start
        for (p, ref) in references.enumerated() {
            if cached[ref.key] == nil {
                var begin = Swift.max(previousStart, slotFree.min()!)
                if cachedCount >= capacity {
                    // The cached key referenced furthest ahead (the lowest key of a tie).
                    var victim = -1, furthest = Int.min
                    for key in cached.indices {
                        guard let next = cached[key] else { continue }
                        if victim < 0 || (next, -key) > (furthest, -victim) { (victim, furthest) = (key, next) }
                    }
                    cached[victim] = nil
                    cachedCount -= 1
                    begin = Swift.max(begin, lastUseTime[victim] ?? start, finishOf[victim] ?? start)
                    residency.evict(victim, at: begin)
                }
                let s = slotFree.indices.min { slotFree[$0] < slotFree[$1] }!
                let finish = begin + duration
                slotFree[s] = finish
                previousStart = begin
                finishOf[ref.key] = finish
                residency.load(ref.key, finish: finish)
                cachedCount += 1
            }
            cached[ref.key] = nextPosition[p]
            lastUseTime[ref.key] = ref.time
        }
        return Schedule(loads: residency.loads, blankTileSeconds: residency.blank(needs))
    }
}

extension BlankTimeOracle {
    /// What the frames ask for: per image key, the frames it is on screen in (time, tiles × seconds shown).
    struct Needs {
        struct Use { var time: Double; var weight: Double }
        /// Keys with at least one use, ascending.
        var keys: [Int] = []
        /// By key, 0 ..< the asset count (empty for a key never on screen).
        var uses: [[Use]]
        /// Each screen that lasts: its time and its keys, ascending.
        var screens: [(time: Double, keys: [Int])] = []
        var times: [Double] { screens.map(\.time) }

        init(frames: [Frame], assetCount: Int) {
            uses = Array(repeating: [], count: assetCount)
            var screenKeys: [Int] = [], distinct: [Int] = [], tiles: [Int] = []
            var grouped: [Int] = []  // the items `distinct` and `tiles` were worked out for
            for (i, frame) in frames.enumerated() where i + 1 < frames.count {
                let dt = frames[i + 1].time - frame.time
                guard dt > 0, dt.isFinite, !frame.visibleItems.isEmpty else { continue }
                // The screen's keys, ascending, each with the tiles showing it; a frame showing the items of
                // the last one grouped (most frames: they share its array) has its groups.
                if frame.visibleItems != grouped {
                    grouped = frame.visibleItems
                    screenKeys.removeAll(keepingCapacity: true)
                    for item in frame.visibleItems { screenKeys.append(((item % assetCount) + assetCount) % assetCount) }
                    screenKeys.sort()
                    distinct.removeAll(keepingCapacity: true)
                    tiles.removeAll(keepingCapacity: true)
                    var k = 0
                    while k < screenKeys.count {
                        let key = screenKeys[k]
                        var n = 0
                        while k < screenKeys.count, screenKeys[k] == key { n += 1; k += 1 }
                        distinct.append(key)
                        tiles.append(n)
                    }
                }
                for (key, n) in zip(distinct, tiles) { uses[key].append(Use(time: frame.time, weight: Double(n) * dt)) }
                // A screen showing the keys of the one before (most frames) shares its list.
                if let last = screens.last, last.keys == distinct {
                    screens.append((frame.time, last.keys))
                } else {
                    screens.append((frame.time, Array(distinct)))
                }
            }
            keys = uses.indices.filter { !uses[$0].isEmpty }
        }
    }
}
