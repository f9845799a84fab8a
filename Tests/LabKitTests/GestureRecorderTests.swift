import Testing
@testable import ScrollKit
import LabKit

@Suite struct GestureRecorderTests {
    private func event(_ time: Double, _ x: Double, _ y: Double, _ phase: PointerPhase) -> PointerEvent {
        PointerEvent(time: time, position: Point(x: x, y: y), phase: phase)
    }

    @Test func recordsOnlyWhileRecording() {
        var recorder = GestureRecorder()
        recorder.record(event(1, 0, 0, .down))
        #expect(recorder.events.isEmpty)
        recorder.start()
        recorder.record(event(2, 10, 20, .down))
        recorder.record(event(2.5, 10, 10, .up))
        recorder.stop()
        recorder.record(event(3, 0, 0, .down))
        #expect(recorder.events.count == 2)
        #expect(!recorder.isRecording)
    }

    @Test func writesTimesInMillisecondsFromTheFirstSample() {
        var recorder = GestureRecorder()
        recorder.start()
        recorder.record(event(12.5, 100, 300, .down))
        recorder.record(event(12.515625, 100, 280, .move))
        recorder.record(event(12.53125, 100, 250.5, .up))
        let text = recorder.stopAndSerialize()
        #expect(text == """
            {"t_ms":0,"x":100,"y":300,"phase":"down"}
            {"t_ms":15.625,"x":100,"y":280,"phase":"move"}
            {"t_ms":31.25,"x":100,"y":250.5,"phase":"up"}

            """)
    }

    @Test func fileParsesBackToTheRecordedGesture() throws {
        var recorder = GestureRecorder()
        recorder.start()
        let gesture = [event(4, 160, 400, .down), event(4.25, 160, 300, .move), event(4.5, 160, 200, .up),
                       event(6, 150, 400, .down), event(6.125, 150, 380, .up)]
        gesture.forEach { recorder.record($0) }
        let serialized = recorder.stopAndSerialize()
        let text = try #require(serialized)
        let parsed = try GestureFile.parse(text)
        #expect(parsed == gesture.map { PointerEvent(time: $0.time - 4, position: $0.position, phase: $0.phase) })
    }

    @Test func samplesBeforeTheFirstDownAreSkipped() {
        var recorder = GestureRecorder()
        recorder.start()
        recorder.record(event(1, 5, 5, .move))   // the pointer was already down when recording began
        recorder.record(event(1.5, 5, 5, .up))
        recorder.record(event(2, 7, 7, .down))
        recorder.record(event(2.5, 7, 9, .up))
        #expect(recorder.stop() == [event(0, 7, 7, .down), event(0.5, 7, 9, .up)])
    }

    @Test func anOpenGestureAtStopIsDropped() {
        var recorder = GestureRecorder()
        recorder.start()
        recorder.record(event(1, 1, 1, .down))
        recorder.record(event(2, 1, 3, .up))
        recorder.record(event(3, 2, 2, .down))
        recorder.record(event(3.5, 2, 4, .move))
        #expect(recorder.gestureCount == 1)
        #expect(recorder.stop() == [event(0, 1, 1, .down), event(1, 1, 3, .up)])
    }

    @Test func noCompleteGestureGivesNoFile() {
        var recorder = GestureRecorder()
        recorder.start()
        recorder.record(event(1, 1, 1, .down))
        #expect(recorder.stopAndSerialize() == nil)
    }

    @Test func aDownWhileDownRestartsTheGestureSoTheFileStaysValid() throws {
        var recorder = GestureRecorder()
        recorder.start()
        recorder.record(event(1, 1, 1, .down))
        recorder.record(event(1.5, 1, 2, .move))
        recorder.record(event(2, 3, 3, .down))   // the up was lost
        recorder.record(event(2.5, 3, 4, .up))
        let serialized = recorder.stopAndSerialize()
        let text = try #require(serialized)
        let parsed = try GestureFile.parse(text)
        #expect(parsed == [event(0, 3, 3, .down), event(0.5, 3, 4, .up)])
    }

    @Test func startForgetsThePreviousRecording() {
        var recorder = GestureRecorder()
        recorder.start()
        recorder.record(event(1, 1, 1, .down))
        recorder.record(event(2, 1, 1, .up))
        recorder.stop()
        recorder.start()
        #expect(recorder.events.isEmpty && recorder.isRecording)
    }

    @Test func completeGesturesAreOfferedOnceForAFileWrittenAsItGoes() {
        var recorder = GestureRecorder()
        recorder.start()
        recorder.record(event(10, 100, 300, .down))
        #expect(recorder.unsavedText() == nil)  // the open gesture is not offered
        recorder.record(event(10.016, 100, 280, .up))
        #expect(recorder.unsavedText() == """
            {"t_ms":0,"x":100,"y":300,"phase":"down"}
            {"t_ms":16,"x":100,"y":280,"phase":"up"}

            """)
        recorder.markSaved()
        #expect(recorder.unsavedText() == nil && !recorder.hasUnsavedGestures)
        recorder.record(event(11, 50, 300, .down))
        recorder.record(event(11.5, 50, 200, .up))
        recorder.record(event(12, 50, 300, .down))
        // Only the new complete gesture, still timed from the recording's first sample.
        #expect(recorder.unsavedText() == """
            {"t_ms":1000,"x":50,"y":300,"phase":"down"}
            {"t_ms":1500,"x":50,"y":200,"phase":"up"}

            """)
        // A failed save: everything is offered again, for a fresh file; stopping keeps the samples.
        recorder.markUnsaved()
        recorder.stop()
        #expect(recorder.hasUnsavedGestures)
        #expect(recorder.unsavedText()?.split(separator: "\n").count == 4)
        recorder.start()
        #expect(!recorder.hasUnsavedGestures)
    }
}
