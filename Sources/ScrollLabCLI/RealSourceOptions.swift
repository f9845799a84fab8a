import ArgumentParser
import LabKit
import ScrollLabCore
import ScrollLabHTTP

/// `--source URL-TEMPLATE` for the commands without a window (`replay --headless`, `bench`, `sweep run`;
/// B-HTTP-2): the images come from a real server over URLSession, in real time, instead of the model.
/// `--network` then names the profile the server shapes (`scrolllab serve --network PROFILE`): the run
/// is configured and labelled with it as a modelled run is (its radio, its oracle), but its transfers are
/// the server's. Every output line of such a run ends with `"realNetwork"`.
struct RealSourceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Fetch the images over HTTP with URLSession from this URL template ({asset}: the image's number; what `scrolllab serve` prints), in real time, instead of the network model; --network names the profile the server shapes. Every output line gains \"realNetwork\".", valueName: "URL-TEMPLATE"))
    var source: String?

    @Option(name: .customLong("http-timeout"), help: "With --source: seconds without data before a fetch fails with \"timeout\".")
    var httpTimeout = 10.0

    /// The rules: a URL template with `{asset}`, one profile named (the server's), HTTP/1.1 (what URLSession
    /// speaks to `serve` over `http://`), a timeout as the window's.
    func validate(networks: Int, http: [HTTPVersion]) throws {
        if !(httpTimeout.isFinite && httpTimeout >= 0.1 && httpTimeout <= 600) {
            throw ValidationError("--http-timeout must be between 0.1 and 600 seconds")
        }
        guard let source else { return }
        if let problem = HTTPImageFetcher.problem(with: source) { throw ValidationError(problem) }
        guard networks == 1 else {
            throw ValidationError("--source needs --network PROFILE, one profile: the one the server shapes (scrolllab serve --network PROFILE); the transfers are the server's, the profile labels the run")
        }
        if http.contains(.http2) {
            throw ValidationError("--http 2 cannot be asked of --source: URLSession on Linux (libcurl) speaks HTTP/1.1 over http://, even to scrolllab serve --http 2 (docs/network.md)")
        }
    }

    /// The real server as the runs' source (nil without `--source`): each run its own URLSession (cold
    /// connections, as a modelled run starts), its connections per host the run's.
    var external: ExternalImageSource? {
        guard let source else { return nil }
        let timeout = httpTimeout
        let label: [(String, JSONValue)] = [("realNetwork", .object([("source", .string("http")), ("client", .string("URLSession")),
                                                                      ("http", .string(HTTPVersion.http1_1.rawValue))]))]
        return ExternalImageSource(label: label) { c in
            let fetcher = HTTPImageFetcher(template: source, timeout: timeout, connectionsPerHost: c.hostConnections())
            return (HTTPImageSource(fetcher: fetcher, configuration: c), { fetcher.stopTransfers(timeout: 2) })
        }
    }
}
