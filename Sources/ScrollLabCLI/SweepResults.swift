import Foundation
import LabKit
import ScrollLabCore
import Synchronization

/// A sweep's results file: JSON lines, each a whole result with its `"id"` first.
///
/// Appending is safe against a kill: the file is opened in place with `O_APPEND` and every line goes out
/// in one `write` (so a line is in the file whole, or torn only at the very end); opening it again
/// drops a torn last line and lists the ids already there, so a sweep run again neither loses nor
/// repeats a result. A write that fails (a full disk, a file-size limit) is cut back, so the file ends on
/// a whole line; standard output into a regular file too.
/// While a sweep appends, the file is locked (`fcntl` record lock): a second sweep on it is refused
/// with the first one's pid (B-BATCH-1). A device or FIFO (`/dev/null`, `/dev/full`) is written
/// through, never read or locked.
final class SweepResults: Sendable {
    let path: String
    /// The descriptor, where its whole lines end, whether a failed line is cut back (a regular file).
    private let state = Mutex<(fd: Int32, committed: off_t, regular: Bool)>((-1, 0, false))
    /// Lines appended, read without the state's lock: a stop reads it while a write may wait on a pipe.
    private let lines = Atomic<Int>(0)

    /// Why the file cannot be used, in one line, with the exit code (2: cannot be read, 1: its content).
    struct Problem: Error {
        let message: String
        var code: Int32 = 1
    }

    init(path: String) { self.path = path }

    /// Opens the file for appending (made if missing), locks it, cuts a torn last line, and returns
    /// the ids it holds, each with the `inputs` it was made from ("" for a line without them) and whether a
    /// real server made it (`realNetwork`) and whether it ran the oracle; every
    /// line is checked (a bad one mid-file is refused: `sweep repair` drops it). `-` is standard output:
    /// written through, nothing read or resumed.
    func openForAppend() throws(Problem) -> [String: (inputs: String, real: Bool, oracle: Bool)] {
        // A FIFO is written through, as `-` is: opened for writing only, it waits for its reader (read
        // and write, it would be its own reader, and the results would vanish with the pipe).
        var named = stat()
        let fifo = path != "-" && stat(path, &named) == 0 && (named.st_mode & S_IFMT) == S_IFIFO
        let fd = path == "-" ? dup(STDOUT_FILENO)
            : fifo ? open(path, O_WRONLY | O_CLOEXEC) : Self.createLocked(path) ?? open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Problem(message: "cannot open \(MessageText.quoted(path)): \(OutputFile.errorText())") }
        var info = stat()
        let isFile = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        let regular = path != "-" && isFile
        var ids: [String: (inputs: String, real: Bool, oracle: Bool)] = [:]
        // Standard output into a file (`--out - > results.jsonl`): a failed line is cut back there too.
        var whole: off_t = isFile && !regular ? lseek(fd, 0, fcntl(fd, F_GETFL) & O_APPEND != 0 ? SEEK_END : SEEK_CUR) : 0
        if regular {
            do throws(Problem) {
                try Self.lock(fd, path: path)
                let torn = try Self.read(fd: fd, path: path) { id, _, _, _, made throws(Problem) in ids[id] = made }
                whole = torn.wholeBytes
                if torn.line != nil, ftruncate(fd, whole) != 0 {
                    // A line cut short by a kill: dropped, and its result run again.
                    throw Problem(message: "cannot cut the torn last line of \(MessageText.quoted(path)): \(OutputFile.errorText())")
                }
            } catch {
                Glibc.close(fd)
                throw error
            }
        }
        state.withLock { $0 = (fd, whole, isFile) }
        return ids
    }

    /// Appends `line` and a newline in one write; on a failure the file is cut back to its last whole line.
    func append(_ line: String) throws(Problem) {
        var text = line + "\n"
        var failure: String?
        StopSignals.whole {
            state.withLock { s in
                let ok = text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: s.fd) }
                if ok {
                    s.committed += off_t(text.utf8.count)
                    lines.add(1, ordering: .sequentiallyConsistent)
                } else {
                    failure = "cannot write \(MessageText.quoted(path)): \(OutputFile.errorText())"
                    if s.regular { _ = ftruncate(s.fd, s.committed) }
                }
            }
        }
        if let failure { throw Problem(message: failure) }
    }

    /// Lines appended since the file was opened.
    var appended: Int { lines.load(ordering: .sequentiallyConsistent) }

    func close() {
        state.withLock { s in
            if s.fd >= 0 { Glibc.close(s.fd) }
            s.fd = -1
        }
    }

    /// Takes the file's write lock, or says which process holds it.
    static func lock(_ fd: Int32, path: String) throws(Problem) {
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        guard fcntl(fd, F_SETLK, &lock) != 0 else { return }
        guard errno == EAGAIN || errno == EACCES else {
            throw Problem(message: "cannot lock \(MessageText.quoted(path)): \(OutputFile.errorText())")
        }
        var holder = flock()
        holder.l_type = Int16(F_WRLCK)
        holder.l_whence = Int16(SEEK_SET)
        let pid = fcntl(fd, F_GETLK, &holder) == 0 && holder.l_type != Int16(F_UNLCK) ? " (pid \(holder.l_pid))" : ""
        throw Problem(message: "\(MessageText.quoted(path)) is being written by another sweep\(pid): refused, nothing written")
    }

    /// Where a file's whole lines end, and the number of a torn last line (nil if none).
    struct Tail {
        var wholeBytes: off_t
        var line: Int?
    }

    /// Reads every whole line from `fd`'s position with a line-length limit, checking each is a
    /// result; `body` gets its id, text, result, line number and what it was made from, in the file's order. Returns where the
    /// whole lines end. Lines are read and parsed a batch ahead of `body`, on another thread (`ReadAhead`:
    /// parsing, on every core, is most of a report's reading, and `body` its bookkeeping); `body`, the first
    /// error and its line number are as one line after another would give.
    @discardableResult
    static func read(fd: Int32, path: String,
                     _ body: (String, String, SweepSummary.Result, Int, SweepResultLine.Made) throws(Problem) -> Void) throws(Problem) -> Tail {
        let ahead = ReadAhead.start(fd: fd, path: path)
        defer { ahead.finish() }
        // `sweep repair` is offered for a bad line among results, never for a file that holds none (a
        // feed named by mistake): repair would drop every line of it.
        var heldResults = false
        func bad(_ number: Int, _ reason: String) -> Problem {
            Problem(message: "\(MessageText.quoted(path)) line \(number) is not a sweep result: \(reason) "
                    + (heldResults ? "(`scrolllab sweep repair \(path)` drops such lines)" : "(no line before it is one: not a results file)"))
        }
        while true {
            let batch = ahead.next()
            for (line, result) in zip(batch.lines, batch.parsed) {
                switch result {
                case let .success(p):
                    heldResults = true
                    try body(p.id, line.text, p.result, line.number, p.made)
                case let .failure(error):
                    throw bad(line.number, error.reason)
                }
            }
            // Bytes that are not UTF-8 are refused, not read as U+FFFD: a merge copies lines as they were.
            if let number = batch.notUTF8 { throw bad(number, "not UTF-8") }
            // The lines before a line too long or a failed read are read first, as they were when each
            // was read in turn.
            if let stop = batch.stop { throw stop }
            if let tail = batch.tail { return tail }
        }
    }

    /// A result line read: its id, what a report reads of it and what it was made from.
    typealias Parsed = (id: String, result: SweepSummary.Result, made: SweepResultLine.Made)

    /// Lines parsed at once: a few MB of text, split between the cores.
    static let parseBatchLines = 4096

    /// Each of `texts` parsed as a result line, in order; on every core when there are enough of them.
    static func parseAll(_ texts: [String]) -> [Result<Parsed, SweepResultLine.Invalid>] {
        let parse: @Sendable (String) -> Result<Parsed, SweepResultLine.Invalid> = { text in
            Result { () throws(SweepResultLine.Invalid) in try SweepResultLine.parseMade(text) }
        }
        // A few parts a core, so a core the caller's other work takes for a while leaves its parts to the
        // others instead of holding up the batch.
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let count = Swift.max(1, Swift.min(cores * 4, texts.count / 256))
        guard cores > 1, count > 1 else { return texts.map(parse) }
        let parts = Mutex([[Result<Parsed, SweepResultLine.Invalid>]](repeating: [], count: count))
        DispatchQueue.concurrentPerform(iterations: count) { part in
            let range = texts.count * part / count ..< texts.count * (part + 1) / count
            let done = texts[range].map(parse)
            parts.withLock { $0[part] = done }
        }
        return parts.withLock { $0.flatMap { $0 } }
    }

    /// A results file made where none is: a file of its own made and locked under a hidden name, then
    /// linked to `path`, so the name never shows an unlocked, empty file (another shard listing the
    /// folder would take it for a gesture); nil when `path` exists or cannot be linked (then it is opened
    /// as usual).
    static func createLocked(_ path: String) -> Int32? {
        let url = URL(fileURLWithPath: path)
        let hidden = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).creating").path
        guard access(path, F_OK) != 0 else { return nil }
        let fd = open(hidden, O_RDWR | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        defer { unlink(hidden) }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        guard fcntl(fd, F_SETLK, &lock) == 0, link(hidden, path) == 0 else {
            Glibc.close(fd)
            return nil
        }
        return fd
    }

    /// True when `path` is another sweep's results file: a regular file that starts with a result line,
    /// or an empty one a sweep holds locked (just opened). Cheap for a gesture file: its first bytes, where a
    /// result's `"id"` key is (first, as the lab writes it, or anywhere in a line another tool rewrote).
    static func isResultsFile(_ path: String) -> Bool {
        withRegularFile(path) { fd, info in
            if info.st_size == 0 {
                var query = flock()
                query.l_type = Int16(F_RDLCK)
                query.l_whence = Int16(SEEK_SET)
                return fcntl(fd, F_GETLK, &query) == 0 && query.l_type != Int16(F_UNLCK)
            }
            var head = [UInt8](repeating: 0, count: 4096)
            let count = pread(fd, &head, head.count, 0)
            guard count > 0 else { return false }
            // Blank lines before the first result are no part of it, as they are none of a report's results.
            let text = head[..<count].drop { isBlank($0) }
            guard !text.isEmpty else { return count == head.count && firstLineIsResult(fd, size: info.st_size) }
            let line = text.prefix { $0 != 0x0A }
            let key = Array(#""id""#.utf8)
            // The lab's own lines begin with the key; a line with no end in the first bytes is read whole.
            guard line.starts(with: Array(#"{"id":""#.utf8)) || line.count == text.count
                || line.indices.contains(where: { line[$0...].starts(with: key) }) else { return false }
            return firstLineIsResult(fd, size: info.st_size)
        } ?? false
    }

    /// A space, tab, CR or LF: what a line may hold besides its JSON.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    /// True when `path` is a regular file that is empty or starts with a result line, after any blank lines
    /// (a sweep's output).
    static func holdsResults(_ path: String) -> Bool {
        withRegularFile(path) { fd, info in firstLineIsResult(fd, size: info.st_size) } ?? false
    }

    /// `body` with `path` open for reading, when it is a regular file (a FIFO is not waited on); else nil.
    private static func withRegularFile<T>(_ path: String, _ body: (Int32, stat) -> T) -> T? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { Glibc.close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return body(fd, info)
    }

    /// True when the file `fd` (of `size` bytes) is empty or its first line that is not blank, read from the
    /// start, is a result.
    private static func firstLineIsResult(_ fd: Int32, size: off_t) -> Bool {
        guard lseek(fd, 0, SEEK_SET) == 0 else { return false }
        var reader = LineReader(descriptor: fd, lineLimit: SweepResultLine.lineLimit)
        var line = try? reader.next()
        while let blank = line, blank.allSatisfy(isBlank) { line = try? reader.next() }
        guard let first = line else {
            // Empty, or a first line cut short by a kill.
            return size == 0 || reader.tornBytes.starts(with: Array(#"{"id":"#.utf8))
        }
        return (try? SweepResultLine.parse(String(decoding: first, as: UTF8.self))) != nil
    }

    /// Opens `path` for reading (`-`: standard input, duplicated so closing it leaves stdin open), or a
    /// problem with exit code 2.
    static func openForReading(_ path: String) throws(Problem) -> Int32 {
        let fd = path == "-" ? dup(STDIN_FILENO) : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Problem(message: "cannot read \(MessageText.quoted(path)): \(OutputFile.errorText())", code: 2) }
        return fd
    }

    /// What `sweep repair` did.
    struct Repair {
        var kept = 0
        /// Lines dropped, by number, and why.
        var dropped: [(line: Int, reason: String)] = []
    }

    /// Drops every line that is not a result (a line torn mid-file, a torn last line) and every repeat of
    /// an id (the first kept), rewriting the file in place; the file is locked against a sweep meanwhile.
    static func repair(path: String) throws(Problem) -> Repair {
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw Problem(message: "cannot open \(MessageText.quoted(path)): \(OutputFile.errorText())", code: 2) }
        defer { Glibc.close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw Problem(message: "\(MessageText.quoted(path)) is not a regular file: nothing to repair", code: 2)
        }
        try lock(fd, path: path)
        var repair = Repair()
        var seen: Set<String> = []
        // Kept lines move down in place: the write offset never passes what has been read.
        var written: off_t = 0
        var reader = LineReader(descriptor: fd, lineLimit: SweepResultLine.lineLimit)
        func write(_ bytes: [UInt8]) throws(Problem) {
            let ok = bytes.withUnsafeBytes { buffer -> Bool in
                var done = 0
                while done < buffer.count {
                    let n = pwrite(fd, buffer.baseAddress! + done, buffer.count - done, written + off_t(done))
                    if n < 0, errno == EINTR { continue }
                    guard n > 0 else { return false }
                    done += n
                }
                return true
            }
            guard ok else { throw Problem(message: "cannot write \(MessageText.quoted(path)): \(OutputFile.errorText())") }
            written += off_t(bytes.count)
        }
        while true {
            let bytes: [UInt8]?
            do { bytes = try reader.next() } catch {
                if case let .lineTooLong(line, limit) = error {
                    throw Problem(message: "\(MessageText.quoted(path)) line \(line) is longer than \(limit) bytes: not a results file")
                }
                throw Problem(message: "cannot read \(MessageText.quoted(path)): \(OutputFile.errorText())", code: 2)
            }
            guard let bytes else { break }
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            let id: String
            guard let text = String(validating: bytes, as: UTF8.self) else {
                repair.dropped.append((reader.lineNumber, "not UTF-8"))
                continue
            }
            do throws(SweepResultLine.Invalid) { id = try SweepResultLine.parse(text).id } catch {
                repair.dropped.append((reader.lineNumber, error.reason))
                continue
            }
            guard seen.insert(id).inserted else {
                repair.dropped.append((reader.lineNumber, "a repeat of id \(id)"))
                continue
            }
            try write(bytes + [UInt8(ascii: "\n")])
            repair.kept += 1
        }
        if let torn = reader.tornLine { repair.dropped.append((torn, "torn (no end of line)")) }
        guard ftruncate(fd, written) == 0 else {
            throw Problem(message: "cannot cut \(MessageText.quoted(path)) to its whole lines: \(OutputFile.errorText())")
        }
        return repair
    }
}
