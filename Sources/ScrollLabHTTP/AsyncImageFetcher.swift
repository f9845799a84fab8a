import AsyncHTTPClient
import Foundation
import LabKit
import NIOCore
import NIOHTTP1
import NIOSSL
import ScrollLabCore
import Synchronization

/// Fetches image bodies with async-http-client over HTTP/2 on TLS (`--source https://… --http 2`): the
/// HTTP/2 client of the lab's real runs, where URLSession on Linux cannot be one (its libcurl speaks
/// HTTP/2 only over TLS, and it cannot be told to trust a certificate that is not in the system's bundle:
/// docs/network.md). ALPN chooses the version; against `serve --http 2 --tls` that is `h2`, every fetch a
/// stream on one connection.
///
/// The same contract as `HTTPImageFetcher` (`ImageFetching`): one request per load, its cancellation the
/// request's (an HTTP/2 stream reset; the connection stays), a fetch refused on its head or over
/// `maxBodyBytes` stopped there, the whole-request deadline, every body byte received counted (a cancelled
/// transfer's up to its cancel), the same failure words. Not carried over: the pipeline's priority (the
/// client sends no HTTP/2 priorities).
package final class AsyncImageFetcher: ImageFetching, @unchecked Sendable {
    /// The URL template: `{asset}` is replaced by the asset index.
    let template: String
    private let client: HTTPClient
    /// Seconds a fetch may take in all, from its start to its body's end (at least 60, and the timeout).
    let deadline: Double
    private let state = Mutex(State())

    private struct State {
        /// Requests in flight by ticket.
        var tasks: [Int: HTTPClient.Task<Void>] = [:]
        /// Body bytes received per request not ended yet, by ticket.
        var received: [Int: Int] = [:]
        /// Tickets cancelled by their load whose request has not ended yet.
        var cancelled: Set<Int> = []
        var bytesReceived = 0
        var requests = 0
        var cancelledBytes = 0
        /// Requests not ended yet (cancelled ones included).
        var open = 0
        var timings: [Int: TransferTiming] = [:]
        var closed = false
    }

    /// Why the CA file cannot be trusted: unreadable, or no PEM certificate in it.
    package struct TrustError: Error, CustomStringConvertible {
        package let description: String
    }

    /// The certificates of PEM file `path` (`--source-ca`), or why there are none. The file is read once
    /// (a pipe can be read only once): keep its bytes (`pem(file:)`) to make a client trust them later.
    package static func trustRoots(file path: String) throws(TrustError) -> [NIOSSLCertificate] {
        try trustRoots(pem: pem(file: path), name: path)
    }

    /// The bytes of `--source-ca` file `path` (a file or a pipe), read once to its end, or why it cannot be
    /// read; more than `maxPEMBytes` is no certificate file.
    package static func pem(file path: String) throws(TrustError) -> [UInt8] {
        let unreadable = TrustError(description: "--source-ca \(path): no such readable file")
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable }
        defer { Glibc.close(descriptor) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw unreadable }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            guard bytes.count <= maxPEMBytes else { throw TrustError(description: "--source-ca \(path): over 1 MB, not a certificate file") }
        }
    }

    /// The most a `--source-ca` file may hold (a CA bundle is a few hundred kB).
    static let maxPEMBytes = 1 << 20

    /// The certificates in the PEM bytes of `--source-ca` file `name`, or why there are none.
    package static func trustRoots(pem: [UInt8], name: String) throws(TrustError) -> [NIOSSLCertificate] {
        let certificates: [NIOSSLCertificate]
        do { certificates = try NIOSSLCertificate.fromPEMBytes(pem) } catch {
            throw TrustError(description: "--source-ca \(name): not a PEM certificate (\(error))")
        }
        guard !certificates.isEmpty else { throw TrustError(description: "--source-ca \(name): no PEM certificate in it") }
        return certificates
    }

    /// A fetcher for `template` (https://); requests time out after `timeout` seconds without data; the
    /// server's certificate must chain to `trust` (nil: the system's roots).
    package init(template: String, timeout: Double, trust: [NIOSSLCertificate]?) {
        self.template = template
        deadline = Swift.max(timeout, 60)
        var tls = TLSConfiguration.makeClientConfiguration()
        if let trust { tls.trustRoots = .certificates(trust) }
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .follow(max: HTTPImageFetcher.maxRedirects, allowCycles: false),
            timeout: .init(connect: .seconds(Int64(Swift.max(1, timeout.rounded(.up)))), read: .nanoseconds(Int64(timeout * 1e9)))
        )
        configuration.httpVersion = .automatic
        // A refused connection fails its loads at once, as URLSession's do (async-http-client would retry it
        // until the connect timeout: every load of a run against a dead server then waited 10 s).
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    package func url(for asset: Int) -> URL? { URL(string: template.replacingOccurrences(of: "{asset}", with: "\(asset)")) }

    package var traffic: (bytes: Int, requests: Int) { state.withLock { ($0.bytesReceived, $0.requests) } }

    package var cancelledBytes: Int { state.withLock { $0.cancelledBytes } }

    package func takeTiming(ticket: Int) -> TransferTiming? { state.withLock { $0.timings.removeValue(forKey: ticket) } }

    package func fetch(ticket: Int, asset: Int, priority: Double, completion: @escaping HTTPImageFetcher.Completion) {
        guard let url = url(for: asset), let request = try? HTTPClient.Request(url: url) else {
            return completion(.failure(.init(reason: "bad URL")))
        }
        let delegate = Delegate(fetcher: self, ticket: ticket, started: HTTPImageFetcher.now(), completion: completion)
        let go = state.withLock { s -> Bool in
            guard !s.closed else { return false }
            s.open += 1
            s.received[ticket] = 0
            return true
        }
        guard go else { return }
        let task = client.execute(request: request, delegate: delegate, deadline: .now() + .nanoseconds(Int64(deadline * 1e9)))
        // Kept for a cancel unless it has ended already (`ended(ticket:…)` takes it out under the same lock).
        state.withLock { s in
            if !delegate.ended.withLock({ $0 }) { s.tasks[ticket] = task }
        }
    }

    package func cancel(ticket: Int) {
        let task = state.withLock { s -> HTTPClient.Task<Void>? in
            s.timings[ticket] = nil
            guard let task = s.tasks.removeValue(forKey: ticket) else { return nil }
            s.cancelled.insert(ticket)
            return task
        }
        task?.cancel()
    }

    package func close() {
        let tasks = state.withLock { s -> [HTTPClient.Task<Void>] in
            s.closed = true
            defer { s.tasks.removeAll() }
            return Array(s.tasks.values)
        }
        for task in tasks { task.cancel() }
        // Not waited for: a stuck transfer must not hold the window's exit.
        let client = self.client
        DispatchQueue.global(qos: .utility).async { try? client.syncShutdown() }
    }

    package func stopTransfers(timeout: Double) {
        let tasks = state.withLock { s -> [HTTPClient.Task<Void>] in
            s.closed = true
            defer { s.tasks.removeAll() }
            return Array(s.tasks.values)
        }
        for task in tasks { task.cancel() }
        let end = HTTPImageFetcher.now() + timeout
        while state.withLock({ $0.open > 0 }), HTTPImageFetcher.now() < end { usleep(2_000) }
        let client = self.client
        DispatchQueue.global(qos: .utility).async { try? client.syncShutdown() }
    }

    // MARK: What the delegate reports

    fileprivate func received(_ bytes: Int, ticket: Int) {
        state.withLock { s in
            s.bytesReceived += bytes
            s.received[ticket, default: 0] += bytes
        }
    }

    /// Ticket `ticket`'s request ended: its completion runs unless it was cancelled.
    fileprivate func ended(ticket: Int, result: Result<[UInt8], ImageDecodeFailure>, timing: TransferTiming?,
                           completion: HTTPImageFetcher.Completion) {
        let deliver = state.withLock { s -> Bool in
            s.open -= 1
            let bytes = s.received.removeValue(forKey: ticket) ?? 0
            if s.cancelled.remove(ticket) != nil {
                s.cancelledBytes += bytes
                return false
            }
            s.tasks[ticket] = nil
            if s.closed { return false }
            if case .success = result, let timing { s.timings[ticket] = timing }
            return true
        }
        if deliver { completion(result) }
    }

    /// Why a response is refused on its head, or nil: a status outside 2xx (a redirect here was not followed),
    /// a type that is not an image, a length over the limit — `HTTPImageFetcher`'s words.
    static func failure(status: Int, contentType: String?, contentLength: Int?, hasLocation: Bool) -> String? {
        if (300..<400).contains(status) {
            if status == 304 { return "HTTP 304 (not modified)" }
            if !hasLocation, [301, 302, 303, 307, 308].contains(status) { return "HTTP \(status) without Location" }
            return "HTTP \(status)"
        }
        if !(200..<300).contains(status) { return "HTTP \(status)" }
        let type = (contentType ?? "").lowercased()
        if !type.hasPrefix("image/") { return "wrong content type (\(type.isEmpty ? "none" : String(type.prefix(40))))" }
        if let contentLength, contentLength > HTTPImageFetcher.maxBodyBytes { return "body over \(HTTPImageFetcher.maxBodyBytes >> 20) MB" }
        return nil
    }

    /// The failure words for an error the client reports.
    static func reason(for error: any Error) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .readTimeout, .deadlineExceeded, .connectTimeout, .tlsHandshakeTimeout: return "timeout"
            case .remoteConnectionClosed: return "connection lost"
            case .redirectCycleDetected, .redirectLimitReached: return "redirect loop"
            case .bodyLengthMismatch: return "truncated body"
            default: return "network error (\(error))"
            }
        }
        if let error = error as? IOError, error.errnoCode == ECONNREFUSED { return "connection refused" }
        if error is NIOSSLError || error is BoringSSLError { return "TLS error (\(TLSErrorText.reason(in: "\(error)") ?? "handshake failed"))" }
        // NIOPosix's NIOConnectionError (every address tried) names each attempt's error.
        let text = "\(error)"
        if text.contains("connectionRefused") || text.contains("Connection refused") || text.contains("errno: 111") { return "connection refused" }
        return "network error (\(text.prefix(80)))"
    }

    /// One request's response: its head checked, its body gathered up to the limit, its bytes counted.
    /// A request went out.
    fileprivate func sent() {
        state.withLock { $0.requests += 1 }
    }

    /// The failure of an answer over HTTP/`major`.`minor` to a fetch that asked for HTTP/2.
    static func notHTTP2(_ major: Int, _ minor: Int) -> String {
        "not HTTP/2 (the server chose HTTP/\(major).\(minor))"
    }

    private final class Delegate: HTTPClientResponseDelegate, @unchecked Sendable {
        typealias Response = Void
        /// Held until the request ends (then the delegate goes with its task).
        private let fetcher: AsyncImageFetcher
        let ticket: Int
        let started: Double
        let completion: HTTPImageFetcher.Completion
        /// True once the request has ended (read under the fetcher's lock by `fetch`).
        let ended = Mutex(false)
        // Written on the request's event loop only.
        private var body: [UInt8] = []
        private var expected: Int?
        private var failure: String?
        private var firstByte: Double?
        private var lastByte: Double?

        init(fetcher: AsyncImageFetcher, ticket: Int, started: Double, completion: @escaping HTTPImageFetcher.Completion) {
            self.fetcher = fetcher
            self.ticket = ticket
            self.started = started
            self.completion = completion
        }

        /// The request went out (one waiting in the pool for a connection or a stream and cancelled there
        /// never does): counted as sent.
        func didSendRequestHead(task: HTTPClient.Task<Void>, _ head: HTTPRequestHead) {
            fetcher.sent()
        }

        func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
            firstByte = firstByte ?? HTTPImageFetcher.now()
            expected = head.headers.first(name: "Content-Length").flatMap { Int($0) }
            failure = AsyncImageFetcher.failure(status: Int(head.status.code), contentType: head.headers.first(name: "Content-Type"),
                                                contentLength: expected, hasLocation: head.headers.contains(name: "Location"))
            // This client is the one for `--http 2`: a server that chose HTTP/1.1 by ALPN is not what the run
            // says it measures (a connection a request, no streams), so its answers fail, by that reason.
            if failure == nil, head.version.major < 2 { failure = AsyncImageFetcher.notHTTP2(head.version.major, head.version.minor) }
            if failure != nil {
                task.fail(reason: Refused())
            } else if let expected {
                body.reserveCapacity(expected)
            }
            return task.eventLoop.makeSucceededVoidFuture()
        }

        func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
            lastByte = HTTPImageFetcher.now()
            fetcher.received(buffer.readableBytes, ticket: ticket)
            guard failure == nil else { return task.eventLoop.makeSucceededVoidFuture() }
            if body.count + buffer.readableBytes > HTTPImageFetcher.maxBodyBytes {
                failure = "body over \(HTTPImageFetcher.maxBodyBytes >> 20) MB"
                body = []
                task.fail(reason: Refused())
            } else {
                body.append(contentsOf: buffer.readableBytesView)
            }
            return task.eventLoop.makeSucceededVoidFuture()
        }

        func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
            let reason: String
            if let failure {
                reason = failure
            } else if expected.map({ body.count < $0 }) ?? !body.isEmpty, !(error is HTTPClientError && (error as? HTTPClientError) == .readTimeout) {
                reason = "truncated body"
            } else if firstByte == nil, (error as? HTTPClientError) == .remoteConnectionClosed {
                reason = "empty reply"  // closed before a byte of an answer: URLSession's words for it too
            } else {
                reason = AsyncImageFetcher.reason(for: error)
            }
            end(.failure(.init(reason: reason)), timing: nil)
        }

        func didFinishRequest(task: HTTPClient.Task<Void>) throws {
            if let failure { return end(.failure(.init(reason: failure)), timing: nil) }
            if let expected, body.count < expected { return end(.failure(.init(reason: "truncated body")), timing: nil) }
            if body.isEmpty { return end(.failure(.init(reason: "empty body")), timing: nil) }
            if expected == nil, ImageEndMarker.isCutShort(body) { return end(.failure(.init(reason: "truncated body")), timing: nil) }
            let first = firstByte ?? HTTPImageFetcher.now()
            end(.success(body), timing: TransferTiming(firstByte: first, lastByte: Swift.max(first, lastByte ?? first), bytes: body.count))
        }

        private func end(_ result: Result<[UInt8], ImageDecodeFailure>, timing: TransferTiming?) {
            let first = ended.withLock { e -> Bool in
                defer { e = true }
                return !e
            }
            guard first else { return }
            body = []
            fetcher.ended(ticket: ticket, result: result, timing: timing, completion: completion)
        }
    }

    /// The error a request is failed with when its head or body is refused (its reason is the delegate's).
    private struct Refused: Error {}
}
