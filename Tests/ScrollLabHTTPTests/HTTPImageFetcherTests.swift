import Foundation
import Synchronization
import Testing
@testable import ScrollLabHTTP
@testable import ScrollLabServer
import ScrollLabCore

/// B-HTTP-1, B-DISK-2: the HTTP source against misbehaving servers (written here on `HTTPListener`):
/// limits hold while the body arrives, the whole request has a deadline, a body cut short without a
/// length is a failure, failure reasons name what happened, and every byte received is counted.
@Suite(.serialized) struct HTTPImageFetcherTests {
    /// A server whose every path is a behaviour; counts the body bytes it sent.
    final class Server: Sendable {
        let listener: HTTPListener
        let sent = Mutex(0)
        /// Signalled by a test to let `/held.jpg` send the rest of its body.
        let release = DispatchSemaphore(value: 0)
        /// Signalled once `/held.jpg` has written (or failed to write) the rest of its body.
        let heldSent = DispatchSemaphore(value: 0)
        static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0x42, count: 20_000) + [0xFF, 0xD9]

        init() throws {
            listener = try HTTPListener(port: 0, headTimeout: 5)
            let thread = Thread { [self] in
                listener.run(handler: { head, connection in
                    self.answer(String(head.target.prefix { $0 != "?" }), connection)
                }, refused: { _, _, _, _ in })
            }
            thread.start()
        }

        var base: String { "http://127.0.0.1:\(listener.port)" }

        func body(_ connection: HTTPConnection, _ bytes: ArraySlice<UInt8>) -> Bool {
            guard connection.send(bytes) else { return false }
            sent.withLock { $0 += bytes.count }
            return true
        }

        func answer(_ path: String, _ c: HTTPConnection) -> Bool {
            let image = "HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\n"
            switch path {
            case "/slow.jpg":       // 100 bytes a second of a 100 000-byte body
                guard c.send(Array((image + "Content-Length: 100000\r\n\r\n").utf8)) else { return false }
                for _ in 0..<1000 {
                    guard body(c, Self.jpeg[0..<100]) else { return false }
                    ImageServer.sleep(1)
                }
                return false
            case "/endless.jpg":    // no length, no end: 64 KB a millisecond at most
                guard c.send(Array((image + "Connection: close\r\n\r\n").utf8)) else { return false }
                let chunk = [UInt8](repeating: 0x42, count: 65_536)
                while body(c, chunk[...]) { ImageServer.sleep(0.001) }
                return false
            case "/claims-300mb.jpg":
                guard c.send(Array((image + "Content-Length: 314572800\r\n\r\n").utf8)) else { return false }
                // At most 64 MB/s (a 64 kB chunk a millisecond): the whole claim would take about 5 s, so
                // a transfer that stops is told from one that runs to its end however late the cancel lands.
                let chunk = [UInt8](repeating: 0x42, count: 65_536)
                for _ in 0..<4800 {
                    guard body(c, chunk[...]) else { return false }
                    usleep(1000)
                }
                return false
            case "/cut.jpg":        // half an image, no length, then a clean close
                _ = c.send(Array((image + "Connection: close\r\n\r\n").utf8))
                _ = body(c, Self.jpeg[0..<(Self.jpeg.count / 2)])
                return false
            case "/whole.jpg":      // a whole image, no length
                _ = c.send(Array((image + "Connection: close\r\n\r\n").utf8))
                _ = body(c, Self.jpeg[...])
                return false
            case "/304.jpg":
                _ = c.send(Array("HTTP/1.1 304 Not Modified\r\n\r\n".utf8))
                return true
            case "/302.jpg":
                _ = c.send(Array("HTTP/1.1 302 Found\r\nContent-Length: 0\r\n\r\n".utf8))
                return true
            case "/garbage.jpg":
                _ = c.send(Array("HELLO THERE\r\nthis is not HTTP\r\n\r\n".utf8))
                return false
            case "/empty.jpg":      // the request read, the connection closed with no answer
                return false
            case "/held.jpg":       // 4 096 bytes at once, then the rest once the test says (at most 60 s)
                guard c.send(Array((image + "Content-Length: 20006\r\n\r\n").utf8)), body(c, Self.jpeg[0..<4096]) else { return false }
                _ = release.wait(timeout: .now() + 60)
                _ = body(c, Self.jpeg[4096...])
                heldSent.signal()
                return true
            case "/first-4k.jpg":   // 4 096 bytes at once, then the rest a second later
                guard c.send(Array((image + "Content-Length: 20006\r\n\r\n").utf8)), body(c, Self.jpeg[0..<4096]) else { return false }
                ImageServer.sleep(1)
                _ = body(c, Self.jpeg[4096...])
                return true
            default:
                _ = c.send(Array("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n".utf8))
                return true
            }
        }
    }

    /// The result of fetching `name` (at most `wait` seconds), and how long it took.
    func fetch(_ fetcher: HTTPImageFetcher, ticket: Int = 1, wait: Double = 30) -> (Result<[UInt8], ImageDecodeFailure>?, Double) {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<[UInt8], ImageDecodeFailure>?>(nil)
        let start = Date()
        fetcher.fetch(ticket: ticket, asset: 0, priority: 0) { r in
            result.withLock { $0 = r }
            done.signal()
        }
        _ = done.wait(timeout: .now() + wait)
        return (result.withLock { $0 }, Date().timeIntervalSince(start))
    }

    func reason(_ r: Result<[UInt8], ImageDecodeFailure>?) -> String? {
        if case let .failure(f)? = r { return f.reason }
        return nil
    }

    /// Times here are lower bounds only: the unit tests share the machine with others (in `make test` at
    /// the idle class), and a starved client ends late, never early.
    @Test func aSlowServerMeetsTheWholeRequestDeadline() throws {
        let server = try Server()
        // The server sends 100 bytes a second for 1 000 s, so neither the request's idle timeout (300 s)
        // nor the test's wait (30 s) ends it: a "timeout" is the 2 s deadline's, and it is not early.
        let fetcher = HTTPImageFetcher(template: server.base + "/slow.jpg?{asset}", timeout: 300)
        defer { fetcher.close() }
        fetcher.deadline = 2
        let (result, took) = fetch(fetcher)
        #expect(reason(result) == "timeout")
        #expect(took >= 2, "took \(took) s")
    }

    /// Waits until the server's count of bytes sent has not moved for a second (at most 10 s); returns it
    /// and whether it stopped.
    func settled(_ server: Server) -> (sent: Int, stopped: Bool) {
        var last = server.sent.withLock { $0 }
        for _ in 0..<10 {
            Thread.sleep(forTimeInterval: 1)
            let now = server.sent.withLock { $0 }
            if now == last { return (now, true) }
            last = now
        }
        return (last, false)
    }

    @Test func aBodyWithoutALengthIsCancelledAtTheLimit() throws {
        let server = try Server()
        let fetcher = HTTPImageFetcher(template: server.base + "/endless.jpg?{asset}", timeout: 10)
        defer { fetcher.close() }
        let (result, _) = fetch(fetcher)
        // The body has no end: only the limit ends the load within the test's wait.
        #expect(reason(result) == "body over 32 MB")
        // The transfer stops. URLSession's cancel takes effect late on Linux (its work queue is busy
        // reading): on loopback up to a few hundred megabytes more cross at full speed; the body held
        // stays at the limit, and every byte that crossed is counted.
        let (sent, stopped) = settled(server)
        #expect(stopped && sent > HTTPImageFetcher.maxBodyBytes, "sent \(sent)")
        Thread.sleep(forTimeInterval: 0.5)
        let counted = fetcher.traffic.bytes
        #expect(counted >= HTTPImageFetcher.maxBodyBytes && counted <= sent && Double(counted) > 0.9 * Double(sent),
                "counted \(counted) of \(sent)")
    }

    @Test func aLengthOverTheLimitIsRefusedAndTheTransferStops() throws {
        let server = try Server()
        let fetcher = HTTPImageFetcher(template: server.base + "/claims-300mb.jpg?{asset}", timeout: 10)
        defer { fetcher.close() }
        let (result, _) = fetch(fetcher)
        #expect(reason(result) == "body over 32 MB")
        let (sent, stopped) = settled(server)
        #expect(stopped && sent < 300 << 20, "sent \(sent)")
    }

    @Test func aBodyWithoutALengthCutShortIsTruncatedAndAWholeOneIsNot() throws {
        let server = try Server()
        let cut = HTTPImageFetcher(template: server.base + "/cut.jpg?{asset}", timeout: 10)
        defer { cut.close() }
        #expect(reason(fetch(cut).0) == "truncated body")
        let whole = HTTPImageFetcher(template: server.base + "/whole.jpg?{asset}", timeout: 10)
        defer { whole.close() }
        let (result, _) = fetch(whole)
        #expect(try result?.get() == Server.jpeg)
    }

    @Test func failureReasonsNameWhatHappened() throws {
        let server = try Server()
        for (path, want) in [("/304.jpg", "HTTP 304 (not modified)"), ("/302.jpg", "HTTP 302 without Location"),
                             ("/garbage.jpg", "bad response (not HTTP)"), ("/empty.jpg", "empty reply"),
                             ("/nothing.jpg", "HTTP 404")] {
            let fetcher = HTTPImageFetcher(template: server.base + path + "?{asset}", timeout: 5)
            #expect(reason(fetch(fetcher).0) == want, "\(path)")
            fetcher.close()
        }
    }

    /// The first 4 096 bytes have been received; the load is cancelled, and only once its task has ended
    /// may the server send the rest: the test waits on counts, not on times, so a loaded machine cannot
    /// move the cancel past the rest; and the counts are read once the rest has been written (then
    /// half a second more for the client to read what might reach it).
    @Test func aCancelledTransfersBytesAreCounted() throws {
        let server = try Server()
        let fetcher = HTTPImageFetcher(template: server.base + "/held.jpg?{asset}", timeout: 30)
        defer { fetcher.close() }
        fetcher.fetch(ticket: 7, asset: 0, priority: 0) { _ in }
        func waitFor(_ done: () -> Bool) {
            let start = Date()
            while !done(), Date().timeIntervalSince(start) < 30 { Thread.sleep(forTimeInterval: 0.01) }
        }
        waitFor { fetcher.traffic.bytes >= 4096 }
        fetcher.cancel(ticket: 7)
        waitFor { fetcher.cancelledBytes > 0 }
        server.release.signal()
        #expect(server.heldSent.wait(timeout: .now() + 30) == .success)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(fetcher.traffic.bytes == 4096)
        #expect(fetcher.cancelledBytes == 4096)
    }

    /// A fetch that ends with a body keeps when its response began and its last byte came, and how many
    /// bytes it carried (`URLSessionTaskMetrics`'s figures, for Adaptive's link): the server sends 4 096
    /// bytes, waits a second and sends the rest, so the body's last byte comes at least that second after
    /// its first. Taken once; a failed fetch keeps none.
    @Test func aFetchKeepsWhenItsResponseBeganAndEnded() throws {
        let server = try Server()
        let fetcher = HTTPImageFetcher(template: server.base + "/first-4k.jpg?{asset}", timeout: 10)
        defer { fetcher.close() }
        let body = try #require(try fetch(fetcher, ticket: 3).0?.get())
        let timing = try #require(fetcher.takeTiming(ticket: 3))
        #expect(body == Server.jpeg)
        #expect(timing.bytes == Server.jpeg.count)
        #expect(timing.lastByte - timing.firstByte >= 0.9)
        #expect(fetcher.takeTiming(ticket: 3) == nil)
        let missing = HTTPImageFetcher(template: server.base + "/nothing.jpg?{asset}", timeout: 5)
        defer { missing.close() }
        #expect(reason(fetch(missing, ticket: 4).0) == "HTTP 404")
        #expect(missing.takeTiming(ticket: 4) == nil)
    }

    /// A server on this machine is asked directly whatever proxy the environment names (was: libcurl sent
    /// every request of `--source http://127.0.0.1:…` to `http_proxy`, and each failed "connection refused").
    @Test func aLoopbackServerIsAskedDirectlyWhateverProxyTheEnvironmentNames() throws {
        let names = ["http_proxy", "all_proxy", "no_proxy", "NO_PROXY"]
        let saved = names.map { ProcessInfo.processInfo.environment[$0] }
        defer { for (name, value) in zip(names, saved) { if let value { setenv(name, value, 1) } else { unsetenv(name) } } }
        setenv("http_proxy", "http://127.0.0.1:9", 1)
        setenv("all_proxy", "http://127.0.0.1:9", 1)
        setenv("no_proxy", "example.com", 1)
        unsetenv("NO_PROXY")
        let server = try Server()
        let fetcher = HTTPImageFetcher(template: server.base + "/first-4k.jpg?{asset}", timeout: 30)
        defer { fetcher.close() }
        let (result, _) = fetch(fetcher)
        #expect(result.flatMap { try? $0.get() } == Server.jpeg)
        // What the user listed is kept; loopback is added once.
        #expect(ProcessInfo.processInfo.environment["no_proxy"] == "example.com,127.0.0.1,::1,localhost")
        HTTPImageFetcher.bypassProxies(for: server.base + "/x/{asset}.jpg")
        #expect(ProcessInfo.processInfo.environment["no_proxy"] == "example.com,127.0.0.1,::1,localhost")
        #expect(ProcessInfo.processInfo.environment["NO_PROXY"] == "127.0.0.1,::1,localhost")
        // A server elsewhere is left to the environment's proxy.
        setenv("no_proxy", "", 1)
        HTTPImageFetcher.bypassProxies(for: "http://images.example.com/{asset}.jpg")
        #expect(ProcessInfo.processInfo.environment["no_proxy"] == "")
    }
}
