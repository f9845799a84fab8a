import Testing
@testable import ScrollKit
import LabKit

@Suite struct GestureFileTests {
    private let sample = """
        {"t_ms":1000,"x":160,"y":400,"phase":"down"}
        {"t_ms":1008.5,"x":160.25,"y":380,"phase":"move"}

        {"t_ms":1016,"x":160.5,"y":360,"phase":"up"}
        {"t_ms":2000,"x":10,"y":20,"phase":"down"}
        {"t_ms":2016,"x":10,"y":10,"phase":"up"}

        """

    /// The error thrown by parsing `text`, if any.
    private func error(_ text: String) -> GestureFileError? {
        do {
            _ = try GestureFile.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesEventsWithTimeInSecondsFromTheFirstSample() throws {
        let events = try GestureFile.parse(sample)
        #expect(events.count == 5)
        #expect(events[0] == PointerEvent(time: 0, position: Point(x: 160, y: 400), phase: .down))
        #expect(events[1] == PointerEvent(time: 0.0085, position: Point(x: 160.25, y: 380), phase: .move))
        #expect(events[2].phase == .up)
        #expect(events[4] == PointerEvent(time: 1.016, position: Point(x: 10, y: 10), phase: .up))
    }

    @Test func unixEpochMillisecondsCountFromTheFirstSample() throws {
        let events = try GestureFile.parse("""
            {"t_ms":1700000000000,"x":0,"y":400,"phase":"down"}
            {"t_ms":1700000000016,"x":0,"y":380,"phase":"move"}
            {"t_ms":1700000000032.5,"x":0,"y":350,"phase":"up"}
            """)
        #expect(events.map(\.time) == [0, 0.016, 0.0325])
    }

    @Test func aTimeTooFarFromTheFirstSampleIsAnError() {
        let down = #"{"t_ms":1700000000000,"x":0,"y":0,"phase":"down"}"#
        #expect(error(down + "\n" + #"{"t_ms":5,"x":0,"y":0,"phase":"up"}"#)
            == .timeOutOfRange(line: 2, milliseconds: 5 - 1_700_000_000_000, limit: 1e10))
        #expect(error(down + "\n" + #"{"t_ms":1700000000000,"x":0,"y":0,"phase":"up"}"#) == nil)
        #expect(GestureFileError.timeOutOfRange(line: 2, milliseconds: -2e10, limit: 1e10).description
            == #"line 2: "t_ms" lies -20000000000.0 ms from the first sample's, beyond 10000000000.0 ms (times count from the first sample)"#)
    }

    @Test func aByteOrderMarkBeforeTheFirstLineIsSkipped() throws {
        let events = try GestureFile.parse("\u{FEFF}" + #"{"t_ms":3,"x":1,"y":2,"phase":"down"}"#)
        #expect(events == [PointerEvent(time: 0, position: Point(x: 1, y: 2), phase: .down)])
        // Only before the first line: elsewhere it is not JSON.
        if case .invalidJSON(2, _)? = error(#"{"t_ms":3,"x":1,"y":2,"phase":"down"}"# + "\n\u{FEFF}{}") {} else {
            Issue.record("a BOM on line 2 should be invalid JSON")
        }
    }

    @Test func badUTF8AndEndlessLinesNameTheirLine() throws {
        var parser = GestureFileParser()
        #expect(try parser.parse(line: Array(#"{"t_ms":0,"x":0,"y":0,"phase":"down"}"#.utf8))?.phase == .down)
        #expect(try parser.parse(line: [UInt8]()) == nil)
        #expect(throws: GestureFileError.invalidUTF8(line: 3)) {
            try parser.parse(line: Array(#"{"t_ms":1,"x":0,"y":0,"phase":"move","note":""#.utf8) + [0xC3, 0x28, 0x22, 0x7D])
        }
        #expect(throws: GestureFileError.lineTooLong(line: 4, limit: GestureFile.lineLimit)) {
            try parser.parse(line: [UInt8](repeating: 0, count: GestureFile.lineLimit + 2))
        }
        #expect(GestureFileError.invalidUTF8(line: 3).description == "line 3: not valid UTF-8 text")
    }

    @Test func serializesOneCompactLinePerEvent() {
        let events = [
            PointerEvent(time: 0, position: Point(x: 1, y: 2.5), phase: .down),
            PointerEvent(time: 0.008, position: Point(x: 1, y: -3), phase: .move),
            PointerEvent(time: 0.0165, position: Point(x: 1, y: -3), phase: .up),
        ]
        #expect(GestureFile.serialize(events) == """
            {"t_ms":0,"x":1,"y":2.5,"phase":"down"}
            {"t_ms":8,"x":1,"y":-3,"phase":"move"}
            {"t_ms":16.5,"x":1,"y":-3,"phase":"up"}

            """)
    }

    @Test func roundTripIsExact() throws {
        let events = try GestureFile.parse(sample)
        let text = GestureFile.serialize(events)
        #expect(try GestureFile.parse(text) == events)
        #expect(GestureFile.serialize(try GestureFile.parse(text)) == text)
    }

    @Test func acceptsCRLFWhitespaceAndExtraKeys() throws {
        let text = "  {\"phase\":\"down\", \"y\":2, \"x\":1, \"t_ms\":5, \"pointer\":{\"id\":[1,null,true]}}\r\n\t\r\n{\"t_ms\":6e0,\"x\":-1.5E+1,\"y\":0,\"phase\":\"up\"}\r\n"
        let events = try GestureFile.parse(text)
        #expect(events == [
            PointerEvent(time: 0, position: Point(x: 1, y: 2), phase: .down),
            PointerEvent(time: 0.001, position: Point(x: -15, y: 0), phase: .up),
        ])
    }

    @Test func backwardsAndRepeatedTimestampsAreNotErrors() throws {
        let text = """
            {"t_ms":10,"x":0,"y":0,"phase":"down"}
            {"t_ms":10,"x":0,"y":1,"phase":"move"}
            {"t_ms":4,"x":0,"y":2,"phase":"move"}
            {"t_ms":4,"x":0,"y":3,"phase":"up"}
            """
        let events = try GestureFile.parse(text)
        #expect(events.map(\.time) == [0, 0, -0.006, -0.006])
    }

    @Test func emptyTextHasNoEvents() throws {
        #expect(try GestureFile.parse("").isEmpty)
        #expect(try GestureFile.parse("\n  \n").isEmpty)
    }

    @Test func eachErrorNamesItsLine() {
        let down = #"{"t_ms":0,"x":0,"y":0,"phase":"down"}"#
        #expect(error(down + "\n\n" + #"{"t_ms":1,"x":0,"y":0,"phase":"move""#)?.line == 3)
        if case .invalidJSON(3, _)? = error(down + "\n\n" + #"{"t_ms":1,"x":0,"y":0,"phase":"move""#) {} else {
            Issue.record("truncated object should be invalid JSON on line 3")
        }
        #expect(error("\n[1,2]") == .notAnObject(line: 2))
        #expect(error(#"{"x":0,"y":0,"phase":"down"}"#) == .missingField(line: 1, field: "t_ms"))
        #expect(error(down + "\n" + #"{"t_ms":1,"x":0,"phase":"move"}"#) == .missingField(line: 2, field: "y"))
        #expect(error(down + "\n" + #"{"t_ms":1,"x":0,"y":0}"#) == .missingField(line: 2, field: "phase"))
        #expect(error(down + "\n" + #"{"t_ms":1,"x":"12","y":0,"phase":"move"}"#) == .nonNumericField(line: 2, field: "x"))
        #expect(error(down + "\n" + #"{"t_ms":null,"x":0,"y":0,"phase":"move"}"#) == .nonNumericField(line: 2, field: "t_ms"))
        #expect(error(down + "\n" + #"{"t_ms":1,"x":0,"y":0,"phase":"hover"}"#) == .unknownPhase(line: 2, found: #""hover""#))
        #expect(error(down + "\n" + #"{"t_ms":1,"x":0,"y":0,"phase":3}"#) == .unknownPhase(line: 2, found: "3"))
        #expect(error(down + "\n" + #"{"t_ms":1,"x":2e7,"y":0,"phase":"move"}"#)
            == .absurdValue(line: 2, field: "x", value: 2e7, limit: 1e7))
        #expect(error(down + "\n" + #"{"t_ms":1,"x":0,"y":-1e400,"phase":"move"}"#)
            == .absurdValue(line: 2, field: "y", value: -.infinity, limit: 1e7))
        #expect(error(#"{"t_ms":2e13,"x":0,"y":0,"phase":"down"}"#)?.line == 1)
        #expect(error(#"{"t_ms":NaN,"x":0,"y":0,"phase":"down"}"#)?.line == 1)
        #expect(error(#"{"t_ms":1,"t_ms":2,"x":0,"y":0,"phase":"down"}"#)?.line == 1)
        #expect(error("\n" + #"{"t_ms":1,"x":0,"y":0,"phase":"move"}"#) == .pointerNotDown(line: 2, phase: .move))
        #expect(error(down + "\n" + #"{"t_ms":1,"x":0,"y":0,"phase":"up"}"# + "\n" + #"{"t_ms":2,"x":0,"y":0,"phase":"up"}"#)
            == .pointerNotDown(line: 3, phase: .up))
        #expect(error(down + "\n" + #"{"t_ms":1,"x":0,"y":0,"phase":"move"}"# + "\n" + down) == .pointerAlreadyDown(line: 3))
    }

    @Test func invalidJSONIsRejected() {
        for bad in ["{", "{}x", #"{"a":01}"#, #"{"a":1.}"#, #"{"a":+1}"#, #"{"a":0x10}"#, #"{"a":inf}"#,
                    #"{"a":"\q"}"#, #"{a:1}"#, #"{"a":1,}"#, "{\"a\":\"tab\there\"}"] {
            if case .invalidJSON(1, _)? = error(bad) {} else { Issue.record("\(bad) should be invalid JSON") }
        }
    }

    @Test func errorMessagesStartWithTheLine() {
        #expect(GestureFileError.unknownPhase(line: 7, found: #""hover""#).description
            == #"line 7: unknown phase "hover" (expected "down", "move", "up", "pinch", "pinchEnd" or "wheel")"#)
        // Every phase the parser accepts is named.
        let message = GestureFileError.unknownPhase(line: 1, found: "3").description
        for phase in PointerPhase.allCases { #expect(message.contains("\"\(phase.rawValue)\"")) }
        #expect(GestureFileError.pointerNotDown(line: 2, phase: .move).description
            == #"line 2: "move" without a preceding "down""#)
    }

    @Test func splitsIntoGesturesFromDownToUp() throws {
        var events = try GestureFile.parse(sample)
        events.append(PointerEvent(time: 3, position: .zero, phase: .down))
        events.append(PointerEvent(time: 3.008, position: Point(x: 0, y: 8), phase: .move))
        let gestures = GestureFile.gestures(events)
        #expect(gestures.count == 2)
        #expect(gestures[0].map(\.phase) == [.down, .move, .up])
        #expect(gestures[1].map(\.phase) == [.down, .up])
        let all = GestureFile.gestures(events, includingIncomplete: true)
        #expect(all.count == 3)
        #expect(all[2].map(\.phase) == [.down, .move])
        // Stray samples outside a gesture are ignored; a second down restarts.
        let stray = [
            PointerEvent(time: 0, position: .zero, phase: .move),
            PointerEvent(time: 1, position: .zero, phase: .down),
            PointerEvent(time: 2, position: .zero, phase: .down),
            PointerEvent(time: 3, position: .zero, phase: .up),
        ]
        #expect(GestureFile.gestures(stray) == [[stray[2], stray[3]]])
    }
}
