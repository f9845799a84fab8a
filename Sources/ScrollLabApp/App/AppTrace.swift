import ScrollKit
import ScrollLabCore

/// The `--trace-out` file and the lines written to it (`TraceLog`), and the phone's rect last written.
struct AppTrace {
    let file: TraceWriter
    let log: TraceLog
    /// The phones' rects in window coordinates last written to the trace.
    var lastViewport: Rect?

    /// A trace to the file at `path`; throws one line when it cannot be opened.
    init(path: String, includesDidScroll: Bool) throws(AppError) {
        file = try TraceWriter(path: path)
        log = TraceLog(includesDidScroll: includesDidScroll, write: file.write)
    }
}
