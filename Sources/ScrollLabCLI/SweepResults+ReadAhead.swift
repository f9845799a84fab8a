import Foundation
import LabKit
import ScrollLabCore
import Synchronization

extension SweepResults {
    /// Lines read from a results file and parsed, and how the reading ended after them.
    struct Batch: Sendable {
        var lines: [(text: String, number: Int)] = []
        /// Each line's parse, in order.
        var parsed: [Result<Parsed, SweepResultLine.Invalid>] = []
        /// Why reading stopped after these lines (a line too long, a failed read), or nil.
        var stop: Problem?
        /// Where the whole lines end, once the end of the file is reached; nil before.
        var tail: Tail?
    }

    /// Reads a results file and parses its lines (`parseAll`, on every core) a batch ahead of the thread
    /// that takes the batches (`next`): a report's bookkeeping of one batch overlaps the reading and
    /// parsing of the next, where they took turns. At most one batch waits, so memory stays a few
    /// batches' text whatever the file's length.
    final class ReadAhead: Sendable {
        private let waiting = Mutex<[Batch]>([])
        /// A batch is waiting.
        private let filled = DispatchSemaphore(value: 0)
        /// The reader may read another batch.
        private let free = DispatchSemaphore(value: 0)
        /// The reader has stopped.
        private let stopped = DispatchSemaphore(value: 0)
        private let cancelled = Atomic<Bool>(false)

        private init() {}

        /// Starts reading `fd` from its position on another thread.
        static func start(fd: Int32, path: String) -> ReadAhead {
            let ahead = ReadAhead()
            // Signalled rather than made with 1: libdispatch traps when a semaphore is freed below the
            // value it was made with, which a stop mid-file would leave.
            ahead.free.signal()
            DispatchQueue.global().async { ahead.read(fd: fd, path: path) }
            return ahead
        }

        /// The next batch, in the file's order; waits for it. After a batch with a `stop` or a `tail`,
        /// there is none.
        func next() -> Batch {
            filled.wait()
            let batch = waiting.withLock { $0.removeFirst() }
            free.signal()
            return batch
        }

        /// Stops the reader (after the batch it is reading) and waits for it: `fd` is the caller's again.
        func finish() {
            cancelled.store(true, ordering: .relaxed)
            free.signal()
            stopped.wait()
        }

        private func read(fd: Int32, path: String) {
            defer { stopped.signal() }
            var reader = LineReader(descriptor: fd, lineLimit: SweepResultLine.lineLimit)
            while true {
                free.wait()
                if cancelled.load(ordering: .relaxed) { return }
                var batch = Batch()
                var ended = false
                while batch.lines.count < parseBatchLines {
                    let bytes: [UInt8]?
                    do { bytes = try reader.next() } catch {
                        switch error {
                        case let .lineTooLong(line, limit):
                            batch.stop = Problem(message: "\(MessageText.quoted(path)) line \(line) is longer than \(limit) bytes: not a sweep result")
                        case let .readFailed(code):
                            batch.stop = Problem(message: "cannot read \(MessageText.quoted(path)): \(String(cString: strerror(code)))", code: 2)
                        }
                        break
                    }
                    guard let bytes else { ended = true; break }
                    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                    batch.lines.append((String(decoding: bytes, as: UTF8.self), reader.lineNumber))
                }
                batch.parsed = parseAll(batch.lines.map(\.text))
                if ended { batch.tail = Tail(wholeBytes: off_t(reader.wholeBytes), line: reader.tornLine) }
                let last = ended || batch.stop != nil
                waiting.withLock { $0.append(batch) }
                filled.signal()
                if last { return }
            }
        }
    }
}
