import Foundation
import LabKit
@testable import ScrollLabCLI
import XCTest

/// `sweep merge` holds its lines in bounded memory: whatever goes to sorted runs on disk, the merge writes
/// the lines, and refuses with the message, that holding every line in memory gives.
final class SweepMergeTests: XCTestCase {
    typealias Place = SweepMerge.Place

    /// What a merge ends in: the lines written and the ids counted, or its refusal.
    enum Outcome: Equatable {
        case written([String], count: Int)
        case refused(String)
    }

    /// Merges `parts` (each a part's lines: id and text) with `memoryLimit`; a stand-in for a bad line
    /// stops the reading at `stop`, as `SweepResults.read` stops at one.
    func merge(_ parts: [[(id: String, line: String)]], memoryLimit: Int, fanIn: Int = 64, stop: Place? = nil,
               runs: UnsafeMutablePointer<Int>? = nil) -> Outcome {
        let merge = SweepMerge(files: parts.indices.map { "part-\($0).jsonl" }, memoryLimit: memoryLimit, fanIn: fanIn)
        var problem: SweepResults.Problem?
        reading: for (file, lines) in parts.enumerated() {
            for (index, entry) in lines.enumerated() {
                let place = Place(file: file, number: index + 1)
                if place == stop {
                    problem = SweepResults.Problem(message: "part-\(file).jsonl line \(index + 1) is not a sweep result")
                    break reading
                }
                do throws(SweepResults.Problem) { try merge.add(id: entry.id, line: entry.line, at: place) } catch {
                    problem = error
                    break reading
                }
            }
        }
        runs?.pointee = merge.runCount
        do throws(SweepResults.Problem) {
            try merge.check(stoppedBy: problem)
            var written: [String] = []
            try merge.write { written.append($0); return true }
            return .written(written, count: merge.count)
        } catch {
            return .refused(error.message)
        }
    }

    /// Parts drawn from a small pool of ids (some canonically equal but spelt apart), where a repeated id
    /// mostly repeats its line and now and then differs.
    func parts(seed: UInt64, conflictChance: Double) -> [[(id: String, line: String)]] {
        var random = SplitMix64(seed: seed)
        let names = ["a", "b", "café", "cafe\u{301}", "Zed", "z", "ä", "émile", "10", "9", "policy|x|g", "policy|x|g2"]
        let pool = (0..<40).map { k in names[k % names.count] + "|\(k / names.count)" }
        var lineOf: [String: String] = [:]
        return (0..<Int.random(in: 1...5, using: &random)).map { _ in
            (0..<Int.random(in: 0...30, using: &random)).map { _ in
                let id = pool.randomElement(using: &random)!
                let line: String
                if let known = lineOf[id], Double.random(in: 0..<1, using: &random) >= conflictChance {
                    line = known
                } else {
                    line = "{\"id\":\"\(id)\",\"n\":\(Int.random(in: 0..<1000, using: &random))}"
                    if lineOf[id] == nil { lineOf[id] = line }
                }
                return (id, line)
            }
        }
    }

    func testRunsOnDiskGiveWhatMemoryGivesLineForLine() {
        var spilled = 0, refused = 0, written = 0
        for seed in UInt64(1)...120 {
            let parts = parts(seed: seed, conflictChance: seed % 3 == 0 ? 0.05 : 0)
            let lines = parts.flatMap { $0 }.count
            var random = SplitMix64(seed: seed &* 7919)
            let stop: Place? = seed % 5 == 0 && !parts.isEmpty
                ? Place(file: Int.random(in: 0..<parts.count, using: &random), number: Int.random(in: 1...31, using: &random)) : nil
            let inMemory = merge(parts, memoryLimit: .max, stop: stop)
            for (limit, fanIn) in [(1, 2), (1, 3), (1, 64), (400, 2), (2_000, 4)] {
                var runs = 0
                XCTAssertEqual(merge(parts, memoryLimit: limit, fanIn: fanIn, stop: stop, runs: &runs), inMemory,
                               "seed \(seed), --memory \(limit) bytes, fan-in \(fanIn)")
                if limit == 1, lines > 1, runs > 1 { spilled += 1 }
            }
            if case .refused = inMemory { refused += 1 } else { written += 1 }
        }
        // The populations reach every path: runs on disk, refusals of both kinds, and merges written.
        XCTAssertGreaterThan(spilled, 80)
        XCTAssertGreaterThan(refused, 15)
        XCTAssertGreaterThan(written, 40)
    }

    func testAConflictWithALineInAnEarlierRunIsNamedBeforeOneWithinTheHeldLines() {
        // 250 bytes hold two of these lines (99 bytes each with their upkeep): part 0 goes to a run at its
        // third. Line 1 of part 1 differs from the run's line for "b"; the held lines then disagree at line 3.
        // The refusal names the earlier of the two.
        let parts: [[(id: String, line: String)]] = [
            [("b", "B1"), ("a", "A1"), ("x", "X1")],
            [("b", "B2"), ("c", "C1"), ("c", "C2")],
        ]
        let expected = Outcome.refused("two different results for id \"b\": \"part-0.jsonl\" line 1 and \"part-1.jsonl\" line 1; refused, nothing written")
        XCTAssertEqual(merge(parts, memoryLimit: .max), expected)
        var runs = 0
        XCTAssertEqual(merge(parts, memoryLimit: 250, runs: &runs), expected)
        XCTAssertEqual(runs, 1)
    }

    func testAConflictWithinTheHeldLinesNamesItsIdsFirstLineOfAll() {
        // "c"'s first line is in the run; the held lines repeat it, then differ from it.
        let parts: [[(id: String, line: String)]] = [
            [("c", "C1"), ("a", "A1"), ("x", "X1")],
            [("c", "C1"), ("c", "C2")],
        ]
        let expected = Outcome.refused("two different results for id \"c\": \"part-0.jsonl\" line 1 and \"part-1.jsonl\" line 2; refused, nothing written")
        XCTAssertEqual(merge(parts, memoryLimit: .max), expected)
        var runs = 0
        XCTAssertEqual(merge(parts, memoryLimit: 250, runs: &runs), expected)
        XCTAssertEqual(runs, 1)
        XCTAssertEqual(merge(parts, memoryLimit: 1, fanIn: 2), expected)
    }

    func testEachIdIsWrittenOnceInIdOrderFromManyRuns() {
        let parts: [[(id: String, line: String)]] = [
            [("d", "D"), ("b", "B"), ("a", "A")],
            [("c", "C"), ("a", "A"), ("e", "E")],
            [("b", "B"), ("f", "F")],
        ]
        var runs = 0
        XCTAssertEqual(merge(parts, memoryLimit: 1, fanIn: 2, runs: &runs), .written(["A", "B", "C", "D", "E", "F"], count: 6))
        XCTAssertEqual(runs, 8, "a run a line")
    }

    func testWritingStopsWhenTheOutputRefusesALine() throws {
        let merge = SweepMerge(files: ["p"], memoryLimit: 1, fanIn: 2)
        for (n, id) in ["c", "a", "b"].enumerated() { try merge.add(id: id, line: id.uppercased(), at: Place(file: 0, number: n + 1)) }
        try merge.check(stoppedBy: nil)
        var offered: [String] = []
        try merge.write { offered.append($0); return offered.count < 2 }
        XCTAssertEqual(offered, ["A", "B"])
    }
}
