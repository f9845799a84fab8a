import Foundation
@testable import ScrollLabServer
import Synchronization

/// A misbehaving HTTP/1.1 server for the client's tests, on plain sockets: a thread accepts, a thread per
/// connection reads request heads (`HTTPHeadReader`, `scrolllab serve`'s) and the test writes whatever bytes
/// it wants (garbage, endless or cut bodies). `scrolllab serve` itself runs on SwiftNIO (`ServeListener`);
/// this was its listener before.
///
/// It answers every request it accepts and never exits on its own:
/// - a request head is read in linear time within `HTTPHeadReader`'s limits (414 or 431 as soon as one is
///   passed) and within `headTimeout` seconds of its first byte (else 408); a connection idle that long
///   between requests is closed;
/// - at most `maxConnections` connections are served at once, a number below the descriptor limit: one
///   more is answered 503 at once and closed; when descriptors run out anyway, accepting waits and retries;
/// - a malformed request is answered 400, a method other than GET or HEAD 405, then the connection closes;
/// - a client that stops reading is dropped after `sendTimeout` seconds.
package final class HTTPListener: Sendable {
    /// Why the server cannot listen.
    package struct ListenError: Error, CustomStringConvertible {
        package let description: String
    }

    /// What the server does with a request: called on the connection's thread, it writes the whole
    /// response through the connection and returns false to close it afterwards.
    package typealias Handler = @Sendable (_ head: HTTPRequestHead, _ connection: HTTPConnection) -> Bool
    /// Told of each request refused before the handler saw it (status, target or "", reason).
    package typealias Refusal = @Sendable (_ status: Int, _ target: String, _ bytes: Int, _ began: Double) -> Void

    /// The bound port.
    package let port: UInt16
    /// Most connections served at once.
    package let maxConnections: Int
    /// Seconds a request head may take from its first byte (and a connection may idle between requests).
    package let headTimeout: Double
    /// Seconds a send may wait for a client that does not read.
    package let sendTimeout: Double

    private let socket: Int32
    private let active = Mutex(0)
    /// The time (`DispatchTime` nanoseconds) `now` counts from.
    private let clock: UInt64

    /// A socket listening on 127.0.0.1:`port` (0: any free port), or why not ("address in use" at once).
    package init(port: UInt16, headTimeout: Double = 10, sendTimeout: Double = 30, maxConnections: Int? = nil,
         epoch: UInt64 = DispatchTime.now().uptimeNanoseconds) throws(ListenError) {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ListenError(description: String(cString: strerror(errno))) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 1024) == 0 else {
            let reason = errno == EADDRINUSE ? "address in use" : String(cString: strerror(errno))
            close(fd)
            throw ListenError(description: reason)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.socket = fd
        self.clock = epoch
        self.port = UInt16(bigEndian: address.sin_port)
        self.headTimeout = headTimeout
        self.sendTimeout = sendTimeout
        self.maxConnections = maxConnections ?? Self.connectionCap()
    }

    /// The connection cap under the descriptor limit: each connection may hold a socket and an image
    /// file at once, with room left for the process's own files; at most 512.
    package static func connectionCap() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 64 }
        let soft = Int(clamping: limit.rlim_cur)
        return Swift.max(1, Swift.min(512, (soft - 32) / 2))
    }

    /// Seconds since the listener was made.
    package var now: Double { Double(DispatchTime.now().uptimeNanoseconds - clock) / 1e9 }

    /// Accepts connections for ever, each served by `handler` on its own thread.
    package func run(handler: @escaping Handler, refused: @escaping Refusal) -> Never {
        while true {
            let fd = accept(socket, nil, nil)
            if fd < 0 {
                switch errno {
                case EINTR, ECONNABORTED, EPROTO: continue
                default: usleep(20_000)   // out of descriptors or memory: the connection waits in the backlog
                }
                continue
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            let admitted = active.withLock { n -> Bool in
                guard n < maxConnections else { return false }
                n += 1
                return true
            }
            guard admitted else {
                let began = now
                let sent = HTTPConnection.refuse(fd, status: 503, reason: "the server is at its \(maxConnections) connections")
                refused(503, "", sent, began)
                continue
            }
            let connection = HTTPConnection(fd: fd, sendTimeout: sendTimeout)
            let thread = Thread { [self] in
                serve(connection, handler: handler, refused: refused)
                connection.close()
                active.withLock { $0 -= 1 }
            }
            thread.stackSize = 1 << 19
            thread.start()
        }
    }

    /// Reads requests off `connection` and answers each, until it closes, idles or fails.
    private func serve(_ connection: HTTPConnection, handler: Handler, refused: Refusal) {
        var reader = HTTPHeadReader()
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            var deadline = now + headTimeout
            var began: Double?
            var outcome = HTTPHeadReader.Outcome.incomplete
            // Bytes that came after the last head (a pipeline): the next request starts there, and what
            // follows its own head is kept for the one after.
            if !pending.isEmpty {
                began = now
                outcome = reader.append(pending)
                if case let .head(_, consumed) = outcome, consumed < pending.count {
                    pending.removeFirst(consumed)
                } else {
                    pending.removeAll()
                }
            }
            while outcome == .incomplete {
                let n = connection.receive(into: &chunk, timeout: deadline - now)
                if n <= 0 {
                    // Timed out mid-head: 408. Closed or idle between requests: nothing is owed.
                    if n == 0, reader.hasStarted, let began {
                        refused(408, "", HTTPConnection.refusal(connection, status: 408, reason: "request head not complete within \(Int(headTimeout)) s"), began)
                    }
                    return
                }
                if began == nil {
                    began = now
                    deadline = now + headTimeout
                }
                outcome = reader.append(chunk[0..<n])
                if case let .head(_, consumed) = outcome, consumed < n { pending = Array(chunk[consumed..<n]) }
            }
            switch outcome {
            case .incomplete: return
            case let .refused(status, reason):
                refused(status, "", HTTPConnection.refusal(connection, status: status, reason: reason), began ?? now)
                return
            case let .head(head, _):
                guard head.method == "GET" || head.method == "HEAD" else {
                    refused(405, head.target, HTTPConnection.refusal(connection, status: 405, reason: "\(head.method) is not served; GET and HEAD are",
                                                                       extra: "Allow: GET, HEAD\r\n"), began ?? now)
                    return
                }
                // A body a GET does not need is not read: the connection closes after the response.
                guard handler(head, connection), head.keepsAlive, !head.hasBody else { return }
                reader = HTTPHeadReader()
            }
        }
    }
}

/// One accepted connection: blocking sends with a timeout, receives that wait at most a given time.
package final class HTTPConnection: @unchecked Sendable {
    package let fd: Int32
    /// Requests answered on it so far.
    package var served = 0

    package init(fd: Int32, sendTimeout: Double) {
        self.fd = fd
        var timeout = timeval(tv_sec: Int(sendTimeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // A response is a head and chunks: without this, each chunk after the head waits for the client's
        // delayed acknowledgement (40 ms a request on a kept-alive connection).
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Bytes received into `buffer` within `timeout` seconds: the count, 0 on timeout, -1 when the peer
    /// closed or the connection failed.
    package func receive(into buffer: inout [UInt8], timeout: Double) -> Int {
        var remaining = timeout
        let start = DispatchTime.now().uptimeNanoseconds
        while true {
            guard remaining > 0 else { return 0 }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(Swift.min(remaining * 1000, 3_600_000).rounded(.up)))
            if ready < 0, errno != EINTR { return -1 }
            if ready > 0 {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if n > 0 { return n }
                if n == 0 { return -1 }
                if errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR { return -1 }
            }
            remaining = timeout - Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
    }

    /// True when the client has closed its side (or the connection failed). A send after the client's
    /// close still succeeds once (the kernel takes it; the client answers with a reset), so a body chunk
    /// would be logged as sent that no one received: this is asked before each one.
    var peerHasClosed: Bool {
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
    }

    /// Sends all of `bytes`; false when the client went away or stopped reading.
    @discardableResult
    package func send<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        let sent = bytes.withContiguousStorageIfAvailable { sendAll(UnsafeRawBufferPointer($0)) }
        return sent ?? Array(bytes).withUnsafeBytes { sendAll($0) }
    }

    private func sendAll(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    package func close() { Glibc.close(fd) }

    /// The head of a response: status line and fields, with a Date-less minimum.
    package static func head(status: Int, fields: [(String, String)]) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(reason(status))\r\n"
        for (name, value) in fields { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    /// Answers `status` with a short text body and says the connection closes; the body's bytes sent.
    package static func refusal(_ connection: HTTPConnection, status: Int, reason: String, extra: String = "") -> Int {
        let body = Array("\(reason)\n".utf8)
        var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Type: text/plain; charset=utf-8\r\n"
        text += "Content-Length: \(body.count)\r\nConnection: close\r\n" + extra + "\r\n"
        guard connection.send(Array(text.utf8) + body) else { return 0 }
        // Let the client read the answer before the close (unread request bytes would reset the connection).
        shutdown(connection.fd, Int32(SHUT_WR))
        var sink = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<16 {
            guard connection.receive(into: &sink, timeout: 0.2) > 0 else { break }
        }
        return body.count
    }

    /// Answers a connection over the cap with `status` at once, without reading its request, and closes it.
    package static func refuse(_ fd: Int32, status: Int, reason: String) -> Int {
        let connection = HTTPConnection(fd: fd, sendTimeout: 1)
        var sink = [UInt8](repeating: 0, count: 4096)
        _ = sink.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        let body = Array("\(reason)\n".utf8)
        let text = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\nRetry-After: 1\r\n\r\n"
        let sent = connection.send(Array(text.utf8) + body)
        shutdown(fd, Int32(SHUT_WR))
        _ = sink.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        connection.close()
        return sent ? body.count : 0
    }

    /// The reason phrase of `status`.
    package static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 302: return "Found"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 414: return "URI Too Long"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        case 505: return "HTTP Version Not Supported"
        default: return "Status \(status)"
        }
    }
}
