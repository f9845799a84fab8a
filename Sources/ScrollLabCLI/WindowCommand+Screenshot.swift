import ArgumentParser

extension WindowCommand {
    /// `--screenshot`, `--screenshot-after`: a PNG of the window, at exit or after some seconds.
    struct Screenshot: ParsableArguments {
        @Option(help: "Save a PNG of the window to this file, at exit (or after --screenshot-after seconds).")
        var screenshot: String?

        @Option(name: .customLong("screenshot-after"), help: "Take --screenshot this many seconds after start instead of at exit.")
        var screenshotAfter: Double?
    }
}
