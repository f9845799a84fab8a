import Testing
@testable import LabKit
import ScrollKit

/// Pointer samples as the lab writes them are read without building a JSON value; the event must be
/// the JSON reading's, bit for bit, and any other line must still go through the JSON parser.
@Suite struct GestureFileSampleTests {
    /// The same line read by the sample reader and by the JSON parser (as a line with a space added,
    /// which the sample reader leaves to it).
    func bothReadings(_ line: String) throws -> (PointerEvent, PointerEvent) {
        var fast = GestureFileParser(), json = GestureFileParser()
        let a = try #require(try fast.parse(line: Array(line.utf8)))
        let b = try #require(try json.parse(line: Array((" " + line).utf8)))
        return (a, b)
    }

    @Test(arguments: ["0", "-0", "0.1", "253.28", "-408.24", "1234567.89012345", "1234567.890123456", "-9999999.99999999", "0.000000000000000000001",
                      "9999999.999999", "1e3", "2.5E-2", "0.30000000000000004", "1.7976931348623157", "-0.00001"])
    func numbersReadAsTheJSONParserReadsThem(_ number: String) throws {
        let line = "{\"t_ms\":\(number),\"x\":\(number),\"y\":\(number),\"phase\":\"down\"}"
        let (a, b) = try bothReadings(line)
        #expect(a.position.x.bitPattern == b.position.x.bitPattern)
        #expect(a.position.y.bitPattern == b.position.y.bitPattern)
        #expect(a.time.bitPattern == b.time.bitPattern)
        #expect(GestureFileParser.pointerSample(Array(line.utf8)) != nil)
    }

    @Test func otherLinesAreLeftToTheJSONParser() {
        for line in ["{\"t_ms\":1,\"x\":2,\"y\":3,\"phase\":\"pinch\",\"scale\":2}", "{\"t_ms\":01,\"x\":2,\"y\":3,\"phase\":\"down\"}",
                     "{\"t_ms\":1,\"x\":2,\"y\":3,\"phase\":\"down\"} ", "{\"x\":2,\"t_ms\":1,\"y\":3,\"phase\":\"down\"}",
                     "{\"t_ms\":1.,\"x\":2,\"y\":3,\"phase\":\"down\"}", "{\"t_ms\":1,\"x\":2,\"y\":3,\"phase\":\"up\",\"z\":1}"] {
            #expect(GestureFileParser.pointerSample(Array(line.utf8)) == nil, "\(line)")
        }
    }

    @Test func limitsAndPointerStateAreCheckedAsBefore() throws {
        var parser = GestureFileParser()
        let move = Array("{\"t_ms\":0,\"x\":1,\"y\":1,\"phase\":\"move\"}".utf8)
        #expect(throws: GestureFileError.pointerNotDown(line: 1, phase: .move)) { _ = try parser.parse(line: move) }
        var other = GestureFileParser()
        let far = Array("{\"t_ms\":0,\"x\":20000000,\"y\":1,\"phase\":\"down\"}".utf8)
        #expect(throws: GestureFileError.absurdValue(line: 1, field: "x", value: 2e7, limit: GestureFile.positionLimit)) {
            _ = try other.parse(line: far)
        }
    }
}
