import Foundation
import LabKit
import ScrollLabCore
import Synchronization

/// A sweep's results file: JSON lines, each a whole result with its `"id"` first.
///
/// Appending is safe against a kill: the file is opened in place with `O_APPEND` and every line goes out
/// in one `write` (so a line is in the file whole, or torn only at the very end); opening it again
/// drops a torn last line and lists the ids already there, so a sweep run again neither loses nor
/// repeats a result.
final class SweepResults: Sendable {
    let path: String
    private let descriptor = Mutex<Int32>(-1)

    struct Problem: Error {
        let message: String
    }

    init(path: String) { self.path = path }

    /// Opens the file for appending (made if missing), cuts a torn last line, returns the ids it holds.
    func openForAppend() throws(Problem) -> Set<String> {
        let fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Problem(message: "cannot open \(MessageText.quoted(path)): \(OutputFile.errorText())") }
        let (lines, whole) = try Self.read(fd: fd, path: path)
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, off_t(whole) < info.st_size {
            // A line cut short by a kill: dropped, and its result run again.
            guard ftruncate(fd, off_t(whole)) == 0 else {
                throw Problem(message: "cannot cut the torn last line of \(MessageText.quoted(path)): \(OutputFile.errorText())")
            }
        }
        descriptor.withLock { $0 = fd }
        return Set(lines.map(\.id))
    }

    /// Appends `line` and a newline in one write.
    func append(_ line: String) throws(Problem) {
        var text = line + "\n"
        let ok = descriptor.withLock { fd in text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: fd) } }
        if !ok { throw Problem(message: "cannot write \(MessageText.quoted(path)): \(OutputFile.errorText())") }
    }

    func close() {
        descriptor.withLock { fd in
            if fd >= 0 { Glibc.close(fd) }
            fd = -1
        }
    }

    /// The file's whole lines with their ids (a torn last line is left out).
    func completeLines() throws(Problem) -> [(id: String, line: String)] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Problem(message: "cannot read \(MessageText.quoted(path)): \(OutputFile.errorText())") }
        defer { Glibc.close(fd) }
        return try Self.read(fd: fd, path: path).lines
    }

    /// Reads every whole line from the start of `fd`: the lines with their ids, and the bytes they span.
    private static func read(fd: Int32, path: String) throws(Problem) -> (lines: [(id: String, line: String)], whole: Int) {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw Problem(message: "cannot read \(MessageText.quoted(path)): \(OutputFile.errorText())") }
            if n == 0 { break }
            data += chunk[0..<n]
            offset += off_t(n)
        }
        var lines: [(String, String)] = []
        var start = 0
        var number = 0
        for i in data.indices where data[i] == UInt8(ascii: "\n") {
            number += 1
            let line = String(decoding: data[start..<i], as: UTF8.self)
            start = i + 1
            if line.isEmpty { continue }
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], let id = object["id"] as? String else {
                throw Problem(message: "\(MessageText.quoted(path)) line \(number) is not a sweep result")
            }
            lines.append((id, line))
        }
        return (lines, start)
    }

    /// A result line as the report reads it.
    static func result(from line: String) -> SweepSummary.Result? {
        guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let gesture = o["gesture"] as? String, let policy = o["policy"] as? String,
              let blank = (o["blankTileSeconds"] as? NSNumber)?.doubleValue,
              let loads = (o["loadsIssued"] as? NSNumber)?.doubleValue,
              let wasted = (o["loadsWasted"] as? NSNumber)?.doubleValue else { return nil }
        var factors: [String: String] = [:]
        if let network = o["network"] as? String {
            factors["source"] = network
        } else if let ms = (o["latencyMs"] as? NSNumber)?.doubleValue {
            factors["source"] = "latency " + (ms == ms.rounded() ? String(Int(ms)) : String(ms)) + " ms"
        }
        if let c = (o["cacheImages"] as? NSNumber)?.intValue { factors["cacheImages"] = String(c) }
        if let r = (o["refresh"] as? NSNumber)?.doubleValue { factors["refresh"] = r == r.rounded() ? String(Int(r)) : String(r) }
        if let feed = o["feed"] as? String { factors["feed"] = feed }
        if let layout = o["layout"] as? String { factors["layout"] = layout }
        return SweepSummary.Result(gesture: gesture, policy: policy, factors: factors, blankTileSeconds: blank, loadsIssued: loads,
                                   loadsWasted: wasted, boundMinLoads: (o["boundMinLoads"] as? NSNumber)?.doubleValue,
                                   oracleBlankTileSeconds: (o["oracleBlankTileSeconds"] as? NSNumber)?.doubleValue)
    }
}
