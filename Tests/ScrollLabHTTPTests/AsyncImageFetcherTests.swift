import Foundation
import LabKit
import ScrollLabCore
import Synchronization
import Testing
@testable import ScrollLabHTTP
@testable import ScrollLabServer

/// `--source https://… --http 2`: async-http-client against `serve --http 2 --tls` (a certificate made at
/// start, trusted by its PEM), and what URLSession on Linux does against the same server.
@Suite(.serialized) struct AsyncImageFetcherTests {
    /// `serve --http 2 --tls` on a free port over the bundled images, its certificate's PEM in a file.
    struct Served {
        let listener: ServeListener
        let certificateFile: String
        let template: String
        let files: [AssetFile]
    }

    static func serve() throws -> Served {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/Images").standardized.path
        let files = try AssetCatalog.imageFiles(in: folder)
        let certificate = try ServeCertificate.make()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scrolllab-test-\(UUID().uuidString).pem").path
        try certificate.pem.write(toFile: file, atomically: true, encoding: .utf8)
        let server = ImageServer(files: files, folder: folder, profile: nil, faults: ServeFaults(), labelsHTTP: true)
        let listener = try ServeListener(port: 0, server: server, http: .http2,
                                         tls: try certificate.serverContext(protocols: ServeListener.alpnProtocols(.http2)))
        return Served(listener: listener, certificateFile: file, template: "https://127.0.0.1:\(listener.port)/img/{asset}.jpg", files: files)
    }

    /// Fetches asset `asset` with `fetcher`; the result once it came (at most 30 s).
    func fetch(_ fetcher: any ImageFetching, asset: Int, ticket: Int = 1) -> Result<[UInt8], ImageDecodeFailure>? {
        let done = Mutex<Result<[UInt8], ImageDecodeFailure>?>(nil)
        fetcher.fetch(ticket: ticket, asset: asset, priority: 0) { result in done.withLock { $0 = result } }
        let end = HTTPImageFetcher.now() + 30
        while done.withLock({ $0 }) == nil, HTTPImageFetcher.now() < end { usleep(2_000) }
        return done.withLock { $0 }
    }

    @Test func itFetchesTheFileOverTLSTrustingTheCertificateFile() throws {
        let served = try Self.serve()
        defer { served.listener.stopAccepting(); unlink(served.certificateFile) }
        let fetcher = AsyncImageFetcher(template: served.template, timeout: 10,
                                        trust: try AsyncImageFetcher.trustRoots(file: served.certificateFile))
        defer { fetcher.close() }
        let file = try Data(contentsOf: URL(fileURLWithPath: String(decoding: served.files[3].path, as: UTF8.self)))
        let result = fetch(fetcher, asset: 3)
        #expect(try result?.get() == Array(file))
        #expect(fetcher.traffic.bytes == file.count && fetcher.traffic.requests == 1)
        let timing = try #require(fetcher.takeTiming(ticket: 1))
        #expect(timing.bytes == file.count && timing.lastByte >= timing.firstByte)
        #expect(fetcher.takeTiming(ticket: 1) == nil)
    }

    @Test func withoutTheCertificateTheHandshakeFails() throws {
        let served = try Self.serve()
        defer { served.listener.stopAccepting(); unlink(served.certificateFile) }
        // The client retries the handshake until its connect timeout (here 2 s), then fails the load.
        let fetcher = AsyncImageFetcher(template: served.template, timeout: 2, trust: nil)
        defer { fetcher.close() }
        guard case let .failure(failure)? = fetch(fetcher, asset: 0) else { Issue.record("fetched without trusting the certificate"); return }
        #expect(failure.reason == "TLS error (CERTIFICATE_VERIFY_FAILED)", "\(failure.reason)")
    }

    /// URLSession on Linux reads the system's CA bundle only (swift-corelibs-foundation reads
    /// `URLSessionCertificateAuthorityInfoFile` on Android alone): the made certificate is not trusted.
    @Test func urlSessionOnLinuxCannotTrustTheCertificate() throws {
        let served = try Self.serve()
        defer { served.listener.stopAccepting(); unlink(served.certificateFile) }
        setenv("URLSessionCertificateAuthorityInfoFile", served.certificateFile, 1)
        defer { unsetenv("URLSessionCertificateAuthorityInfoFile") }
        let fetcher = HTTPImageFetcher(template: served.template, timeout: 10)
        defer { fetcher.close() }
        guard case let .failure(failure)? = fetch(fetcher, asset: 0) else { Issue.record("URLSession fetched over TLS"); return }
        #expect(failure.reason == "TLS error (SSL certificate problem: self-signed certificate)", "\(failure.reason)")
    }

    @Test func aCAFileThatIsNotACertificateIsRefusedWithItsName() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scrolllab-test-\(UUID().uuidString).pem").path
        try "not a certificate\n".write(toFile: file, atomically: true, encoding: .utf8)
        defer { unlink(file) }
        #expect(throws: AsyncImageFetcher.TrustError.self) { try AsyncImageFetcher.trustRoots(file: file) }
        do { _ = try AsyncImageFetcher.trustRoots(file: file) } catch { #expect(error.description.hasPrefix("--source-ca \(file): ")) }
        do { _ = try AsyncImageFetcher.trustRoots(file: file + ".missing") } catch {
            #expect(error.description == "--source-ca \(file).missing: no such readable file")
        }
    }

    /// A connection closed with no answer is an empty reply in both clients' words, not a lost connection.
    @Test func aConnectionClosedWithNoAnswerIsAnEmptyReply() throws {
        let server = try HTTPImageFetcherTests.Server()
        let fetcher = AsyncImageFetcher(template: server.base + "/empty.jpg?{asset}", timeout: 5, trust: nil)
        defer { fetcher.close() }
        let result = try #require(fetch(fetcher, asset: 0))
        #expect(throws: ImageDecodeFailure.self) { try result.get() }
        if case let .failure(failure) = result { #expect(failure.reason == "empty reply", "\(failure.reason)") }
    }

    @Test func aResponseHeadIsRefusedInHTTPImageFetchersWords() {
        #expect(AsyncImageFetcher.failure(status: 200, contentType: "image/jpeg", contentLength: 10, hasLocation: false) == nil)
        #expect(AsyncImageFetcher.failure(status: 404, contentType: "text/html", contentLength: 10, hasLocation: false) == "HTTP 404")
        #expect(AsyncImageFetcher.failure(status: 304, contentType: nil, contentLength: nil, hasLocation: true) == "HTTP 304 (not modified)")
        #expect(AsyncImageFetcher.failure(status: 302, contentType: nil, contentLength: nil, hasLocation: false) == "HTTP 302 without Location")
        #expect(AsyncImageFetcher.failure(status: 200, contentType: "text/html", contentLength: 10, hasLocation: false)
                == "wrong content type (text/html)")
        #expect(AsyncImageFetcher.failure(status: 200, contentType: nil, contentLength: 10, hasLocation: false) == "wrong content type (none)")
        #expect(AsyncImageFetcher.failure(status: 200, contentType: "image/png", contentLength: (32 << 20) + 1, hasLocation: false)
                == "body over 32 MB")
    }
}
