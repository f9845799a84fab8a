import Foundation
import LabKit
import ScrollKit

/// Writes the `--trace-out` JSON lines: one compact JSON object per line, each written as it goes so a
/// crash or a kill still leaves a readable trace. The file is opened in place (`OutputFile`: a FIFO, a
/// device or a symlink is written through; `-` is stdout) and always ends with complete lines.
///
/// The first write error is said once on stderr; `failure` keeps it so the window can stop and exit 1.
package final class TraceWriter {
    private let file: OutputFile

    /// Creates (or truncates) `path` in place.
    package init(path: String) throws(AppError) {
        file = try OutputFile(path: path)
    }

    /// Why the trace could not be written, or nil.
    package var failure: String? { file.failure }

    /// Appends one line (nothing once a write has failed).
    package func write(_ value: JSONValue) {
        guard file.failure == nil else { return }
        if !file.write(value.serialized + "\n") {
            writeStandardError("scrolllab: trace: \(file.failure ?? "write failed")")
        }
    }

    deinit {
        file.close()
    }
}
