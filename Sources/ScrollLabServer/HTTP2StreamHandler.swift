import NIOCore
import NIOHPACK
import NIOHTTP2
import Synchronization

/// Under `serve --http 2`: reads a connection's first bytes; the HTTP/2 preface (a client with prior
/// knowledge, RFC 9113 §3.3) makes it an HTTP/2 connection (swift-nio-http2, a stream per request), anything
/// else an HTTP/1.1 one. A connection that sends nothing within the head timeout is closed.
final class HTTPVersionSniffer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    static let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    /// Up to `streamResets` stream resets from the client in any `streamResetWindow` seconds; one more and
    /// the connection is ended (GOAWAY, ENHANCE_YOUR_CALM: no new stream on it is served). swift-nio-http2's default, 200 in 30 s, closed
    /// the lab's own client's connection in a fling under 3G, which cancels up to 44 loads a second and 234
    /// in 10 s, a reset each (docs/network.md); a Rapid Reset flood (CVE-2023-44487: thousands a second)
    /// still loses its connection. (With a cap of 1 000, about 580 streams reset in one burst left the
    /// connection's later requests unanswered, not understood yet: the cap stays below that.)
    static let streamResets = 500
    static let streamResetWindow: Int64 = 10
    /// The settings the server announces: swift-nio-http2's (100 streams at once), with room for a header
    /// block past the heads' limits (32 KiB, 100 fields: HPACK counts 32 bytes more a field), so one is
    /// answered 431 as over HTTP/1.1; its 16 KiB default reset such a request's stream unanswered. A block
    /// past this is a connection error the codec ends.
    static let maxHeaderListSize = 48 * 1024
    static var connectionConfiguration: NIOHTTP2Handler.ConnectionConfiguration {
        var c = NIOHTTP2Handler.ConnectionConfiguration()
        c.initialSettings = nioDefaultSettings.filter { $0.parameter != .maxHeaderListSize }
            + [HTTP2Setting(parameter: .maxHeaderListSize, value: maxHeaderListSize)]
        return c
    }
    static var streamConfiguration: NIOHTTP2Handler.StreamConfiguration {
        var c = NIOHTTP2Handler.StreamConfiguration()
        c.streamResetFrameRateLimit.maximumCount = streamResets
        c.streamResetFrameRateLimit.windowLength = .seconds(streamResetWindow)
        return c
    }
    private let server: ImageServer
    private let limits: ServeLimits
    private var seen: ByteBuffer?
    private var timer: Scheduled<Void>?

    init(server: ImageServer, limits: ServeLimits) {
        self.server = server
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(Int64(limits.headTimeout * 1e9))) {
            context.close(promise: nil)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        if var seen {
            seen.writeBuffer(&buffer)
            self.seen = seen
        } else {
            seen = buffer
        }
        guard let seen else { return }
        let first = Array(seen.readableBytesView.prefix(Self.preface.count))
        let isHTTP2 = first == Self.preface
        guard isHTTP2 || !Self.preface.starts(with: first) else { return }
        timer?.cancel()
        do {
            let operations = context.pipeline.syncOperations
            if isHTTP2 {
                let handshake = ConnectionHandshake()
                // A connection with no stream open for the head timeout is closed, as an idle HTTP/1.1 one is.
                // (First in the pipeline: it sees the connection's bytes both ways.)
                try operations.addHandler(HTTP2IdleCloser(handshake: handshake), position: .first)
                try operations.addHandler(IdleStateHandler(allTimeout: .nanoseconds(Int64(limits.headTimeout * 1e9))), position: .first)
                let (server, limits) = (server, limits)
                _ = try operations.configureHTTP2Pipeline(
                    mode: .server, connectionConfiguration: Self.connectionConfiguration, streamConfiguration: Self.streamConfiguration, position: .last
                ) { stream in
                    stream.eventLoop.makeCompletedFuture {
                        try stream.pipeline.syncOperations.addHandler(HTTP2StreamHandler(server: server, limits: limits, handshake: handshake))
                    }
                }
                try operations.addHandler(HTTP2ConnectionErrorCloser(), position: .last)
            } else {
                try operations.addHandler(HTTP1ConnectionHandler(server: server, limits: limits), position: .last)
            }
        } catch {
            context.close(promise: nil)
            return
        }
        self.seen = nil
        context.fireChannelRead(wrapInboundOut(seen))
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}

/// One HTTP/2 connection's shared timing, as the lab's model has it (`HostConnections`): the first request
/// opens the connection, a round trip, and every request waits for it to be over; while one stream
/// recovers lost packets, no stream's bytes go out (TCP's head-of-line blocking).
final class ConnectionHandshake: Sendable {
    /// When the handshake is over (seconds since the server started); nil before the first request.
    private let ready = Mutex<Double?>(nil)
    /// Streams open on the connection.
    let open = Mutex(0)
    /// No stream sends before this time (seconds since the server started).
    private let stalledUntil = Mutex(0.0)

    /// The wait of a chunk due `delay` seconds after `now`, behind the connection's stall; `recovering`:
    /// this chunk's own wait is a loss recovery, which holds every stream until it is over.
    func chunkDelay(_ delay: Double, now: Double, recovering: Bool) -> Double {
        stalledUntil.withLock { until in
            let wait = Swift.max(delay, until - now)
            if recovering { until = Swift.max(until, now + wait) }
            return wait
        }
    }

    /// The wait before a request made at `now` may go out, on a link of round trip `roundTrip`.
    func wait(now: Double, roundTrip: Double) -> Double {
        ready.withLock { ready in
            guard let over = ready else {
                ready = now + roundTrip
                return roundTrip
            }
            return Swift.max(0, over - now)
        }
    }
}

/// Closes an HTTP/2 connection that has been idle (nothing read or written) for the head timeout while no
/// stream is open on it.
final class HTTP2IdleCloser: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let handshake: ConnectionHandshake

    init(handshake: ConnectionHandshake) { self.handshake = handshake }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent, handshake.open.withLock({ $0 }) == 0 {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}

/// Closes an HTTP/2 connection once swift-nio-http2 has ended it (sent GOAWAY) for an error of the whole
/// connection: a frame it cannot read (a header block over the 16 KiB list it announced, HPACK it cannot
/// decode: COMPRESSION_ERROR) or a peer over one of its limits (ENHANCE_YOUR_CALM: a Rapid Reset flood), so
/// the client learns at once instead of at the idle close 10 s later. The sending side closes first, after
/// the GOAWAY (a full close with the client's bytes still unread would reset the connection, and the client
/// could lose the GOAWAY); the whole connection a second later, if the client has not closed it. A stream's
/// error (its stream is reset) leaves the connection open.
final class HTTP2ConnectionErrorCloser: ChannelInboundHandler {
    typealias InboundIn = Never

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard Self.endsConnection(error) else { return }
        let promise = context.eventLoop.makePromise(of: Void.self)
        promise.futureResult.assumeIsolated().whenComplete { result in
            if case .failure = result { context.close(promise: nil) }
        }
        context.close(mode: .output, promise: promise)
        context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) { context.close(promise: nil) }
    }

    static func endsConnection(_ error: any Error) -> Bool {
        switch error {
        case is NIOHTTP2Errors.UnableToParseFrame, is any NIOHPACKError, is NIOHTTP2Errors.ExcessivelyLargeHeaderBlock, is NIOHTTP2Errors.ExcessiveRSTFrames,
             is NIOHTTP2Errors.ExcessiveControlFrames, is NIOHTTP2Errors.ExcessiveContinuationFrames,
             is NIOHTTP2Errors.ExcessiveEmptyDataFrames, is NIOHTTP2Errors.ExcessiveNumberOfGlitches,
             is NIOHTTP2Errors.ExcessiveStreamErrors, is NIOHTTP2Errors.ExcessiveOutboundFrameBuffering:
            return true
        default:
            return false
        }
    }
}

/// One HTTP/2 stream of `serve --http 2`: its request headers (`:method`, `:path`) make the request, answered
/// by `ImageResponse` as on HTTP/1.1, its body through the same shared link; a method other than GET or HEAD
/// is 405. A write not done within the send timeout (a client whose window stays shut) resets the stream.
final class HTTP2StreamHandler: ChannelInboundHandler, ResponseStream {
    typealias InboundIn = HTTP2Frame.FramePayload
    typealias OutboundOut = HTTP2Frame.FramePayload

    private let server: ImageServer
    private let limits: ServeLimits
    private let handshake: ConnectionHandshake
    private var context: ChannelHandlerContext?
    private var started = false
    private var gone = false
    /// The client ended its side of the stream (END_STREAM on its headers or data).
    private var requestEnded = false

    init(server: ImageServer, limits: ServeLimits, handshake: ConnectionHandshake) {
        self.server = server
        self.limits = limits
        self.handshake = handshake
    }

    var eventLoop: any EventLoop { context!.eventLoop }
    var isOpen: Bool { !gone && (context?.channel.isActive ?? false) }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        handshake.open.withLock { $0 += 1 }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        handshake.open.withLock { $0 -= 1 }
    }

    func channelInactive(context: ChannelHandlerContext) {
        gone = true
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        gone = true
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let payload = unwrapInboundIn(data)
        switch payload {
        case let .headers(h) where h.endStream: requestEnded = true
        case let .data(d) where d.endStream: requestEnded = true
        default: break
        }
        guard case let .headers(headers) = payload, !started else { return }
        started = true
        let method = headers.headers.first(name: ":method") ?? ""
        let path = headers.headers.first(name: ":path") ?? ""
        let fields = headers.headers.filter { !$0.name.hasPrefix(":") }.map { (name: $0.name.lowercased(), value: $0.value) }
        let head = HTTPRequestHead(method: method, target: path, minorVersion: 1, fields: fields)
        // HTTP/1.1's head limits, the same statuses (a 9 KB path or 120 fields were served).
        if let refusal = HTTPHeadReader.refusal(method: method, target: path, fields: fields) {
            return server.refuse(head, status: refusal.status, reason: refusal.reason, fields: [], on: self, connection: handshake) { _ in }
        }
        guard method == "GET" || method == "HEAD" else {
            return server.refuse(head, status: 405, reason: "\(method) is not served; GET and HEAD are", fields: [("Allow", "GET, HEAD")],
                                 on: self, connection: handshake) { _ in }
        }
        _ = ImageResponse(server: server, request: head, stream: self, connection: .http2(handshake)) { [self] keeps in
            // A client that never ends its request would hold the stream, and its connection, open for ever
            // (the idle close waits for no open stream): once the answer is whole, the stream is reset
            // (RFC 9113 §8.1 lets a server end a request it has answered).
            if !keeps || !requestEnded { cut() }
        }
    }

    func writeHead(status: Int, fields: [(String, String)], ends: Bool) -> EventLoopFuture<Void> {
        var headers = HPACKHeaders([(":status", "\(status)"), ("date", HTTPStatus.date())])
        for (name, value) in fields { headers.add(name: name.lowercased(), value: value) }
        return write(.headers(.init(headers: headers, endStream: ends)))
    }

    func writeBody(_ bytes: ArraySlice<UInt8>, ends: Bool) -> EventLoopFuture<Void> {
        guard let context else { preconditionFailure("a response before the stream") }
        var buffer = context.channel.allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        return write(.data(.init(data: .byteBuffer(buffer), endStream: ends)))
    }

    /// Resets the stream (a cut body, a client that does not read).
    func cut() {
        guard let context, isOpen else { return }
        context.close(promise: nil)   // an open stream's close is RST_STREAM (CANCEL)
    }

    private func write(_ payload: HTTP2Frame.FramePayload) -> EventLoopFuture<Void> {
        guard let context else { preconditionFailure("a response before the stream") }
        guard isOpen else { return context.eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel) }
        let written = context.writeAndFlush(wrapOutboundOut(payload))
        let guardTimer = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(Int64(limits.sendTimeout * 1e9))) { [self] in
            cut()
        }
        written.assumeIsolated().whenComplete { _ in guardTimer.cancel() }
        return written
    }
}
