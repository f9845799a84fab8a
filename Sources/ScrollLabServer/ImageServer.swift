import FlyingFox
import FlyingSocks
import Foundation
import LabKit
import ScrollLabCore
import Synchronization

/// `scrolllab serve`'s server (B-SERVE-1): the images of an assets folder over HTTP on loopback, at
/// `/img/<index>` (any ending: `/img/3.jpg`), with a network profile applied at the server, on FlyingFox.
///
/// Per response, as the lab's network model does per load: the first byte waits one round trip (one
/// more on a connection's first request: its handshake); a lost request or first answer (probability
/// 1 − (1 − loss)²) waits TCP's retransmission timeouts (1, 2, 4 s; after four attempts the response
/// is a 504); each lost body packet adds a round trip. The body goes out in 4 KB chunks through one
/// token bucket shared by every connection: the profile's downlink, split fairly between transfers.
/// One JSON line per request on standard output, when its response has ended (sent, cut or abandoned).
package final class ImageServer: Sendable {
    let files: [AssetFile]
    let profile: NetworkProfile?
    let faults: ServeFaults
    /// Seconds since the server started, for the log.
    private let start = DispatchTime.now().uptimeNanoseconds
    private let state = Mutex(State())
    static let chunkBytes = 4096

    private struct State {
        var link: TokenBucket?
        var serial = 0
        var seenClients: Set<String> = []
    }

    package init(files: [AssetFile], profile: NetworkProfile?, faults: ServeFaults) {
        self.files = files
        self.profile = profile
        self.faults = faults
        state.withLock { $0.link = profile.map { TokenBucket(rate: $0.downlinkBytesPerSecond, capacity: Double(Self.chunkBytes)) } }
    }

    /// Seconds since start.
    var now: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

    /// Waits until `bytes` more may cross the shared link.
    func send(_ bytes: Int) async {
        let wait = state.withLock { s in s.link?.take(bytes, now: now) ?? 0 }
        if wait > 0 { try? await Task.sleep(nanoseconds: UInt64(wait * 1e9)) }
    }

    /// Answers one request.
    package func respond(_ request: HTTPRequest) async -> HTTPResponse {
        let began = now
        let (serial, newClient) = state.withLock { s -> (Int, Bool) in
            s.serial += 1
            let client = request.remoteAddress.map { "\($0)" } ?? ""
            return (s.serial, s.seenClients.insert(client).inserted)
        }
        let log = RequestLog(server: self, path: request.path, began: began)
        guard let asset = Self.asset(in: request.path), asset >= 0, asset < files.count else {
            return log.answer(.notFound, text: "no image at \(request.path)\n")
        }
        log.asset = asset
        if let profile {
            // The first byte: a round trip (two on a new connection), plus retransmission timeouts.
            var delay = profile.roundTrip * (newClient ? 2 : 1)
            let headLoss = 1 - (1 - profile.packetLoss) * (1 - profile.packetLoss)
            var timeout = NetworkImageSource.retransmissionTimeout
            var attempt = 0
            while attempt < NetworkImageSource.maxAttempts, faults.draw(serial, stream: 2, index: attempt) < headLoss {
                delay += timeout
                timeout *= 2
                attempt += 1
            }
            try? await Task.sleep(nanoseconds: UInt64(delay * 1e9))
            if attempt == NetworkImageSource.maxAttempts { return log.answer(.gatewayTimeout, text: "lost (injected packet loss)\n") }
        }
        if faults.redirectLoop {
            return log.answer(.found, text: "", headers: [.location: request.path])
        }
        if let status = faults.status {
            return log.answer(HTTPStatusCode(status, phrase: "Injected"), text: "injected status \(status)\n")
        }
        if faults.failRate > 0, faults.draw(serial, stream: 3) < faults.failRate {
            return log.answer(.internalServerError, text: "injected failure\n")
        }
        guard let bytes = ImageFile.fileBytes(files[asset]) else {
            return log.answer(.internalServerError, text: "cannot read the image file\n")
        }
        var penalty = 0.0
        if let profile, profile.packetLoss > 0 {
            let packets = (bytes.count + NetworkImageSource.packetBytes - 1) / NetworkImageSource.packetBytes
            for p in 0..<packets where faults.draw(serial, stream: 4, index: p) < profile.packetLoss { penalty += profile.roundTrip }
        }
        log.status = 200
        let body = PacedBody(bytes: bytes, server: self, log: log, cutAt: faults.truncate ? bytes.count / 2 : nil,
                             stall: faults.stall ?? 0, penalty: penalty)
        let type = faults.contentType ?? Self.contentType(of: files[asset])
        return HTTPResponse(statusCode: .ok, headers: [.contentType: type],
                            body: HTTPBodySequence(from: body, count: bytes.count, suggestedBufferSize: Self.chunkBytes))
    }

    /// The asset index in `/img/<index>[.ext]`, or nil.
    static func asset(in path: String) -> Int? {
        guard path.hasPrefix("/img/") else { return nil }
        let name = path.dropFirst(5)
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9, name.dropFirst(digits.count).allSatisfy({ $0 != "/" }) else { return nil }
        return Int(digits)
    }

    /// The Content-Type of an image file, from its ending.
    static func contentType(of file: AssetFile) -> String {
        let name = String(decoding: file.path, as: UTF8.self).lowercased()
        let ending = name.split(separator: ".").last.map(String.init) ?? ""
        switch ending {
        case "jpg", "jpeg": return "image/jpeg"
        case "png": return "image/png"
        case "gif": return "image/gif"
        case "bmp": return "image/bmp"
        case "webp": return "image/webp"
        case "tif", "tiff": return "image/tiff"
        default: return "application/octet-stream"
        }
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

    /// A short answer with a text body; logged at once.
    func answer(_ code: HTTPStatusCode, text: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
        status = code.code
        let body = Data(text.utf8)
        progress.withLock { $0.bytes = body.count }
        var all = headers
        all[.contentType] = "text/plain; charset=utf-8"
        finish()
        return HTTPResponse(statusCode: code, headers: all, body: body)
    }

    /// Writes the line (once).
    func finish() {
        let bytes: Int? = progress.withLock { p in
            guard !p.ended else { return nil }
            p.ended = true
            return p.bytes
        }
        guard let bytes else { return }
        var fields: [(String, LabKit.JSONValue)] = [("path", .string(path)), ("status", .int(status)), ("bytes", .int(bytes)),
                                            ("start", .number(began)), ("end", .number(server.now))]
        if let asset { fields.append(("asset", .int(asset))) }
        server.log(fields)
    }

    deinit { finish() }
}

/// An image body paced through the server's shared link: stalls first if asked, then hands out 4 KB
/// chunks as the token bucket allows, the loss penalty before the last one; with `cutAt` it throws
/// after that many bytes, so the connection closes with the body short of its Content-Length.
struct PacedBody: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let bytes: [UInt8]
    let server: ImageServer
    let log: RequestLog
    let cutAt: Int?
    let stall: Double
    let penalty: Double

    struct Cut: Error {}

    func makeAsyncIterator() -> Iterator { Iterator(body: self) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let body: PacedBody
        var offset = 0

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> ArraySlice<UInt8>? {
            let end = body.cutAt ?? body.bytes.count
            guard offset < end else {
                if body.cutAt != nil { throw Cut() }
                body.log.finish()
                return nil
            }
            if offset == 0, body.stall > 0 { try? await Task.sleep(nanoseconds: UInt64(body.stall * 1e9)) }
            let n = Swift.min(Swift.max(1, Swift.min(count, ImageServer.chunkBytes)), end - offset)
            await body.server.send(n)
            if offset + n >= body.bytes.count, body.penalty > 0 { try? await Task.sleep(nanoseconds: UInt64(body.penalty * 1e9)) }
            defer { offset += n }
            body.log.sent(n)
            return body.bytes[offset..<(offset + n)]
        }
    }
}
