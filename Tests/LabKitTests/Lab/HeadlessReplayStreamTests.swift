import Testing
@testable import ScrollKit
import LabKit

@Suite struct HeadlessReplayStreamTests {
    /// A fling, a catch between two frames, a backwards time and a long pause: every delivery rule.
    static let events = HeadlessReplayTests.fling + [
        PointerEvent(time: 1.403, position: Point(x: 160, y: 300), phase: .down),
        PointerEvent(time: 1.401, position: Point(x: 160, y: 280), phase: .move),
        PointerEvent(time: 1.5, position: Point(x: 160, y: 260), phase: .up),
        PointerEvent(time: 900, position: Point(x: 160, y: 300), phase: .down),
        PointerEvent(time: 900.1, position: Point(x: 160, y: 300), phase: .up),
    ]

    @Test func eventByEventGivesTheWholeReplaysCallbacksAndEnd() {
        let whole = HeadlessReplay().run(Self.events, on: HeadlessReplayTests.makeScene())
        let scene = HeadlessReplayTests.makeScene()
        var records: [ScrollEventRecord] = []
        var recordsWhenPushed: [Int] = []
        let stream = HeadlessReplayStream(scene: scene, onRecord: { records.append($0) })
        for event in Self.events {
            stream.push(event)
            recordsWhenPushed.append(records.count)
        }
        let end = stream.finish()
        #expect(records == whole.records)
        #expect(end.endTime == whole.endTime)
        #expect(end.finalOffset == whole.finalOffset)
        #expect(end.isSettled)
        // Callbacks come out while the input is read: the fling's are out before the catch is pushed.
        #expect(recordsWhenPushed[HeadlessReplayTests.fling.count] > 5)
        #expect(scene.scrollView.eventHandler == nil)
    }

    @Test func anEpochStampedFileReleasesAtTheVelocityTheTrackerGives() throws {
        // Unix-epoch milliseconds: times count from the first sample, so nothing is clamped.
        var text = ""
        for i in 0...6 {
            text += #"{"t_ms":\#(1_700_000_000_000 + 16 * i),"x":100,"y":\#(400 - 30 * i),"phase":"\#(i == 0 ? "down" : "move")"}"# + "\n"
        }
        text += #"{"t_ms":1700000000100,"x":100,"y":220,"phase":"up"}"#
        let gesture = try GestureFile.parse(text)
        var tracker = VelocityTracker()
        for event in gesture.dropLast() { tracker.addSample(time: event.time, position: event.position) }
        let pointer = tracker.velocity(releasedAt: gesture.last!.time)
        #expect(abs(pointer.y + 1875) < 1)  // 30 pt every 16 ms

        let result = HeadlessReplay().run(gesture, on: HeadlessReplayTests.makeScene())
        guard case let .willEndDragging(velocity, _, _)? = result.callbacks.first(where: { $0.event.name == "willEndDragging" })?.event else {
            Issue.record("no willEndDragging")
            return
        }
        #expect(velocity.y == -pointer.y / 1000)
        #expect(result.endTime < 10)
    }
}
