import ArgumentParser
import Foundation
import LabKit
import ScrollLabCore
import ScrollLabHTTP

/// `--source URL-TEMPLATE` for the commands without a window (`replay --headless`, `bench`, `sweep run`;
/// B-NET-3): the images come from a real server over URLSession, in real time, instead of the model.
/// `--network` then names the profile the server shapes (`scrolllab serve --network PROFILE`): the run
/// is configured and labelled with it as a modelled run is (its radio, its oracle), but its transfers are
/// the server's. Every output line of such a run ends with `"realNetwork"`. Under `--http 2` the client is
/// async-http-client over TLS (`https://`, `serve --http 2 --tls`; `--source-ca` the certificate to trust),
/// since URLSession on Linux cannot speak HTTP/2 to it (docs/network.md).
struct RealSourceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Fetch the images over HTTP from this URL template ({asset}: the image's number; what `scrolllab serve` prints) with URLSession (with --http 2: async-http-client), in real time, instead of the network model; --network names the profile the server shapes. Every output line gains \"realNetwork\".", valueName: "URL-TEMPLATE"))
    var source: String?

    @Option(name: .customLong("http-timeout"), help: "With --source: seconds without data before a fetch fails with \"timeout\".")
    var httpTimeout = 10.0

    @Option(name: .customLong("source-ca"), help: ArgumentHelp("With --source https://… and --http 2: trust this CA certificate (PEM; what `scrolllab serve --tls` prints as \"certificate\").", valueName: "FILE"))
    var sourceCA: String?

    /// The rules: a URL template with `{asset}`, one profile named (the server's), one HTTP version: 1.1
    /// (URLSession) or 2 over `https://` (async-http-client; URLSession cannot, and nothing here speaks
    /// h2c), `--source-ca` a PEM certificate and only for 2, a timeout as the window's.
    func validate(networks: Int, http: [HTTPVersion], tls: [Bool] = []) throws {
        if !(httpTimeout.isFinite && httpTimeout >= 0.1 && httpTimeout <= 600) {
            throw ValidationError("--http-timeout must be between 0.1 and 600 seconds")
        }
        guard let source else { return }   // --source-ca without it: OptionAudit
        if let problem = HTTPImageFetcher.problem(with: source) { throw ValidationError(problem) }
        guard networks == 1 else {
            throw ValidationError("--source needs --network PROFILE, one profile: the one the server shapes (scrolllab serve --network PROFILE); the transfers are the server's, the profile labels the run")
        }
        if let problem = Self.problem(source: source, http: http, certificateFile: sourceCA) { throw ValidationError(problem) }
        if isTLS ? tls.contains(false) : tls.contains(true) {
            throw ValidationError(isTLS ? Self.tlsOffOverHTTPS
                                        : "--tls with --source needs an https:// server (scrolllab serve --tls): an http:// source is cleartext")
        }
    }

    /// Why `--tls off` cannot go with an https:// `--source`.
    static let tlsOffOverHTTPS = "--tls off with --source https://…: that server speaks TLS, so its runs are --tls on (the scheme decides)"

    /// True when `--source` names an https:// server: its runs' connections are TLS, as `--tls` models them.
    var isTLS: Bool { Self.isTLS(source) }

    /// True when `source` is an https:// URL template (the window's `--source` too).
    static func isTLS(_ source: String?) -> Bool { source?.lowercased().hasPrefix("https://") == true }

    /// The PEM bytes of the certificate `--source-ca` names, read once (a pipe can be read only once), or
    /// the program ends: an input file, so missing or unreadable is exit 2 and not a certificate exit 1
    /// (B-EXIT-1), as `--feed`. The run's clients trust these bytes, never the file read again.
    static func certificate(_ path: String, command: String) -> [UInt8] {
        let pem: [UInt8]
        do { pem = try AsyncImageFetcher.pem(file: path) } catch {
            fail("\(command): --source-ca: cannot read \(MessageText.quoted(path))", code: CommandExit.input)
        }
        do { _ = try AsyncImageFetcher.trustRoots(pem: pem, name: path) } catch {
            fail("\(command): \(error.description)", code: CommandExit.failed)
        }
        return pem
    }

    /// `--source-ca`'s certificate (`certificate`), nil without it: read once, before anything is written;
    /// `command` names the command in a refusal (`scrolllab sweep`).
    func certificate(command: String) -> [UInt8]? { sourceCA.map { Self.certificate($0, command: command) } }

    /// Why `--source`'s HTTP versions or `--source-ca` cannot be served, or nil.
    static func problem(source: String, http: [HTTPVersion], certificateFile: String?) -> String? {
        if http.contains(.http2) {
            if http.count > 1 { return "--source runs one HTTP version: give --http 2 or --http 1.1, not both" }
            if !source.lowercased().hasPrefix("https://") {
                return "--http 2 with --source needs an https:// server (scrolllab serve --http 2 --tls): URLSession on Linux (libcurl) speaks HTTP/1.1 over http://, and the lab's HTTP/2 client (async-http-client) speaks HTTP/2 over TLS only (docs/network.md)"
            }
        } else if certificateFile != nil {
            return "--source-ca is for --http 2 (async-http-client): URLSession on Linux cannot be told to trust a certificate outside the system's bundle (docs/network.md)"
        }
        return nil
    }

    /// The real server as the runs' source under HTTP version `http` (nil without `--source`): each run its
    /// own client (cold connections, as a modelled run starts): URLSession with the run's connections per
    /// host, or under `--http 2` async-http-client (one connection, a stream a fetch) trusting `certificate`
    /// (`--source-ca`'s bytes, checked by `certificate()`). `sizeCheck`: where every run's fetches are held
    /// against their images' sizes (`warn` says what it found).
    func external(http: HTTPVersion, certificate: [UInt8]?, sizeCheck: FetchedSizeCheck? = nil) -> ExternalImageSource? {
        guard let source else { return nil }
        let timeout = httpTimeout
        let trust = certificate.flatMap { try? AsyncImageFetcher.trustRoots(pem: $0, name: sourceCA ?? "--source-ca") }
        let label: [(String, JSONValue)] = [("realNetwork", .object([("source", .string("http")), ("client", .string(Self.client(http))),
                                                                      ("http", .string(http.rawValue))]))]
        return ExternalImageSource(label: label) { c in
            let fetcher: any ImageFetching = http == .http2
                ? AsyncImageFetcher(template: source, timeout: timeout, trust: trust)
                : HTTPImageFetcher(template: source, timeout: timeout, connectionsPerHost: c.hostConnections())
            return (HTTPImageSource(fetcher: fetcher, configuration: c, sizeCheck: sizeCheck), { fetcher.stopTransfers(timeout: 2) })
        }
    }

    /// Writes what `check` found on standard error, a line each: bodies not their images' size (the server's
    /// files are not the run's images), fetches that failed. Nothing when all was well.
    func warn(_ check: FetchedSizeCheck, command: String) {
        guard let source else { return }
        for line in check.warnings(source: source) { writeStandardError("scrolllab \(command): warning: " + line) }
    }

    /// The client each HTTP version's runs fetch with, as their lines name it.
    /// The refusal of a run over `source` in which no image arrived (`LoadMetrics.noImageArrived`): its
    /// figures would be a session with nothing to show, which no verdict should read.
    static func noImageArrived(from source: String, _ failures: String, command: String) -> String {
        "scrolllab \(command): no image arrived from \(source): every load failed (\(failures)); is the server running "
            + "and the URL template right? (`scrolllab serve` prints one)"
    }

    static func client(_ http: HTTPVersion) -> String { http == .http2 ? "async-http-client" : "URLSession" }
}
