import ArgumentParser

extension BenchCommand {
    /// `--refresh`, `--touch-hz`: the replay clock's two rates — the frame rate it steps at and the touch
    /// rate the gestures are resampled to.
    struct Rates: ParsableArguments {
        @Option(parsing: .unconditional, help: "Display refresh rate in Hz: the replay clock's frame rate (default 60).")
        var refresh: Double = 60

        @Option(name: .customLong("touch-hz"), parsing: .unconditional, help: "Resample the gestures to this touch rate in Hz first.")
        var touchHz: Double?
    }
}
