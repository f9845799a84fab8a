import ArgumentParser
import Dispatch
import Foundation
import Synchronization
import LabKit
import ScrollLabCore
import ScrollLabServer

/// `scrolllab serve` (B-SERVE-1): the images of an assets folder over HTTP on loopback, with a network
/// profile and faults applied at the server, for live runs (`scrolllab --source …`) and the tests.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the grid's images over HTTP on loopback, shaped like a mobile network.",
        discussion: """
            Serves the image files of --assets (default: the bundled Assets/Images), in name order, at \
            http://127.0.0.1:PORT/img/INDEX (any ending, e.g. /img/3.jpg). The first line on standard output \
            is {"event":"serving","source":…,"port":…,"network":…,"assets":…}: "source" is the URL template to \
            give the window (scrolllab --source URL-TEMPLATE). Then one line per request when its response \
            has ended: {"event":"request","path":…,"status":…,"bytes":…,"start":…,"end":…,"asset":…} (bytes: \
            body bytes sent; seconds since serving).

            --network PROFILE applies a profile at the server, as the lab's model does per load: the first \
            byte after the request's time up the uplink and a round trip (two on a new connection, three under --tls), lost \
            packets as retransmission timeouts (1, 2, 4 s; after four, 504) and a round trip per lost body \
            packet, and the body in chunks of 256 bytes (on a link faster than that a millisecond, a \
            millisecond's worth) over one link at the profile's downlink shared by every connection, each \
            chunk sent when its last byte would have crossed it.

            Faults: --status CODE answers every image request with CODE; --fail-rate F answers that share \
            of requests (seeded by --seed) with 500; --truncate sends half of each body and closes the \
            connection; --stall S waits S seconds after the headers before the body; --content-type T \
            sends T as the Content-Type; --redirect-loop redirects every request to itself. \
            \
            It answers every request it accepts: a request line over 8 KiB is answered 414 and a head over \
            32 KiB (or a header line over 8 KiB) 431 at once; a head not complete within 10 s of its first \
            byte 408; a malformed request 400; a method other than GET or HEAD 405; a connection over the \
            cap (at most 512, and half the descriptor limit) 503. Only regular image files inside --assets \
            are sent (a link out of the folder, or a file that is not an image, is 403).

            --http 2 also speaks HTTP/2 over cleartext to a client with prior knowledge (h2c: a connection \
            that opens with the HTTP/2 preface; curl --http2-prior-knowledge): every request a stream on one \
            connection, shaped the same way (one handshake, the one shared link), up to 500 stream resets \
            in any 10 s (one more ends the connection: GOAWAY); the serving line then ends \
            with "http":"2", and each request line with the version it came over ("http":"2" or "1.1"). \
            Other connections are HTTP/1.1.

            --tls serves over TLS instead, with a self-signed certificate made at start (for 127.0.0.1 and \
            localhost, valid a day): the serving line's "source" is https://…, and its "certificate" the path \
            of the certificate's PEM file (removed when the server stops), the CA file a client trusts \
            (--source-ca FILE, curl --cacert FILE). ALPN offers http/1.1, and with --http 2 h2 first: a client \
            that chooses h2 speaks HTTP/2 on its connection.

            SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2 or SIGALRM stops it at once (exit 0). A port in use is exit 2 ("address in use").
            """
    )

    @Option(help: "Folder of images to serve (default: the bundled Assets/Images).")
    var assets: String?

    @Option(parsing: .unconditional, help: "Port on 127.0.0.1 (0: any free port; the serving line says which).")
    var port: Int = 8080

    @Option(help: ArgumentHelp("Network profile applied at the server: " + NetworkProfile.names + ", or none (default)."))
    var network: String = "none"

    @Option(help: "Answer every image request with this HTTP status.")
    var status: Int?

    @Option(name: .customLong("fail-rate"), parsing: .unconditional, help: "Answer this share of requests (0–1) with 500.")
    var failRate: Double = 0

    @Flag(help: "Send half of each body, then close the connection.")
    var truncate = false

    @Option(parsing: .unconditional, help: "Wait this many seconds after the headers before each body.")
    var stall: Double?

    @Option(name: .customLong("content-type"), help: "Send this Content-Type instead of the image's.")
    var contentType: String?

    @Flag(name: .customLong("redirect-loop"), help: "Redirect every request to itself.")
    var redirectLoop = false

    @Option(help: "Seed of --fail-rate and of the profile's packet loss.")
    var seed: UInt64 = 1

    @Option(help: "HTTP version: 1.1 (default), or 2: HTTP/2 over cleartext by prior knowledge (h2c) on a connection that opens with its preface, HTTP/1.1 on any other.")
    var http: String = "1.1"

    @Flag(help: "Serve over TLS with a self-signed certificate made at start; the serving line says where its PEM file is (\"certificate\").")
    var tls = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535 (got \(port))") }
        if network != "none", NetworkProfile.named(network) == nil {
            throw ValidationError("--network must be one of \(NetworkProfile.names) or none (got \(network))")
        }
        if let status, !(200...599).contains(status) { throw ValidationError("--status must be an HTTP status, 200–599 (got \(status))") }
        guard failRate.isFinite, (0...1).contains(failRate) else { throw ValidationError("--fail-rate must be between 0 and 1") }
        if let stall, !(stall.isFinite && stall >= 0 && stall <= 3600) { throw ValidationError("--stall must be between 0 and 3600 seconds") }
        guard ServeHTTPVersion(rawValue: http) != nil else { throw ValidationError("--http must be 1.1 or 2 (got \(http))") }
        // A field value holds no control characters (RFC 9110 §5.5): a CR LF would add header lines to every answer.
        if let contentType, contentType.isEmpty || contentType.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw ValidationError("--content-type must be a header value without control characters (got \(MessageText.quoted(contentType)))")
        }
    }

    func run() throws {
        guard let directory = assets ?? AssetLocator.directory("Images")?.path else {
            fail("scrolllab serve: no Assets/Images found; use --assets DIR", code: CommandExit.input)
        }
        let files: [AssetFile]
        do { files = try AssetCatalog.imageFiles(in: directory) } catch { fail("scrolllab serve: \(error.description)", code: CommandExit.input) }
        if files.isEmpty {
            writeStandardError("scrolllab serve: warning: \(MessageText.quoted(directory)) holds no image files; every /img/N is 404")
        }
        let faults = ServeFaults(status: status, failRate: failRate, truncate: truncate, stall: stall, contentType: contentType,
                                 redirectLoop: redirectLoop, seed: seed)
        let images = ImageServer(files: files, folder: directory, profile: NetworkProfile.named(network), faults: faults,
                                 labelsHTTP: http == ServeHTTPVersion.http2.rawValue, tls: tls)
        // SIGINT, SIGTERM and SIGHUP end it with exit code 0 within a moment, however it was started. They
        // are blocked here, before any thread of the server exists (NIO's event loops inherit it; one that
        // comes before the listener stays pending), and taken by a thread of their own, which stops
        // accepting, lets a response that has sent its last byte write its log line (at most 0.5 s), then
        // exits. A thread that does not block them (one the runtime made earlier) exits at once through the
        // handler. (Dispatch signal sources were used before: the release build's were released by the
        // optimiser and it ignored every signal, and a source installs its handler later, on its own queue,
        // so a signal right after start was lost.)
        // SIGQUIT (Ctrl-\), SIGUSR1, SIGUSR2 and SIGALRM too: a supervisor's or a timeout's other signal
        // stops it the same way, its certificate file removed (they killed it, exit 128 + n, the file left).
        let stops = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM]
        var set = sigset_t()
        sigemptyset(&set)
        for number in stops {
            sigaddset(&set, number)
            _ = Glibc.signal(number) { _ in _exit(0) }
        }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        // A client or a log reader that goes away is an error on that write, not the end of the server.
        _ = Glibc.signal(SIGPIPE, SIG_IGN)
        let version = ServeHTTPVersion(rawValue: http) ?? .http1
        let secure: (context: ServeTLS, file: String)?
        do { secure = try tls ? Self.certificate(http: version) : nil } catch {
            // The certificate's PEM file is serve's output: one that cannot be written is exit 1 (B-EXIT-1).
            fail("scrolllab serve: cannot make its TLS certificate: \(error.description)", code: CommandExit.failed)
        }
        let listener: ServeListener
        do { listener = try ServeListener(port: UInt16(port), server: images, http: version, tls: secure?.context) } catch {
            if let secure { unlink(secure.file) }
            fail("scrolllab serve: cannot listen on 127.0.0.1:\(port): \(error.description)", code: CommandExit.input)
        }
        var serving: [(String, LabKit.JSONValue)] = [
            ("event", .string("serving")), ("source", .string("\(tls ? "https" : "http")://127.0.0.1:\(listener.port)/img/{asset}.jpg")),
            ("port", .int(Int(listener.port))), ("network", .string(network)), ("assets", .int(files.count)),
        ]
        if let secure { serving.append(("certificate", .string(secure.file))) }
        if version == .http2 { serving.append(("http", .string(version.rawValue))) }
        let certificateFile = secure?.file
        // A log that stopped is exit 1, unless standard output was unusable from the start (the serving line
        // could not be written: a caller that named the port serves without the log, as said then).
        let servingLine = ServingLine()
        let exitCode = { @Sendable () -> Int32 in servingLine.written.load(ordering: .sequentiallyConsistent) && images.logFailure != nil ? CommandExit.failed : 0 }
        let waited = set
        let stopper = Thread {
            var set = waited, received: Int32 = 0
            while sigwait(&set, &received) != 0 {}
            listener.stopAccepting()
            images.quiesce()
            if let certificateFile { unlink(certificateFile) }
            _exit(exitCode())
        }
        stopper.start()
        // A caller that named the port can use the server without its line (output closed or discarded),
        // so a line that cannot be written stops nothing; but it is said, with what the line carried.
        if writeLine(LabKit.JSONValue.object(serving).serialized, to: STDOUT_FILENO) {
            servingLine.written.store(true, ordering: .sequentiallyConsistent)
        } else {
            writeStandardError("scrolllab serve: cannot write the serving line to standard output (\(OutputFile.errorText())); "
                + "serving on 127.0.0.1:\(listener.port)" + (certificateFile.map { ", certificate \($0)" } ?? ""))
        }
        listener.wait()
        images.quiesce()
        if let certificateFile { unlink(certificateFile) }
        _exit(exitCode())
    }

    /// `--tls`: a certificate made now, written (PEM) to a file of this process's in the temporary folder,
    /// and the server's TLS context with it.
    private static func certificate(http: ServeHTTPVersion) throws(ServeCertificate.MakeError) -> (context: ServeTLS, file: String) {
        let certificate = try ServeCertificate.make()
        let context = try certificate.serverContext(protocols: ServeListener.alpnProtocols(http))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scrolllab-serve-\(getpid()).pem").path
        do { try certificate.pem.write(toFile: file, atomically: true, encoding: .utf8) } catch {
            throw ServeCertificate.MakeError(description: "cannot write \(MessageText.quoted(file)): \(error.localizedDescription)")
        }
        return (context, file)
    }
}

/// Whether `serve`'s serving line was written: set once, read by the thread that ends the process.
private final class ServingLine: Sendable {
    let written = Atomic<Bool>(false)
}
