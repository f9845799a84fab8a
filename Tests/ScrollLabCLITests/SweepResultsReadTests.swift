import Foundation
import LabKit
@testable import ScrollLabCLI
import ScrollLabCore
import Synchronization
import XCTest

/// Reading a results file parses its lines a batch at a time on every core; what the reader sees is what
/// one line after another gives: every result in the file's order, and the first bad line by its number.
final class SweepResultsReadTests: XCTestCase {
    /// A result line as a sweep writes it, for session `k`.
    func line(_ k: Int) -> String {
        let c = SweepPlan.Configuration(policy: .eager, source: .latency(80), cacheImages: 12, refresh: 60)
        let gesture = "session-\(k)"
        let pairs: [(String, JSONValue)] = [("id", .string(SweepPlan.id(c, gesture: gesture))), ("gesture", .string(gesture))] + c.json
            + [("blankTileSeconds", .number(Double(k) / 8)), ("loadsIssued", .number(Double(k % 50))), ("loadsWasted", .number(0))]
        return JSONValue.object(pairs).serialized
    }

    /// Writes `lines` to a file of its own; returns its path.
    func file(_ lines: [String]) throws -> String {
        let path = NSTemporaryDirectory() + "sweep-read-\(UUID().uuidString).jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func read(_ path: String) throws(SweepResults.Problem) -> [(id: String, gesture: String, blank: Double, number: Int)] {
        let fd = try SweepResults.openForReading(path)
        defer { close(fd) }
        var seen: [(id: String, gesture: String, blank: Double, number: Int)] = []
        try SweepResults.read(fd: fd, path: path) { id, _, result, number, _ throws(SweepResults.Problem) in
            seen.append((id, result.gesture, result.blankTileSeconds, number))
        }
        return seen
    }

    func testResultsComeInTheFilesOrderAcrossBatches() throws {
        // More than two batches, blank lines between, so line numbers and results must line up across them.
        let count = SweepResults.parseBatchLines * 2 + 300
        var lines: [String] = []
        for k in 0..<count { lines.append(line(k)); if k % 1000 == 999 { lines.append("  ") } }
        let seen = try read(try file(lines))
        XCTAssertEqual(seen.count, count)
        XCTAssertEqual(seen.map(\.gesture), (0..<count).map { "session-\($0)" })
        XCTAssertEqual(seen.map(\.blank), (0..<count).map { Double($0) / 8 })
        XCTAssertEqual(seen.map(\.number), (0..<count).map { $0 + 1 + $0 / 1000 })
    }

    /// Reads `path` to its first error: the error's message (nil: none) and the results `body` got first.
    func readToError(_ path: String) throws -> (message: String?, before: Int) {
        let fd = try SweepResults.openForReading(path)
        defer { close(fd) }
        var before = 0
        do {
            try SweepResults.read(fd: fd, path: path) { _, _, _, _, _ throws(SweepResults.Problem) in before += 1 }
            return (nil, before)
        } catch {
            return (error.message, before)
        }
    }

    func testTheFirstBadLineIsNamedAfterTheLinesBeforeIt() throws {
        var lines = (0..<3000).map(line)
        lines[1777] = "{\"id\":\"x\",\"gesture\":"   // cut short
        lines[2500] = "not json"
        let (message, before) = try readToError(try file(lines))
        XCTAssertTrue(message?.contains("line 1778 is not a sweep result") == true, message ?? "read a bad line")
        XCTAssertEqual(before, 1777)
    }

    /// A line too long in a later batch: every line before it reaches `body` first, then the error.
    func testALineTooLongStopsAfterTheLinesBeforeItInALaterBatch() throws {
        let at = SweepResults.parseBatchLines * 2 + 17
        var lines = (0..<(at + 500)).map(line)
        lines[at] = "{\"id\":\"" + String(repeating: "x", count: SweepResultLine.lineLimit) + "\"}"
        let (message, before) = try readToError(try file(lines))
        XCTAssertTrue(message?.contains("line \(at + 1) is longer than") == true, message ?? "read a line too long")
        XCTAssertEqual(before, at)
    }

    /// The reading ahead stops before `read` returns, however it returns: after an error thrown by `body`
    /// (at line 100, batches still to read behind it), the descriptor stays where the reading ahead left
    /// it, and a second read of the same file from the start gives every line.
    func testAnErrorFromTheBodyStopsTheReadingAhead() throws {
        let count = SweepResults.parseBatchLines * 4
        let path = try file((0..<count).map(line))
        let fd = try SweepResults.openForReading(path)
        defer { close(fd) }
        var seen = 0
        do {
            try SweepResults.read(fd: fd, path: path) { _, _, _, number, _ throws(SweepResults.Problem) in
                seen += 1
                if number == 100 { throw SweepResults.Problem(message: "stop at 100") }
            }
            XCTFail("body's error was lost")
        } catch {
            XCTAssertEqual(error.message, "stop at 100")
        }
        XCTAssertEqual(seen, 100)
        // Read ahead by at most the batch being read and the one waiting, then stopped: the position holds.
        let at = lseek(fd, 0, SEEK_CUR)
        XCTAssertGreaterThan(at, 0)
        XCTAssertLessThan(Int(at), (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        usleep(50_000)
        XCTAssertEqual(lseek(fd, 0, SEEK_CUR), at)
        XCTAssertEqual(lseek(fd, 0, SEEK_SET), 0)
        XCTAssertEqual(try read(path).count, count)
    }

    /// A file whose last line has no end: the whole lines before it across batches, and the torn line's
    /// number and where the whole lines end in the tail.
    func testATornLastLineIsLeftOutAfterSeveralBatches() throws {
        let count = SweepResults.parseBatchLines + 900
        let whole = (0..<count).map(line).joined(separator: "\n") + "\n"
        let path = NSTemporaryDirectory() + "sweep-read-\(UUID().uuidString).jsonl"
        try (whole + #"{"id":"torn","#).write(toFile: path, atomically: false, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        let fd = try SweepResults.openForReading(path)
        defer { close(fd) }
        var seen = 0
        let tail = try SweepResults.read(fd: fd, path: path) { _, _, _, _, _ throws(SweepResults.Problem) in seen += 1 }
        XCTAssertEqual(seen, count)
        XCTAssertEqual(tail.line, count + 1)
        XCTAssertEqual(Int(tail.wholeBytes), whole.utf8.count)
    }

    /// What a resume learns of each line as it reads it (its inputs, a real network, the oracle) is what
    /// `SweepResultLine.made(of:)` reads from the line alone.
    func testEachLineSaysWhatItWasMadeFrom() throws {
        var lines: [String] = []
        for k in 0..<40 {
            var text = line(k)
            text.removeLast()   // the closing brace
            if k % 2 == 1 { text += #","inputs":"\#(String(k, radix: 16))""# }
            if k % 3 == 1 { text += #","realNetwork":{"requests":3}"# }
            if k % 5 == 1 { text += #","oracleBlankTileSeconds":0.5"# }
            lines.append(text + "}")
        }
        let path = try file(lines)
        let fd = try SweepResults.openForReading(path)
        defer { close(fd) }
        var made: [SweepResultLine.Made] = []
        try SweepResults.read(fd: fd, path: path) { _, _, _, _, m throws(SweepResults.Problem) in made.append(m) }
        XCTAssertEqual(made.count, 40)
        for (k, m) in made.enumerated() {
            let alone = SweepResultLine.made(of: lines[k])
            XCTAssertEqual(m.inputs, alone.inputs)
            XCTAssertEqual(m.real, alone.real)
            XCTAssertEqual(m.oracle, alone.oracle)
            XCTAssertEqual(m.inputs, k % 2 == 1 ? String(k, radix: 16) : "")
            XCTAssertEqual(m.real, k % 3 == 1)
            XCTAssertEqual(m.oracle, k % 5 == 1)
        }
    }

    func testParseAllKeepsOrderAndFailuresInPlace() {
        let texts = (0..<1000).map { $0 == 600 ? "{}" : line($0) }
        let parsed = SweepResults.parseAll(texts)
        XCTAssertEqual(parsed.count, 1000)
        for (k, p) in parsed.enumerated() {
            switch p {
            case let .success(r): XCTAssertEqual(r.result.gesture, "session-\(k)")
            case .failure: XCTAssertEqual(k, 600)
            }
        }
    }

    /// A line that is not UTF-8 is refused by its number after the lines before it (was: read as U+FFFD, and
    /// `sweep merge` wrote a line it had not read).
    func testALineThatIsNotUTF8IsRefusedByItsNumber() throws {
        let at = SweepResults.parseBatchLines + 9
        let path = try file((0..<(at + 40)).map(line))
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // Line `at + 1`'s session name gets a Latin-1 byte.
        let lineStart = bytes.indices.filter { bytes[$0] == 0x0A }[at - 1] + 1
        let quote = bytes[lineStart...].firstIndex(of: UInt8(ascii: "s"))!
        bytes[quote] = 0xE9
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let (message, before) = try readToError(path)
        XCTAssertTrue(message?.contains("line \(at + 1) is not a sweep result: not UTF-8") == true, message ?? "read a line that is not UTF-8")
        XCTAssertEqual(before, at)
    }

    /// Blank space around a line is no part of it: a CR LF copy of a line reads as that line's text.
    func testBlankSpaceAroundALineIsNoPartOfIt() throws {
        let path = NSTemporaryDirectory() + "sweep-read-\(UUID().uuidString).jsonl"
        try ("\t" + line(0) + " \r\n" + line(1) + "\r\n").write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = try SweepResults.openForReading(path)
        defer { close(fd) }
        var texts: [String] = []
        try SweepResults.read(fd: fd, path: path) { _, text, _, _, _ throws(SweepResults.Problem) in texts.append(text) }
        XCTAssertEqual(texts, [line(0), line(1)])
    }

    /// From a pipe the writer keeps open, a bad line is named once its batch has come: the reader does not
    /// wait for the next batch first (was: read ahead, it waited for ever).
    func testABadLineFromAnOpenPipeIsNamedWithoutTheNextBatch() throws {
        var fds: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&fds), 0)
        let (reader, writer) = (fds[0], fds[1])
        defer { close(reader) }
        var lines = (0..<SweepResults.parseBatchLines * 2).map(line)
        lines[SweepResults.parseBatchLines + 900] = "not json"
        let text = lines.joined(separator: "\n") + "\n"
        let wrote = DispatchSemaphore(value: 0)
        Thread {
            var text = text
            _ = text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: writer) }
            wrote.signal()
        }.start()
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<(message: String?, before: Int)>((nil, 0))
        Thread {
            var before = 0
            do throws(SweepResults.Problem) {
                try SweepResults.read(fd: reader, path: "-") { _, _, _, _, _ throws(SweepResults.Problem) in before += 1 }
            } catch {
                outcome.withLock { $0 = (error.message, before) }
            }
            done.signal()
        }.start()
        wrote.wait()
        // Every line is in the pipe and the writer holds it open: the read must end on the bad line.
        let ended = done.wait(timeout: .now() + 60) == .success
        close(writer)
        if !ended { done.wait() }
        XCTAssertTrue(ended, "the read waited for lines after the bad one's batch")
        let (message, before) = outcome.withLock { $0 }
        XCTAssertTrue(message?.contains("line \(SweepResults.parseBatchLines + 901) is not a sweep result") == true, message ?? "no error")
        XCTAssertEqual(before, SweepResults.parseBatchLines + 900)
    }
}

/// Another sweep's results file in a gestures folder is known as one, however a tool rewrote it, so a sweep
/// leaves it out rather than failing on it as a gesture.
extension SweepResultsReadTests {
    func textFile(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "sweep-results-file-\(UUID().uuidString).jsonl"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testAResultsFileIsKnownAfterBlankLinesAndWithTheirKeysInAnyOrder() throws {
        let result = line(3)
        XCTAssertTrue(SweepResults.isResultsFile(try textFile(result + "\n")))
        // Blank lines a reader skips, and CR LF endings.
        XCTAssertTrue(SweepResults.isResultsFile(try textFile("\n\n" + result + "\n")))
        XCTAssertTrue(SweepResults.isResultsFile(try textFile("\r\n \t\r\n" + result + "\r\n")))
        XCTAssertTrue(SweepResults.holdsResults(try textFile("\n" + result + "\n")))
        // More blank lines than the first read's bytes.
        XCTAssertTrue(SweepResults.isResultsFile(try textFile(String(repeating: "\n", count: 5000) + result + "\n")))
        // Keys reordered (as `json.dumps(sort_keys=True)` writes them).
        let object = try JSONSerialization.jsonObject(with: Data(result.utf8))
        let sorted = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        XCTAssertTrue(SweepResults.isResultsFile(try textFile(sorted + "\n")))
    }

    func testAGestureOrABlankFileIsNotAResultsFile() throws {
        XCTAssertFalse(SweepResults.isResultsFile(try textFile(#"{"t_ms":0,"x":10,"y":20,"phase":"down"}"# + "\n")))
        XCTAssertFalse(SweepResults.isResultsFile(try textFile("\n\n" + #"{"t_ms":0,"x":10,"y":20,"phase":"down"}"# + "\n")))
        XCTAssertFalse(SweepResults.isResultsFile(try textFile("\n \n")))
        XCTAssertFalse(SweepResults.holdsResults(try textFile("\n \n")))
        XCTAssertTrue(SweepResults.holdsResults(try textFile("")))
    }
}
