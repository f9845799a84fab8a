import Testing
import LabKit
import ScrollKit

/// Wheel scrolls in gesture files: `wheel` with its delta in content points and whether it was precise
/// (a trackpad); recorded like any sample, and replayed headless to the same offset.
@Suite struct GestureFileWheelTests {
    let text = """
        {"t_ms":0,"x":160,"y":255,"phase":"wheel","dx":0,"dy":40,"precise":false}
        {"t_ms":16,"x":160,"y":255,"phase":"wheel","dx":0,"dy":6.5,"precise":true}

        """

    @Test func wheelLinesParseAndRoundTrip() throws {
        let events = try GestureFile.parse(text)
        #expect(events == [
            .wheel(time: 0, position: Point(x: 160, y: 255), delta: Point(x: 0, y: 40), isPrecise: false),
            .wheel(time: 0.016, position: Point(x: 160, y: 255), delta: Point(x: 0, y: 6.5), isPrecise: true),
        ])
        #expect(GestureFile.serialize(events) == text)
    }

    @Test func aWheelNeedsItsDelta() {
        #expect(throws: GestureFileError.missingField(line: 1, field: "dy")) {
            try GestureFile.parse(#"{"t_ms":0,"x":1,"y":2,"phase":"wheel","dx":0}"#)
        }
    }

    @Test func theRecorderKeepsAWheelScrollAsAGestureOfItsOwn() {
        var recorder = GestureRecorder()
        recorder.start()
        recorder.record(.wheel(time: 5, position: Point(x: 10, y: 20), delta: Point(x: 0, y: 40), isPrecise: false))
        #expect(recorder.hasUnsavedGestures)
        #expect(recorder.unsavedText() == #"{"t_ms":0,"x":10,"y":20,"phase":"wheel","dx":0,"dy":40,"precise":false}"# + "\n")
        #expect(recorder.gestureCount == 1)
    }

    @Test func aReplayedWheelScrollsTheGrid() throws {
        let scene = GridScene(configuration: GridSceneConfiguration())
        let result = HeadlessReplay().run(try GestureFile.parse(text), on: scene)
        #expect(scene.scrollView.contentOffset.y == 46.5)
        #expect(result.records.map(\.event.name) == ["didScroll", "didScroll"])
    }
}
