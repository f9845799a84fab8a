/// One HTTP/1.x request's head, as `scrolllab serve` reads it (B-SERVE-2): the request line and the
/// header fields.
package struct HTTPRequestHead: Equatable, Sendable {
    package var method: String
    /// The request target as sent (bytes that are not UTF-8 shown as U+FFFD).
    package var target: String
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    package var minorVersion: Int
    /// Header fields in order, names lowercased, values trimmed.
    package var fields: [(name: String, value: String)]

    /// The first value of the field `name` (lowercase).
    package func field(_ name: String) -> String? { fields.first { $0.name == name }?.value }

    /// True when the connection may carry another request after this one's response.
    package var keepsAlive: Bool {
        let tokens = (field("connection") ?? "").lowercased().split(separator: ",").map { $0.trimmingSpaces }
        return minorVersion >= 1 ? !tokens.contains("close") : tokens.contains("keep-alive")
    }

    /// True when the request announces a body (which a GET never needs: the connection closes after it).
    package var hasBody: Bool {
        field("transfer-encoding") != nil || (field("content-length").flatMap { Int($0) } ?? 0) > 0
    }

    package static func == (a: Self, b: Self) -> Bool {
        a.method == b.method && a.target == b.target && a.minorVersion == b.minorVersion
            && a.fields.map(\.name) == b.fields.map(\.name) && a.fields.map(\.value) == b.fields.map(\.value)
    }
}

/// Reads a request head from bytes as they arrive, in time linear in its length and memory bounded by
/// the limits: each byte is looked at once, and a head past a limit is refused as soon as the limit is
/// passed (414 for the request line, 431 for the header fields), never after the whole is read.
package struct HTTPHeadReader {
    /// Longest request line, bytes (414 beyond).
    package static let maxRequestLine = 8192
    /// Longest header line, and longest head in all, bytes (431 beyond).
    package static let maxFieldLine = 8192
    package static let maxHeadBytes = 32_768
    /// Most header fields (431 beyond).
    package static let maxFields = 100

    /// What the bytes so far make.
    package enum Outcome: Equatable {
        /// More bytes are needed.
        case incomplete
        /// A whole head; `consumed` bytes of the input were its own (the rest follows it).
        case head(HTTPRequestHead, consumed: Int)
        /// The head is refused with `status` (400, 414, 431, 505) for `reason`.
        case refused(status: Int, reason: String)
    }

    /// The bytes of the head so far.
    private(set) var buffer: [UInt8] = []
    private var lineStart = 0
    /// The lines so far, as ranges of `buffer` (slices would share its storage and make each append copy it).
    private var lines: [Range<Int>] = []

    /// True once any byte of a request has arrived (empty lines before a request line do not count).
    package var hasStarted: Bool { !lines.isEmpty || buffer.count > lineStart }

    /// Takes `bytes`; returns the head once it is whole, or why it is refused. Bytes after a whole head
    /// are not taken (`consumed` says where it ended within this call's bytes).
    package mutating func append<C: Collection>(_ bytes: C) -> Outcome where C.Element == UInt8 {
        var taken = 0
        for byte in bytes {
            taken += 1
            buffer.append(byte)
            if byte == UInt8(ascii: "\n") {
                var end = buffer.count - 1
                if end > lineStart, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = lineStart..<end
                lineStart = buffer.count
                if line.isEmpty {
                    // Empty lines before the request line are skipped (RFC 9112 §2.2); after it, the head ends.
                    if lines.isEmpty {
                        buffer.removeAll(keepingCapacity: true)
                        lineStart = 0
                        continue
                    }
                    let outcome = Self.parse(lines.map { buffer[$0] })
                    if case let .head(head, _) = outcome { return .head(head, consumed: taken) }
                    return outcome
                }
                lines.append(line)
                if lines.count > Self.maxFields + 1 { return .refused(status: 431, reason: "more than \(Self.maxFields) header fields") }
            } else {
                let current = buffer.count - lineStart
                if lines.isEmpty, current > Self.maxRequestLine {
                    return .refused(status: 414, reason: "request line over \(Self.maxRequestLine) bytes")
                }
                if !lines.isEmpty, current > Self.maxFieldLine {
                    return .refused(status: 431, reason: "header line over \(Self.maxFieldLine) bytes")
                }
            }
            if buffer.count > Self.maxHeadBytes { return .refused(status: 431, reason: "request head over \(Self.maxHeadBytes) bytes") }
        }
        return .incomplete
    }

    /// The same limits for a head that arrives whole and decoded (an HTTP/2 HEADERS block): its request line
    /// as HTTP/1.1 would spell it, each field as a `name: value` line, the head in all, the number of
    /// fields; the status and reason HTTP/1.1's reading gives, or nil when within them.
    package static func refusal(method: String, target: String, fields: [(name: String, value: String)]) -> (status: Int, reason: String)? {
        let requestLine = method.utf8.count + target.utf8.count + " HTTP/1.1".utf8.count + 1
        if requestLine > maxRequestLine { return (414, "request line over \(maxRequestLine) bytes") }
        if fields.count > maxFields { return (431, "more than \(maxFields) header fields") }
        var head = requestLine + 2
        for field in fields {
            let line = field.name.utf8.count + 2 + field.value.utf8.count
            if line > maxFieldLine { return (431, "header line over \(maxFieldLine) bytes") }
            head += line + 2
        }
        return head + 2 > maxHeadBytes ? (431, "request head over \(maxHeadBytes) bytes") : nil
    }

    /// The head of `lines` (request line first), or why it is refused.
    package static func parse(_ lines: [ArraySlice<UInt8>]) -> Outcome {
        let parts = lines[0].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte), !parts[1].isEmpty,
              parts[1].allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else {
            return .refused(status: 400, reason: "malformed request line")
        }
        let version = Array(parts[2])
        let minor: Int
        switch version {
        case Array("HTTP/1.1".utf8): minor = 1
        case Array("HTTP/1.0".utf8): minor = 0
        default:
            let isHTTP = version.count == 8 && version.starts(with: Array("HTTP/".utf8)) && version[6] == UInt8(ascii: ".")
                && isDigit(version[5]) && isDigit(version[7])
            return isHTTP ? .refused(status: 505, reason: "HTTP version not supported")
                          : .refused(status: 400, reason: "malformed request line")
        }
        var fields: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else {
                return .refused(status: 400, reason: "folded header line")
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                  line[line.startIndex..<colon].allSatisfy(isTokenByte) else {
                return .refused(status: 400, reason: "malformed header line")
            }
            let value = line[(colon + 1)...]
            guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
                return .refused(status: 400, reason: "control character in a header value")
            }
            fields.append((String(decoding: line[line.startIndex..<colon], as: UTF8.self).lowercased(),
                           String(decoding: value, as: UTF8.self).trimmingSpaces))
        }
        let head = HTTPRequestHead(method: String(decoding: parts[0], as: UTF8.self),
                                   target: String(decoding: parts[1], as: UTF8.self), minorVersion: minor, fields: fields)
        let lengths = Set(fields.filter { $0.name == "content-length" }.map(\.value))
        if lengths.count > 1 || lengths.contains(where: { $0.isEmpty || !$0.utf8.allSatisfy(isDigit) || $0.count > 18 }) {
            return .refused(status: 400, reason: "bad Content-Length")
        }
        if !lengths.isEmpty, head.field("transfer-encoding") != nil {
            return .refused(status: 400, reason: "both Transfer-Encoding and Content-Length")
        }
        if minor == 1, fields.filter({ $0.name == "host" }).count != 1 {
            return .refused(status: 400, reason: "an HTTP/1.1 request needs one Host field")
        }
        return .head(head, consumed: 0)
    }

    /// RFC 9110's `tchar`.
    package static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(b)
        }
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
}

extension StringProtocol {
    /// The string without leading and trailing spaces and tabs.
    package var trimmingSpaces: String {
        let u = Array(utf8)
        guard let first = u.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
              let last = u.lastIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return "" }
        return String(decoding: u[first...last], as: UTF8.self)
    }
}
