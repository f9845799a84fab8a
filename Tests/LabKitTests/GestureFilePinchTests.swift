import Testing
import LabKit
import ScrollKit
import ScrollKitTestSupport

/// Pinches in gesture files (B-ZOOM-1): `pinch` with a cumulative `scale` about x, y; `pinchEnd` with neither.
@Suite struct GestureFilePinchTests {
    let text = """
        {"t_ms":0,"x":160,"y":255,"phase":"pinch","scale":1.25}
        {"t_ms":16,"x":161,"y":255,"phase":"pinch","scale":1.5}
        {"t_ms":32,"phase":"pinchEnd"}

        """

    @Test func pinchLinesParseAndRoundTrip() throws {
        let events = try GestureFile.parse(text)
        #expect(events == [
            PointerEvent(time: 0, position: Point(x: 160, y: 255), phase: .pinch, scale: 1.25),
            PointerEvent(time: 0.016, position: Point(x: 161, y: 255), phase: .pinch, scale: 1.5),
            PointerEvent(time: 0.032, position: .zero, phase: .pinchEnd),
        ])
        #expect(GestureFile.serialize(events) == text)
    }

    @Test func aPinchNeedsAPositiveScale() {
        #expect(throws: GestureFileError.missingField(line: 1, field: "scale")) {
            try GestureFile.parse(#"{"t_ms":0,"x":1,"y":2,"phase":"pinch"}"#)
        }
        #expect(throws: GestureFileError.absurdValue(line: 1, field: "scale", value: 0, limit: 1e3)) {
            try GestureFile.parse(#"{"t_ms":0,"x":1,"y":2,"phase":"pinch","scale":0}"#)
        }
    }

    @Test func theRecorderKeepsWholePinchesOnly() {
        var recorder = GestureRecorder()
        recorder.start()
        recorder.record(PointerEvent(time: 5, position: Point(x: 1, y: 2), phase: .pinch, scale: 2))
        recorder.record(PointerEvent(time: 5.5, position: .zero, phase: .pinchEnd))
        recorder.record(PointerEvent(time: 6, position: Point(x: 1, y: 2), phase: .pinch, scale: 1.5))
        #expect(recorder.gestureCount == 1)
        #expect(recorder.stop() == [
            PointerEvent(time: 0, position: Point(x: 1, y: 2), phase: .pinch, scale: 2),
            PointerEvent(time: 0.5, position: .zero, phase: .pinchEnd),
        ])
    }
}
