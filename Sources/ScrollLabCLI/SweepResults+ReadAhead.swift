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
        /// The number of the line after these that is not UTF-8 (reading stopped there), or nil.
        var notUTF8: Int?
        /// Where the whole lines end, once the end of the file is reached; nil before.
        var tail: Tail?
    }

    /// Reads a results file and parses its lines (`parseAll`, on every core) a batch ahead of the thread
    /// that takes the batches (`next`): a report's bookkeeping of one batch overlaps the reading and
    /// parsing of the next, where they took turns. At most one batch waits, so memory stays a few
    /// batches' text whatever the file's length. A pipe or a FIFO is read a batch at a time, when asked:
    /// reading ahead would wait on a writer that has not written the next batch, and hold back a bad line
    /// already read (a writer that keeps the pipe open would hold it for ever).
    final class ReadAhead: Sendable {
        private let waiting = Mutex<[Batch]>([])
        /// A batch is waiting.
        private let filled = DispatchSemaphore(value: 0)
        /// The reader may read another batch.
        private let free = DispatchSemaphore(value: 0)
        /// The reader has stopped.
        private let stopped = DispatchSemaphore(value: 0)
        private let cancelled = Atomic<Bool>(false)
        /// A regular file: the next batch is read while the last one is used.
        private let readsAhead: Bool

        private init(readsAhead: Bool) { self.readsAhead = readsAhead }

        /// Starts reading `fd` from its position on another thread.
        static func start(fd: Int32, path: String) -> ReadAhead {
            var info = stat()
            let ahead = ReadAhead(readsAhead: fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG)
            // Signalled rather than made with 1: libdispatch traps when a semaphore is freed below the
            // value it was made with, which a stop mid-file would leave.
            if ahead.readsAhead { ahead.free.signal() }
            DispatchQueue.global().async { ahead.read(fd: fd, path: path) }
            return ahead
        }

        /// The next batch, in the file's order; waits for it. After a batch with a `stop`, a `notUTF8` or a
        /// `tail`, there is none.
        func next() -> Batch {
            if !readsAhead { free.signal() }
            filled.wait()
            let batch = waiting.withLock { $0.removeFirst() }
            if readsAhead { free.signal() }
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
                    // Blank space around a line is no part of it (a CR LF copy of a line is that line).
                    func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
                    guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) }) else { continue }
                    // Not UTF-8: refused (`read` says so), never read as U+FFFD.
                    guard let text = String(validating: bytes[first...last], as: UTF8.self) else {
                        batch.notUTF8 = reader.lineNumber
                        break
                    }
                    batch.lines.append((text, reader.lineNumber))
                }
                batch.parsed = parseAll(batch.lines.map(\.text))
                if ended { batch.tail = Tail(wholeBytes: off_t(reader.wholeBytes), line: reader.tornLine) }
                let last = ended || batch.stop != nil || batch.notUTF8 != nil
                waiting.withLock { $0.append(batch) }
                filled.signal()
                if last { return }
            }
        }
    }
}
