import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// Reads a gesture file line by line (`-` is standard input; a pipe or FIFO is read as it comes), with
/// bounded memory: each event goes to `body` as soon as its line is parsed. Exits with one clear line
/// naming the file and line on the first problem, or when more than `byteLimit` bytes arrive.
/// Returns how many events were read.
@discardableResult
package func readGesture(_ path: String, command: String, byteLimit: Int? = nil, _ body: (PointerEvent) -> Void) -> Int {
    do throws(GestureReadError) {
        return try readGestureEvents(path, byteLimit: byteLimit, body)
    } catch {
        fail("scrolllab \(command): \(error.message)")
    }
}

/// Reads and parses a whole gesture file (for the window's `--replay`, bench and soak), or exits with
/// one clear line naming the file and line.
package func loadGesture(_ path: String, command: String) -> [PointerEvent] {
    var events: [PointerEvent] = []
    readGesture(path, command: command) { events.append($0) }
    guard !events.isEmpty else { fail("scrolllab \(command): \(path) holds no pointer events") }
    return events
}

/// Writes `message` as one line on stderr and exits with `code`.
package func fail(_ message: String, code: Int32 = 1) -> Never {
    writeStandardError(message)
    exit(code)
}

/// Flushes what `print` buffered; on a write error (a full device, a closed pipe) says so in one line
/// and exits 1, so no command reports success for output that was lost.
package func finishStandardOutput(command: String) {
    if fflush(nil) != 0 {
        fail("scrolllab \(command): cannot write standard output: \(OutputFile.errorText())")
    }
}

/// Writes the command's output lines to standard output as they come; exits 1 on a write error.
package final class CommandOutput {
    private let command: String
    private let file: OutputFile

    /// Standard output for `command`.
    package init(command: String) {
        self.command = command
        file = .standardOutput()
    }

    /// Writes `text` (whole lines); exits with one line on a write error.
    package func write(_ text: String) {
        guard !file.write(text) else { return }
        fail("scrolllab \(command): \(file.failure ?? "cannot write to standard output")")
    }

    /// Writes one line.
    package func line(_ text: String) { write(text + "\n") }
}
