import ArgumentParser

extension WindowCommand {
    /// `--debug-stall-at-sample`, `--debug-stall-ms` (hidden): a stall at a fixed move of each drag, for
    /// debugging the input path.
    struct DebugStall: ParsableArguments {
        @Option(name: .customLong("debug-stall-at-sample"), help: ArgumentHelp("Debug: stall the main thread after this move of each drag.", visibility: .hidden))
        var debugStallAtSample: Int?

        @Option(name: .customLong("debug-stall-ms"), help: ArgumentHelp("Debug: the stall's length in milliseconds.", visibility: .hidden))
        var debugStallMs = 100
    }
}
