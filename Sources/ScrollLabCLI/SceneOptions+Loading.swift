import ArgumentParser
import LabKit
import ScrollLabCore

extension SceneOptions {
    /// `--policy` … `--http`: how the grid loads its images — the policy, and the source it loads from
    /// (a constant latency or a modelled network, the disk cache in front, the requests' order, connections,
    /// HTTP version and TLS). Their rules run in `SceneOptions.validate()`, in the order they always had.
    struct Loading: ParsableArguments {
        @Option(help: ArgumentHelp("Image-loading policy of the grid: "
                                   + LoadingPolicyKind.allCases.filter { !$0.isPeer }.map(\.rawValue).joined(separator: ", ")
                                   + ", or a peer from a shipping system: "
                                   + LoadingPolicyKind.allCases.filter(\.isPeer).map { "\($0.rawValue) (\($0.system))" }.joined(separator: ", ")
                                   + " (on the shared pipeline; "
                                   + PolicyVariant.allNames.filter { $0.hasSuffix(PolicyVariant.shippedSuffix) }.joined(separator: ", ")
                                   + " on the system's own); all (replay --headless): every policy in turn."))
        var policy: PolicyChoice = .one(PolicyVariant(.adaptive))

        @Option(name: .customLong("seed-problem"), help: "Show seed 000's problem 1, 2 or 3 in its broken form (Deferred and Target).")
        var seedProblem: Int?

        @Option(name: .customLong("latency-ms"), parsing: .unconditional, help: "Simulated image source latency in milliseconds.")
        var latencyMs: Double = 80

        @Option(help: ArgumentHelp("Network the grid's images come over: " + NetworkProfile.names
                                   + " (Network Link Conditioner's and DevTools' presets; round trip, shared bandwidth, loss). "
                                   + "Default: none, --latency-ms's constant latency with no bandwidth limit."))
        var network: NetworkProfile?

        @Option(name: .customLong("disk-cache"), help: ArgumentHelp("Disk cache between memory and network, under --network or --source: a folder, on or off (on, the default: \(DiskCacheChoice.defaultDirectory) in the window; replay models one in memory, starting empty; with a folder it starts with the folder's images and leaves its own there).", valueName: "DIR|on|off"))
        var diskCache: DiskCacheChoice?

        @Option(name: .customLong("request-order"), help: "Order of requests of equal priority waiting for a connection (the pipeline's queue): fifo or lifo, the newest first (SDWebImage's execution order).")
        var requestOrder: RequestOrder = .fifo

        @Option(parsing: .unconditional, help: "Requests in flight at once, the same for every policy: URLSession's connections per host (default 6); under --http 2, streams on one connection.")
        var connections: Int = GridSceneConfiguration().connections

        @Option(help: "HTTP version of the modelled network: 1.1 (a connection per request in flight) or 2 (one connection, one handshake, streams sharing its bandwidth and its losses).")
        var http: HTTPVersion = .http1_1

        @Flag(help: "Connections over TLS 1.3 (HTTPS, as an iOS app's images come): each new connection's handshake takes one round trip more than TCP's alone (under --network; with --source, an https:// server is TLS).")
        var tls = false
    }
}
