import LabKit
import ScrollKit
import Testing

@Suite struct ScrollEventRecordJSONTests {
    @Test func jsonLinesAreCompactAndOrdered() {
        let record = ScrollEventRecord(
            time: 1.234, offset: Point(x: 0, y: 812.5),
            event: .willEndDragging(velocity: Point(x: 0, y: 1), target: Point(x: 0, y: 1311.5), proposedTarget: Point(x: 0, y: 1311.5)))
        #expect(record.json.serialized ==
            #"{"t":1.234,"event":"willEndDragging","offset":{"x":0,"y":812.5},"velocity":{"x":0,"y":1},"target":{"x":0,"y":1311.5}}"#)
        #expect(JSONValue.number(.nan).serialized == "null")
        #expect(JSONValue.string("a\"b\n").serialized == #""a\"b\n""#)
    }
}
