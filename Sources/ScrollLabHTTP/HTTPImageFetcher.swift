import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LabKit
import ScrollLabCore
import Synchronization

/// Fetches image bodies over HTTP with Foundation's URLSession (B-HTTP-1): the API an iOS app uses.
///
/// One data task per load, at most `connectionsPerHost` connections to the host (`--connections`,
/// URLSession's default 6; the HTTP version is whatever URLSession and the server agree on);
/// the pipeline's priority becomes the task's, its cancellation the task's. Every way a fetch can
/// fail ends as a short reason the tile shows and the metrics count: "connection refused", "HTTP 404",
/// "HTTP 304 (not modified)", "HTTP 302 without Location", "timeout", "wrong content type (text/html)",
/// "truncated body", "body over 32 MB", "redirect loop", "bad response (not HTTP)", "empty reply", "connection lost",
/// or the system's own words. The session calls back on its own queue; nothing here blocks the frame.
///
/// Limits hold while the body arrives (B-HTTP-1, B-DISK-2): a body over `maxBodyBytes` is cancelled as
/// soon as it passes the limit (the body is dropped there; each chunk is appended in place, never the
/// body copied); a fetch not done within the whole-request deadline is cancelled as a timeout; a body
/// without a Content-Length must end with its image's own end marker (a cut connection looks like a
/// clean end), else it is a truncated body. Every body byte received is counted, a cancelled
/// transfer's included (callbacks after the cancel, and the task's own count at its end where the
/// platform keeps one). Tasks are made, started and cancelled on a queue of their own.
package final class HTTPImageFetcher: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// The URL template: `{asset}` is replaced by the asset index.
    let template: String
    /// Largest body accepted, bytes.
    static let maxBodyBytes = 32 << 20
    /// Redirects followed before a fetch counts as a redirect loop (URLSession's own limit is higher).
    static let maxRedirects = 10

    package typealias Completion = @Sendable (Result<[UInt8], ImageDecodeFailure>) -> Void

    /// A fetch's body, written in place into address space reserved for the largest body accepted: it never
    /// moves or doubles as it grows (an array copied itself at each doubling, up to 64 MB for a 32 MB body),
    /// its pages become resident only as they are written, and they go back to the system the moment it is
    /// dropped (`munmap`; freed arrays stayed resident in the allocator's arenas). Used from one queue at a time.
    private final class Body: @unchecked Sendable {
        /// The reservation, made at the first byte; nil before it and once dropped.
        private var base: UnsafeMutableRawPointer?
        private(set) var count = 0
        /// Bytes reserved, and so most bytes held.
        let limit: Int

        init(limit: Int) { self.limit = limit }

        var isEmpty: Bool { count == 0 }

        /// Appends `data`; nil, or why the body is dropped: it would pass the limit, or no room can be reserved.
        func append(_ data: Data) -> String? {
            guard count + data.count <= limit else {
                drop()
                return "body over \(limit >> 20) MB"
            }
            if base == nil {
                let address = mmap(nil, limit, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
                guard let address, address != MAP_FAILED else { return "out of memory" }
                base = address
            }
            guard let base else { return "out of memory" }
            data.withUnsafeBytes { if let from = $0.baseAddress { (base + count).copyMemory(from: from, byteCount: $0.count) } }
            count += data.count
            return nil
        }

        /// The bytes so far, copied out.
        var bytes: [UInt8] {
            guard let base else { return [] }
            return Array(UnsafeRawBufferPointer(start: base, count: count))
        }

        /// Gives the pages back; the body is empty after.
        func drop() {
            if let base { munmap(base, limit) }
            base = nil
            count = 0
        }

        deinit { drop() }
    }

    private struct Job {
        var ticket: Int
        let body = Body(limit: HTTPImageFetcher.maxBodyBytes)
        var expected: Int64 = -1
        var redirects = 0
        var failure: String?
        var completion: Completion
        /// When the fetch started (`DispatchTime` seconds).
        var started = 0.0
        /// When the response arrived (its first byte) and its last body byte came (`DispatchTime` seconds).
        var firstByte: Double?
        var lastByte: Double?
    }

    private struct State {
        var jobs: [Int: Job] = [:]          // by task identifier
        var tasks: [Int: URLSessionDataTask] = [:]   // by ticket
        var bytesReceived = 0
        var requests = 0
        /// Body bytes the delegate was given, per task still running (cancelled ones included).
        var delivered: [Int: Int64] = [:]
        /// Tickets whose task is about to be made.
        var issuing: Set<Int> = []
        /// Tasks cancelled by their load (not ended by a failure), by task identifier, until they end; and
        /// the body bytes such tasks received in all.
        var cancelled: Set<Int> = []
        var cancelledBytes = 0
        /// How each fetch that ended with a body arrived (`DispatchTime` seconds), by ticket, until taken.
        var timings: [Int: TransferTiming] = [:]
    }

    private let state = Mutex(State())
    // The session keeps its delegate: `close()` ends that cycle.
    private var session: URLSession!
    /// Seconds a fetch may take in all, from its start to its body's end (at least 60, and the timeout).
    var deadline: Double
    private let watchdog = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
    /// Where tasks are made, started and cancelled, in order.
    private let issuing = DispatchQueue(label: "scrolllab.http.issue")

    /// A fetcher for `template`; requests time out after `timeout` seconds without data.
    package init(template: String, timeout: Double, connectionsPerHost: Int = 6) {
        self.template = template
        self.deadline = Swift.max(timeout, 60)
        super.init()
        Self.bypassProxies(for: template)
        let config = URLSessionConfiguration.ephemeral
        config.httpMaximumConnectionsPerHost = connectionsPerHost
        config.timeoutIntervalForRequest = timeout
        config.timeoutIntervalForResource = Swift.max(timeout, 60)
        config.requestCachePolicy = .reloadIgnoringLocalCacheData
        config.urlCache = nil
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "scrolllab.http"
        session = URLSession(configuration: config, delegate: self, delegateQueue: queue)
        watchdog.schedule(deadline: .now() + .milliseconds(20), repeating: .milliseconds(20), leeway: .milliseconds(5))
        watchdog.setEventHandler { [weak self] in self?.watch() }
        watchdog.resume()
    }

    /// A server on this machine (`serve` is on loopback) is asked directly, never through a proxy the
    /// environment names (`http_proxy`, `all_proxy`): libcurl, under URLSession on Linux, would send every
    /// request there and the run would measure the proxy's path, or fail blaming the server. Done by adding
    /// the loopback names to `no_proxy` and `NO_PROXY` (libcurl reads them for each connection), before the
    /// first request.
    static func bypassProxies(for template: String) {
        guard let host = URL(string: template.replacingOccurrences(of: "{asset}", with: "0"))?.host?.lowercased(),
              host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]" else { return }
        for name in ["no_proxy", "NO_PROXY"] {
            let current = ProcessInfo.processInfo.environment[name] ?? ""
            let listed = Set(current.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
            let added = Set([host, "localhost", "127.0.0.1", "::1"]).subtracting(listed).sorted()
            guard !listed.contains("*"), !added.isEmpty else { continue }
            setenv(name, (current.isEmpty ? added : [current] + added).joined(separator: ","), 1)
        }
    }

    /// Why `template` cannot be used, or nil: it must be an http(s) URL with `{asset}` in it.
    package static func problem(with template: String) -> String? {
        guard template.contains("{asset}") else { return "--source must contain {asset} (e.g. http://127.0.0.1:8080/img/{asset}.jpg)" }
        guard let url = URL(string: template.replacingOccurrences(of: "{asset}", with: "0")),
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { return "--source must be an http:// or https:// URL template (got \(template))" }
        if let port = url.port, !(1...65535).contains(port) {
            return "--source's port must be between 1 and 65535 (got \(port) in \(template))"
        }
        return nil
    }

    /// The address of asset `asset`.
    package func url(for asset: Int) -> URL? { URL(string: template.replacingOccurrences(of: "{asset}", with: "\(asset)")) }

    /// Body bytes received so far (cancelled and failed fetches included) and requests sent.
    package var traffic: (bytes: Int, requests: Int) { state.withLock { ($0.bytesReceived, $0.requests) } }

    /// Body bytes received by fetches cancelled by `cancel(ticket:)` that have ended (part of `traffic`'s bytes).
    package var cancelledBytes: Int { state.withLock { $0.cancelledBytes } }

    /// Fetches asset `asset` for `ticket`; `completion` runs once on the session's queue, unless cancelled.
    /// `priority` is the pipeline's: seconds until the image is needed (lower is sooner).
    package func fetch(ticket: Int, asset: Int, priority: Double, completion: @escaping Completion) {
        guard let url = url(for: asset) else { return completion(.failure(.init(reason: "bad URL"))) }
        let started = Self.now()
        state.withLock { s in _ = s.issuing.insert(ticket) }
        // Made and started off the caller's thread: on Linux a task's setters wait for the session's work
        // queue, which can be held for seconds (it froze the frame loop).
        issuing.async { [self] in
            // Cancelled meanwhile: never sent, not counted.
            guard state.withLock({ s in
                guard s.issuing.remove(ticket) != nil else { return false }
                s.requests += 1
                return true
            }) else { return }
            let task = session.dataTask(with: url)
            // Needed now → high; a second or more ahead → low (URLSessionTask's 0…1).
            task.priority = Float(1 / (1 + Swift.max(0, priority)))
            state.withLock { s in
                s.jobs[task.taskIdentifier] = Job(ticket: ticket, completion: completion, started: started)
                s.tasks[ticket] = task
                s.delivered[task.taskIdentifier] = 0
            }
            task.resume()
        }
    }

    /// Every 20 ms: a fetch past the whole-request deadline is a timeout (the session's resource timeout
    /// is not enforced on Linux). Nothing of a task's is read under the lock: its properties may wait for
    /// the session's queues, which may be waiting for this lock.
    private func watch() {
        let now = Self.now()
        let late = state.withLock { s -> [(Int, URLSessionDataTask)] in
            s.tasks.values.compactMap { task in
                guard let job = s.jobs[task.taskIdentifier], now - job.started > deadline else { return nil }
                return (task.taskIdentifier, task)
            }
        }
        for (id, task) in late {
            finish(id, .failure(.init(reason: "timeout")))
            stop(task)
        }
    }

    /// Cancels `task` on a queue of its own. On Linux `cancel()` waits for the session's work queue, which
    /// may be busy handing the delegate queue more of the body: called on the delegate queue it blocked
    /// that queue while the transfer went on (gigabytes held in queued callbacks), and on the render
    /// thread it froze frames.
    private func stop(_ task: URLSessionTask) {
        issuing.async { task.cancel() }
    }

    /// The wall clock the fetcher stamps with (`DispatchTime` seconds).
    package static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Stops the fetch of `ticket`; its completion will not run.
    package func cancel(ticket: Int) {
        let task: URLSessionDataTask? = state.withLock { s in
            s.issuing.remove(ticket)
            s.timings[ticket] = nil
            guard let task = s.tasks.removeValue(forKey: ticket) else { return nil }
            s.jobs[task.taskIdentifier] = nil
            s.cancelled.insert(task.taskIdentifier)
            return task
        }
        if let task { stop(task) }
    }

    /// Cancels everything and lets the session go.
    package func close() {
        let tasks = state.withLock { s -> [URLSessionDataTask] in
            defer { s.jobs.removeAll(); s.tasks.removeAll(); s.issuing.removeAll() }
            return Array(s.tasks.values)
        }
        watchdog.cancel()
        // Not waited for: a session held by a stuck transfer must not hold the window's exit.
        let session = self.session
        issuing.async {
            for task in tasks { task.cancel() }
            session?.invalidateAndCancel()
        }
    }

    /// Cancels everything, then waits up to `timeout` seconds for every task to end, so the bytes each
    /// received up to its cancel are counted in `traffic` (the window's summary reads it after this).
    package func stopTransfers(timeout: Double) {
        close()
        let end = Self.now() + timeout
        while state.withLock({ !$0.delivered.isEmpty || !$0.issuing.isEmpty }), Self.now() < end {
            usleep(2_000)
        }
    }

    // MARK: URLSessionDataDelegate

    /// Why `response` is refused on its head, or nil: a status outside 2xx (a redirect that reaches here
    /// was not followed: past the limit, or not one to follow), a type that is not an image, a length
    /// over the limit.
    static func failure(of http: HTTPURLResponse, redirects: Int) -> String? {
        let type = (http.value(forHTTPHeaderField: "Content-Type") ?? "").lowercased()
        if (300..<400).contains(http.statusCode) {
            if redirects >= maxRedirects { return "redirect loop" }
            if http.statusCode == 304 { return "HTTP 304 (not modified)" }
            if http.value(forHTTPHeaderField: "Location") == nil, [301, 302, 303, 307, 308].contains(http.statusCode) {
                return "HTTP \(http.statusCode) without Location"
            }
            return "HTTP \(http.statusCode)"
        }
        if !(200..<300).contains(http.statusCode) { return "HTTP \(http.statusCode)" }
        if !type.hasPrefix("image/") { return "wrong content type (\(type.isEmpty ? "none" : String(type.prefix(40))))" }
        if http.expectedContentLength > Int64(maxBodyBytes) { return "body over \(maxBodyBytes >> 20) MB" }
        return nil
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let redirects = state.withLock { $0.jobs[dataTask.taskIdentifier]?.redirects ?? 0 }
        let failure = (response as? HTTPURLResponse).flatMap { Self.failure(of: $0, redirects: redirects) }
        let arrived = Self.now()
        let known = state.withLock { s -> Bool in
            guard var job = s.jobs[dataTask.taskIdentifier] else { return false }
            job.expected = response.expectedContentLength
            job.firstByte = job.firstByte ?? arrived
            s.jobs[dataTask.taskIdentifier] = job
            return true
        }
        guard known, let failure else {
            completionHandler(known ? .allow : .cancel)
            return
        }
        // Refused on its headers: the load ends now (the task is stopped; its end is not waited for).
        completionHandler(.cancel)
        finish(dataTask.taskIdentifier, .failure(.init(reason: failure)))
        stop(dataTask)
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let arrived = Self.now()
        let body = state.withLock { s -> Body? in
            s.bytesReceived += data.count
            s.delivered[dataTask.taskIdentifier, default: 0] += Int64(data.count)
            s.jobs[dataTask.taskIdentifier]?.lastByte = arrived
            return s.jobs[dataTask.taskIdentifier]?.body
        }
        // The delegate queue is serial: this task's body is appended to by this call alone.
        guard let body else { return }
        if let refusal = body.append(data) {
            finish(dataTask.taskIdentifier, .failure(.init(reason: refusal)))
            stop(dataTask)
        }
    }

    /// Ends task `id`'s load with `result`, once: its completion runs unless it was cancelled or already ended.
    private func finish(_ id: Int, _ result: Result<[UInt8], ImageDecodeFailure>) {
        guard let job = state.withLock({ s -> Job? in
            guard let job = s.jobs.removeValue(forKey: id) else { return nil }
            s.tasks[job.ticket] = nil
            if case let .success(body) = result, let first = job.firstByte {
                s.timings[job.ticket] = TransferTiming(firstByte: first, lastByte: Swift.max(first, job.lastByte ?? first), bytes: body.count)
            }
            return job
        }) else { return }
        job.completion(result)
    }

    /// How `ticket`'s fetch arrived, if it ended with a body (`URLSessionTaskMetrics`'s response start and
    /// end and body bytes, in `DispatchTime` seconds), taken once.
    package func takeTiming(ticket: Int) -> TransferTiming? {
        state.withLock { $0.timings.removeValue(forKey: ticket) }
    }

    package func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        let follow = state.withLock { s -> Bool in
            guard var job = s.jobs[task.taskIdentifier] else { return false }
            job.redirects += 1
            if job.redirects > Self.maxRedirects { job.failure = "redirect loop" }
            s.jobs[task.taskIdentifier] = job
            // A redirect past the limit is not followed: no request is sent for it.
            guard job.redirects <= Self.maxRedirects else { return false }
            s.requests += 1
            return true
        }
        completionHandler(follow ? request : nil)
    }

    package func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        // Bytes the task received that the delegate was never given (a cancelled transfer's last chunks).
        let received = task.countOfBytesReceived
        state.withLock { s in
            let delivered = s.delivered.removeValue(forKey: task.taskIdentifier) ?? 0
            if received > delivered { s.bytesReceived += Int(received - delivered) }
            if s.cancelled.remove(task.taskIdentifier) != nil { s.cancelledBytes += Int(Swift.max(received, delivered)) }
        }
        guard var job = state.withLock({ $0.jobs[task.taskIdentifier] }) else { return }
        // A response the session ended without handing it over (a redirect without a Location, on Linux).
        if job.failure == nil, let http = task.response as? HTTPURLResponse {
            job.failure = Self.failure(of: http, redirects: job.redirects)
        }
        finish(task.taskIdentifier, Self.result(of: job, error: error))
    }

    /// What a finished task gave: its body, or the reason it has none.
    private static func result(of job: Job, error: Error?) -> Result<[UInt8], ImageDecodeFailure> {
        if let failure = job.failure { return .failure(.init(reason: failure)) }
        if let error {
            let code = (error as NSError).code
            // The connection ended before the body the headers announced.
            if code != NSURLErrorTimedOut, job.expected > 0, Int64(job.body.count) < job.expected {
                return .failure(.init(reason: "truncated body"))
            }
            // A body without a length that ended in an error part of the way.
            if code != NSURLErrorTimedOut, job.expected <= 0, !job.body.isEmpty { return .failure(.init(reason: "truncated body")) }
            let reason: String
            switch code {
            case NSURLErrorTimedOut: reason = "timeout"
            case NSURLErrorCannotConnectToHost: reason = "connection refused"
            case NSURLErrorHTTPTooManyRedirects: reason = "redirect loop"
            case NSURLErrorNetworkConnectionLost: reason = "connection lost"
            // libcurl's "Empty reply from server": the connection closed before a byte of an answer.
            case NSURLErrorBadServerResponse where job.firstByte == nil && job.body.count == 0: reason = "empty reply"
            case NSURLErrorCannotParseResponse, NSURLErrorBadServerResponse, NSURLErrorUnsupportedURL:
                // libcurl's answer to bytes that are not an HTTP response is "unsupported protocol".
                reason = "bad response (not HTTP)"
            case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: reason = "host not found"
            case NSURLErrorNotConnectedToInternet: reason = "offline"
            // libcurl's TLS failures come as an unknown error with its own words ("SSL certificate problem: …").
            case NSURLErrorUnknown where error.localizedDescription.hasPrefix("SSL"):
                reason = "TLS error (\(error.localizedDescription.prefix(80)))"
            default: reason = "network error \(code)"
            }
            return .failure(.init(reason: reason))
        }
        let bytes = job.body.bytes
        if job.expected > 0, Int64(bytes.count) < job.expected { return .failure(.init(reason: "truncated body")) }
        if bytes.isEmpty { return .failure(.init(reason: "empty body")) }
        // Without a length, a connection cut short ends like a whole body: the image's end marker tells.
        if job.expected <= 0, ImageEndMarker.isCutShort(bytes) { return .failure(.init(reason: "truncated body")) }
        return .success(bytes)
    }
}
