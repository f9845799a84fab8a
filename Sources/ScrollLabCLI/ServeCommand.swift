import ArgumentParser
import Dispatch
import FlyingFox
import FlyingSocks
import Foundation
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
            byte after a round trip (two on a new connection), lost packets as retransmission timeouts (1, \
            2, 4 s; after four, 504) and a round trip per lost body packet, and the body in 4 KB chunks \
            through one token bucket at the profile's downlink shared by every connection.

            Faults: --status CODE answers every image request with CODE; --fail-rate F answers that share \
            of requests (seeded by --seed) with 500; --truncate sends half of each body and closes the \
            connection; --stall S waits S seconds after the headers before the body; --content-type T \
            sends T as the Content-Type; --redirect-loop redirects every request to itself. \
            SIGINT or SIGTERM stops it (exit 0).
            """
    )

    @Option(help: "Folder of images to serve (default: the bundled Assets/Images).")
    var assets: String?

    @Option(help: "Port on 127.0.0.1 (0: any free port; the serving line says which).")
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

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535 (got \(port))") }
        if network != "none", NetworkProfile.named(network) == nil {
            throw ValidationError("--network must be one of \(NetworkProfile.names) or none (got \(network))")
        }
        if let status, !(200...599).contains(status) { throw ValidationError("--status must be an HTTP status, 200–599 (got \(status))") }
        guard failRate.isFinite, (0...1).contains(failRate) else { throw ValidationError("--fail-rate must be between 0 and 1") }
        if let stall, !(stall.isFinite && stall >= 0 && stall <= 3600) { throw ValidationError("--stall must be between 0 and 3600 seconds") }
    }

    func run() throws {
        guard let directory = assets ?? AssetLocator.directory("Images")?.path else {
            fail("scrolllab serve: no Assets/Images found; use --assets DIR", code: 2)
        }
        let files: [AssetFile]
        do { files = try AssetCatalog.imageFiles(in: directory) } catch { fail("scrolllab serve: \(error.description)", code: 2) }
        let faults = ServeFaults(status: status, failRate: failRate, truncate: truncate, stall: stall, contentType: contentType,
                                 redirectLoop: redirectLoop, seed: seed)
        let images = ImageServer(files: files, profile: NetworkProfile.named(network), faults: faults)
        let address: sockaddr_in
        do { address = try .inet(ip4: "127.0.0.1", port: UInt16(port)) } catch { fail("scrolllab serve: \(error)", code: 2) }
        let server = HTTPServer(address: address, timeout: 3600, logger: .disabled)
        let name = network
        let done = DispatchSemaphore(value: 0)
        Task {
            await server.appendRoute("GET /*") { request in await images.respond(request) }
            let running = Task { try await server.run() }
            do {
                try await server.waitUntilListening(timeout: 10)
            } catch {
                writeStandardError("scrolllab serve: cannot listen on 127.0.0.1:\(port): \(error.localizedDescription)")
                Foundation.exit(2)
            }
            guard case let .ip4(_, bound)? = await server.listeningAddress else {
                writeStandardError("scrolllab serve: cannot tell which port it listens on")
                Foundation.exit(2)
            }
            writeLine(LabKit.JSONValue.object([
                ("event", .string("serving")), ("source", .string("http://127.0.0.1:\(bound)/img/{asset}.jpg")),
                ("port", .int(Int(bound))), ("network", .string(name)), ("assets", .int(files.count)),
            ]).serialized, to: STDOUT_FILENO)
            do { try await running.value } catch {
                writeStandardError("scrolllab serve: \(error.localizedDescription)")
                Foundation.exit(2)
            }
            done.signal()
        }
        // SIGINT and SIGTERM end it with exit code 0 (each request's line is written whole before its response ends).
        let signals = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            _ = Glibc.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { Foundation.exit(0) }
            source.resume()
            return source
        }
        _ = signals
        DispatchQueue.global().async {
            done.wait()
            Foundation.exit(0)
        }
        dispatchMain()
    }
}
