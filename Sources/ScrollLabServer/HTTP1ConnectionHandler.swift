import LabKit
import NIOCore

/// One HTTP/1.1 connection of `scrolllab serve` (B-SERVE-2): reads request heads with `HTTPHeadReader`
/// (its limits: 414 or 431 as soon as one is passed, in time linear in the head) and answers them one after
/// the other, in order (a pipeline's later requests wait, bytes held, until the one before has ended).
///
/// - A head not complete within `headTimeout` seconds of its first byte is answered 408; a connection idle
///   that long between requests is closed.
/// - A malformed head is answered 400 (414, 431, 505), a method other than GET or HEAD 405 (under
///   `--network` after the uplink and round trips a 404 waits for, its packet loss aside); then the
///   connection closes, after the client has had a moment to read the answer.
/// - A write not done within `sendTimeout` seconds (a client that stops reading) closes the connection.
/// - While a response is under way, at most 64 KiB of the requests after it are taken in; reading waits.
/// - A client that half-closes after a request that closes the connection (`Connection: close`, HTTP/1.0:
///   `printf … | nc -N`) is answered, then the connection closes (the listener allows remote half-closure).
///   After a keep-alive request the end of input is taken as the client gone (a cancelled load closes its
///   connection: the server cannot tell the two apart, and a keep-alive client does not half-close), as before.
final class HTTP1ConnectionHandler: ChannelDuplexHandler, ResponseStream {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let server: ImageServer
    private let limits: ServeLimits
    private var context: ChannelHandlerContext?
    private var reader = HTTPHeadReader()
    /// Bytes after the last head, not yet read as requests.
    private var pending: [UInt8] = []
    /// When the current request's first byte came (seconds since the server started).
    private var began: Double?
    private var timer: Scheduled<Void>?
    private var responding = false
    private var refusing = false
    private var heldRead = false
    private var gone = false
    /// The client has half-closed: no request follows those already read.
    private var inputClosed = false
    /// Whether the request being answered keeps the connection alive.
    private var answeringKeepAlive = true
    private var served = 0
    static let maxPending = 65_536

    init(server: ImageServer, limits: ServeLimits) {
        self.server = server
        self.limits = limits
    }

    var eventLoop: any EventLoop { context!.eventLoop }
    var isOpen: Bool { !gone && (context?.channel.isActive ?? false) }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { armTimer() }
    }

    func channelActive(context: ChannelHandlerContext) {
        armTimer()
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        gone = true
        timer?.cancel()
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard case ChannelEvent.inputClosed = event else { return context.fireUserInboundEventTriggered(event) }
        inputClosed = true
        // Nothing under way (a head cut short, or no request), or a keep-alive request's client gone: closed.
        if !refusing, !responding || answeringKeepAlive { context.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        gone = true
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        guard !refusing else { return }
        let bytes = Array(buffer.readableBytesView)
        if responding {
            pending += bytes
        } else {
            take(bytes)
        }
    }

    /// Holds reading while a response is under way and enough of the next requests are in.
    func read(context: ChannelHandlerContext) {
        if responding, pending.count >= Self.maxPending {
            heldRead = true
        } else {
            context.read()
        }
    }

    /// Reads `bytes` into the current head; answers it once it is whole.
    private func take(_ bytes: [UInt8]) {
        guard let context, !bytes.isEmpty else { return }
        if began == nil {
            began = server.now
            armTimer()
        }
        switch reader.append(bytes) {
        case .incomplete:
            return
        case let .refused(status, reason):
            refuse(status: status, reason: reason, target: "")
        case let .head(head, consumed):
            if consumed < bytes.count { pending = Array(bytes[consumed...]) + pending }
            timer?.cancel()
            guard head.method == "GET" || head.method == "HEAD" else {
                return refuse(status: 405, reason: "\(head.method) is not served; GET and HEAD are", target: head.target,
                              extra: "Allow: GET, HEAD\r\n")
            }
            responding = true
            answeringKeepAlive = head.keepsAlive
            let newConnection = served == 0
            served += 1
            _ = ImageResponse(server: server, request: head, stream: self, connection: .http1(isNew: newConnection)) { [self] keeps in
                ended(head, keeps: keeps, context: context)
            }
        }
    }

    /// The response to `head` has ended: the next request, or the close.
    private func ended(_ head: HTTPRequestHead, keeps: Bool, context: ChannelHandlerContext) {
        responding = false
        // A body a GET does not need is not read: the connection closes after the response.
        guard keeps, head.keepsAlive, !head.hasBody, isOpen else {
            context.close(promise: nil)
            return
        }
        reader = HTTPHeadReader()
        began = nil
        armTimer()
        if !pending.isEmpty {
            let next = pending
            pending = []
            take(next)
        }
        // Half-closed: the requests it sent are answered, then the connection ends.
        if inputClosed, !responding, !refusing {
            context.close(promise: nil)
            return
        }
        if heldRead, !responding {
            heldRead = false
            context.read()
        }
    }

    /// The head timeout: 10 s from a request's first byte (408), or idle between requests (closed).
    private func armTimer() {
        guard let context else { return }
        timer?.cancel()
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(Int64(limits.headTimeout * 1e9))) { [self] in
            guard !responding, !refusing else { return }
            if reader.hasStarted, began != nil {
                refuse(status: 408, reason: "request head not complete within \(Int(limits.headTimeout)) s", target: "")
            } else {
                context.close(promise: nil)
            }
        }
    }

    /// Answers `status` with a short text body, says the connection closes, and closes it once the client
    /// has read it (or at most 3.2 s later): unread request bytes at the close would reset the connection
    /// and lose the answer.
    private func refuse(status: Int, reason: String, target: String, extra: String = "") {
        guard let context else { return }
        refusing = true
        timer?.cancel()
        pending = []
        let began = self.began ?? server.now
        let body = Array("\(reason)\n".utf8)
        var text = "HTTP/1.1 \(status) \(HTTPStatus.reason(status))\r\nDate: \(HTTPStatus.date())\r\nContent-Type: text/plain; charset=utf-8\r\n"
        text += "Content-Length: \(body.count)\r\nConnection: close\r\n" + extra + "\r\n"
        let server = self.server
        // Under --network the answer crosses the network as an image's first byte would (the request up the
        // uplink and a round trip, after a new connection's handshake); a 408 is the server's own timer, sent at once.
        var delay = 0.0
        if let profile = server.profile, status != 408 {
            delay = NetworkImageSource.httpRoundTrip(of: profile) + (served == 0 ? server.handshake(over: profile) : 0)
        }
        let send = { [self] in
            guard isOpen else { return server.logRefusal(status: status, target: target, bytes: 0, began: began) }
            write(Array(text.utf8) + body).assumeIsolated().whenComplete { result in
                var sent = 0
                if case .success = result { sent = body.count }
                server.logRefusal(status: status, target: target, bytes: sent, began: began)
                guard sent > 0 else { return context.close(promise: nil) }
                context.close(mode: .output, promise: nil)
                context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(3200)) { context.close(promise: nil) }
            }
        }
        if delay > 0 { context.eventLoop.after(delay, send) } else { send() }
    }

    func writeHead(status: Int, fields: [(String, String)], ends: Bool) -> EventLoopFuture<Void> {
        write(HTTPStatus.head(status: status, fields: fields))
    }

    func writeBody(_ bytes: ArraySlice<UInt8>, ends: Bool) -> EventLoopFuture<Void> { write(bytes) }

    func cut() { context?.close(promise: nil) }

    /// Writes and flushes `bytes`; a write the client does not take within the send timeout closes the connection.
    private func write<C: Collection>(_ bytes: C) -> EventLoopFuture<Void> where C.Element == UInt8 {
        guard let context else { preconditionFailure("a response before the connection") }
        guard isOpen else { return context.eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel) }
        var buffer = context.channel.allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        let written = context.writeAndFlush(wrapOutboundOut(buffer))
        let guardTimer = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(Int64(limits.sendTimeout * 1e9))) {
            context.close(promise: nil)
        }
        written.assumeIsolated().whenComplete { _ in guardTimer.cancel() }
        return written
    }
}
