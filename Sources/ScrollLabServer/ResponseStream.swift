#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore

/// Where one response of `scrolllab serve` goes: an HTTP/1.1 connection (`HTTP1ConnectionHandler`) or an
/// HTTP/2 stream (`HTTP2StreamHandler`). Used on its channel's event loop only.
protocol ResponseStream: AnyObject {
    var eventLoop: any EventLoop { get }
    /// False once the client has gone (closed its side, reset the stream) or the connection failed: a body
    /// chunk is not handed out then, so the log never counts bytes no one received.
    var isOpen: Bool { get }
    /// Writes the status and fields; `ends`: the response has no body.
    func writeHead(status: Int, fields: [(String, String)], ends: Bool) -> EventLoopFuture<Void>
    /// Writes body bytes; `ends`: they are the last.
    func writeBody(_ bytes: ArraySlice<UInt8>, ends: Bool) -> EventLoopFuture<Void>
    /// Ends the response short of its length: HTTP/1.1 closes the connection, HTTP/2 resets the stream.
    func cut()
}

/// HTTP status reason phrases, for the HTTP/1.1 status line.
enum HTTPStatus {
    /// The reason phrase of `status`.
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 302: return "Found"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 414: return "URI Too Long"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        case 505: return "HTTP Version Not Supported"
        default: return "Status \(status)"
        }
    }

    /// An HTTP/1.1 response head: status line, `Date`, then the fields.
    static func head(status: Int, fields: [(String, String)]) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(reason(status))\r\nDate: \(date())\r\n"
        for (name, value) in fields { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    /// `seconds` since 1970 as HTTP's date (IMF-fixdate, RFC 9110 §5.6.7: `Sun, 06 Nov 1994 08:49:37 GMT`):
    /// the `Date` field every answer carries (§6.6.1: an origin server with a clock sends it).
    static func date(_ seconds: Int = time(nil)) -> String {
        var t = time_t(seconds), parts = tm()
        gmtime_r(&t, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(1900 + parts.tm_year) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}

extension EventLoop {
    /// Runs `body` after `seconds` on this loop (at once when not positive: still a turn of the loop, so a
    /// long body sent chunk by chunk does not recurse).
    func after(_ seconds: Double, _ body: @escaping () -> Void) {
        if seconds > 0 {
            assumeIsolated().scheduleTask(in: .nanoseconds(Int64(seconds * 1e9))) { body() }
        } else {
            assumeIsolated().execute(body)
        }
    }
}
