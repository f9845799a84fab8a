import Foundation
import LabKit
import Testing
@testable import ScrollLabHTTP

/// B-NET-3: the headless source over a real server keeps the model's disk cache, decode and decoded
/// size in front of the network; a load it cannot fetch fails with the window's reason.
@Suite(.serialized) struct HTTPImageSourceTests {
    /// A port nothing listens on.
    static func closedPort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    func source(diskEntries: [Int] = []) -> HTTPImageSource {
        var c = GridSceneConfiguration()
        c.network = .threeG
        c.assetByteSizes = [30_000, 40_000]
        c.diskCacheEntries = diskEntries
        let fetcher = HTTPImageFetcher(template: "http://127.0.0.1:\(Self.closedPort())/img/{asset}.jpg", timeout: 5)
        return HTTPImageSource(fetcher: fetcher, configuration: c)
    }

    @Test func aDiskHitIsTheModelsReadAndDecodeWithNoRequest() {
        var s = source(diskEntries: [1])
        s.begin(LoadTicket(id: 1, key: ImageKey(asset: 1)), time: 2)
        let expected = 2 + NetworkImageSource.diskReadTime(bytes: 40_000) + GridSceneConfiguration().decodeCost
        #expect(s.nextCompletion(upTo: expected - 1e-9) == nil)
        let done = s.nextCompletion(upTo: expected)
        #expect(done?.result == .image(bytes: GridSceneConfiguration().bytesPerImage))
        #expect(abs((done?.time ?? 0) - expected) < 1e-12)
        #expect(s.traffic.diskHits == 1 && s.traffic.requests == 0)
        s.fetcher.close()
    }

    @Test func aFetchWithNoServerFailsAsTheWindowsDoes() {
        var s = source()
        s.begin(LoadTicket(id: 1, key: ImageKey(asset: 0)), time: 0)
        var done: LoadCompletion?
        for frame in 1...600 where done == nil { done = s.nextCompletion(upTo: Double(frame) / 60) }
        #expect(done?.result == .failed(reason: "connection refused"))
        #expect(s.traffic.requests == 1 && s.traffic.networkBytes == 0)
        // What was fetched is stored in the modelled disk cache only when it came.
        #expect(!s.isStoredLocally(ImageKey(asset: 0)))
        s.fetcher.close()
    }

    /// A fetcher that answers nothing by itself: the test finishes fetches and says what was received.
    final class ScriptedFetcher: ImageFetching, @unchecked Sendable {
        var completions: [Int: HTTPImageFetcher.Completion] = [:]
        var received = 0, sent = 0, cut = 0
        func fetch(ticket: Int, asset: Int, priority: Double, completion: @escaping HTTPImageFetcher.Completion) {
            sent += 1
            completions[ticket] = completion
        }
        func cancel(ticket: Int) { completions[ticket] = nil }
        var traffic: (bytes: Int, requests: Int) { (received, sent) }
        var cancelledBytes: Int { cut }
        func takeTiming(ticket: Int) -> TransferTiming? { nil }
        func stopTransfers(timeout: Double) {}
        func close() {}
        func url(for asset: Int) -> URL? { nil }
    }

    /// Every byte the fetcher received costs the radio, a body cut by a cancel as one that came whole (the
    /// model's count); and a policy reads the shaped profile's round trip (Chrome's connection type).
    @Test func theRadioCountsEveryByteReceivedAndThePolicyTheProfilesRoundTrip() {
        var c = GridSceneConfiguration()
        c.network = .edge
        c.assetByteSizes = [30_000, 40_000]
        let fetcher = ScriptedFetcher()
        var s = HTTPImageSource(fetcher: fetcher, configuration: c)
        #expect(s.httpRoundTrip == NetworkImageSource.httpRoundTrip(of: .edge))
        s.begin(LoadTicket(id: 1, key: ImageKey(asset: 0)), time: 0)
        s.begin(LoadTicket(id: 2, key: ImageKey(asset: 1)), time: 0)
        // Load 2 is cancelled after 10 000 bytes; load 1 comes whole.
        fetcher.received = 10_000
        fetcher.cut = 10_000
        s.cancel(LoadTicket(id: 2, key: ImageKey(asset: 1)))
        fetcher.received += 30_000
        fetcher.completions[1]?(.success([UInt8](repeating: 0, count: 30_000)))
        var done: LoadCompletion?
        for frame in 1...600 where done == nil { done = s.nextCompletion(upTo: Double(frame) / 60) }
        #expect(done?.ticket.id == 1)
        var whole = RadioEnergyMeter(profile: NetworkProfile.edge.radio)
        whole.moved(downlink: 30_000, uplink: 0)
        var all = RadioEnergyMeter(profile: NetworkProfile.edge.radio)
        all.moved(downlink: 40_000, uplink: 0)
        let perByteCut = all.joules(at: 0) - whole.joules(at: 0)
        #expect(perByteCut > 0)
        #expect(s.traffic.networkBytes == 40_000)
        // Read again as if the cut body's bytes had not been received: the radio spends `perByteCut` less.
        let joules = s.traffic.radioJoules ?? 0
        fetcher.received = 30_000
        let withoutCut = s.traffic.radioJoules ?? 0
        #expect(abs((joules - withoutCut) - perByteCut) < 0.01)
    }
}
