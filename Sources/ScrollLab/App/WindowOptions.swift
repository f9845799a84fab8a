import ScrollKit

/// Everything the window command line decides, as plain values.
struct WindowOptions: Sendable {
    /// JSON-lines trace destination, if any.
    var traceOut: String?
    /// Also write `didScroll` records to the trace.
    var traceDidScroll: Bool = false
    /// Also write every pointer sample the window took (gesture-file fields, app-stamped time).
    var tracePointer: Bool = false
    /// PNG written by `--screenshot`.
    var screenshot: String?
    /// When to take `--screenshot` (seconds after start); nil means at exit.
    var screenshotAfter: Double?
    /// Render offscreen with the software renderer (no display needed).
    var headless: Bool = false
    /// Force SDL's software renderer even when an accelerated one exists.
    var software: Bool = false
    /// Pointer samples of a gesture file to play in the window (`--replay FILE`), already parsed.
    var replay: [PointerEvent]?
    /// Quit after this many frames.
    var frames: Int?
    /// Quit after this many seconds.
    var quitAfter: Double?
}
