import Foundation
import Testing
@testable import ScrollLabCore

/// Readers stream with a line limit (B-BATCH-1): whole lines, a torn last line named, a line with no
/// end refused at the limit.
@Suite struct LineReaderTests {
    /// The lines `text` gives through a pipe, read in chunks of `chunk` bytes.
    func read(_ text: String, limit: Int = 16, chunk: Int = 4) throws(LineReader.Problem) -> (lines: [String], reader: LineReader) {
        var fds: [Int32] = [0, 0]
        _ = pipe(&fds)
        var bytes = Array(text.utf8)
        _ = write(fds[1], &bytes, bytes.count)
        close(fds[1])
        defer { close(fds[0]) }
        var reader = LineReader(descriptor: fds[0], lineLimit: limit, chunkSize: chunk)
        var lines: [String] = []
        while let line = try reader.next() { lines.append(String(decoding: line, as: UTF8.self)) }
        return (lines, reader)
    }

    @Test func wholeLinesAcrossChunksWithTheirOffsets() throws {
        let (lines, reader) = try read("one\ntwo two\n\nthree\n")
        #expect(lines == ["one", "two two", "", "three"])
        #expect(reader.lineNumber == 4 && reader.lineOffset == 13 && reader.wholeBytes == 19 && reader.tornLine == nil)
    }

    @Test func aLastLineWithoutItsEndIsTornNotReturned() throws {
        let (lines, reader) = try read("a\nbb\ncc")
        #expect(lines == ["a", "bb"] && reader.tornLine == 3 && reader.wholeBytes == 5)
        #expect(reader.tornBytes == Array("cc".utf8))
    }

    @Test func aLineLongerThanTheLimitStopsTheRead() {
        #expect(throws: LineReader.Problem.lineTooLong(line: 2, limit: 16)) { try read("short\n" + String(repeating: "x", count: 17) + "\n") }
        // With no newline at all (/dev/zero), it stops at the limit, not at the end.
        #expect(throws: LineReader.Problem.lineTooLong(line: 1, limit: 16)) { try read(String(repeating: "0", count: 40)) }
        #expect((try? read(String(repeating: "x", count: 16) + "\n"))?.lines.count == 1)
    }
}
