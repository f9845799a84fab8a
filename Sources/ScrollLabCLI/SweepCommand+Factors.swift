import ArgumentParser
import LabKit

extension SweepCommand.Run {
    /// `--policies` … `--http`: the sweep's factors, each a comma list; every configuration takes one
    /// value of each (`plan()` reads them and checks every value against the option's rule).
    struct Factors: ParsableArguments {
        @Option(help: "Policies, comma-separated (a peer's @shipped variant on its system's pipeline: texture@shipped, …); all: every policy on the shared pipeline, alone or beside others (default all).")
        var policies: String = "all"

        @Option(name: .customLong("latency-ms"), parsing: .unconditional, help: "Constant latencies in ms, comma-separated (default 80 unless --network).")
        var latencyMs: String?

        @Option(help: ArgumentHelp("Network profiles, comma-separated: " + NetworkProfile.names + "."))
        var network: String?

        @Option(name: .customLong("cache-images"), parsing: .unconditional, help: "Memory cache sizes in images, comma-separated (default 12).")
        var cacheImages: String?

        @Option(parsing: .unconditional, help: "Refresh rates in Hz, comma-separated (default 60).")
        var refresh: String?

        @Option(parsing: .unconditional, help: "Requests in flight at once (URLSession's connections per host), comma-separated (default 6).")
        var connections: String?

        @Option(help: "HTTP versions of the modelled network, comma-separated: 1.1, 2 (default 1.1).")
        var http: String?

        @Option(help: ArgumentHelp("Connections over TLS 1.3, comma-separated: off, on (default off; under --network only).", valueName: "LIST"))
        var tls: String?
    }
}
