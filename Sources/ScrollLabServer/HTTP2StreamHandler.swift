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
                let counter = StreamCounter()
                let (server, limits) = (server, limits)
                _ = try operations.configureHTTP2Pipeline(
                    mode: .server, connectionConfiguration: .init(), streamConfiguration: .init(), position: .last
                ) { stream in
                    stream.eventLoop.makeCompletedFuture {
                        try stream.pipeline.syncOperations.addHandler(HTTP2StreamHandler(server: server, limits: limits, counter: counter))
                    }
                }
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

/// The requests begun on one HTTP/2 connection: its first pays the handshake's round trip.
final class StreamCounter: Sendable {
    private let count = Mutex(0)

    /// True for the connection's first request.
    func next() -> Bool {
        count.withLock { n in
            n += 1
            return n == 1
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
    private let counter: StreamCounter
    private var context: ChannelHandlerContext?
    private var started = false
    private var gone = false

    init(server: ImageServer, limits: ServeLimits, counter: StreamCounter) {
        self.server = server
        self.limits = limits
        self.counter = counter
    }

    var eventLoop: any EventLoop { context!.eventLoop }
    var isOpen: Bool { !gone && (context?.channel.isActive ?? false) }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func channelInactive(context: ChannelHandlerContext) {
        gone = true
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        gone = true
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case let .headers(headers) = unwrapInboundIn(data), !started else { return }
        started = true
        let method = headers.headers.first(name: ":method") ?? ""
        let path = headers.headers.first(name: ":path") ?? ""
        let fields = headers.headers.filter { !$0.name.hasPrefix(":") }.map { (name: $0.name.lowercased(), value: $0.value) }
        let head = HTTPRequestHead(method: method, target: path, minorVersion: 1, fields: fields)
        guard method == "GET" || method == "HEAD" else {
            return server.refuse(head, status: 405, reason: "\(method) is not served; GET and HEAD are", fields: [("Allow", "GET, HEAD")],
                                 on: self) { _ in }
        }
        _ = ImageResponse(server: server, request: head, stream: self, newConnection: counter.next()) { [self] keeps in
            if !keeps { cut() }
        }
    }

    func writeHead(status: Int, fields: [(String, String)], ends: Bool) -> EventLoopFuture<Void> {
        var headers = HPACKHeaders([(":status", "\(status)")])
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
