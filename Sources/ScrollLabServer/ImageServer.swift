import Foundation
import LabKit
import ScrollLabCore
import Synchronization

/// `scrolllab serve`'s server (B-SERVE-1, B-SERVE-2): the images of an assets folder over HTTP on
/// loopback, at `/img/<index>` (any ending: `/img/3.jpg`), with a network profile applied at the server,
/// on `HTTPListener`.
///
/// Per response, as the lab's network model does per load: the first byte waits one round trip (one
/// more on a connection's first request: its handshake); a lost request or first answer (probability
/// 1 − (1 − loss)²) waits TCP's retransmission timeouts (1, 2, 4 s; after four attempts the response
/// is a 504); each lost body packet adds a round trip. The body goes out in 4 KB chunks through one
/// token bucket shared by every connection: the profile's downlink, split fairly between transfers.
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
    static let chunkBytes = 4096

    private struct State {
        var link: TokenBucket?
        var serial = 0
    }

    package init(files: [AssetFile], folder: String, profile: NetworkProfile?, faults: ServeFaults) {
        self.files = files
        self.profile = profile
        self.faults = faults
        self.root = Self.resolved(Array(folder.utf8)) ?? Array(folder.utf8)
        state.withLock { $0.link = profile.map { TokenBucket(rate: $0.downlinkBytesPerSecond, capacity: Double(Self.chunkBytes)) } }
    }

    /// Runs `body`, the last send of a response and its log line, as one step that a stop waits for
    /// (`quiesce`): a client that has its whole response may stop the server at once, and the line must
    /// be there.
    func ending<T>(if counted: Bool = true, _ body: () -> T) -> T {
        guard counted else { return body() }
        ends.withLock { $0 += 1 }
        defer { ends.withLock { $0 -= 1 } }
        return body()
    }

    /// Waits (at most `timeout` seconds) until no response is between its last send and its log line.
    package func quiesce(timeout: Double = 0.5) {
        let until = now + timeout
        while ends.withLock({ $0 }) > 0, now < until { Self.sleep(0.001) }
    }

    /// Seconds since start.
    var now: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

    /// Waits until `bytes` more may cross the shared link.
    func send(_ bytes: Int) {
        let wait = state.withLock { s in s.link?.take(bytes, now: now) ?? 0 }
        if wait > 0 { Self.sleep(wait) }
    }

    static func sleep(_ seconds: Double) {
        guard seconds > 0 else { return }
        var time = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var left = timespec()
        while nanosleep(&time, &left) != 0, errno == EINTR { time = left }
    }

    /// Answers one request on `connection` (its thread); false when the connection must close after it.
    package func serve(_ request: HTTPRequestHead, on connection: HTTPConnection) -> Bool {
        let began = now
        let serial = state.withLock { s -> Int in
            s.serial += 1
            return s.serial
        }
        let newConnection = connection.served == 0
        connection.served += 1
        let isHead = request.method == "HEAD"
        let path = request.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let log = RequestLog(server: self, path: request.target, began: began)
        func answer(_ status: Int, _ text: String, fields: [(String, String)] = []) -> Bool {
            log.status = status
            let body = Array(text.utf8)
            let head = HTTPConnection.head(status: status, fields: [("Content-Type", "text/plain; charset=utf-8"),
                                                                  ("Content-Length", "\(body.count)")] + fields)
            return ending {
                let sent = connection.send(head) && (isHead || connection.send(body))
                if sent, !isHead { log.sent(body.count) }
                log.finish()
                return sent
            }
        }
        guard let asset = Self.asset(in: path), asset >= 0, asset < files.count else {
            return answer(404, "no image at \(String(request.target.prefix(200)))\n")
        }
        log.asset = asset
        if let profile {
            // The first byte: a round trip (two on a new connection), plus retransmission timeouts.
            var delay = profile.roundTrip * (newConnection ? 2 : 1)
            let headLoss = 1 - (1 - profile.packetLoss) * (1 - profile.packetLoss)
            var timeout = NetworkImageSource.retransmissionTimeout
            var attempt = 0
            while attempt < NetworkImageSource.maxAttempts, faults.draw(serial, stream: 2, index: attempt) < headLoss {
                delay += timeout
                timeout *= 2
                attempt += 1
            }
            Self.sleep(delay)
            if attempt == NetworkImageSource.maxAttempts { return answer(504, "lost (injected packet loss)\n") }
        }
        if faults.redirectLoop {
            return answer(302, "", fields: [("Location", request.target)])
        }
        if let status = faults.status {
            return answer(status, "injected status \(status)\n")
        }
        if faults.failRate > 0, faults.draw(serial, stream: 3) < faults.failRate {
            return answer(500, "injected failure\n")
        }
        let image: (bytes: [UInt8], type: String)
        switch servable(files[asset]) {
        case let .success(found): image = found
        case let .failure(refusal): return answer(refusal.status, refusal.reason + "\n")
        }
        let bytes = image.bytes
        var penalty = 0.0
        if let profile, profile.packetLoss > 0 {
            let packets = (bytes.count + NetworkImageSource.packetBytes - 1) / NetworkImageSource.packetBytes
            for p in 0..<packets where faults.draw(serial, stream: 4, index: p) < profile.packetLoss { penalty += profile.roundTrip }
        }
        log.status = 200
        defer { log.finish() }
        let type = faults.contentType ?? image.type
        guard connection.send(HTTPConnection.head(status: 200, fields: [("Content-Type", type), ("Content-Length", "\(bytes.count)")])) else {
            return false
        }
        if isHead { return true }
        if let stall = faults.stall { Self.sleep(stall) }
        let end = faults.truncate ? bytes.count / 2 : bytes.count
        var offset = 0
        while offset < end {
            let n = Swift.min(Self.chunkBytes, end - offset)
            send(n)
            if offset + n >= bytes.count { Self.sleep(penalty) }
            let last = offset + n >= end
            let sent = ending(if: last) {
                guard !connection.peerHasClosed, connection.send(bytes[offset..<(offset + n)]) else { return false }
                log.sent(n)
                if last { log.finish() }
                return true
            }
            guard sent else { return false }
            offset += n
        }
        // A cut body: the connection closes short of its Content-Length.
        return !faults.truncate
    }

    /// Why a file is not sent: its status and reason.
    struct Refusal: Error {
        let status: Int
        let reason: String
    }

    /// The bytes and Content-Type of `file` if it may be sent: a regular file inside the assets folder
    /// (its links resolved), no larger than the decoder takes, whose first bytes are an image the window
    /// accepts; else 403 (or 500 when it cannot be read) with the reason.
    func servable(_ file: AssetFile) -> Result<(bytes: [UInt8], type: String), Refusal> {
        guard let real = Self.resolved(file.path), real.starts(with: root + [UInt8(ascii: "/")]) else {
            return .failure(Refusal(status: 403, reason: "not inside the assets folder (a link out of it, or gone)"))
        }
        let fd = (real + [0]).withUnsafeBufferPointer { p in
            p.withMemoryRebound(to: CChar.self) { Glibc.open($0.baseAddress!, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC) }
        }
        guard fd >= 0 else { return .failure(Refusal(status: 500, reason: "cannot read the image file")) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return .failure(Refusal(status: 403, reason: "not a regular file"))
        }
        guard info.st_size <= off_t(ImageFile.maxFileBytes) else { return .failure(Refusal(status: 403, reason: "file too large")) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            filled += n
        }
        guard filled == bytes.count else { return .failure(Refusal(status: 500, reason: "cannot read the image file")) }
        do {
            let header = try ImageHeader.read(Array(bytes.prefix(ImageHeader.prefixLength)), maxDecodedBytes: ImageFile.maxDecodedBytes)
            return .success((bytes, Self.contentType(of: header.format)))
        } catch {
            return .failure(Refusal(status: 403, reason: "not an image the window accepts (\(error.description))"))
        }
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

    /// Logs a request refused before it was read whole (status, body bytes).
    package func logRefusal(status: Int, target: String, bytes: Int, began: Double) {
        let log = RequestLog(server: self, path: target, began: began)
        log.status = status
        log.sent(bytes)
        log.finish()
    }

    /// The asset index in `/img/<index>[.ext]`, or nil.
    static func asset(in path: String) -> Int? {
        guard path.hasPrefix("/img/") else { return nil }
        let name = path.dropFirst(5)
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9, name.dropFirst(digits.count).allSatisfy({ $0 != "/" }) else { return nil }
        return Int(digits)
    }

    /// Writes one log line (standard output, one write per line).
    func log(_ fields: [(String, LabKit.JSONValue)]) {
        writeLine(LabKit.JSONValue.object([("event", .string("request"))] + fields).serialized, to: STDOUT_FILENO)
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
        server.log(fields)
    }

    deinit { finish() }
}
