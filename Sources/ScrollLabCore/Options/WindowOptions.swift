import ScrollKit

/// Everything the window command line decides, as plain values.
package struct WindowOptions: Sendable {
    /// JSON-lines trace destination, if any.
    package var traceOut: String?
    /// Also write `didScroll` records to the trace.
    package var traceDidScroll: Bool = false
    /// Also write every pointer sample the window took (gesture-file fields, app-stamped time, and the
    /// number of the first frame presented after it).
    package var tracePointer: Bool = false
    /// Also write one line per presented frame: its number, model time and the content offset drawn.
    package var traceFrames: Bool = false
    /// PNG written by `--screenshot`.
    package var screenshot: String?
    /// When to take `--screenshot` (seconds after start); nil means at exit.
    package var screenshotAfter: Double?
    /// Render offscreen with the software renderer (no display needed).
    package var headless: Bool = false
    /// Force SDL's software renderer even when an accelerated one exists.
    package var software: Bool = false
    /// Use exactly this SDL render driver (`software`, `opengl`, …), without vsync; nil chooses as usual.
    package var renderDriver: String?
    /// Pointer samples of a gesture to play in the window, already parsed (the frame bench).
    package var replay: [PointerEvent]?
    /// A gesture file to play in the window (`--replay FILE`), read on a thread of its own.
    package var replayFile: String?
    /// Keep the HUD's messages off standard output (the frame bench prints only its results).
    package var quiet: Bool = false
    /// Quit after this many frames.
    package var frames: Int?
    /// Quit after this many seconds.
    package var quitAfter: Double?
    /// The window's size in multiples of 960×600 (`--scale`).
    package var scale: Double = 1
    /// How the frame loop is paced (`--pacing`).
    package var pacing: FramePacing = .adaptive
    /// Debug: stall the main thread after this move of each drag (`--debug-stall-at-sample`).
    package var debugStallAtSample: Int?
    /// Debug: how long that stall lasts, milliseconds.
    package var debugStallMs: Int = 100
    /// Injected main-thread stalls (`--stall-ms MS --stall-every S`): milliseconds, and seconds between.
    package var stallMs: Double?
    package var stallEvery: Double?
    /// Decode images on the render thread (`--decode-on-main`).
    package var decodeOnMain: Bool = false
    /// Decode JPEGs downsampled to their tile's pixels (`--downsample on`, the default) or whole.
    package var downsample: Bool = true
    /// The `--device`'s memory limit: an image whose decode would pass it is never allocated.
    package var memoryLimitBytes: Int?
    /// Fetch the grid's images over HTTP from this URL template (`--source`).
    package var source: String?
    /// Images on the model clock from the headless replay's source, decoded the moment they finish
    /// (`replay --video`: the same frames every run), instead of real decodes in real time.
    package var imagesOnModelClock: Bool = false
    /// Empty the disk cache before the first load (`--clear-disk-cache`): a cold start.
    package var clearDiskCache: Bool = false
    /// Seconds without data before an HTTP fetch fails with "timeout" (`--http-timeout`).
    package var httpTimeout: Double = 10
    /// The CA certificate the HTTP/2 client trusts for `--source https://… --http 2`: the PEM bytes of
    /// `--source-ca`'s file, read once when the window starts (a pipe can be read only once).
    package var sourceCAPEM: [UInt8]?

    /// The command line's defaults.
    package init() {}
}

/// The frame loop's pacing: the pacer that learns what frames cost, a phone's display link, or the loop
/// before the pacer (for comparison).
package enum FramePacing: String, Sendable, CaseIterable {
    /// Wakes as late as the frames' learnt cost allows: the least latency.
    case adaptive
    /// As UIKit's main thread under `CADisplayLink`: a frame's work starts at the blank and has the whole
    /// period; it shows at the first blank after it ends, so a frame over the period is late by whole
    /// periods (the model's main thread, `MainThreadMeter`, counts the same way).
    case displayLink = "display-link"
    case legacy
}
