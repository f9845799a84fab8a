import ScrollKit

/// A JSON value with ordered object keys, for the JSON-lines interfaces
/// (`replay --headless`, `--trace-out`, `bench --json`).
///
/// Key order is kept so that lines read the same every run and diff cleanly.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// An integer as a JSON number.
    public static func int(_ value: Int) -> JSONValue { .number(Double(value)) }

    /// A point as `{"x":…,"y":…}`.
    public static func point(_ p: Point) -> JSONValue { .object([("x", .number(p.x)), ("y", .number(p.y))]) }

    /// The value of `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// Compact JSON text on one line. Numbers are rounded to 6 decimals; NaN and infinities become `null`.
    /// Written as UTF-8 bytes, then made a string once (a result line has a hundred keys and values).
    public var serialized: String {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .null: out += "null".utf8
        case let .bool(b): out += (b ? "true" : "false").utf8
        case let .number(n): out += JSONValue.format(n).utf8
        case let .string(s): JSONValue.writeString(s, to: &out)
        case let .array(items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case let .object(pairs):
            out.append(UInt8(ascii: "{"))
            for (i, pair) in pairs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(pair.0, to: &out)
                out.append(UInt8(ascii: ":"))
                pair.1.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        // Beyond 2⁵³ a double has no fraction to round (and n × 10⁶ could overflow to infinity).
        guard abs(n) < 0x1p53 else { return "\(n)" }
        let rounded = (n * 1e6).rounded() / 1e6
        if rounded == rounded.rounded(), abs(rounded) < 1e15 {
            return String(Int64(rounded))
        }
        return "\(rounded)"
    }

    /// A JSON string: `"`, `\\`, newline, return and tab escaped as such, other control characters as
    /// `\u00xx`; every other byte as it is (UTF-8 stays UTF-8).
    private static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            // Most strings (keys, ids, names) need no escape: appended whole.
            guard bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                out.append(contentsOf: bytes)
                return
            }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\""): out += "\\\"".utf8
                case UInt8(ascii: "\\"): out += "\\\\".utf8
                case UInt8(ascii: "\n"): out += "\\n".utf8
                case UInt8(ascii: "\r"): out += "\\r".utf8
                case UInt8(ascii: "\t"): out += "\\t".utf8
                case ..<0x20:
                    let hex = String(byte, radix: 16)
                    let escaped: String = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    out += escaped.utf8
                default:
                    out.append(byte)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
