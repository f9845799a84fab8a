import Foundation
import ScrollKit

/// Writes the `--trace-out` JSON lines: one compact JSON object per line, flushed as it goes so a
/// crash or a kill still leaves a readable trace.
final class TraceWriter {
    private let handle: FileHandle

    /// Creates (or truncates) `path`.
    init(path: String) throws(AppError) {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw .usage("cannot write the trace file \(path)")
        }
        self.handle = handle
    }

    /// Appends one line.
    func write(_ value: JSONValue) {
        handle.write(Data((value.serialized + "\n").utf8))
    }

    deinit {
        try? handle.close()
    }
}
