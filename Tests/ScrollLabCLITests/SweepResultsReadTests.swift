import Foundation
import LabKit
@testable import ScrollLabCLI
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

    func testTheFirstBadLineIsNamedAfterTheLinesBeforeIt() throws {
        var lines = (0..<3000).map(line)
        lines[1777] = "{\"id\":\"x\",\"gesture\":"   // cut short
        lines[2500] = "not json"
        let path = try file(lines)
        var before = 0
        do {
            let fd = try SweepResults.openForReading(path)
            defer { close(fd) }
            try SweepResults.read(fd: fd, path: path) { _, _, _, _, _ throws(SweepResults.Problem) in before += 1 }
            XCTFail("read a bad line")
        } catch {
            XCTAssertTrue(error.message.contains("line 1778 is not a sweep result"), error.message)
        }
        XCTAssertEqual(before, 1777)
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
}
