import ScrollKit

/// The `--trace-out` file and the lines written to it (`TraceLog`), and the phone's rect last written.
package struct AppTrace {
    package let file: TraceWriter
    package let log: TraceLog
    /// The phones' rects in window coordinates last written to the trace.
    package var lastViewport: Rect?

    /// A trace to the file at `path`; throws one line when it cannot be opened.
    package init(path: String, includesDidScroll: Bool) throws(AppError) {
        file = try TraceWriter(path: path)
        log = TraceLog(includesDidScroll: includesDidScroll, write: file.write)
    }
}
