import Foundation
import LabKit
import ScrollLabCore
import Synchronization

/// The pipeline's image source over a real server for the commands without a window (`replay --headless`,
/// `bench`, `sweep run` with `--source`, B-NET-3): every network load is a URLSession fetch
/// (`HTTPImageFetcher`, the window's client; under `--http 2` async-http-client's, `AsyncImageFetcher`),
/// and the rest is the model's, so a real run and a modelled one differ by the network alone — the
/// modelled disk cache in front (a hit: the model's read time, no request), the model's decode time after
/// the last byte, the model's decoded size, the radio's energy of the transfers' spans.
///
/// The server shapes its link in real time, so the run's clock is paced by the wall's: while a fetch is
/// in flight, `nextCompletion(upTo:)` waits until the wall reaches the frame's time; while none is, the
/// clock runs free (nothing real is waiting) and is set again on the wall when the next fetch starts.
/// Each fetch's first and last byte are placed on the run's clock as the window places them
/// (`FetchSpan`, from the fetch's start for as long as it lasted on the wall); its completion comes at
/// its last byte plus the decode, a failure when it was seen.
package struct HTTPImageSource: ImageSource, @unchecked Sendable {
    /// The client, shared with the caller (who waits for its last transfers before reading `traffic`).
    package let fetcher: any ImageFetching
    /// Finished fetches, handed over by the fetcher's queue: ticket id → result and when it was seen.
    private let arrivals = FetchArrivals()
    /// Fetches in flight by ticket id: the ticket and the span's start.
    private var flights: [Int: (ticket: LoadTicket, time: Double, wall: Double)] = [:]
    /// Wall seconds minus run seconds while a fetch is in flight (nil before the first).
    private var offset: Double?
    /// Loads whose completion time is known (disk hits, fetched bodies decoding, failures).
    private var finishing: [LoadCompletion] = []
    /// The modelled disk cache (key → stored bytes), as the model's (nil: none).
    private var store: MemoryCache<ImageKey>?
    /// The radio's states driven by the fetches in flight (nil: no profile named).
    private var radio: RadioEnergyMeter?
    /// The body bytes given to the radio as they arrived whole; the rest the fetcher received (bodies cut
    /// by a cancel or a failure) are added when the energy is read, as the model counts every byte moved.
    private var radioDownlink = 0
    /// Disk hits so far.
    private var diskHits = 0
    /// The model's decode times, decoded size and the images' stored sizes (for the disk cache's costs).
    private let decode: DecodeTimes, decodedBytes: Int, byteSizes: [Int]
    /// Where each body's size is held against its image's own, and each failure counted (nil: nowhere).
    private let sizeCheck: FetchedSizeCheck?
    /// The HTTP round trip of the profile the server shapes (nil: none named), as the model gives it: what
    /// a browser estimates from its connections (Chrome's effective connection type).
    package var httpRoundTrip: Double? { profile?.roundTrip }
    /// The profile the runs name (`--network`) and its HTTP round trip.
    private let profile: (name: String, roundTrip: Double)?

    /// A source fetching with `fetcher`, the rest as `c` models it (its disk cache, decode and decoded
    /// size; its network's radio for the energy, when it names the profile the server shapes).
    package init(fetcher: any ImageFetching, configuration c: GridSceneConfiguration, sizeCheck: FetchedSizeCheck? = nil) {
        self.fetcher = fetcher
        self.sizeCheck = sizeCheck
        decode = DecodeTimes(constant: c.decodeCost, byAsset: c.decodeCosts)
        decodedBytes = c.bytesPerImage
        byteSizes = c.assetByteSizes
        radio = c.network.map { RadioEnergyMeter(profile: $0.radio) }
        profile = c.network.map { ($0.name, NetworkImageSource.httpRoundTrip(of: $0)) }
        var disk = c.diskCacheByteLimit.map { MemoryCache<ImageKey>(byteLimit: $0) }
        for asset in c.diskCacheEntries { _ = disk?.insert(ImageKey(asset: asset), cost: bytes(of: ImageKey(asset: asset))) }
        store = disk
    }

    private func bytes(of key: ImageKey) -> Int {
        key.asset >= 0 && key.asset < byteSizes.count ? byteSizes[key.asset] : GridSceneConfiguration.defaultTransferBytes
    }

    package var disk: MemoryCache<ImageKey>? { store }

    package func isStoredLocally(_ key: ImageKey) -> Bool { store?.contains(key) ?? false }

    package var traffic: SourceTraffic {
        var t = SourceTraffic()
        (t.networkBytes, t.requests) = fetcher.traffic
        t.cancelledBytes = fetcher.cancelledBytes
        t.diskHits = diskHits
        if var radio, let offset {
            radio.moved(downlink: Swift.max(0, t.networkBytes - radioDownlink), uplink: 0)
            let now = HTTPImageFetcher.now() - offset
            t.radioJoules = radio.joules(at: now)
            t.radioActiveSeconds = radio.activeSeconds(at: now)
        }
        return t
    }

    package func decodingKeys(at time: Double) -> [ImageKey] {
        finishing.compactMap { c in
            guard case .image = c.result, c.time > time, c.time - decode.seconds(c.ticket.key) <= time else { return nil }
            return c.ticket.key
        }
    }

    package mutating func begin(_ ticket: LoadTicket, time: Double) { begin(ticket, priority: 0, time: time) }

    package mutating func begin(_ ticket: LoadTicket, priority: Double, time: Double) {
        if store?.get(ticket.key) != nil {
            diskHits += 1
            finishing.append(LoadCompletion(ticket: ticket, result: .image(bytes: decodedBytes),
                                            time: time + NetworkImageSource.diskReadTime(bytes: bytes(of: ticket.key)) + decode.seconds(ticket.key)))
            return
        }
        if flights.isEmpty {
            // Nothing was waiting on the wall: the run's clock meets it here.
            offset = HTTPImageFetcher.now() - time
            radio?.busy(at: time)
        } else {
            wait(until: time)
        }
        radio?.moved(downlink: 0, uplink: NetworkImageSource.requestBytes)
        flights[ticket.id] = (ticket, time, HTTPImageFetcher.now())
        let arrivals = self.arrivals
        let id = ticket.id
        fetcher.fetch(ticket: id, asset: ticket.key.asset, priority: priority) { result in
            let wall = HTTPImageFetcher.now()
            arrivals.add((id, result, wall))
        }
    }

    package mutating func cancel(_ ticket: LoadTicket) {
        if flights.removeValue(forKey: ticket.id) != nil {
            fetcher.cancel(ticket: ticket.id)
            if flights.isEmpty, let offset { radio?.idle(at: HTTPImageFetcher.now() - offset) }
            return
        }
        finishing.removeAll { $0.ticket == ticket }
    }

    package mutating func nextCompletion(upTo time: Double) -> LoadCompletion? {
        if !flights.isEmpty { wait(until: time) }
        take()
        guard let i = finishing.indices.filter({ finishing[$0].time <= time })
            .min(by: { (finishing[$0].time, finishing[$0].ticket.id) < (finishing[$1].time, finishing[$1].ticket.id) }) else { return nil }
        return finishing.remove(at: i)
    }

    /// Sleeps until the wall reaches run time `time` (while a fetch is in flight the clocks are one).
    private func wait(until time: Double) {
        guard let offset else { return }
        let late = time + offset - HTTPImageFetcher.now()
        if late > 0 { usleep(useconds_t(Swift.min(late, 1) * 1e6)) }
        if time + offset - HTTPImageFetcher.now() > 0 { wait(until: time) }
    }

    /// The fetches finished so far, placed on the run's clock.
    private mutating func take() {
        let done = arrivals.takeAll()
        for (id, result, wall) in done {
            guard let flight = flights.removeValue(forKey: id) else {
                _ = fetcher.takeTiming(ticket: id)
                continue
            }
            // The fetch lasts on the run's clock what it lasted on the wall (a run behind the wall, on a
            // loaded machine, still gives each transfer its real duration).
            let span = FetchSpan(startTime: flight.time, startWall: flight.wall, endTime: flight.time + Swift.max(0, wall - flight.wall), endWall: wall)
            switch result {
            case let .success(body):
                let timing = fetcher.takeTiming(ticket: id).map(span.place)
                    ?? TransferTiming(firstByte: span.endTime, lastByte: span.endTime, bytes: body.count)
                radio?.moved(downlink: body.count, uplink: 0)
                radioDownlink += body.count
                let asset = flight.ticket.key.asset
                if asset >= 0, asset < byteSizes.count { sizeCheck?.fetched(asset: asset, got: body.count, expected: byteSizes[asset]) }
                if let profile {
                    sizeCheck?.firstByte(after: timing.firstByte - flight.time, profile: profile.name, roundTrip: profile.roundTrip)
                }
                _ = store?.insert(flight.ticket.key, cost: body.count)
                finishing.append(LoadCompletion(ticket: flight.ticket, result: .image(bytes: decodedBytes),
                                                time: timing.lastByte + decode.seconds(flight.ticket.key), timing: timing))
            case let .failure(failure):
                sizeCheck?.failed(failure.reason)
                finishing.append(LoadCompletion(ticket: flight.ticket, result: .failed(reason: failure.reason), time: span.endTime))
            }
            if flights.isEmpty { radio?.idle(at: span.endTime) }
        }
    }
}
