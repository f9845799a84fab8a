import ArgumentParser

extension SceneOptions {
    /// `--refresh`, `--touch-hz`: the model clock's two rates — the frame rate it steps at and the touch
    /// rate gestures reach it at.
    struct Rates: ParsableArguments {
        @Option(parsing: .unconditional, help: "Display refresh rate in Hz: the model clock's frame rate in replay and the window's pacing (default: 60 in replay, the display's rate in the window).")
        var refresh: Double?

        @Option(name: .customLong("touch-hz"), parsing: .unconditional, help: "Resample gestures (replays) to this touch rate in Hz before they reach the model.")
        var touchHz: Double?
    }
}
