/// Images over a modelled network on the virtual clock (B-NET-1), behind an optional modelled disk
/// cache (B-DISK-1): deterministic, so a headless run gives the same numbers every time.
///
/// The model, per load:
/// - **Disk.** A key in the disk cache is read in `diskReadTime(bytes:)` and decoded; no request is sent.
/// - **Connection.** Under HTTP/1.1 at most `connectionsPerHost` requests are in flight (URLSession's
///   `httpMaximumConnectionsPerHost`, 6 by default), one per connection; the others wait in `order`
///   (FIFO or LIFO). A connection is kept alive once opened; opening one costs one more round trip
///   (TCP's handshake), two over TLS 1.3 (`tls`: TCP's, then TLS's). Under HTTP/2 every request is a stream on one connection, opened once with one
///   handshake (requests made during it wait for it); up to `maxConcurrentStreams` streams at once (the
///   pipeline in front runs fewer).
/// - **Request.** The request (`requestBytes`) goes up the uplink; the first byte of the answer comes
///   one round trip after it was sent.
/// - **Loss.** The request or the first answer packet is lost with probability 1 − (1 − loss)²; the
///   request is then sent again after TCP's retransmission timeout (1 s, doubling each time, RFC 6298);
///   after `maxAttempts` the load fails with "timeout". Each body packet (1460 bytes) lost costs one
///   round trip more (a fast retransmit). Which packets are lost comes from a hash of the seed, the
///   ticket and the packet: the same on every run, whatever else the network is doing. Under HTTP/2 the
///   streams share one TCP connection, so a stream's lost packets also hold back every other stream
///   (transport head-of-line blocking): while a stream recovers its losses, no stream receives. (Where
///   in the body the loss falls is not modelled: the recovery comes after the stream's last byte. A
///   lost request under HTTP/2 resets its stream only; HTTP/3's per-stream recovery is not modelled.)
/// - **Body.** Every transfer receiving at a moment shares the downlink equally with the others
///   (TCP's fair share; slow start is not modelled). A load cancelled mid-transfer has still moved the
///   bytes it received; under HTTP/1.1 its connection is closed (a response in flight cannot be stopped
///   otherwise), so the next request pays a handshake (checked against a real server: docs/network.md).
/// - **Decode.** The image decodes in `decodeCost` once its last byte is in; the connection is free
///   from that moment.
/// - **Radio.** From the first request in flight to the last transfer's end the phone's radio is busy;
///   `RadioEnergyMeter` turns those spans and the bytes moved into joules (the profile's `radio`).
///
/// Each image's size is its file's (`byteSizes`, by asset), so the traffic counted is real bytes.
public struct NetworkImageSource: ImageSource, Sendable {
    /// The network.
    public var profile: NetworkProfile { didSet { meter.radio.profile = profile.radio } }
    /// Bytes of each asset's file, by asset index; an asset past the end counts `defaultBytes`.
    public var byteSizes: [Int]
    /// Transfer size of an asset without a stated size.
    public var defaultBytes: Int
    /// Decode times: one for every image, or each image's own (B-COST-1).
    public var decode: DecodeTimes
    /// Decode time per image without one of its own, seconds.
    public var decodeCost: Double {
        get { decode.constant }
        set { decode.constant = Swift.max(0, newValue) }
    }
    /// Decoded size of every image (what the memory cache counts).
    public var decodedBytes: Int
    /// Requests in flight at once to the image host under HTTP/1.1 (one connection each).
    public var connectionsPerHost: Int {
        get { connections.perHost }
        set { connections.perHost = newValue }
    }
    /// The HTTP version: HTTP/1.1's connections, or HTTP/2's streams on one connection.
    public var httpVersion: HTTPVersion {
        get { connections.httpVersion }
        set { connections.httpVersion = newValue }
    }
    /// Connections are made over TLS 1.3 (HTTPS, `--tls`): a handshake takes one round trip more.
    public var tls: Bool {
        get { connections.tls }
        set { connections.tls = newValue }
    }
    /// Order of requests waiting for a connection.
    public var order: RequestOrder
    /// Seed of the packet losses.
    public var seed: UInt64
    /// The disk cache's entries (key → stored bytes), least recently used first out; nil: no disk cache.
    public var disk: MemoryCache<ImageKey>? { store.entries }
    /// The disk cache and the entries found bad when the run began.
    private var store: ModelledDisk
    /// What was moved so far.
    public var traffic: SourceTraffic { meter.traffic }

    /// Size of one image request going up (method, path, headers), bytes.
    public static let requestBytes = 400

    /// The first byte's delay on a kept-alive connection: the request up the uplink, then a round trip.
    public static func httpRoundTrip(of profile: NetworkProfile) -> Double {
        Double(requestBytes) / profile.uplinkBytesPerSecond + profile.roundTrip
    }

    public var httpRoundTrip: Double? { Self.httpRoundTrip(of: profile) }

    /// Round trips a new connection's handshake takes before its first request goes out: TCP's one, and
    /// over TLS 1.3 one more (RFC 8446 §2: ClientHello, then ServerHello to Finished; the request follows
    /// the client's Finished). TLS 1.2's full handshake would take two (RFC 5246 §7.3), not modelled.
    public static func handshakeRoundTrips(tls: Bool) -> Int { tls ? 2 : 1 }
    /// One TCP segment's payload, bytes.
    public static let packetBytes = 1460
    /// TCP's initial retransmission timeout (RFC 6298), seconds; it doubles on each retry.
    public static let retransmissionTimeout = 1.0
    /// Attempts before a load fails with "timeout".
    public static let maxAttempts = 4
    /// Streams one HTTP/2 connection carries at once: the peer's SETTINGS_MAX_CONCURRENT_STREAMS (RFC 9113
    /// recommends no fewer than 100; nginx and most CDNs announce 100–128).
    public static let maxConcurrentStreams = 100

    /// Time to read `bytes` from the disk cache: 1 ms to open and stat, then 400 MB/s (a phone's flash
    /// through the file system; a modelling choice, stated in docs/network.md).
    public static func diskReadTime(bytes: Int) -> Double { 0.001 + Double(bytes) / 400e6 }

    private enum Phase: Hashable, Sendable {
        /// Waiting for the first byte until `at`.
        case requesting(at: Double)
        /// Receiving the body; `received` bytes so far.
        case receiving(received: Double)
        /// Every byte sent once; lost packets are being resent until `at`.
        case recovering(at: Double)
    }

    private struct Transfer: Hashable, Sendable {
        var ticket: LoadTicket
        var bytes: Int
        var phase: Phase
        var lossPenalty: Double
        /// No answer came: at the end of `requesting` the load fails with "timeout".
        var timesOut = false
        /// When the answer's first byte arrived (at the end of `requesting`).
        var firstByte = 0.0
    }

    private var clock = 0.0
    private var waiting: [LoadTicket] = []
    private var active: [Transfer] = []
    /// The connections to the image host.
    private var connections: HostConnections
    /// Loads whose result time is known (disk reads, decodes, failures), in no particular order.
    private var finishing: [LoadCompletion] = []
    /// What was moved, and the radio's states driven by the transfers in flight.
    private var meter: TrafficMeter

    /// A source over `profile`. `diskByteLimit` nil: no disk cache; otherwise one that starts with the
    /// assets `diskEntries` (least recently used first: a folder's entries, `--disk-cache DIR`) or empty,
    /// and `diskCorrupt` the assets whose entry was found torn or corrupt.
    public init(profile: NetworkProfile, byteSizes: [Int] = [], defaultBytes: Int = GridSceneConfiguration.defaultTransferBytes,
                decodeCost: Double = 0.006, decodedBytes: Int = 300 * 440 * 4, connectionsPerHost: Int = 6,
                httpVersion: HTTPVersion = .http1_1, tls: Bool = false, order: RequestOrder = .fifo, diskByteLimit: Int? = nil,
                diskEntries: [Int] = [], diskCorrupt: [Int] = [], seed: UInt64 = 1) {
        self.profile = profile
        self.byteSizes = byteSizes
        self.defaultBytes = Swift.max(0, defaultBytes)
        self.decode = DecodeTimes(constant: decodeCost)
        self.decodedBytes = Swift.max(0, decodedBytes)
        self.connections = HostConnections(perHost: Swift.max(1, connectionsPerHost), httpVersion: httpVersion, tls: tls)
        self.order = order
        self.seed = seed
        self.meter = TrafficMeter(radio: RadioEnergyMeter(profile: profile.radio))
        var disk = diskByteLimit.map { MemoryCache<ImageKey>(byteLimit: $0) }
        for asset in diskEntries {
            let key = ImageKey(asset: asset)
            _ = disk?.insert(key, cost: key.asset >= 0 && key.asset < byteSizes.count ? Swift.max(0, byteSizes[key.asset]) : self.defaultBytes)
        }
        self.store = ModelledDisk(entries: disk, corrupt: disk == nil ? [] : Set(diskCorrupt).subtracting(diskEntries))
    }

    /// Bytes of `key`'s file.
    public func transferBytes(of key: ImageKey) -> Int {
        key.asset >= 0 && key.asset < byteSizes.count ? Swift.max(0, byteSizes[key.asset]) : defaultBytes
    }

    /// The decode time of `key`: its own, else `decodeCost`.
    public func decodeCost(of key: ImageKey) -> Double { decode.seconds(key) }

    public func decodingKeys(at time: Double) -> [ImageKey] {
        var keys: [ImageKey] = []
        decodingKeys(at: time, into: &keys)
        return keys
    }

    public func decodingKeys(at time: Double, into keys: inout [ImageKey]) {
        finishing.decodingKeys(at: time, decode: decode, into: &keys)
    }

    /// Starts keeping the images whose bytes arrive (`takeArrivals()`): a disk cache kept outside the model
    /// (the window's real one) stores each then, as the model's own disk does, whether or not its load is
    /// cancelled while it decodes.
    public mutating func keepArrivals() {
        if store.arrived == nil { store.arrived = [] }
    }

    /// The images whose bytes arrived since the last call, in order (none unless `keepArrivals()`).
    public mutating func takeArrivals() -> [ImageKey] {
        guard let arrived = store.arrived, !arrived.isEmpty else { return [] }
        store.arrived = []
        return arrived
    }

    /// True when `key` is in the disk cache (a load begun now reads it from there).
    public func isStoredLocally(_ key: ImageKey) -> Bool { disk?.contains(key) ?? false }

    /// Requests in flight, and those waiting for a connection.
    public var inFlight: Int { active.count }
    public var waitingCount: Int { waiting.count }

    public mutating func begin(_ ticket: LoadTicket, time: Double) {
        defer { readRadio() }
        // An idle network has no past to keep: it starts at the caller's time even if it looked further ahead.
        if active.isEmpty { clock = time } else { advance(to: time) }
        if store.entries?.get(ticket.key) != nil {
            meter.traffic.diskHits += 1
            let read = Self.diskReadTime(bytes: transferBytes(of: ticket.key))
            finishing.append(LoadCompletion(ticket: ticket, result: .image(bytes: decodedBytes), time: clock + read + decodeCost(of: ticket.key)))
            return
        }
        if store.corrupt.remove(ticket.key.asset) != nil { meter.traffic.diskCorrupt += 1 }
        waiting.append(ticket)
        startWaiting()
    }

    public mutating func cancel(_ ticket: LoadTicket) {
        defer { readRadio() }
        if let i = waiting.firstIndex(of: ticket) {
            waiting.remove(at: i)
            return
        }
        if let i = active.firstIndex(where: { $0.ticket == ticket }) {
            let t = active.remove(at: i)
            // A request in flight cannot be taken back under HTTP/1.1: its connection is closed (URLSession
            // and curl do so), and the next request opens one with a handshake. HTTP/2 resets the stream.
            connections.gaveUp()
            switch t.phase {
            case let .receiving(bytes):
                received(Int(bytes))
                meter.traffic.cancelledBytes += Int(bytes)
            case .recovering:
                received(t.bytes)
                meter.traffic.cancelledBytes += t.bytes
            case .requesting: break
            }
            startWaiting()
            if active.isEmpty { meter.radio.idle(at: clock) }
            return
        }
        finishing.removeAll { $0.ticket == ticket }
    }

    public mutating func nextCompletion(upTo time: Double) -> LoadCompletion? {
        defer { readRadio() }
        while true {
            let event = nextEventTime()
            let done = earliestFinishing()
            if let d = done, finishing[d].time <= time, finishing[d].time <= event {
                advance(to: finishing[d].time)
                return finishing.remove(at: d)
            }
            guard event <= time else {
                advance(to: time)
                return nil
            }
            step(to: event)
        }
    }

    // MARK: - The event simulation

    /// Moves the clock to `time`, handling every network event on the way.
    private mutating func advance(to time: Double) {
        while nextEventTime() <= time { step(to: nextEventTime()) }
        progress(to: time)
    }

    /// Receives bytes until `time` at the fair share, then handles what happens at `time`.
    private mutating func step(to time: Double) {
        progress(to: time)
        let rate = receivingRate
        var i = 0
        var freed = false
        while i < active.count {
            var t = active[i]
            var finished = false
            switch t.phase {
            case let .requesting(at) where at <= clock && t.timesOut:
                active.remove(at: i)
                // Given up: HTTP/1.1 drops the connection; HTTP/2 resets the stream and keeps the connection.
                connections.gaveUp()
                finishing.append(LoadCompletion(ticket: t.ticket, result: .failed(reason: "timeout"), time: clock))
                freed = true
                if active.isEmpty { meter.radio.idle(at: clock) }
                continue
            case let .requesting(at) where at <= clock:
                t.firstByte = at
                t.phase = t.bytes > 0 ? .receiving(received: 0) : .recovering(at: clock + t.lossPenalty)
            case let .receiving(received):
                // Done when (almost) every byte is in, or when what is left takes less time than the clock resolves.
                let left = Double(t.bytes) - received
                if left <= Self.byteEpsilon || clock + left / rate <= clock {
                    t.phase = .recovering(at: clock + t.lossPenalty)
                    // HTTP/2: the connection's other streams wait behind the retransmissions.
                    connections.recover(at: clock, lossPenalty: t.lossPenalty)
                }
            default:
                break
            }
            if case let .recovering(at) = t.phase, at <= clock { finished = true }
            if finished {
                active.remove(at: i)
                received(t.bytes)
                if active.isEmpty { meter.radio.idle(at: clock) }
                _ = store.entries?.insert(t.ticket.key, cost: t.bytes)
                store.arrived?.append(t.ticket.key)
                finishing.append(LoadCompletion(ticket: t.ticket, result: .image(bytes: decodedBytes), time: clock + decodeCost(of: t.ticket.key),
                                                timing: TransferTiming(firstByte: t.firstByte, lastByte: clock, bytes: t.bytes)))
                freed = true
            } else {
                active[i] = t
                i += 1
            }
        }
        if freed { startWaiting() }
    }

    /// Counts `bytes` of response body received (the radio's downlink too).
    private mutating func received(_ bytes: Int) { meter.received(bytes) }

    /// The radio's reading at the clock, into the traffic.
    private mutating func readRadio() { meter.readRadio(at: clock) }

    /// Below this many bytes left, a transfer is complete (floating-point residue of the shares).
    private static let byteEpsilon = 1e-6

    /// Advances the clock to `time`, every receiving transfer getting its share of the downlink.
    private mutating func progress(to time: Double) {
        guard time > clock else { return }
        let from = Swift.max(clock, connections.stalledUntil)
        if !active.isEmpty, time > from {
            let share = receivingRate * (time - from)
            for i in active.indices {
                if case let .receiving(received) = active[i].phase {
                    active[i].phase = .receiving(received: Swift.min(Double(active[i].bytes), received + share))
                }
            }
        }
        clock = time
    }

    /// The next moment something changes in the network (a first byte, a body done, a recovery over).
    private func nextEventTime() -> Double {
        let rate = receivingRate
        let from = Swift.max(clock, connections.stalledUntil)
        var next = Double.infinity
        for t in active {
            switch t.phase {
            case let .requesting(at), let .recovering(at): next = Swift.min(next, at)
            case let .receiving(received): next = Swift.min(next, from + Swift.max(0, Double(t.bytes) - received) / rate)
            }
        }
        return next
    }

    /// Each receiving transfer's share of the downlink, bytes per second (the whole link when none receives).
    private var receivingRate: Double {
        var receiving = 0
        for t in active { if case .receiving = t.phase { receiving += 1 } }
        return profile.downlinkBytesPerSecond / Double(Swift.max(1, receiving))
    }

    private func earliestFinishing() -> Int? {
        var best: Int?
        for (i, c) in finishing.enumerated() {
            guard let b = best else { best = i; continue }
            let o = finishing[b]
            if c.time < o.time || (c.time == o.time && c.ticket.id < o.ticket.id) { best = i }
        }
        return best
    }

    /// Requests in flight at once: HTTP/1.1's connections, or HTTP/2's streams.
    public var requestLimit: Int { connections.requestLimit(maxStreams: Self.maxConcurrentStreams) }

    /// Gives free connections (HTTP/2: streams) to waiting requests, in `order`.
    private mutating func startWaiting() {
        while active.count < requestLimit, !waiting.isEmpty {
            let ticket = order == .fifo ? waiting.removeFirst() : waiting.removeLast()
            var firstByte = clock + Double(Self.requestBytes) / profile.uplinkBytesPerSecond + profile.roundTrip
            firstByte += connections.connect(at: clock, active: active.count, roundTrip: profile.roundTrip)
            meter.traffic.requests += 1
            if active.isEmpty { meter.radio.busy(at: clock) }
            meter.radio.moved(downlink: 0, uplink: Self.requestBytes)
            // Lost requests (or first answers) are sent again after the retransmission timeout.
            var timeout = Self.retransmissionTimeout
            var attempt = 0
            let headLoss = 1 - (1 - profile.packetLoss) * (1 - profile.packetLoss)
            while attempt < Self.maxAttempts, unitDraw(ticket: ticket.id, stream: 0, index: attempt) < headLoss {
                firstByte += timeout
                timeout *= 2
                attempt += 1
            }
            let bytes = transferBytes(of: ticket.key)
            var lost = 0
            if profile.packetLoss > 0 {
                let packets = (bytes + Self.packetBytes - 1) / Self.packetBytes
                for p in 0..<packets where unitDraw(ticket: ticket.id, stream: 1, index: p) < profile.packetLoss { lost += 1 }
            }
            active.append(Transfer(ticket: ticket, bytes: bytes, phase: .requesting(at: firstByte),
                                   lossPenalty: Double(lost) * profile.roundTrip, timesOut: attempt == Self.maxAttempts))
        }
    }

    /// A uniform number in [0, 1) from the seed, a ticket, a stream and an index (SplitMix64's finaliser).
    private func unitDraw(ticket: Int, stream: UInt64, index: Int) -> Double {
        SeededDraw.unit(seed: seed, serial: ticket, stream: stream, index: index)
    }
}
