import Foundation
import HeapModule
import ScrollLabCore

/// `sweep merge`'s join in bounded memory: every id once, in id order, the first line read for an id
/// kept, two different lines for one id refused. Lines are held up to `memoryLimit` bytes; past it the
/// held ones go, sorted by id, to a run (an unlinked temporary file in `$TMPDIR`, else /tmp), and the
/// runs are merged at the end, once to find a refusal and once to write, so a refused merge writes
/// nothing. The refusal named is the one reading the parts in order meets first, with the first line of
/// its id: what holding every line in memory gives.
final class SweepMerge {
    typealias Problem = SweepResults.Problem

    /// Where a line was read: its part (an index into `files`) and its line number.
    struct Place: Comparable {
        var file: Int
        var number: Int

        static func < (a: Place, b: Place) -> Bool { (a.file, a.number) < (b.file, b.number) }
    }

    /// A line and where it was read.
    struct Entry {
        var line: String
        var place: Place
    }

    /// The parts' names, for messages.
    let files: [String]
    /// Bytes of lines (with their ids and upkeep) held before they go to a run.
    let memoryLimit: Int
    /// Runs merged at once; more are merged in groups first (each run holds a file open).
    let fanIn: Int

    private var held: [String: Entry] = [:]
    private var heldBytes = 0
    private var runs: [Run] = []
    /// The earliest line known to differ from the first of its id, and that first (exact once every run
    /// is merged in one pass).
    private var conflict: (id: String, place: Place, first: Place)?
    /// Why a run could not be written: the merge cannot go on.
    private var runFailure: Problem?
    /// The ids, once known.
    private(set) var count = 0
    /// The runs on disk.
    var runCount: Int { runs.count }

    /// Upkeep of a held line beyond its bytes: its dictionary slot and two strings' storage.
    static let entryUpkeep = 96

    init(files: [String], memoryLimit: Int, fanIn: Int = 64) {
        self.files = files
        self.memoryLimit = memoryLimit
        self.fanIn = max(2, fanIn)
    }

    /// Takes a line read at `place`. Throws at one that differs from the line held for its id: reading
    /// stops there. (A line before it may differ from one already in a run: `check` finds it.)
    func add(id: String, line: String, at place: Place) throws(Problem) {
        if let first = held[id] {
            guard first.line == line else {
                conflict = (id, place, first.place)
                throw conflictProblem(id: id, place: place, first: first.place)
            }
            return
        }
        held[id] = Entry(line: line, place: place)
        heldBytes += id.utf8.count + line.utf8.count + Self.entryUpkeep
        if heldBytes >= memoryLimit { try spill() }
    }

    /// After the reading (stopped by `stop`, or not): throws the refusal to report, if any. A
    /// conflict before the stop comes first; otherwise the stop itself.
    func check(stoppedBy stop: Problem?) throws(Problem) {
        if let runFailure { throw runFailure }
        guard !runs.isEmpty else {
            if let stop { throw stop }
            count = held.count
            return
        }
        try spill()
        // Consecutive runs merged keep the parts' order: an id's first line stays the first of its group.
        while runs.count > fanIn {
            var merged: [Run] = []
            for start in stride(from: 0, to: runs.count, by: fanIn) {
                let group = Array(runs[start..<min(start + fanIn, runs.count)])
                guard group.count > 1 else { merged.append(contentsOf: group); continue }
                let run = try Run()
                try merge(group, last: false) { (id: String, entry: Entry) throws(Problem) -> Bool in
                    try run.append(id: id, entry)
                    return true
                }
                try run.finish()
                merged.append(run)
            }
            runs = merged
        }
        var ids = 0
        try merge(runs, last: true) { (_: String, _: Entry) throws(Problem) -> Bool in
            ids += 1
            return true
        }
        if let conflict { throw conflictProblem(id: conflict.id, place: conflict.place, first: conflict.first) }
        if let stop { throw stop }
        count = ids
    }

    /// Hands every id's first line to `write`, in id order, until it returns false.
    func write(_ write: (String) -> Bool) throws(Problem) {
        guard !runs.isEmpty else {
            for id in held.keys.sorted() where !write(held[id]!.line) { return }
            return
        }
        try merge(runs, last: true) { (_: String, entry: Entry) throws(Problem) -> Bool in write(entry.line) }
    }

    private func conflictProblem(id: String, place: Place, first: Place) -> Problem {
        Problem(message: "two different results for id \(MessageText.quoted(id)): "
            + "\(MessageText.quoted(files[first.file])) line \(first.number) and \(MessageText.quoted(files[place.file])) line \(place.number); "
            + "refused, nothing written")
    }

    /// Writes the held lines to a new run, sorted by id.
    private func spill() throws(Problem) {
        guard !held.isEmpty else { return }
        do throws(Problem) {
            let run = try Run()
            for (id, entry) in held.sorted(by: { $0.key < $1.key }) { try run.append(id: id, entry) }
            try run.finish()
            runs.append(run)
        } catch {
            runFailure = error
            throw error
        }
        held.removeAll(keepingCapacity: true)
        heldBytes = 0
    }

    /// A run's next id, ordered by id and then by run, so an id's lines come in the parts' order.
    private struct Head: Comparable {
        var id: String
        var run: Int

        static func < (a: Head, b: Head) -> Bool { a.id < b.id || (a.id == b.id && a.run < b.run) }
    }

    /// Merges `group` (in the parts' order), giving `body` each id's first line until it returns false,
    /// and noting each line that differs from the first of its id. In the `last` pass every id's lines
    /// meet, so the first it finds for the conflict's id is the id's first of all.
    private func merge(_ group: [Run], last: Bool, _ body: (String, Entry) throws(Problem) -> Bool) throws(Problem) {
        var readers = group.map { $0.reader() }
        var entries = [Entry?](repeating: nil, count: group.count)
        var heads = Heap<Head>()
        func advance(_ run: Int) throws(Problem) {
            if let (id, entry) = try readers[run].next() {
                entries[run] = entry
                heads.insert(Head(id: id, run: run))
            }
        }
        for run in group.indices { try advance(run) }
        while let top = heads.popMin() {
            let first = entries[top.run]!
            try advance(top.run)
            while let next = heads.min, next.id == top.id {
                _ = heads.popMin()
                let entry = entries[next.run]!
                if entry.line != first.line, conflict.map({ entry.place < $0.place }) ?? true {
                    conflict = (top.id, entry.place, first.place)
                }
                try advance(next.run)
            }
            if last, conflict?.id == top.id { conflict!.first = first.place }
            guard try body(top.id, first) else { return }
        }
    }
}

extension SweepMerge {
    /// Sorted lines with their ids and places in an unlinked temporary file: appended, finished, then
    /// read from the start by any number of readers.
    final class Run {
        private let descriptor: Int32
        private var buffer: [UInt8] = []
        private var size = 0

        /// A record's header: the id's and the line's byte counts, the part and the line number.
        static let headerBytes = 24

        init() throws(Problem) {
            do throws(TemporaryFile.Failure) {
                descriptor = try TemporaryFile.makeUnlinked(prefix: "scrolllab-merge")
            } catch {
                throw Run.failure(error.reason)
            }
            buffer.reserveCapacity(Self.chunk)
        }

        deinit { close(descriptor) }

        static let chunk = 1 << 18

        static func failure(_ reason: String) -> Problem {
            Problem(message: "cannot hold the merge's lines in a temporary file in \(MessageText.quoted(TemporaryFile.folder)): \(reason); "
                + "nothing written (--memory holds more lines in memory)")
        }

        func append(id: String, _ entry: Entry) throws(Problem) {
            var id = id, line = entry.line
            let fields = [UInt64(id.utf8.count) | UInt64(line.utf8.count) << 32, UInt64(entry.place.file), UInt64(entry.place.number)]
            fields.withUnsafeBytes { buffer.append(contentsOf: $0) }
            id.withUTF8 { buffer.append(contentsOf: $0) }
            line.withUTF8 { buffer.append(contentsOf: $0) }
            if buffer.count >= Self.chunk { try flush() }
        }

        func finish() throws(Problem) { try flush() }

        private func flush() throws(Problem) {
            guard !buffer.isEmpty else { return }
            let written = buffer.withUnsafeBytes { writeAll($0, to: descriptor) }
            guard written else { throw Run.failure(String(cString: strerror(errno))) }
            size += buffer.count
            buffer.removeAll(keepingCapacity: true)
        }

        func reader() -> Reader { Reader(descriptor: descriptor, size: size) }

        /// Reads a finished run's records in order.
        struct Reader {
            let descriptor: Int32
            let size: Int
            private var offset = 0
            private var bytes: [UInt8] = []
            private var start = 0

            init(descriptor: Int32, size: Int) {
                self.descriptor = descriptor
                self.size = size
            }

            mutating func next() throws(Problem) -> (String, Entry)? {
                guard try fill(Run.headerBytes) else { return nil }
                let fields = bytes.withUnsafeBytes { raw in
                    (0..<3).map { raw.loadUnaligned(fromByteOffset: start + $0 * 8, as: UInt64.self) }
                }
                let idCount = Int(fields[0] & 0xFFFF_FFFF), lineCount = Int(fields[0] >> 32)
                start += Run.headerBytes
                guard try fill(idCount + lineCount) else { throw Run.failure("a run ended early") }
                let id = String(decoding: bytes[start..<(start + idCount)], as: UTF8.self)
                let line = String(decoding: bytes[(start + idCount)..<(start + idCount + lineCount)], as: UTF8.self)
                start += idCount + lineCount
                return (id, Entry(line: line, place: Place(file: Int(fields[1]), number: Int(fields[2]))))
            }

            /// Makes `count` bytes from `start` available; false at the run's end.
            private mutating func fill(_ count: Int) throws(Problem) -> Bool {
                while bytes.count - start < count {
                    guard offset < size else {
                        if bytes.count == start { return false }
                        throw Run.failure("a run ended early")
                    }
                    bytes.removeSubrange(0..<start)
                    start = 0
                    let want = min(max(Run.chunk, count - bytes.count), size - offset)
                    let old = bytes.count
                    bytes.append(contentsOf: repeatElement(0, count: want))
                    let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + old, want, off_t(offset)) }
                    if got < 0, errno == EINTR { bytes.removeSubrange(old...); continue }
                    guard got > 0 else {
                        throw Run.failure(got < 0 ? String(cString: strerror(errno)) : "a run ended early")
                    }
                    bytes.removeSubrange((old + got)...)
                    offset += got
                }
                return true
            }
        }
    }
}
