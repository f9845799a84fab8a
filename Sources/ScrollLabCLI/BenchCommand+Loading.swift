import ArgumentParser
import LabKit
import ScrollLabCore

extension BenchCommand {
    /// `--latency-ms` … `--http`: what every row loads and over what — the images, a constant latency or a
    /// modelled network, the disk cache in front, and the shared pipeline's connections and HTTP version.
    /// Their rules run in `BenchCommand.validate()`, in the order they always had.
    struct Loading: ParsableArguments {
        @Option(name: .customLong("latency-ms"), parsing: .unconditional, help: "Simulated source latency in milliseconds.")
        var latencyMs: Double = 80

        @Option(help: ArgumentHelp("Network the images come over: " + NetworkProfile.names + ", or all: every policy under every profile (default: none, --latency-ms's constant latency)."))
        var network: NetworkChoice?

        @Option(help: "Folder of images, as replay's --assets: the grid shows its image files, and under --network each moves its file's size (default: the bundled Assets/Images, found from the current directory or the executable; a network without them is refused). With --frames: the images drawn.")
        var assets: String?

        @Option(name: .customLong("disk-cache"), help: ArgumentHelp("Under --network: the modelled disk cache (on, the default: 100 MB, empty at the start of each run), off, or a folder: every run starts with the folder's images and leaves its own there.", valueName: "DIR|on|off"))
        var diskCache: DiskCacheChoice?

        @Option(parsing: .unconditional, help: "Requests in flight at once, the same for every policy: URLSession's connections per host (default 6); under --http 2, streams on one connection.")
        var connections: Int = GridSceneConfiguration().connections

        @Option(help: "HTTP version of the modelled network (with --network): 1.1 or 2 (one connection, one handshake, streams sharing its bandwidth).")
        var http: HTTPVersion = .http1_1

        @Flag(help: "Connections over TLS 1.3 (HTTPS, as an iOS app's images come): each new connection's handshake takes one round trip more than TCP's alone (under --network; with --source, an https:// server is TLS).")
        var tls = false
    }
}
