import Foundation
import NIOCore
import NIOHTTP2
import NIOPosix
import NIOSSL
import NIOTLS
import ScrollLabCore
import Synchronization

/// The limits `scrolllab serve` holds every connection to (docs/reliability.md).
package struct ServeLimits: Sendable {
    /// Seconds a request head may take from its first byte (and a connection may idle between requests).
    package var headTimeout = 10.0
    /// Seconds a write may wait for a client that does not read.
    package var sendTimeout = 30.0
    /// Most connections served at once.
    package var maxConnections = ServeListener.connectionCap()

    package init(headTimeout: Double = 10, sendTimeout: Double = 30, maxConnections: Int? = nil) {
        self.headTimeout = headTimeout
        self.sendTimeout = sendTimeout
        self.maxConnections = maxConnections ?? ServeListener.connectionCap()
    }
}

/// The HTTP versions `scrolllab serve --http` speaks.
package enum ServeHTTPVersion: String, Sendable, CaseIterable {
    /// HTTP/1.1 only (a request line of another version is 505).
    case http1 = "1.1"
    /// HTTP/2 over cleartext by prior knowledge (h2c, RFC 9113 §3.3) on a connection that opens with the
    /// HTTP/2 preface; HTTP/1.1 on any other.
    case http2 = "2"
}

/// `scrolllab serve`'s listener (B-SERVE-2) on SwiftNIO: event loops (one a core) accept on
/// 127.0.0.1:`port` and serve each connection with `HTTP1ConnectionHandler`, or, under `--http 2` on a
/// connection that opens with the HTTP/2 preface, swift-nio-http2 with an `HTTP2StreamHandler` a stream.
///
/// With `tls` (`serve --tls`) every connection is TLS first (swift-nio-ssl), its ALPN offering what `http`
/// speaks (`alpnProtocols`); what follows the handshake is served as over cleartext: an HTTP/2 client that
/// chose `h2` sends the HTTP/2 preface, an HTTP/1.1 one a request line.
///
/// At most `limits.maxConnections` connections are served at once: one more is answered 503 at once and
/// closed (`OverCapHandler`); when descriptors run out anyway, NIO's accept backs off and retries.
package final class ServeListener: Sendable {
    /// Why the server cannot listen.
    package struct ListenError: Error, CustomStringConvertible {
        package let description: String
    }

    /// The bound port.
    package let port: UInt16
    package let limits: ServeLimits
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel

    /// Listens on 127.0.0.1:`port` (0: any free port), or says why not ("address in use" at once). The
    /// event loops' threads are made here: signals blocked before stay blocked in them.
    package init(
        port: UInt16, server: ImageServer, http: ServeHTTPVersion = .http1, tls: ServeTLS? = nil, limits: ServeLimits = ServeLimits()
    ) throws(ListenError) {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: Swift.max(1, Swift.min(4, System.coreCount)))
        let gate = ConnectionGate(limit: limits.maxConnections)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(.backlog, value: 1024)
            .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)   // TCP's level: at SOL_SOCKET option 1 is SO_DEBUG (root only)
            // A plain HTTP/1.1 client may half-close after its request and still read the answer
            // (HTTP1ConnectionHandler ends the connection once it is given).
            .childChannelOption(.allowRemoteHalfClosure, value: tls == nil && http == .http1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let operations = channel.pipeline.syncOperations
                    if let tls {
                        try operations.addHandler(NIOSSLServerHandler(context: tls.context))
                        try operations.addHandler(TLSHandshakeLog(server: server))
                    }
                    guard gate.admit() else {
                        try operations.addHandler(OverCapHandler(server: server, limit: limits.maxConnections))
                        return
                    }
                    channel.closeFuture.whenComplete { _ in gate.release() }
                    switch http {
                    case .http1: try operations.addHandler(HTTP1ConnectionHandler(server: server, limits: limits))
                    case .http2: try operations.addHandler(HTTPVersionSniffer(server: server, limits: limits))
                    }
                }
            }
        do {
            channel = try bootstrap.bind(host: "127.0.0.1", port: Int(port)).wait()
        } catch {
            try? group.syncShutdownGracefully()
            if let error = error as? IOError, error.errnoCode == EADDRINUSE { throw ListenError(description: "address in use") }
            throw ListenError(description: "\(error)")
        }
        self.group = group
        self.port = UInt16(channel.localAddress?.port ?? Int(port))
        self.limits = limits
    }

    /// The protocols a TLS listener offers by ALPN, in order of preference: `h2` first where it speaks HTTP/2.
    package static func alpnProtocols(_ http: ServeHTTPVersion) -> [String] {
        switch http {
        case .http1: ["http/1.1"]
        case .http2: ["h2", "http/1.1"]
        }
    }

    /// The connection cap under the descriptor limit: each connection may hold a socket and an image
    /// file at once, with room left for the process's own files; at most 512.
    package static func connectionCap() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 64 }
        let soft = Int(clamping: limit.rlim_cur)
        return Swift.max(1, Swift.min(512, (soft - 32) / 2))
    }

    /// Serves until the listening socket closes (`stopAccepting`).
    package func wait() {
        try? channel.closeFuture.wait()
    }

    /// Stops accepting connections; those open go on.
    package func stopAccepting() {
        channel.close(promise: nil)
    }
}

/// The count of connections served at once, against the cap.
final class ConnectionGate: Sendable {
    private let active = Mutex(0)
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Counts one more connection if the cap allows it.
    func admit() -> Bool {
        active.withLock { n in
            guard n < limit else { return false }
            n += 1
            return true
        }
    }

    func release() { active.withLock { $0 -= 1 } }
}

/// A connection over the cap: answered 503 at once (`Retry-After: 1`) without reading its request, then
/// closed as soon as the client has read it or sent anything more (at most 0.2 s later).
final class OverCapHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let server: ImageServer
    private let limit: Int

    init(server: ImageServer, limit: Int) {
        self.server = server
        self.limit = limit
    }

    func channelActive(context: ChannelHandlerContext) {
        let began = server.now
        let body = Array("the server is at its \(limit) connections\n".utf8)
        let text = "HTTP/1.1 503 \(HTTPStatus.reason(503))\r\nDate: \(HTTPStatus.date())\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\nRetry-After: 1\r\n\r\n"
        var buffer = context.channel.allocator.buffer(capacity: text.utf8.count + body.count)
        buffer.writeString(text)
        buffer.writeBytes(body)
        let server = self.server
        context.writeAndFlush(wrapOutboundOut(buffer)).assumeIsolated().whenComplete { result in
            var sent = 0
            if case .success = result { sent = body.count }
            server.logRefusal(status: 503, target: "", bytes: sent, began: began)
            context.close(mode: .output, promise: nil)
            context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(200)) { context.close(promise: nil) }
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.close(promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

/// Under `serve --tls`: one log line per connection when its TLS handshake ends, with the protocol ALPN
/// chose (`{"event":"tls","connection":N,"alpn":"h2",…}`), or why it failed (a client that does not trust
/// the certificate); then it leaves the pipeline.
final class TLSHandshakeLog: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let server: ImageServer
    private let connection: Int
    private var logged = false

    init(server: ImageServer) {
        self.server = server
        connection = server.nextHandshake()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? TLSUserEvent, case let .handshakeCompleted(negotiatedProtocol) = event, !logged {
            logged = true
            server.logHandshake(connection: connection, alpn: negotiatedProtocol)
            context.fireUserInboundEventTriggered(event)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !logged, error is NIOSSLError || error is BoringSSLError {
            logged = true
            server.logHandshake(connection: connection, alpn: nil, error: Self.reason(error))
        }
        context.fireErrorCaught(error)
    }

    /// A failed handshake in a few words: BoringSSL's reason (`CERTIFICATE_VERIFY_FAILED`, …) where it gives one.
    static func reason(_ error: any Error) -> String {
        TLSErrorText.reason(in: "\(error)").map { "handshake failed (\($0))" } ?? "handshake failed"
    }
}
