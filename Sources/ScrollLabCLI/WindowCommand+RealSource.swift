import ArgumentParser

extension WindowCommand {
    /// `--source`, `--clear-disk-cache`, `--http-timeout`, `--source-ca`: the grid's images from a real
    /// server (URLSession, or async-http-client for HTTP/2 over TLS), the disk cache in front of it (or of
    /// `--network`) emptied first, the fetch timeout and the certificate to trust.
    struct RealSource: ParsableArguments {
        @Option(help: ArgumentHelp("Fetch the grid's images over HTTP with URLSession from this URL template, {asset} standing for the image's number (e.g. http://127.0.0.1:8080/img/{asset}.jpg, what `scrolllab serve` prints). Failures show on the tiles and count in the metrics.", valueName: "URL-TEMPLATE"))
        var source: String?

        @Flag(name: .customLong("clear-disk-cache"), help: "Empty the disk cache before the first load: a cold start (K does it in the window).")
        var clearDiskCache = false

        @Option(name: .customLong("http-timeout"), help: "With --source: seconds without data before a fetch fails with \"timeout\".")
        var httpTimeout = 10.0

        @Option(name: .customLong("source-ca"), help: ArgumentHelp("With --source https://… and --http 2: trust this CA certificate (PEM; what `scrolllab serve --tls` prints as \"certificate\").", valueName: "FILE"))
        var sourceCA: String?
    }
}
