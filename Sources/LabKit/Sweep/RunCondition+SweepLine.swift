extension RunCondition {
    /// The sweep's factors as a result id's first part: `adaptive|latency=80|cache=12|refresh=60|connections=6|http=1.1`
    /// (`|tls` after it over TLS; the feed and layout when swept, `placeholder=color` and `constrained` when set).
    public var id: String {
        let source: String
        switch self.source {
        case let .latency(ms): source = "latency=" + Source.number(ms)
        case let .network(profile): source = "network=" + profile.name
        }
        return "\(variant.name)|\(source)|cache=\(cacheImages)|refresh=\(Source.number(refresh))|connections=\(connections)|http=\(http.rawValue)"
            + (tls ? "|tls" : "") + (feed.map { "|feed=" + $0 } ?? "") + (layout.map { "|layout=" + $0.rawValue } ?? "") + phone.idPart
            + (placeholder == .none ? "" : "|placeholder=" + placeholder.rawValue) + (constrained ? "|constrained" : "")
    }

    /// The sweep's factors as a result line's keys.
    public var json: [(String, JSONValue)] {
        var out: [(String, JSONValue)] = [("policy", .string(variant.name))]
        switch source {
        case let .latency(ms): out += [("latencyMs", .number(ms)), ("network", .null)]
        case let .network(profile): out += [("latencyMs", .null), ("network", .string(profile.name))]
        }
        out += [("cacheImages", .int(cacheImages)), ("refresh", .number(refresh)), ("connections", .int(connections)),
                ("http", .string(http.rawValue))]
        // Over TLS only: a line without it reads as cleartext.
        if tls { out.append(("tls", .bool(true))) }
        if let feed { out.append(("feed", .string(feed))) }
        if let layout { out.append(("layout", .string(layout.rawValue))) }
        // The factors of B-COST-2, only when set: a line without them reads as none and off.
        if placeholder != .none { out.append(("placeholder", .string(placeholder.rawValue))) }
        if constrained { out.append(("constrained", .bool(true))) }
        return out + phone.json
    }
}
