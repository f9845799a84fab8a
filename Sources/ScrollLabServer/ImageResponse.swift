import LabKit
import NIOCore

/// One response of `scrolllab serve` (B-SERVE-1), from its request to its log line, on the event loop of
/// its connection: each wait (a round trip, a retransmission timeout, the stall, the shared link's turn)
/// is a scheduled step, and each body chunk is sent when the previous one was handed to the connection, as
/// a blocking send did on the thread per connection before.
final class ImageResponse {
    /// What the response's connection adds before its first byte.
    enum Connection {
        /// HTTP/1.1: a new connection's handshake, one more round trip (two over TLS).
        case http1(isNew: Bool)
        /// HTTP/2: the one connection's handshake, which every stream waits for.
        case http2(ConnectionHandshake)
    }

    private let server: ImageServer
    private let request: HTTPRequestHead
    private let stream: any ResponseStream
    private let connection: Connection
    private let done: (Bool) -> Void
    private let log: RequestLog
    private let serial: Int
    private let isHead: Bool

    /// Starts answering `request` on `stream`; `done(keepsConnection)` is called once, when the response has
    /// ended (false: the connection must close).
    init(server: ImageServer, request: HTTPRequestHead, stream: any ResponseStream, connection: Connection,
         done: @escaping (Bool) -> Void) {
        self.server = server
        self.request = request
        self.stream = stream
        self.connection = connection
        self.done = done
        self.serial = server.nextSerial()
        self.isHead = request.method == "HEAD"
        self.log = RequestLog(server: server, path: request.target, began: server.now)
        switch connection {
        case .http1: log.http = server.httpLabel("1.1")
        case .http2: log.http = server.httpLabel("2")
        }
        start()
    }

    private var loop: any EventLoop { stream.eventLoop }

    private func start() {
        let path = request.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let asset = ImageServer.asset(in: path).flatMap { $0 >= 0 && $0 < server.files.count ? $0 : nil }
        log.asset = asset
        guard let profile = server.profile else { return firstByte(asset, penaltyRoundTrip: 0) }
        // The first byte: the request up the uplink and a round trip, as the model has it
        // (`NetworkImageSource.httpRoundTrip`); on a new connection its handshake first (TCP's round trip,
        // and TLS's under --tls); plus retransmission timeouts. A 404 crosses the same network as an image.
        var delay = NetworkImageSource.httpRoundTrip(of: profile)
        let handshake = server.handshake(over: profile)
        switch connection {
        case let .http1(isNew): delay += isNew ? handshake : 0
        case let .http2(connection): delay += connection.wait(now: server.now, roundTrip: handshake)
        }
        let headLoss = 1 - (1 - profile.packetLoss) * (1 - profile.packetLoss)
        var timeout = NetworkImageSource.retransmissionTimeout
        var attempt = 0
        while attempt < NetworkImageSource.maxAttempts, server.faults.draw(serial, stream: 2, index: attempt) < headLoss {
            delay += timeout
            timeout *= 2
            attempt += 1
        }
        let lost = attempt == NetworkImageSource.maxAttempts
        loop.after(delay) { [self] in
            if lost { return answer(504, "lost (injected packet loss)\n") }
            firstByte(asset, penaltyRoundTrip: profile.roundTrip)
        }
    }

    /// The first byte is due: a 404 for a path that names no image, else the faults and the file.
    private func firstByte(_ asset: Int?, penaltyRoundTrip: Double) {
        guard let asset else { return answer(404, "no image at \(String(request.target.prefix(200)))\n") }
        afterFirstByte(asset, penaltyRoundTrip: penaltyRoundTrip)
    }

    /// The faults, then the file.
    private func afterFirstByte(_ asset: Int, penaltyRoundTrip: Double) {
        let faults = server.faults
        if faults.redirectLoop { return answer(302, "", fields: [("Location", request.target)]) }
        if let status = faults.status { return answer(status, "injected status \(status)\n") }
        if faults.failRate > 0, faults.draw(serial, stream: 3) < faults.failRate { return answer(500, "injected failure\n") }
        let image: ServedImage
        switch server.servable(server.files[asset]) {
        case let .success(found): image = found
        case let .failure(refusal): return answer(refusal.status, refusal.reason + "\n")
        }
        let size = image.size
        var penalty = 0.0
        if let profile = server.profile, profile.packetLoss > 0 {
            let packets = (size + NetworkImageSource.packetBytes - 1) / NetworkImageSource.packetBytes
            for p in 0..<packets where faults.draw(serial, stream: 4, index: p) < profile.packetLoss { penalty += penaltyRoundTrip }
        }
        log.status = 200
        let type = faults.contentType ?? image.contentType
        let end = faults.truncate ? size / 2 : size
        stream.writeHead(status: 200, fields: [("Content-Type", type), ("Content-Length", "\(size)")], ends: isHead || size == 0)
            .assumeIsolated().whenComplete { [self] result in
                guard case .success = result else { return finish(false) }
                if isHead || size == 0 { return finish(true) }
                loop.after(faults.stall ?? 0) { [self] in send(image, from: 0, end: end, penalty: penalty, queuedSince: nil) }
            }
    }

    /// Sends the chunk at `offset`, read from the file when it is due, then the next, through the shared
    /// link; `queuedSince`: when the previous chunk was due to go, from which this one waits for the link
    /// (nil: the first). A file changed or gone mid-body cuts the response.
    private func send(_ image: ServedImage, from offset: Int, end: Int, penalty: Double, queuedSince: Double?) {
        guard offset < end else {
            // A cut body: the connection (or stream) closes short of its Content-Length.
            return server.faults.truncate ? cut() : finish(true)
        }
        let n = Swift.min(server.chunkBytes, end - offset)
        let whole = offset + n >= image.size
        let last = offset + n >= end
        let link = server.linkWait(n, queuedSince: queuedSince)
        var delay = link.wait + (whole ? penalty : 0)
        if case let .http2(connection) = connection {
            delay = connection.chunkDelay(delay, now: server.now, recovering: whole && penalty > 0)
        }
        let due = link.asked + delay
        loop.after(delay) { [self] in
            guard stream.isOpen else {
                server.linkGiveBack(n)
                return finish(false)
            }
            guard let bytes = image.chunk(at: offset, count: n) else {
                server.linkGiveBack(n)
                return cut()
            }
            if last { server.beginEnding() }
            stream.writeBody(bytes[...], ends: whole).assumeIsolated().whenComplete { [self] result in
                defer { if last { server.endEnding() } }
                guard case .success = result else { return finish(false) }
                log.sent(n)
                if last { log.finish() }
                send(image, from: offset + n, end: end, penalty: penalty, queuedSince: due)
            }
        }
    }

    /// Answers `status` with a short text body.
    private func answer(_ status: Int, _ text: String, fields: [(String, String)] = []) {
        log.status = status
        ImageServer.answer(status, text, fields: fields, isHead: isHead, on: stream, log: log, server: server) { [self] in finish($0) }
    }

    /// Ends the response short of its length and logs it. The client sees the end at the cut, before the
    /// line is written: counted as an ending, a stop right after the client's end waits for the line.
    private func cut() {
        server.beginEnding()
        defer { server.endEnding() }
        stream.cut()
        finish(false)
    }

    private func finish(_ keeps: Bool) {
        log.finish()
        done(keeps)
    }
}

extension ImageServer {
    /// Answers `status` with the text `body` on `stream`, logs it, then calls `done(sent)`.
    static func answer(_ status: Int, _ text: String, fields: [(String, String)] = [], isHead: Bool, on stream: any ResponseStream,
                       log: RequestLog, server: ImageServer, done: @escaping (Bool) -> Void) {
        // 1xx, 204 and 304 carry no content (RFC 9110 §15.3.5, §15.4.5, §8.6): no body, no Content-Length
        // (over HTTP/1.1 a body would be read as the next response; over HTTP/2 it resets the stream).
        let noContent = (100..<200).contains(status) || status == 204 || status == 304
        let body = noContent ? [] : Array(text.utf8)
        let head = (noContent ? [] : [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", "\(body.count)")]) + fields
        server.beginEnding()
        let written: EventLoopFuture<Void>
        if isHead || body.isEmpty {
            written = stream.writeHead(status: status, fields: head, ends: true)
        } else {
            _ = stream.writeHead(status: status, fields: head, ends: false)
            written = stream.writeBody(body[...], ends: true)
        }
        written.assumeIsolated().whenComplete { result in
            let sent: Bool
            if case .success = result { sent = true } else { sent = false }
            if sent, !isHead { log.sent(body.count) }
            log.finish()
            server.endEnding()
            done(sent)
        }
    }

    /// Refuses `request` before serving it (a method other than GET or HEAD: 405) on an HTTP/2 stream of the
    /// connection `connection`; under `--network` after the network's delay.
    func refuse(_ request: HTTPRequestHead, status: Int, reason: String, fields: [(String, String)], on stream: any ResponseStream,
                connection: ConnectionHandshake, done: @escaping (Bool) -> Void) {
        let log = RequestLog(server: self, path: request.target, began: now)
        log.status = status
        log.http = httpLabel("2")
        // Under --network after the connection's handshake (the first stream's) and the request's trip up the
        // uplink and a round trip, as any answer.
        let send = { [self] in
            Self.answer(status, reason + "\n", fields: fields, isHead: false, on: stream, log: log, server: self) { _ in done(false) }
        }
        guard let profile else { return send() }
        let delay = NetworkImageSource.httpRoundTrip(of: profile) + connection.wait(now: now, roundTrip: handshake(over: profile))
        stream.eventLoop.after(delay, send)
    }
}
