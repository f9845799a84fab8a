import ArgumentParser

extension WindowCommand {
    /// `--stall-ms`, `--stall-every`: a main-thread stall injected now and then, a hitch to watch the
    /// hitch ratio climb.
    struct Stall: ParsableArguments {
        @Option(name: .customLong("stall-ms"), help: "Inject a main-thread stall of this many milliseconds (with --stall-every): a hitch to watch the hitch ratio climb.")
        var stallMs: Double?

        @Option(name: .customLong("stall-every"), help: "With --stall-ms: stall once every this many seconds.")
        var stallEvery: Double?
    }
}
