import Foundation
import LabKit
import ScrollLabCore
import Synchronization

/// `scrolllab serve`'s server (B-SERVE-1, B-SERVE-2, B-NET-3): the images of an assets folder over HTTP on
/// loopback, at `/img/<index>` (any ending: `/img/3.jpg`), with a network profile applied at the server,
/// over HTTP/1.1 or HTTP/2 (`ServeListener`, on SwiftNIO); a response is `ImageResponse`.
///
/// Per response, as the lab's network model does per load: the first byte waits for the request's time
/// up the uplink and one round trip (on a connection's first request, one more for its handshake, two under
/// `serve --tls`: TCP's and TLS 1.3's, `NetworkImageSource.handshakeRoundTrips`); a lost request or first answer (probability
/// 1 − (1 − loss)²) waits TCP's retransmission timeouts (1, 2, 4 s; after four attempts the response
/// is a 504); each lost body packet adds a round trip. The body goes out in chunks (`chunkBytes`) through
/// one link shared by every connection (`TokenBucket`): the profile's downlink, split fairly between
/// transfers, each chunk sent when its last byte would have crossed it.
/// One JSON line per request on standard output, when its response has ended (sent, cut or abandoned).
///
/// Only regular image files inside the assets folder are sent: a file that is a link out of the folder,
/// not a regular file, or whose bytes are not an image the window would accept is answered 403.
package final class ImageServer: Sendable {
    let files: [AssetFile]
    let profile: NetworkProfile?
    let faults: ServeFaults
    /// The assets folder with its links resolved, for the inside-the-folder check.
    let root: [UInt8]
    /// Seconds since the server started, for the log.
    package let start = DispatchTime.now().uptimeNanoseconds
    private let state = Mutex(State())
    /// Responses between their last send and their log line.
    private let ends = Mutex(0)
    /// The log's lines on their way to standard output.
    private let logLines = ServeLog()
    /// The bytes sent at once, each chunk when its last byte would have crossed the link (`TokenBucket`
    /// holds no burst), the transfers' chunks in turn: 256 bytes, or on a link that carries more in a
    /// millisecond (LTE: 6 250 bytes) a millisecond's worth, so that no link wakes a timer more than about
    /// 1 000 times a second. The model counts a cancelled transfer's bytes up to the cancel (its link shared
    /// equally, byte by byte); handed out in chunks, a cancelled transfer has on average half a chunk over
    /// the transfers sharing the link fewer: with one packet (1 460 bytes) that was 1–2% of the bytes of a
    /// 3G session that cancels often (docs/network.md), with 256 bytes it is under 0.3%. Unshaped (no
    /// profile): 64 KB.
    let chunkBytes: Int
    static func chunkBytes(for profile: NetworkProfile?) -> Int {
        guard let profile else { return 65_536 }
        return Swift.max(smallestChunkBytes, Int(profile.downlinkBytesPerSecond / 1000))
    }
    /// The chunk of a slow link (3G: 97.5 bytes a millisecond).
    static let smallestChunkBytes = 256

    private struct State {
        var link: TokenBucket?
        var serial = 0
        /// TLS handshakes begun (`serve --tls`), for their log lines' numbers.
        var handshakes = 0
    }

    /// True under `serve --http 2`: each log line says which version its request came over (`"http"`).
    let labelsHTTP: Bool
    /// True under `serve --tls`: a new connection's handshake is shaped as TLS 1.3's over the profile (the
    /// handshake's own round trips on loopback take no time).
    let tls: Bool

    package init(files: [AssetFile], folder: String, profile: NetworkProfile?, faults: ServeFaults, labelsHTTP: Bool = false,
                 tls: Bool = false) {
        self.files = files
        self.labelsHTTP = labelsHTTP
        self.tls = tls
        self.profile = profile
        self.faults = faults
        self.chunkBytes = Self.chunkBytes(for: profile)
        self.root = Self.resolved(Array(folder.utf8)) ?? Array(folder.utf8)
        state.withLock { $0.link = profile.map { TokenBucket(rate: $0.downlinkBytesPerSecond, capacity: 0) } }
    }

    /// A new connection's handshake over `profile`: TCP's round trip, and TLS 1.3's one more under `--tls`.
    func handshake(over profile: NetworkProfile) -> Double {
        profile.roundTrip * Double(NetworkImageSource.handshakeRoundTrips(tls: tls))
    }

    /// Waits (at most `timeout` seconds) until no response is between its last send and its log line, and
    /// the log's lines are written.
    package func quiesce(timeout: Double = 0.5) {
        let until = now + timeout
        while ends.withLock({ $0 }) > 0, now < until { Self.sleep(0.001) }
        logLines.flush(until: start + UInt64(Swift.max(0, until) * 1e9))
    }

    /// Why the request log stopped (a full disk), or nil: `serve` then exits 1.
    package var logFailure: String? { logLines.failure }

    /// Seconds since start.
    var now: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

    /// Takes `bytes` from the shared link, queued for it since `queuedSince` (nil: now); returns how long to
    /// wait before sending them (0: at once) and the time it was asked at.
    func linkWait(_ bytes: Int, queuedSince: Double? = nil) -> (wait: Double, asked: Double) {
        state.withLock { s in
            let asked = now
            return (s.link?.take(bytes, now: asked, queuedSince: queuedSince) ?? 0, asked)
        }
    }

    /// Gives back the link's tokens of a chunk that was not sent (`TokenBucket.giveBack`).
    func linkGiveBack(_ bytes: Int) {
        state.withLock { s in s.link?.giveBack(bytes) }
    }

    /// The next request's serial number (1, 2, …), for the seeded draws.
    func nextSerial() -> Int {
        state.withLock { s -> Int in
            s.serial += 1
            return s.serial
        }
    }

    /// Counts a response from its last send to its log line, one step that a stop waits for (`quiesce`): a
    /// client that has its whole response may stop the server at once, and the line must be there.
    func beginEnding() { ends.withLock { $0 += 1 } }
    func endEnding() { ends.withLock { $0 -= 1 } }

    static func sleep(_ seconds: Double) {
        guard seconds > 0 else { return }
        var time = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var left = timespec()
        while nanosleep(&time, &left) != 0, errno == EINTR { time = left }
    }

    /// Why a file is not sent: its status and reason.
    struct Refusal: Error {
        let status: Int
        let reason: String
    }

    /// `file` if it may be sent (`ServedImage`, read a chunk at a time): a regular file inside the assets
    /// folder (its links resolved), no larger than the decoder takes, whose first bytes are an image the
    /// window accepts; else 403 (or 500 when it cannot be read) with the reason.
    func servable(_ file: AssetFile) -> Result<ServedImage, Refusal> {
        guard let real = Self.resolved(file.path), real.starts(with: root + [UInt8(ascii: "/")]) else {
            return .failure(Refusal(status: 403, reason: "not inside the assets folder (a link out of it, or gone)"))
        }
        return ServedImage.open(resolved: real)
    }

    /// `path` with every link resolved (`realpath`), or nil when it does not exist.
    static func resolved(_ path: [UInt8]) -> [UInt8]? {
        let real = (path + [0]).withUnsafeBufferPointer { p in
            p.withMemoryRebound(to: CChar.self) { realpath($0.baseAddress!, nil) }
        }
        guard let real else { return nil }
        defer { free(real) }
        return Array(UnsafeRawBufferPointer(start: real, count: strlen(real)))
    }

    /// The Content-Type of an image format.
    static func contentType(of format: ImageHeader.Format) -> String {
        switch format {
        case .jpeg: return "image/jpeg"
        case .png: return "image/png"
        case .gif: return "image/gif"
        case .bmp: return "image/bmp"
        case .webp: return "image/webp"
        case .tiff: return "image/tiff"
        }
    }

    /// The `"http"` of a log line for a request over `version` ("1.1", "2"): nil unless `labelsHTTP`.
    func httpLabel(_ version: String) -> String? { labelsHTTP ? version : nil }

    /// Logs a request refused before it was read whole (status, body bytes), over HTTP/1.1.
    package func logRefusal(status: Int, target: String, bytes: Int, began: Double) {
        let log = RequestLog(server: self, path: target, began: began)
        log.http = httpLabel("1.1")
        log.status = status
        log.sent(bytes)
        log.finish()
    }

    /// The next TLS connection's number (1, 2, …), for its log line.
    func nextHandshake() -> Int {
        state.withLock { s -> Int in
            s.handshakes += 1
            return s.handshakes
        }
    }

    /// Logs a TLS connection's handshake (`serve --tls`): the protocol ALPN chose (null: none), or why it failed.
    func logHandshake(connection: Int, alpn: String?, error: String? = nil) {
        var fields: [(String, LabKit.JSONValue)] = [("event", .string("tls")), ("connection", .int(connection))]
        if let error { fields.append(("error", .string(String(error.prefix(200))))) } else { fields.append(("alpn", alpn.map { .string($0) } ?? .null)) }
        fields.append(("start", .number(now)))
        logLines.write(LabKit.JSONValue.object(fields).serialized)
    }

    /// The asset index in `/img/<index>[.ext]`, or nil.
    static func asset(in target: String) -> Int? {
        // The absolute form (`http://host:port/img/3`, RFC 9112 §3.2.2: a server must accept it) names the
        // same path after its authority.
        var path = Substring(target)
        for scheme in ["http://", "https://"] where path.lowercased().hasPrefix(scheme) {
            let rest = path.dropFirst(scheme.count)
            path = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
        }
        guard path.hasPrefix("/img/") else { return nil }
        let name = path.dropFirst(5)
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9, name.dropFirst(digits.count).allSatisfy({ $0 != "/" }) else { return nil }
        return Int(digits)
    }

    /// Logs one request (standard output, one write per line, by the log's own thread).
    func log(_ fields: [(String, LabKit.JSONValue)]) {
        logLines.write(LabKit.JSONValue.object([("event", .string("request"))] + fields).serialized)
    }
}

/// One request's log line, written once its response has ended: when the body was sent, cut, or
/// abandoned (the client went away), with the bytes actually handed to the connection.
final class RequestLog: @unchecked Sendable {
    private let server: ImageServer
    private let path: String
    private let began: Double
    /// Body bytes handed out, and whether the line was written.
    private let progress = Mutex((bytes: 0, ended: false))
    var asset: Int?
    var status = 0
    /// The HTTP version, under `serve --http 2` (nil: not logged).
    var http: String?

    init(server: ImageServer, path: String, began: Double) {
        self.server = server
        self.path = path
        self.began = began
    }

    /// Bytes of the body handed out so far.
    func sent(_ n: Int) { progress.withLock { $0.bytes += n } }

    /// Writes the line (once).
    func finish() {
        let bytes: Int? = progress.withLock { p in
            guard !p.ended else { return nil }
            p.ended = true
            return p.bytes
        }
        guard let bytes else { return }
        var fields: [(String, LabKit.JSONValue)] = [("path", .string(String(path.prefix(1024)))), ("status", .int(status)), ("bytes", .int(bytes)),
                                            ("start", .number(began)), ("end", .number(server.now))]
        if let asset { fields.append(("asset", .int(asset))) }
        if let http { fields.append(("http", .string(http))) }
        server.log(fields)
    }

    deinit { finish() }
}
