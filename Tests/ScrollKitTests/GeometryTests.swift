import Testing
@testable import ScrollKit

@Suite struct GeometryTests {
    @Test func rectIntersectionExcludesTouchingEdges() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersects(Rect(x: 5, y: 5, width: 10, height: 10)))
        #expect(!a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
        #expect(a.intersection(Rect(x: 5, y: 5, width: 10, height: 10)) == Rect(x: 5, y: 5, width: 5, height: 5))
    }

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
