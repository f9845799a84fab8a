import Foundation
import ScrollKit

/// A gesture file read on a thread of its own for the window's `--replay` (§7): the window opens at once
/// and the replay starts when the file has parsed, so a large file no longer keeps the window from
/// appearing; a bad file ends the window with its one line.
package final class GestureLoad: @unchecked Sendable {
    /// What reading the file gave.
    package enum Outcome {
        case read([PointerEvent])
        case failed(String)
    }

    private let lock = NSLock()
    private var outcome: Outcome?

    /// Starts reading `path` (`-`: standard input).
    package init(path: String) {
        Thread.detachNewThread { [self] in
            var events: [PointerEvent] = []
            let result: Outcome
            do throws(GestureReadError) {
                try readGestureEvents(path) { events.append($0) }
                result = events.isEmpty ? .failed("\(path == "-" ? "stdin" : MessageText.quoted(path)) holds no pointer events")
                    : .read(events)
            } catch {
                result = .failed(error.message)
            }
            lock.withLock { outcome = result }
        }
    }

    /// The outcome once the file is read (then never again), nil while reading.
    package func take() -> Outcome? {
        lock.withLock {
            defer { if outcome != nil { outcome = nil } }
            return outcome
        }
    }
}
