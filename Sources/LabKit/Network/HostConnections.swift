/// The connections a `NetworkImageSource` holds to the image host: under HTTP/1.1 up to `perHost`
/// kept-alive connections, one request each, each opened with a handshake; under HTTP/2 one connection
/// carrying every stream, opened once, whose streams all wait while one recovers lost packets
/// (transport head-of-line blocking). A handshake is TCP's round trip, and over TLS one more.
struct HostConnections: Hashable, Sendable {
    /// Requests in flight at once under HTTP/1.1 (one connection each).
    var perHost: Int
    /// The HTTP version.
    var httpVersion: HTTPVersion
    /// Connections are made over TLS 1.3 (`--tls`): each handshake takes one round trip more.
    var tls = false
    /// Connections open (HTTP/2: 0 or 1).
    private(set) var open = 0
    /// HTTP/2: when the one connection's handshake is over (requests wait for it).
    private(set) var ready = 0.0
    /// HTTP/2: no stream receives before this time (another stream is recovering lost packets).
    private(set) var stalledUntil = -Double.infinity

    /// Requests in flight at once: HTTP/1.1's connections, or HTTP/2's streams (`maxStreams`).
    func requestLimit(maxStreams: Int) -> Int { httpVersion == .http1_1 ? perHost : maxStreams }

    /// A request sent at `clock` while `active` are in flight: the time its first byte waits for a
    /// connection. HTTP/1.1 reuses an idle kept-alive connection, else opens one (a handshake:
    /// `handshakeRoundTrips` round trips); HTTP/2's first request opens the one connection and every
    /// request waits for its handshake.
    mutating func connect(at clock: Double, active: Int, roundTrip: Double) -> Double {
        let handshake = roundTrip * Double(NetworkImageSource.handshakeRoundTrips(tls: tls))
        switch httpVersion {
        case .http1_1:
            guard open <= active else { return 0 }
            open += 1
            return handshake
        case .http2:
            if open == 0 {
                open = 1
                ready = clock + handshake
            }
            return Swift.max(0, ready - clock)
        }
    }

    /// A request given up: HTTP/1.1 drops its connection; HTTP/2 resets the stream and keeps the connection.
    mutating func gaveUp() {
        if httpVersion == .http1_1 { open -= 1 }
    }

    /// A stream's last byte came at `clock` with `lossPenalty` seconds of retransmissions to follow: under
    /// HTTP/2 the connection's other streams wait behind them.
    mutating func recover(at clock: Double, lossPenalty: Double) {
        if httpVersion == .http2, lossPenalty > 0 { stalledUntil = Swift.max(stalledUntil, clock + lossPenalty) }
    }
}
