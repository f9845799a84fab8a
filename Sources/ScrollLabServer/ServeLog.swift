import Foundation
import LabKit
import ScrollLabCore
import Synchronization

/// `serve`'s log on standard output, written by a thread of its own: a reader that stops reading (a pipe
/// into a pager, a stuck consumer) holds up the log, never the event loops that answer requests. At most
/// `capacity` lines wait; past that a line is dropped and counted, and a `logDropped` line says how many
/// once the reader takes lines again. The thread starts with the first line. A line that cannot be written
/// (a full disk, a file-size limit) is cut back, so the log ends with a whole line; the log stops there, says
/// so once on standard error, and `failure` holds why (serving goes on).
final class ServeLog: Sendable {
    /// The most lines that wait for the reader.
    static let capacity = 10_000

    private struct State {
        var lines: [String] = []
        var dropped = 0
        /// True while the thread writes a batch it has taken.
        var writing = false
        var started = false
        /// Why the log stopped, or nil.
        var failure: String?
    }
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let descriptor: Int32

    init(descriptor: Int32 = STDOUT_FILENO) {
        self.descriptor = descriptor
    }

    /// Queues `line` (dropped and counted when `capacity` lines already wait).
    func write(_ line: String) {
        let start = state.withLock { s -> Bool in
            if s.lines.count < Self.capacity { s.lines.append(line) } else { s.dropped += 1 }
            defer { s.started = true }
            return !s.started
        }
        if start { Thread { [self] in drain() }.start() }
        wake.signal()
    }

    /// Why the log stopped (`cannot write standard output: No space left on device`), or nil.
    var failure: String? { state.withLock { $0.failure } }

    /// Waits until every queued line is written, or until `deadline` (`DispatchTime` uptime, in nanoseconds).
    func flush(until deadline: UInt64) {
        while !state.withLock({ $0.lines.isEmpty && $0.dropped == 0 && !$0.writing }), DispatchTime.now().uptimeNanoseconds < deadline {
            usleep(1000)
        }
    }

    private func drain() {
        let log = OutputFile.borrowing(descriptor, path: descriptor == STDOUT_FILENO ? "-" : "/dev/fd/\(descriptor)")
        while true {
            wake.wait()
            while let (lines, dropped) = state.withLock({ s -> ([String], Int)? in
                guard !s.lines.isEmpty || s.dropped > 0 else {
                    s.writing = false
                    return nil
                }
                defer { (s.lines, s.dropped, s.writing) = ([], 0, true) }
                return (s.lines, s.dropped)
            }) {
                var all = lines
                if dropped > 0 { all.append(JSONValue.object([("event", .string("logDropped")), ("lines", .int(dropped))]).serialized) }
                for line in all where log.failure == nil && !log.write(MessageText.singleLine(line) + "\n") {
                    let failure = log.failure ?? "cannot write the log"
                    state.withLock { $0.failure = failure }
                    writeStandardError("scrolllab serve: the log stops here (\(failure)); serving goes on")
                }
            }
        }
    }
}
