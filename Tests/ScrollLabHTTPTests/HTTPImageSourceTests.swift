import Foundation
import LabKit
import Testing
@testable import ScrollLabHTTP

/// B-HTTP-2: the headless source over a real server keeps the model's disk cache, decode and decoded
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
}
