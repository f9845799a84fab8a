/// The HTTP version images are fetched with (B-PIPE-1, `--http 1.1|2`).
///
/// - HTTP/1.1: one request at a time per connection, so up to `connections` connections to the host
///   (URLSession's `httpMaximumConnectionsPerHost`), each opened with its own handshake.
/// - HTTP/2 (RFC 9113): every request is a stream on one connection — one handshake — and the streams
///   share that connection's bandwidth and its losses (a lost packet holds back every stream behind it).
///   URLSession ignores the per-host limit under HTTP/2; the client still runs at most `connections`
///   loads at once (image libraries cap their downloads: SDWebImage and Nuke at 6), so both versions
///   are compared at the same number of requests in flight.
public enum HTTPVersion: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case http1_1 = "1.1"
    case http2 = "2"

    /// "HTTP/1.1", "HTTP/2".
    public var description: String { "HTTP/" + rawValue }
}
