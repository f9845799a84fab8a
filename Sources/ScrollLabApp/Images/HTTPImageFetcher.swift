import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ScrollLabCore
import Synchronization

/// Fetches image bodies over HTTP with Foundation's URLSession (B-HTTP-1): the API an iOS app uses.
///
/// One data task per load, at most `connectionsPerHost` connections to the host (iOS's default, 4);
/// the pipeline's priority becomes the task's, its cancellation the task's. Every way a fetch can
/// fail ends as a short reason the tile shows and the metrics count: "connection refused", "HTTP 404",
/// "timeout", "wrong content type (text/html)", "truncated body", "body over 32 MB", "redirect loop",
/// or the system's own words. The session calls back on its own queue; nothing here blocks the frame.
package final class HTTPImageFetcher: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// The URL template: `{asset}` is replaced by the asset index.
    let template: String
    /// Largest body accepted, bytes.
    static let maxBodyBytes = 32 << 20
    /// Redirects followed before a fetch counts as a redirect loop (URLSession's own limit is higher).
    static let maxRedirects = 10

    typealias Completion = @Sendable (Result<[UInt8], ImageDecodeFailure>) -> Void

    private struct Job {
        var ticket: Int
        var data: [UInt8] = []
        var expected: Int64 = -1
        var redirects = 0
        var failure: String?
        var completion: Completion
    }

    private struct State {
        var jobs: [Int: Job] = [:]          // by task identifier
        var tasks: [Int: URLSessionDataTask] = [:]   // by ticket
        var bytesReceived = 0
        var requests = 0
    }

    private let state = Mutex(State())
    // The session keeps its delegate: `close()` ends that cycle.
    private var session: URLSession!

    /// A fetcher for `template`; requests time out after `timeout` seconds without data.
    init(template: String, timeout: Double, connectionsPerHost: Int = 4) {
        self.template = template
        super.init()
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
    }

    /// Why `template` cannot be used, or nil: it must be an http(s) URL with `{asset}` in it.
    package static func problem(with template: String) -> String? {
        guard template.contains("{asset}") else { return "--source must contain {asset} (e.g. http://127.0.0.1:8080/img/{asset}.jpg)" }
        guard let url = URL(string: template.replacingOccurrences(of: "{asset}", with: "0")),
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { return "--source must be an http:// or https:// URL template (got \(template))" }
        return nil
    }

    /// The address of asset `asset`.
    func url(for asset: Int) -> URL? { URL(string: template.replacingOccurrences(of: "{asset}", with: "\(asset)")) }

    /// Body bytes received so far (cancelled and failed fetches included) and requests sent.
    var traffic: (bytes: Int, requests: Int) { state.withLock { ($0.bytesReceived, $0.requests) } }

    /// Fetches asset `asset` for `ticket`; `completion` runs once on the session's queue, unless cancelled.
    /// `priority` is the pipeline's: seconds until the image is needed (lower is sooner).
    func fetch(ticket: Int, asset: Int, priority: Double, completion: @escaping Completion) {
        guard let url = url(for: asset) else { return completion(.failure(.init(reason: "bad URL"))) }
        let task = session.dataTask(with: url)
        // Needed now → high; a second or more ahead → low (URLSessionTask's 0…1).
        task.priority = Float(1 / (1 + Swift.max(0, priority)))
        state.withLock { s in
            s.jobs[task.taskIdentifier] = Job(ticket: ticket, completion: completion)
            s.tasks[ticket] = task
            s.requests += 1
        }
        task.resume()
    }

    /// Stops the fetch of `ticket`; its completion will not run.
    func cancel(ticket: Int) {
        let task: URLSessionDataTask? = state.withLock { s in
            guard let task = s.tasks.removeValue(forKey: ticket) else { return nil }
            s.jobs[task.taskIdentifier] = nil
            return task
        }
        task?.cancel()
    }

    /// Cancels everything and lets the session go.
    func close() {
        let tasks = state.withLock { s -> [URLSessionDataTask] in
            defer { s.jobs.removeAll(); s.tasks.removeAll() }
            return Array(s.tasks.values)
        }
        for task in tasks { task.cancel() }
        session.invalidateAndCancel()
    }

    // MARK: URLSessionDataDelegate

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        var failure: String?
        if let http = response as? HTTPURLResponse {
            let type = (http.value(forHTTPHeaderField: "Content-Type") ?? "").lowercased()
            if (300..<400).contains(http.statusCode) {
                failure = "redirect loop"
            } else if !(200..<300).contains(http.statusCode) {
                failure = "HTTP \(http.statusCode)"
            } else if !type.hasPrefix("image/") {
                failure = "wrong content type (\(type.isEmpty ? "none" : String(type.prefix(40))))"
            } else if response.expectedContentLength > Int64(Self.maxBodyBytes) {
                failure = "body over \(Self.maxBodyBytes >> 20) MB"
            }
        }
        let known = state.withLock { s -> Bool in
            guard var job = s.jobs[dataTask.taskIdentifier] else { return false }
            job.expected = response.expectedContentLength
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
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = state.withLock { s -> Bool in
            s.bytesReceived += data.count
            guard var job = s.jobs[dataTask.taskIdentifier] else { return false }
            job.data.append(contentsOf: data)
            let over = job.data.count > Self.maxBodyBytes
            if over { job.data = [] }
            s.jobs[dataTask.taskIdentifier] = job
            return over
        }
        if over {
            dataTask.cancel()
            finish(dataTask.taskIdentifier, .failure(.init(reason: "body over \(Self.maxBodyBytes >> 20) MB")))
        }
    }

    /// Ends task `id`'s load with `result`, once: its completion runs unless it was cancelled or already ended.
    private func finish(_ id: Int, _ result: Result<[UInt8], ImageDecodeFailure>) {
        guard let job = state.withLock({ s -> Job? in
            guard let job = s.jobs.removeValue(forKey: id) else { return nil }
            s.tasks[job.ticket] = nil
            return job
        }) else { return }
        job.completion(result)
    }

    package func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        let follow = state.withLock { s -> Bool in
            guard var job = s.jobs[task.taskIdentifier] else { return false }
            job.redirects += 1
            if job.redirects > Self.maxRedirects { job.failure = "redirect loop" }
            s.jobs[task.taskIdentifier] = job
            s.requests += 1
            return job.redirects <= Self.maxRedirects
        }
        completionHandler(follow ? request : nil)
    }

    package func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let job = state.withLock({ $0.jobs[task.taskIdentifier] }) else { return }
        finish(task.taskIdentifier, Self.result(of: job, error: error))
    }

    /// What a finished task gave: its body, or the reason it has none.
    private static func result(of job: Job, error: Error?) -> Result<[UInt8], ImageDecodeFailure> {
        if let failure = job.failure { return .failure(.init(reason: failure)) }
        if let error {
            let code = (error as NSError).code
            // The connection ended before the body the headers announced.
            if code != NSURLErrorTimedOut, job.expected > 0, Int64(job.data.count) < job.expected {
                return .failure(.init(reason: "truncated body"))
            }
            let reason: String
            switch code {
            case NSURLErrorTimedOut: reason = "timeout"
            case NSURLErrorCannotConnectToHost: reason = "connection refused"
            case NSURLErrorHTTPTooManyRedirects: reason = "redirect loop"
            case NSURLErrorNetworkConnectionLost, NSURLErrorCannotParseResponse, NSURLErrorBadServerResponse:
                reason = "connection lost"
            case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: reason = "host not found"
            case NSURLErrorNotConnectedToInternet: reason = "offline"
            default: reason = "network error \(code)"
            }
            return .failure(.init(reason: reason))
        }
        if job.expected > 0, Int64(job.data.count) < job.expected { return .failure(.init(reason: "truncated body")) }
        if job.data.isEmpty { return .failure(.init(reason: "empty body")) }
        return .success(job.data)
    }
}
