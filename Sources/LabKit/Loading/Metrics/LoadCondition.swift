/// The conditions a policy's figures were measured under (B-COND-1): the image source (a constant
/// latency or a network, the lab's files or an HTTP server), the scroll physics and deceleration rate,
/// the refresh rate and the shared pipeline (connections, HTTP version). Figures under two conditions
/// never add up: changing any of them ends the policy's segment, and the comparison keeps one row per
/// policy *and* condition.
public struct LoadCondition: Hashable, Sendable, CustomStringConvertible {
    /// The constant source latency, milliseconds; nil under a network or over HTTP.
    public var latencyMs: Double?
    /// The modelled network's profile name; nil without one.
    public var network: String?
    /// Where the bytes come from: `local` (the lab's image files, modelled or read) or the `--source`
    /// URL template.
    public var source: String
    /// The scroll physics (`ios`, `android`, …).
    public var physics: String
    /// The deceleration rate, `normal` or `fast`.
    public var decelerationRate: String
    /// The model's refresh rate, Hz; nil when not known (a scene outside a replay or window).
    public var refresh: Double?
    /// The shared pipeline's connections (`--connections`).
    public var connections: Int
    /// The HTTP version (`--http`).
    public var http: HTTPVersion
    /// Connections over TLS 1.3 (`--tls`).
    public var tls: Bool

    /// Makes a condition.
    public init(latencyMs: Double?, network: String?, source: String = "local", physics: String = "ios",
                decelerationRate: String = "normal", refresh: Double? = nil, connections: Int = 6, http: HTTPVersion = .http1_1,
                tls: Bool = false) {
        self.latencyMs = latencyMs
        self.network = network
        self.source = source
        self.physics = physics
        self.decelerationRate = decelerationRate
        self.refresh = refresh
        self.connections = connections
        self.http = http
        self.tls = tls
    }

    /// The condition a grid configuration describes (the refresh rate and the source are the caller's).
    public init(_ c: GridSceneConfiguration, refresh: Double? = nil, source: String = "local", decelerationRate: String = "normal") {
        self.init(latencyMs: c.network == nil ? c.latency * 1000 : nil, network: c.network?.name, source: source,
                  physics: c.physics.rawValue, decelerationRate: decelerationRate, refresh: refresh,
                  connections: c.connections, http: c.httpVersion, tls: c.tls)
    }

    /// The trace's `"condition"` object: `{"latencyMs":80,"network":null,"source":"local","physics":"ios",
    /// "decelerationRate":"normal","refresh":60,"connections":6,"http":"1.1"}`, and `"tls":true` over TLS.
    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("latencyMs", latencyMs.map { .number($0) } ?? .null), ("network", network.map { .string($0) } ?? .null),
            ("source", .string(source)), ("physics", .string(physics)), ("decelerationRate", .string(decelerationRate)),
            ("refresh", refresh.map { .number($0) } ?? .null), ("connections", .int(connections)), ("http", .string(http.rawValue))]
        if tls { pairs.append(("tls", .bool(true))) }
        return .object(pairs)
    }

    /// The source in a few characters: `80 ms`, `3g`, or the HTTP host.
    public var sourceLabel: String {
        if let network { return network }
        if let latencyMs { return "\(Self.number(latencyMs)) ms" }
        return source
    }

    /// "3g · ios · 60 Hz · 6 conn · HTTP/1.1" (`HTTP/1.1 TLS` over TLS), for the HUD and the toasts.
    public var description: String {
        var parts = [sourceLabel, physics + (decelerationRate == "normal" ? "" : " fast")]
        if let refresh { parts.append("\(Self.number(refresh)) Hz") }
        parts += ["\(connections) conn", http.description + (tls ? " TLS" : "")]
        return parts.joined(separator: " · ")
    }

    /// What differs from `other`, named for a toast: "network edge → 3g".
    public func change(from other: LoadCondition) -> String {
        var out: [String] = []
        if latencyMs != other.latencyMs || network != other.network || source != other.source {
            out.append("source \(other.sourceLabel) → \(sourceLabel)")
        }
        if physics != other.physics { out.append("physics \(other.physics) → \(physics)") }
        if decelerationRate != other.decelerationRate { out.append("rate \(other.decelerationRate) → \(decelerationRate)") }
        if refresh != other.refresh { out.append("refresh \(other.refresh.map { Self.number($0) } ?? "?") → \(refresh.map { Self.number($0) } ?? "?") Hz") }
        if connections != other.connections { out.append("connections \(other.connections) → \(connections)") }
        if http != other.http { out.append("\(other.http) → \(http)") }
        if tls != other.tls { out.append(tls ? "cleartext → TLS" : "TLS → cleartext") }
        return out.joined(separator: ", ")
    }

    static func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
}
